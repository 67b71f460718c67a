import Foundation

/// Spend Focus Bank credits on 5, 15 or 30 minutes (Earned Access), at the price the
/// restrictions set (`UnlockPolicy.creditsPerMinute`, doubled under firm strictness).
///
/// Choosing an option is the whole ritual: it completes at once, asking for the spend. The
/// balance shown may be stale by the time the write runs; the ledger refuses a spend beyond
/// the balance inside that write, so an overdraft is refused atomically and grants nothing.
public struct CreditsUnlock: Hashable, Sendable {
    /// The minutes on offer.
    public static let choices = [5, 15, 30]

    /// One choice as the screen lists it.
    public struct Option: Hashable, Sendable {
        public let minutes: Int
        public let cost: Int
        public let eligibility: Eligibility
    }

    public let terms: UnlockTerms
    /// The credits balance the screen shows.
    public let balance: Int
    /// Which app or apps the unlock is for, for the ledger memo: "Instagram".
    public let label: String
    /// The app, category or website the unlock opens, by its token: the ledger's reason keeps it,
    /// and a screen names it as iOS draws a token (the app never reads the name itself).
    public let item: AnyToken?

    public init(terms: UnlockTerms, balance: Int, label: String, item: AnyToken? = nil) {
        self.terms = terms
        self.balance = balance
        self.label = label
        self.item = item
    }

    public func cost(minutes: Int) -> Int { minutes * terms.creditsPerMinute }

    public var options: [Option] {
        CreditsUnlock.choices.map { Option(minutes: $0, cost: cost(minutes: $0), eligibility: eligibility(minutes: $0)) }
    }

    public func eligibility(minutes: Int) -> Eligibility {
        let cost = cost(minutes: minutes)
        return cost <= balance ? .available : .unavailable(.insufficientCredits(needed: cost, balance: balance))
    }

    /// Spends for `minutes`: the completion carries the ledger entry. Throws, granting nothing,
    /// for minutes not on offer or a cost beyond the balance shown.
    public func spend(minutes: Int, at instant: Date) throws -> RitualCompletion {
        guard CreditsUnlock.choices.contains(minutes) else {
            throw ValidationError("credits unlock", .creditsUnlockChoice(choices: CreditsUnlock.choices, minutes: minutes))
        }
        if case .unavailable(let reason) = eligibility(minutes: minutes) {
            throw ValidationError("credits unlock", .disabled(reason))
        }
        let cost = cost(minutes: minutes)
        let spend =
            cost == 0
            ? nil
            : try LedgerEntry(
                account: .credits, amount: -cost, memo: "Unlocked \(label) for \(minutes) min",
                reason: .unlock(minutes: minutes, item: item))
        return RitualCompletion(
            request: terms.request(.ritual(.credits), at: instant, minutes: minutes),
            detail: .credits(cost: cost, creditsPerMinute: terms.creditsPerMinute), spend: spend)
    }
}
