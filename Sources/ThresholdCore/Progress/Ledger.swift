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
            if lines.last?.memo == entry.memo { lines[lines.count - 1].amounts.append(amount) } else { lines.append((entry.memo, [amount])) }
        }
        return lines.map { "\($0.memo): \($0.amounts.joined(separator: ", "))" }
    }
}

/// One signed movement on an account. Entries are never edited or removed; balances are their sum.
public struct LedgerEntry: Hashable, Codable, Sendable {
    public let account: Account
    /// Positive to earn, negative to spend.
    public let amount: Int
    /// Why, in words for the history screen: "Completed “Deep work” (45 min)".
    public let memo: String

    public init(account: Account, amount: Int, memo: String) throws {
        guard amount != 0 else { throw ValidationError.invariant("ledger entry", .ledgerZero) }
        guard abs(amount) <= 1_000_000 else { throw ValidationError.invariant("ledger entry", .ledgerImplausible(amount)) }
        self.account = account
        self.amount = amount
        self.memo = memo
    }
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
            throw ValidationError.invariant(entry.account.rawValue,
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
