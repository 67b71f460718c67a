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
        let resolution = PlanResolution.resolve(transactions: transactions, statuses: statuses,
                                                previous: transaction.state.plan.status, at: context.now)
        var engine = transaction.state.engine, plan = transaction.state.plan
        try PlanRules.change(to: resolution.status, state: &engine, plan: &plan, at: context.now, calendar: context.calendar, ids: context.ids)
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
