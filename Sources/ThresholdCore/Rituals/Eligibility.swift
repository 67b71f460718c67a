import Foundation

/// Whether an unlock option can be used now and, when not, why and when it returns.
public enum Eligibility: Hashable, Sendable {
    case available
    case unavailable(DisabledReason)

    public var isAvailable: Bool { self == .available }

    public var disabledReason: DisabledReason? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }

    /// When the option returns by itself; `nil` when it is available, or when only the person
    /// can change it (earning credits, changing a restriction).
    public var availableAt: Date? { disabledReason?.availableAt }

}

/// Why an unlock option is disabled. The message says what is wrong and what would help; the
/// screen shows when it returns beside it (``availableAt``, on the phone's clock).
public enum DisabledReason: Hashable, Codable, Sendable {
    /// Some restriction holding the app does not accept this ritual, so it would stay blocked;
    /// `until`, when the last of them lets the app go by itself (a session's end).
    case notAccepted(by: [RestrictionName], until: Date? = nil)
    /// A locked restriction holds the app: nothing unlocks it before its end.
    case locked(name: RestrictionName, until: Date?)
    /// A firm restriction holds the app, and firm strictness takes no quests: they return when it
    /// ends (`until`, when it ends by itself).
    case firm(name: RestrictionName, until: Date?)
    /// An unlock window is already open; no new ritual is asked for until it ends.
    case windowOpen(until: Date)
    /// The Focus Bank holds less than the option costs.
    case insufficientCredits(needed: Int, balance: Int)
    /// Every emergency unlock for today is used.
    case dailyLimit(used: Int, limit: Int, returnsAt: Date)
    /// Every emergency unlock for the last seven days is used.
    case weeklyLimit(used: Int, limit: Int, returnsAt: Date)
    /// The last emergency unlock was too recent.
    case cooldown(until: Date)
    /// Every quest for today is used (``QuestAllowance``).
    case questDailyLimit(used: Int, limit: Int, returnsAt: Date)
    /// The last quest was less than `minutes` ago (``QuestAllowance``).
    case questCooldown(minutes: Int, until: Date)
    /// Nothing shields the app, so there is nothing to unlock.
    case notShielded

    public var availableAt: Date? {
        switch self {
        case .locked(_, let until), .firm(_, let until), .notAccepted(_, let until): until
        case .windowOpen(let until), .cooldown(let until), .questCooldown(_, let until): until
        case .dailyLimit(_, _, let at), .weeklyLimit(_, _, let at), .questDailyLimit(_, _, let at): at
        case .insufficientCredits, .notShielded: nil
        }
    }
}
