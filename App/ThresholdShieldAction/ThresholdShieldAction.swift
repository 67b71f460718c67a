import ShieldActionExtension

/// The ShieldAction extension's principal class (`NSExtensionPrincipalClass`): buttons run the
/// same policy as the app (see `ShieldActionHandler`).
final class ThresholdShieldAction: ShieldActionHandler {
    init() {
        super.init(connect: ExtensionRuntime.connect)
    }
}
