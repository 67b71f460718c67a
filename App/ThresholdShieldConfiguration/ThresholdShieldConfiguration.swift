import ShieldConfigurationExtension
import StoreClient

/// The ShieldConfiguration extension's principal class (`NSExtensionPrincipalClass`): shields
/// show the reason the App Group holds (see `ShieldConfigurationProvider`). It declares no
/// initializer, so iOS's `-init` is the superclass's `override init()`.
final class ThresholdShieldConfiguration: ShieldConfigurationProvider {
    override func openStore() throws -> any StoreClient { try AppGroupStore.open(role: .appExtension) }
}
