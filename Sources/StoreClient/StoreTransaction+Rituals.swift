import Foundation
import ThresholdCore

extension StoreTransaction {
    /// Records a completed ritual at `now` and returns its grant request, for the grant command
    /// (`completion.grantCommand`) to issue in this same write.
    ///
    /// `now` is the writer's trusted time, not the wall clock the ritual read: limits are checked
    /// against it, so moving the clock forward cannot bring an emergency unlock back early.
    /// Checks the completion against the state as it is now (emergency limits), posts its credits
    /// spend (the ledger refuses an overdraft) and logs it. When anything is refused it throws
    /// and the write changes nothing: no record, no spend, no grant.
    public mutating func record(_ completion: RitualCompletion, at now: Date, timeZone: TimeZone) throws -> GrantRequest {
        try state.rituals.admit(completion, at: now, policy: state.settings.emergency, timeZone: timeZone)
        if let spend = completion.spend { try post(spend, at: now) }
        record(completion.event(in: timeZone), at: now)
        state.rituals.note(completion, at: now)
        return completion.request
    }

    /// Records `completion` at `now` and runs its grant command: the one write behind every
    /// finished ritual. Throws, changing nothing, when either refuses. Returns the grant issued.
    public mutating func complete(_ completion: RitualCompletion, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> Grant? {
        _ = try record(completion, at: now, timeZone: calendar.timeZone)
        return try run(completion.grantCommand, at: now, calendar: calendar, ids: ids).lazy.compactMap { event -> Grant? in
            if case .grantIssued(let grant) = event { return grant }
            return nil
        }.first
    }
}
