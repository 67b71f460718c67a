import Foundation
import ThresholdCore

extension StoreTransaction {
    /// Records the plan the app read from the App Store, with what that does to the set-up
    /// (``PlanRules/change(to:state:plan:at:calendar:ids:)``): the app's refresh, never an extension's.
    public mutating func changePlan(to status: PlanStatus, at now: Date, calendar: Calendar, ids: IDGenerator) throws {
        var engine = state.engine, plan = state.plan
        try PlanRules.change(to: status, state: &engine, plan: &plan, at: now, calendar: calendar, ids: ids)
        state.engine = engine
        state.plan = plan
    }

    /// On Free, makes `ref` the schedule that stays on (``PlanRules/keep(_:state:plan:at:calendar:ids:)``).
    public mutating func keepSchedule(_ ref: ScheduleRef, at now: Date, calendar: Calendar, ids: IDGenerator) throws {
        var engine = state.engine, plan = state.plan
        try PlanRules.keep(ref, state: &engine, plan: &plan, at: now, calendar: calendar, ids: ids)
        state.engine = engine
        state.plan = plan
    }

    /// Records why the App Store's answer granted nothing (an unverified or revoked transaction, an
    /// unknown product, a failed purchase), leaving the plan as it was.
    public mutating func notePlanProblem(_ notices: [PlanNotice]) {
        state.plan.notice = notices
    }
}
