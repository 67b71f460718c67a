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
    /// The keys of an event's JSON, at both levels. NB: Swift's synthesized encoding keys each
    /// case's payload by a type of its own (15 here), and every reconcile logs an event, in a
    /// monitor callback's fresh process too, where the first use of each such container type
    /// searches every protocol conformance in the binary (Benchmarks/README.md). The JSON is the
    /// synthesized coding's, which still reads it (`EventCodingTests` compares the two).
    private struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var outer = encoder.container(keyedBy: Key.self)
        var payload = outer.nestedContainer(keyedBy: Key.self, forKey: Key(kind))
        switch self {
        case .sessionStarted(let session): try payload.encode(session, forKey: Key("_0"))
        case .sessionEnded(let id, let ending):
            try payload.encode(id, forKey: Key("id"))
            try payload.encode(ending, forKey: Key("ending"))
        case .breakStarted(let session, let pause), .breakEnded(let session, let pause):
            try payload.encode(session, forKey: Key("session"))
            try payload.encode(pause, forKey: Key("pause"))
        case .grantIssued(let grant): try payload.encode(grant, forKey: Key("_0"))
        case .ledger(let entry): try payload.encode(entry, forKey: Key("_0"))
        case .streakFreezeUsed(let day): try payload.encode(day, forKey: Key("day"))
        case .attemptResisted(let rule): try payload.encode(rule, forKey: Key("_0"))
        case .triggered(let trigger): try payload.encode(trigger, forKey: Key("_0"))
        case .ritualCompleted(let record): try payload.encode(record, forKey: Key("_0"))
        case .keyTapped(let tap): try payload.encode(tap, forKey: Key("_0"))
        case .keyTapRefused(let tag, let reason):
            try payload.encode(tag, forKey: Key("tag"))
            try payload.encode(reason, forKey: Key("reason"))
        case .keyTagWritten(let tag, let profile):
            try payload.encode(tag, forKey: Key("_0"))
            try payload.encode(profile, forKey: Key("profile"))
        case .keyTagRevoked(let tag): try payload.encode(tag, forKey: Key("_0"))
        case .shieldChoice(let choice): try payload.encode(choice, forKey: Key("_0"))
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
