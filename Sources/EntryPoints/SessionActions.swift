import Foundation
import StoreClient
import ThresholdCore
import ThresholdRuntime

extension Runtime {
    /// Starts a profile's session: a Shortcut, a widget or a web link.
    @discardableResult
    public func startProfile(_ profile: ProfileID, from trigger: Trigger) -> Reconciliation {
        reconcile(trigger, command: StartSession(profile: profile, origin: .manual))
    }

    /// Ends a profile's session, or the session running now when `profile` is `nil`, through the
    /// same `EndSession` command as the app's own button: a profile at locked strictness (Beast
    /// Mode) refuses it on every path alike.
    @discardableResult
    public func endSession(_ profile: ProfileID? = nil, from trigger: Trigger) -> Reconciliation {
        reconcile(trigger) { transaction, context in
            let id = try profile ?? Self.runningProfile(in: transaction.state)
            try Self.apply(EndSession(profile: id), to: &transaction, context)
        }
    }

    /// Takes a break from a profile's session (or the one running now), as its break policy allows.
    @discardableResult
    public func takeBreak(_ profile: ProfileID? = nil, from trigger: Trigger) -> Reconciliation {
        reconcile(trigger) { transaction, context in
            let id = try profile ?? Self.runningProfile(in: transaction.state)
            try Self.apply(TakeBreak(profile: id), to: &transaction, context)
        }
    }

    /// The session-shaped profile the last reconcile found in force: the one the Live Activity
    /// shows, else the first in rule order.
    static func runningProfile(in state: StoredState) throws -> ProfileID {
        if let shown = state.applied.liveActivity?.profileID { return shown }
        let running = state.applied.enforcement?.rules.lazy.compactMap { rule -> ProfileID? in
            guard case .profile(let id) = rule.rule, state.engine.profile(id)?.path.isSessionPath == true else { return nil }
            return id
        }.first
        guard let running else {
            throw ValidationError("session", "No session is running, so there is nothing to end or pause.")
        }
        return running
    }

    /// Runs a command on the transaction and records its events, as `Reconciler.reconcile(_:command:)` does.
    static func apply(_ command: any Command, to transaction: inout StoreTransaction, _ context: ChangeContext) throws {
        let events = try command.apply(to: &transaction.state.engine, at: context.now, calendar: context.calendar, ids: context.ids)
        for event in events { transaction.record(event, at: context.now) }
    }
}
