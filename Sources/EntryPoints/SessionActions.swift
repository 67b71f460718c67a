import Foundation
import StoreClient
import ThresholdCore
import ThresholdRuntime

extension Runtime {
    /// Starts a profile's session: a Shortcut (with a length or an end time when it gives one), a
    /// widget or a web link. The session log says where it came from: an App Intent's is a
    /// Shortcut's, the rest the person's own.
    @discardableResult
    public func startProfile(_ profile: ProfileID, from trigger: Trigger, length: SessionLength = .openEnded) -> Reconciliation {
        let origin: SessionOrigin = if case .appIntent = trigger { .shortcut } else { .manual }
        return reconcile(trigger) { transaction, context in
            let plan = length.plan(from: context.now, calendar: context.calendar)
            try context.run(StartSession(profile: profile, origin: origin, plan: plan), on: &transaction)
        }
    }

    /// Ends a profile's session, or the session running now when `profile` is `nil`, through the
    /// same `EndSession` command as the app's own button: a profile at locked strictness (Beast
    /// Mode) refuses it on every path alike.
    @discardableResult
    public func endSession(_ profile: ProfileID? = nil, from trigger: Trigger) -> Reconciliation {
        onRunningProfile(profile, from: trigger, EndSession.init(profile:))
    }

    /// Takes a break from a profile's session (or the one running now), as its break policy allows.
    @discardableResult
    public func takeBreak(_ profile: ProfileID? = nil, from trigger: Trigger) -> Reconciliation {
        onRunningProfile(profile, from: trigger, TakeBreak.init(profile:))
    }

    /// Ends the break early: the shields return now (the Live Activity's Resume).
    @discardableResult
    public func endBreak(_ profile: ProfileID? = nil, from trigger: Trigger) -> Reconciliation {
        onRunningProfile(profile, from: trigger, EndBreak.init(profile:))
    }

    /// Runs a command on `profile`, or on the session running now when it is `nil`.
    private func onRunningProfile(_ profile: ProfileID?, from trigger: Trigger,
                                  _ command: @escaping @Sendable (ProfileID) -> any Command) -> Reconciliation {
        reconcile(trigger) { transaction, context in
            let id = try profile ?? Self.runningProfile(in: transaction.state, deviceZone: context.calendar.timeZone)
            try context.run(command(id), on: &transaction)
        }
    }

    /// The session-shaped profile the last reconcile found in force: the one the Live Activity
    /// and the widget show, else the first in rule order.
    static func runningProfile(in state: StoredState, deviceZone: TimeZone) throws -> ProfileID {
        if let shown = state.applied.session?.profileID { return shown }
        let running = state.lastEnforcement(deviceZone: deviceZone)?.rules.lazy.compactMap { rule -> ProfileID? in
            guard case .profile(let id) = rule.rule, state.engine.profile(id)?.path.isSessionPath == true else { return nil }
            return id
        }.first
        guard let running else {
            throw ValidationError("session", .noSessionRunning)
        }
        return running
    }
}
