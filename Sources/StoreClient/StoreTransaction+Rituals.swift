import Foundation
import ThresholdCore

extension StoreTransaction {
    /// Records a completed ritual and returns its grant request, for the grant command to issue
    /// in this same write.
    ///
    /// Checks the completion against the state as it is now (emergency limits), posts its
    /// credits spend (the ledger refuses an overdraft) and logs it. When anything is refused it
    /// throws and the write changes nothing: no record, no spend, no grant.
    public mutating func record(_ completion: RitualCompletion, timeZone: TimeZone) throws -> GrantRequest {
        try state.rituals.admit(completion, policy: state.settings.emergency, timeZone: timeZone)
        if let spend = completion.spend { try post(spend, at: completion.request.start) }
        record(completion.event, at: completion.request.start)
        state.rituals.note(completion)
        return completion.request
    }
}
