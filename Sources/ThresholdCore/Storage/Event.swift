import Foundation

/// Something that happened, kept in the append-only event log: the history screens, streaks,
/// insights and the ledger are all read back from it.
///
/// Each module adds the cases for what it does; the store keeps every event as its case name
/// and a JSON payload, so a new case needs no migration.
public enum Event: Hashable, Codable, Sendable {
    case sessionStarted(Session)
    case sessionEnded(id: SessionID, ending: Session.Ending)
    case breakStarted(session: SessionID, pause: Break)
    /// A break ended early ("Resume"); `pause` carries its actual end.
    case breakEnded(session: SessionID, pause: Break)
    case grantIssued(Grant)
    case ledger(LedgerEntry)
    case streakFreezeUsed(day: LocalDate)
    /// The person met a shield and closed it ("Be Present", "Nevermind", "Close"): an attempt
    /// resisted, for the weekly insights.
    case attemptResisted(RuleRef)
    /// An entry point ran the reconcile (see ``Trigger``).
    case triggered(Trigger)
    /// An unlock ritual (or an intention open) completed; its grant follows in the same write.
    case ritualCompleted(RitualRecord)
    /// A key tag's tap was verified and decided.
    case keyTapped(KeyTap)
    /// A key link was refused: unknown tag, revoked tag, wrong secret.
    case keyTapRefused(tag: KeyTagID, reason: KeyRefusal)
    /// The app wrote a new key tag for a profile.
    case keyTagWritten(KeyTagID, profile: ProfileID)
    /// A key tag was revoked; its taps are refused from now on.
    case keyTagRevoked(KeyTagID)
    /// A button pressed on a shield.
    case shieldChoice(ShieldChoice)

    /// The case name, as the store indexes it.
    public var kind: String {
        switch self {
        case .sessionStarted: "sessionStarted"
        case .sessionEnded: "sessionEnded"
        case .breakStarted: "breakStarted"
        case .breakEnded: "breakEnded"
        case .grantIssued: "grantIssued"
        case .ledger: "ledger"
        case .streakFreezeUsed: "streakFreezeUsed"
        case .attemptResisted: "attemptResisted"
        case .triggered: "triggered"
        case .ritualCompleted: "ritualCompleted"
        case .keyTapped: "keyTapped"
        case .keyTapRefused: "keyTapRefused"
        case .keyTagWritten: "keyTagWritten"
        case .keyTagRevoked: "keyTagRevoked"
        case .shieldChoice: "shieldChoice"
        }
    }
}

extension Event {
    /// Written by hand, keyed by ``NamedKey`` at both levels, as Swift's synthesized coding writes
    /// it: that coding still reads it (`EventCodingTests` compares the two).
    public func encode(to encoder: any Encoder) throws {
        var outer = encoder.container(keyedBy: NamedKey.self)
        var payload = outer.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey(kind))
        switch self {
        case .sessionStarted(let session): try payload.encode(session, forKey: NamedKey("_0"))
        case .sessionEnded(let id, let ending):
            try payload.encode(id, forKey: NamedKey("id"))
            try payload.encode(ending, forKey: NamedKey("ending"))
        case .breakStarted(let session, let pause), .breakEnded(let session, let pause):
            try payload.encode(session, forKey: NamedKey("session"))
            try payload.encode(pause, forKey: NamedKey("pause"))
        case .grantIssued(let grant): try payload.encode(grant, forKey: NamedKey("_0"))
        case .ledger(let entry): try payload.encode(entry, forKey: NamedKey("_0"))
        case .streakFreezeUsed(let day): try payload.encode(day, forKey: NamedKey("day"))
        case .attemptResisted(let rule): try payload.encode(rule, forKey: NamedKey("_0"))
        case .triggered(let trigger): try payload.encode(trigger, forKey: NamedKey("_0"))
        case .ritualCompleted(let record): try payload.encode(record, forKey: NamedKey("_0"))
        case .keyTapped(let tap): try payload.encode(tap, forKey: NamedKey("_0"))
        case .keyTapRefused(let tag, let reason):
            try payload.encode(tag, forKey: NamedKey("tag"))
            try payload.encode(reason, forKey: NamedKey("reason"))
        case .keyTagWritten(let tag, let profile):
            try payload.encode(tag, forKey: NamedKey("_0"))
            try payload.encode(profile, forKey: NamedKey("profile"))
        case .keyTagRevoked(let tag): try payload.encode(tag, forKey: NamedKey("_0"))
        case .shieldChoice(let choice): try payload.encode(choice, forKey: NamedKey("_0"))
        }
    }
}

/// An event with its place in the log.
public struct LoggedEvent: Hashable, Codable, Sendable {
    /// Position in the log, increasing; assigned by the store.
    public let sequence: Int64
    /// When it happened, by the device clock.
    public let at: Date
    public let event: Event

    public init(sequence: Int64, at: Date, event: Event) {
        self.sequence = sequence
        self.at = at
        self.event = event
    }
}

/// Which events to read back.
public struct EventQuery: Hashable, Sendable {
    public var kinds: Set<String>?
    public var from: Date?
    public var until: Date?
    public var limit: Int?

    public init(kinds: Set<String>? = nil, from: Date? = nil, until: Date? = nil, limit: Int? = nil) {
        self.kinds = kinds
        self.from = from
        self.until = until
        self.limit = limit
    }

    public static let all = EventQuery()

    public func matches(_ logged: LoggedEvent) -> Bool {
        (kinds?.contains(logged.event.kind) ?? true)
            && (from.map { logged.at >= $0 } ?? true)
            && (until.map { logged.at < $0 } ?? true)
    }
}
