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
        return reconcile(trigger, command: StartProfile(profile, origin: origin, length: length))
    }

    /// Ends a profile's session, or the session running now when `profile` is `nil`, through the
    /// same `EndSession` command as the app's own button: a profile at locked strictness (Beast
    /// Mode) refuses it on every path alike.
    @discardableResult
    public func endSession(_ profile: ProfileID? = nil, from trigger: Trigger) -> Reconciliation {
        reconcile(trigger, command: SessionAction(.end, profile: profile))
    }

    /// Takes a break from a profile's session (or the one running now), as its break policy allows.
    @discardableResult
    public func takeBreak(_ profile: ProfileID? = nil, from trigger: Trigger) -> Reconciliation {
        reconcile(trigger, command: SessionAction(.takeBreak, profile: profile))
    }

    /// Ends the break early: the shields return now (the Live Activity's Resume).
    @discardableResult
    public func endBreak(_ profile: ProfileID? = nil, from trigger: Trigger) -> Reconciliation {
        reconcile(trigger, command: SessionAction(.endBreak, profile: profile))
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

/// Starts a profile's session now, for as long as `length` says (its end fixed at the reconcile's
/// trusted time): the Session tab, a Shortcut, a widget, a web link.
public struct StartProfile: StateCommand {
    public let profile: ProfileID
    public let origin: SessionOrigin
    public let length: SessionLength

    public init(_ profile: ProfileID, origin: SessionOrigin, length: SessionLength = .openEnded) {
        self.profile = profile
        self.origin = origin
        self.length = length
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        let plan = length.plan(from: context.now, calendar: context.calendar)
        try context.run(StartSession(profile: profile, origin: origin, plan: plan), on: &transaction)
    }
}

/// Ends a profile's session, takes a break from it or ends the break: on `profile`, or on the
/// session running now when it is `nil` (a Live Activity's or a Shortcut's button).
public struct SessionAction: StateCommand {
    public enum Kind: Sendable { case end, takeBreak, endBreak }

    public let kind: Kind
    public let profile: ProfileID?

    public init(_ kind: Kind, profile: ProfileID?) {
        self.kind = kind
        self.profile = profile
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        let id = try profile ?? Runtime.runningProfile(in: transaction.state, deviceZone: context.calendar.timeZone)
        let command: any Command =
            switch kind {
            case .end: EndSession(profile: id)
            case .takeBreak: TakeBreak(profile: id)
            case .endBreak: EndBreak(profile: id)
            }
        try context.run(command, on: &transaction)
    }
}
