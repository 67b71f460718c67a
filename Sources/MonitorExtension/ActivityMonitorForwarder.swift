import DeviceActivity
import EntryPoints
import Foundation
import ScreenTimeLive
import ThresholdCore

/// The DeviceActivityMonitor extension's behaviour: every callback becomes a ``Trigger`` and runs
/// the reconcile, synchronously, before the callback returns (iOS stops the extension then).
///
/// The extension's principal class (App/ThresholdMonitor) subclasses this and says how to connect
/// to the live runtime. The runtime is built on the first callback and kept while iOS keeps the
/// process. If it cannot be built (the App Group store is missing or damaged) the callback does
/// nothing: shields stay exactly as they were last applied, and the app explains on next open.
open class ActivityMonitorForwarder: DeviceActivityMonitor {
    private let connect: () throws -> Runtime
    private var runtime: Runtime?

    public init(connect: @escaping () throws -> Runtime) {
        self.connect = connect
        super.init()
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
