import ShieldConfigurationExtension

/// The ShieldConfiguration extension's principal class (`NSExtensionPrincipalClass`): shields
/// show the reason the App Group holds (see `ShieldConfigurationProvider`).
final class ThresholdShieldConfiguration: ShieldConfigurationProvider {
    init() {
        super.init(openStore: { try AppGroupStore.open(role: .appExtension) })
    }
}
