import Foundation

/// An account in the append-only ledger.
public enum Account: String, Codable, Sendable, CaseIterable {
    /// Focus Bank credits: earned by focusing, spent on unlocks.
    case credits
    /// Experience points from completed sessions.
    case xp
    /// Coins, earned alongside XP.
    case coins

    /// "credits", "XP", "coins".
    public var displayName: String {
        switch self {
        case .credits: "credits"
        case .xp: "XP"
        case .coins: "coins"
        }
    }
}

extension LedgerEntry {
    /// Entries told as lines, those in a row with the same memo on one:
    /// "Completed 🌿 Deep work · 45 min focused: +8 XP, +8 coins, +45 credits".
    public static func lines(_ entries: [LedgerEntry]) -> [String] {
        var lines: [(memo: String, amounts: [String])] = []
        for entry in entries {
            let amount = (entry.amount > 0 ? "+" : "−") + "\(abs(entry.amount)) \(entry.account.displayName)"
            if lines.last?.memo == entry.memo {
                lines[lines.count - 1].amounts.append(amount)
            } else {
                lines.append((entry.memo, [amount]))
            }
        }
        return lines.map { "\($0.memo): \($0.amounts.joined(separator: ", "))" }
    }
}

/// One signed movement on an account. Entries are never edited or removed; balances are their sum.
public struct LedgerEntry: Hashable, Codable, Sendable {
    public let account: Account
    /// Positive to earn, negative to spend.
    public let amount: Int
    /// Why, in the log's English (diagnostics, the CLI): "Completed 🌿 Deep work · 45 min focused".
    public let memo: String
    /// Why, as a value a screen words in the phone's language (Insights' credits); `nil` for an
    /// entry saved before reasons were kept, or one no screen lists (a repair, a scenario's setup).
    public let reason: LedgerReason?

    public init(account: Account, amount: Int, memo: String, reason: LedgerReason? = nil) throws {
        guard amount != 0 else { throw ValidationError.invariant("ledger entry", .ledgerZero) }
        guard abs(amount) <= 1_000_000 else { throw ValidationError.invariant("ledger entry", .ledgerImplausible(amount)) }
        self.account = account
        self.amount = amount
        self.memo = memo
        self.reason = reason
    }
}

/// What a ledger entry was for.
public enum LedgerReason: Hashable, Codable, Sendable {
    /// A session's focus: its profile as screens name it ("💼 Work"; `nil` when it was gone),
    /// how it ended, and the seconds focused outside breaks.
    case session(profile: String?, ending: EndState, focusedSeconds: TimeInterval)
    /// An unlock bought: for how long, and what it opened (an app's token, which a screen draws
    /// by name; `nil`, every app that takes credits).
    case unlock(minutes: Int, item: AnyToken?)
    /// Threshold's tutorial, finished.
    case tutorial
}

/// Every account's balance; never negative.
public struct Balances: Hashable, Codable, Sendable {
    public private(set) var credits = 0
    public private(set) var xp = 0
    public private(set) var coins = 0

    public init() {}

    public subscript(account: Account) -> Int {
        switch account {
        case .credits: credits
        case .xp: xp
        case .coins: coins
        }
    }

    /// The balances after an entry, or an error the person can read when it would go negative.
    public func applying(_ entry: LedgerEntry) throws -> Balances {
        let after = self[entry.account] + entry.amount
        guard after >= 0 else {
            if entry.account == .credits {
                // Credits are minutes of focus: say how much more focus pays for it.
                throw ValidationError("credits", .notEnoughCredits(cost: -entry.amount, have: credits))
            }
            throw ValidationError.invariant(
                entry.account.rawValue,
                .balanceNegative(account: entry.account.rawValue, amount: -entry.amount, balance: self[entry.account]))
        }
        var next = self
        switch entry.account {
        case .credits: next.credits = after
        case .xp: next.xp = after
        case .coins: next.coins = after
        }
        return next
    }

    /// The balances a sequence of entries adds up to (throws at the first that would go negative).
    public static func summing<S: Sequence>(_ entries: S) throws -> Balances where S.Element == LedgerEntry {
        try entries.reduce(Balances()) { try $0.applying($1) }
    }
}
