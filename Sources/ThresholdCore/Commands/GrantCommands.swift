import Foundation

/// Lets something through for a while: what a completed ritual (a prayer, a challenge, credits,
/// a quest, an emergency) asks for. Restrictions whose unlock policy offers the ritual accept it.
/// Past ``SetupBudget/grants`` unlocks since yesterday it is refused and nothing opens (fail closed).
public struct IssueGrant: Command {
    public let scope: GrantScope
    public let minutes: Int
    public let origin: GrantOrigin

    public init(scope: GrantScope = .allGated, minutes: Int, origin: GrantOrigin) {
        self.scope = scope
        self.minutes = minutes
        self.origin = origin
    }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        guard (1...720).contains(minutes) else {
            throw ValidationError("grant", .outOfRange(.grantMinutes, value: minutes))
        }
        if case .intentionOpen = origin {
            throw ValidationError.invariant("grant", .intentionOpenNotCounted)
        }
        let grant = try Grant(
            id: ids.next("grant"), scope: scope, start: now,
            end: now.addingTimeInterval(TimeInterval(minutes * 60)), origin: origin)
        let after = try state.with(grants: state.grants + [grant])
        try SetupBudget.check(after, from: state, at: now, calendar: calendar)
        state = after
        return [.grantIssued(grant)]
    }
}

/// "Open <App>" on an intention's shield: one counted open for the intention's minutes. Past
/// the day's opens it needs the stronger confirmation.
public struct OpenIntention: Command {
    public let intention: IntentionID
    public let confirmedBeyondLimit: Bool

    public init(intention: IntentionID, confirmedBeyondLimit: Bool = false) {
        self.intention = intention
        self.confirmedBeyondLimit = confirmedBeyondLimit
    }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        guard let intention = state.intention(self.intention) else {
            throw ValidationError("intention \(self.intention)", .noSuchIntention)
        }
        let clock = Clockwork(calendar: calendar)
        let opens = state.grants.filter { $0.origin == .intentionOpen(intention.id) }
        if let open = opens.first(where: { $0.isValid(at: now) }) {
            throw ValidationError("intention \(intention.id)", .intentionAlreadyOpen(until: open.end))
        }
        let today = clock.localDate(of: now)
        let used = opens.filter { clock.localDate(of: $0.start) == today }.count
        if used >= intention.opensPerDay, !confirmedBeyondLimit {
            throw ValidationError("intention \(intention.id)", .intentionOpensUsed(limit: intention.opensPerDay))
        }
        let grant = try Grant(
            id: ids.next("grant"), scope: .token(.app(intention.app)), start: now,
            end: now.addingTimeInterval(TimeInterval(intention.minutesPerOpen * 60)),
            origin: .intentionOpen(intention.id))
        let after = try state.with(grants: state.grants + [grant])
        try SetupBudget.check(after, from: state, at: now, calendar: calendar)
        state = after
        return [.grantIssued(grant)]
    }
}
