import MonitorExtension

/// The DeviceActivityMonitor extension's principal class (`NSExtensionPrincipalClass`): every
/// callback runs the reconcile (see `ActivityMonitorForwarder`).
final class ThresholdMonitor: ActivityMonitorForwarder {
    init() {
        super.init(connect: ExtensionRuntime.connect)
    }
}
