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
public enum DisabledReason: Hashable, Sendable, CustomStringConvertible {
    /// Some restriction holding the app does not accept this ritual, so it would stay blocked;
    /// `until`, when the last of them lets the app go by itself (a session's end).
    case notAccepted(by: [String], until: Date? = nil)
    /// A locked restriction holds the app: nothing unlocks it before its end.
    case locked(name: String, until: Date?)
    /// A firm restriction holds the app, and firm strictness takes no quests: they return when it
    /// ends (`until`, when it ends by itself).
    case firm(name: String, until: Date?)
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
    /// Nothing shields the app, so there is nothing to unlock.
    case notShielded

    public var availableAt: Date? {
        switch self {
        case .locked(_, let until), .firm(_, let until), .notAccepted(_, let until): until
        case .windowOpen(let until), .cooldown(let until): until
        case .dailyLimit(_, _, let at), .weeklyLimit(_, _, let at): at
        case .insufficientCredits, .notShielded: nil
        }
    }

    public var description: String {
        switch self {
        case .notAccepted(let names, _):
            "\(Self.list(names)) \(names.count == 1 ? "does" : "do") not accept this, so the app would stay blocked."
        case .locked(let name, let until):
            until == nil
                ? "\(name) is locked: nothing unlocks it early."
                : "\(name) is locked: nothing unlocks it before it ends."
        case .firm(let name, _):
            "\(name) is firm, so quests do not unlock it; spend credits instead."
        case .windowOpen:
            "Your apps are already unlocked; no new unlock is needed until this window ends."
        case .insufficientCredits(let needed, let balance):
            // NB: a credit is earned by a minute of focus, whatever the strictness spends it at.
            "Needs \(needed) credits; your Focus Bank has \(balance). Focus for \(needed - balance) more \(needed - balance == 1 ? "minute" : "minutes") to earn them."
        case .dailyLimit(let used, let limit, _):
            "You have used \(used) of \(limit) emergency \(limit == 1 ? "unlock" : "unlocks") today."
        case .weeklyLimit(let used, let limit, _):
            "You have used \(used) of \(limit) emergency unlocks in the last 7 days."
        case .cooldown:
            "Emergency unlocks need a pause between them."
        case .notShielded:
            "This app is not blocked right now."
        }
    }

    static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: "No restriction"
        case 1: names[0]
        default: names.dropLast().joined(separator: ", ") + " and " + names.last!
        }
    }
}
