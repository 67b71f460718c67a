import EntryPoints
import ShieldActionExtension

/// The ShieldAction extension's principal class (`NSExtensionPrincipalClass`): buttons run the
/// same policy as the app (see `ShieldActionHandler`). It declares no initializer, so iOS's
/// `-init` is the superclass's `override init()`.
final class ThresholdShieldAction: ShieldActionHandler {
    override func connect() throws -> Runtime { ExtensionRuntime.connect() }
}
