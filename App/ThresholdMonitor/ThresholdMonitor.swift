import EntryPoints
import MonitorExtension

/// The DeviceActivityMonitor extension's principal class (`NSExtensionPrincipalClass`): every
/// callback runs the reconcile (see `ActivityMonitorForwarder`). It declares no initializer, so
/// iOS's `-init` is the superclass's `override init()`.
final class ThresholdMonitor: ActivityMonitorForwarder {
    override func connect() throws -> Runtime { ExtensionRuntime.connect() }
}
