import Foundation

/// A ritual carried through to its end: the grant it asks for, what goes in the event log, and
/// the credits it spends. Only a ritual that reached its last step hands one out.
public struct RitualCompletion: Hashable, Sendable {
    public let request: GrantRequest
    public let record: RitualRecord
    /// The Focus Bank spend, for the credits option.
    public let spend: LedgerEntry?

    init(request: GrantRequest, detail: RitualDetail, spend: LedgerEntry? = nil) {
        self.request = request
        self.record = RitualRecord(origin: request.origin, scope: request.scope, minutes: request.minutes, detail: detail)
        self.spend = spend
    }

    /// The event a write records for it when completed on a device in `timeZone` (the spend is
    /// posted as a ledger entry).
    public func event(in timeZone: TimeZone) -> Event { .ritualCompleted(record.completed(in: timeZone)) }

    /// The command that issues the grant: ``IssueGrant``, or ``OpenIntention`` for an
    /// intention's open. Run it in the write that records the completion, at `request.start`.
    public var grantCommand: any Command {
        if case .intentionOpen(let id) = request.origin, case .intentionOpen(let used, let perDay) = record.detail {
            return OpenIntention(intention: id, confirmedBeyondLimit: used >= perDay)
        }
        return IssueGrant(scope: request.scope, minutes: request.minutes, origin: request.origin)
    }
}

/// A completed ritual, as the event log keeps it: history, insights and streaks read these.
public struct RitualRecord: Hashable, Codable, Sendable {
    public let origin: GrantOrigin
    public let scope: GrantScope
    public let minutes: Int
    public let detail: RitualDetail
    /// The device's time zone when it completed: it fixes the local day it counts for (a
    /// prayer's day in Selah's streak), wherever the person is later. `nil` in records written
    /// before it was kept.
    public private(set) var timeZoneIdentifier: String?

    public init(origin: GrantOrigin, scope: GrantScope, minutes: Int, detail: RitualDetail, timeZoneIdentifier: String? = nil) {
        self.origin = origin
        self.scope = scope
        self.minutes = minutes
        self.detail = detail
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// The same record, stamped with the zone it completed in.
    public func completed(in timeZone: TimeZone) -> RitualRecord {
        var stamped = self
        stamped.timeZoneIdentifier = timeZone.identifier
        return stamped
    }

    /// The ritual, when the origin was one (an intention open is not).
    public var ritual: RitualKind? {
        if case .ritual(let kind) = origin { return kind }
        return nil
    }
}

/// What was done, ritual by ritual.
public enum RitualDetail: Hashable, Codable, Sendable {
    case prayer(PrayerRecord)
    case math(difficulty: MathDifficulty, solved: Int, mistakes: Int)
    case ticTacToe(TicTacToeOutcome, gamesPlayed: Int)
    /// One of Challenge's own games (ink, echo, slide, unscramble): its mistakes in the game
    /// that completed, and how many games were begun.
    case challenge(ChallengeKind, mistakes: Int, attempts: Int)
    case breathing(restarts: Int)
    case copyText(passage: String, restarts: Int, refusedPastes: Int)
    case credits(cost: Int, creditsPerMinute: Int)
    /// The reason as the person typed it.
    case emergency(reason: String)
    case intentionOpen(opensUsedBefore: Int, opensPerDay: Int)
}
