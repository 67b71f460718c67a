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
