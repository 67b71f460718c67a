import DeviceActivity
import EntryPoints
import Foundation
import ScreenTimeLive
import ThresholdCore

/// The DeviceActivityMonitor extension's behaviour: every callback becomes a ``Trigger`` and runs
/// the reconcile, synchronously, before the callback returns (iOS stops the extension then).
///
/// The extension's principal class (App/ThresholdMonitor) subclasses this and overrides
/// ``connect()`` to reach the live runtime. The runtime is built on the first callback and kept
/// while iOS keeps the process. If it cannot be built (the App Group store is missing or damaged)
/// the callback does nothing: shields stay exactly as they were last applied, and the app
/// explains on next open.
open class ActivityMonitorForwarder: DeviceActivityMonitor {
    private var runtime: Runtime?

    /// What iOS calls: it creates the principal class with `[[Class alloc] init]`.
    // NB: a Swift class that declares only other designated initializers does not inherit
    // `init()`, and its Objective-C `-init` then traps ("unimplemented initializer"), killing the
    // extension on its first callback. Subclasses declare no initializer and inherit this one.
    public override init() {
        super.init()
    }

    /// Builds the live runtime; the principal class overrides it. This one fails, so a principal
    /// class that forgets lifts nothing.
    open func connect() throws -> Runtime {
        throw ConnectionError.notOverridden(principalClass: String(describing: type(of: self)))
    }

    override open func intervalDidStart(for activity: DeviceActivityName) {
        super.intervalDidStart(for: activity)
        forward(.intervalDidStart(activity.rawValue))
    }

    override open func intervalDidEnd(for activity: DeviceActivityName) {
        super.intervalDidEnd(for: activity)
        forward(.intervalDidEnd(activity.rawValue))
    }

    override open func intervalWillStartWarning(for activity: DeviceActivityName) {
        super.intervalWillStartWarning(for: activity)
        forward(.intervalWillStartWarning(activity.rawValue))
    }

    override open func intervalWillEndWarning(for activity: DeviceActivityName) {
        super.intervalWillEndWarning(for: activity)
        forward(.intervalWillEndWarning(activity.rawValue))
    }

    override open func eventDidReachThreshold(_ event: DeviceActivityEvent.Name, activity: DeviceActivityName) {
        super.eventDidReachThreshold(event, activity: activity)
        forward(.eventDidReachThreshold(activity: activity.rawValue, event: event.rawValue))
    }

    override open func eventWillReachThresholdWarning(_ event: DeviceActivityEvent.Name, activity: DeviceActivityName) {
        super.eventWillReachThresholdWarning(event, activity: activity)
        forward(.eventWillReachThresholdWarning(activity: activity.rawValue, event: event.rawValue))
    }

    /// Runs the reconcile for one callback; returns what it did (`nil` when no runtime could be built).
    @discardableResult
    public func forward(_ trigger: Trigger) -> Reconciliation? {
        let runtime: Runtime
        do {
            runtime = try self.runtime ?? connect()
        } catch {
            log.error("\(trigger): no runtime, shields left as they were: \(error)")
            return nil
        }
        self.runtime = runtime
        return runtime.reconcile(trigger)
    }

    private let log = ExtensionLog(category: "monitor")
}
