import Foundation

/// Saves the plan the App Store's answer comes to at trusted time, with what that does to the
/// set-up (``PlanRules/change(to:state:plan:at:calendar:ids:)``), and why any transaction granted
/// nothing: the app's refresh, never an extension's. The answer is resolved inside the reconcile,
/// so a clock moved back does not extend a trial.
public struct ApplyAppStorePlan: StateCommand {
    public let transactions: [AppStoreTransaction]
    public let statuses: [SubscriptionStatus]

    public init(transactions: [AppStoreTransaction], statuses: [SubscriptionStatus]) {
        self.transactions = transactions
        self.statuses = statuses
    }

    /// Why the answer grants nothing, the same at any instant: what the caller tells the person.
    public var problems: [PlanNotice] {
        PlanResolution.resolve(transactions: transactions, statuses: statuses, previous: .free, at: .distantPast).problems
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        let resolution = PlanResolution.resolve(
            transactions: transactions, statuses: statuses,
            previous: transaction.state.plan.status, at: context.now)
        var engine = transaction.state.engine, plan = transaction.state.plan
        try PlanRules.change(
            to: resolution.status, state: &engine, plan: &plan, at: context.now, calendar: context.calendar, ids: context.ids)
        transaction.state.engine = engine
        transaction.state.plan = plan
        if !resolution.problems.isEmpty {
            transaction.state.plan.notice = transaction.state.plan.notice + resolution.problems
        }
    }
}

/// Records why the App Store could not be read or granted nothing, leaving the plan as it was.
public struct NotePlanProblem: StateCommand {
    public let notices: [PlanNotice]
    public init(_ notices: [PlanNotice]) { self.notices = notices }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.plan.notice = notices
    }
}

/// On Free, makes a paused schedule the one that stays on; the one on now is paused (a span of it
/// in force runs to its end) (``PlanRules/keep(_:state:plan:at:calendar:ids:)``).
public struct KeepSchedule: StateCommand {
    public let ref: ScheduleRef
    public init(_ ref: ScheduleRef) { self.ref = ref }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        var engine = transaction.state.engine, plan = transaction.state.plan
        try PlanRules.keep(ref, state: &engine, plan: &plan, at: context.now, calendar: context.calendar, ids: context.ids)
        transaction.state.engine = engine
        transaction.state.plan = plan
    }
}

/// The person pauses a profile's schedules without deleting them, or turns them back on (seed 004:
/// presets switched on and off) (``PlanRules/setSchedules(of:paused:state:plan:at:calendar:ids:)``).
/// A profile Beast Mode holds cannot be changed until that ends, as its editor cannot; a span in
/// force runs to its end.
public struct PauseSchedules: StateCommand {
    public let profile: ProfileID
    public let paused: Bool

    public init(_ profile: ProfileID, paused: Bool) {
        self.profile = profile
        self.paused = paused
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        var engine = transaction.state.engine, plan = transaction.state.plan
        try SaveProfile.requireUnlocked(
            try engine.requireProfile(profile), in: engine, at: context.now, calendar: context.calendar, doing: .changed)
        try PlanRules.setSchedules(
            of: profile, paused: paused, state: &engine, plan: &plan, at: context.now, calendar: context.calendar, ids: context.ids)
        transaction.state.engine = engine
        transaction.state.plan = plan
    }
}
