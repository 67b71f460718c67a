import Foundation

/// What a finished session earns, posted to the ledger when it ends.
///
/// - **XP and coins** (seed 001 §9, ``XPTable``): only a completed session earns them, as many
///   coins as XP. A session with a goal earns by its goal; any other (an end time, a scheduled
///   span, an open-ended Key session) by the whole minutes focused outside breaks, and nothing
///   under five minutes (the shortest goal).
/// - **Focus Bank credits** (``FocusBank``): see its rule.
/// - A canceled session earns nothing, nor does a rest profile's (Sleep: ``Profile/isRest``).
/// - Only what a path in use keeps is posted (``StoreTransaction/apply(_:at:)``).
public struct SessionReward: Hashable, Sendable {
    public let xp: Int
    public let coins: Int
    public let credits: Int

    public static let none = SessionReward(xp: 0, coins: 0, credits: 0)

    public init(xp: Int, coins: Int, credits: Int) {
        self.xp = xp
        self.coins = coins
        self.credits = credits
    }

    /// The reward for `session` ending as `ending`: nothing for a rest profile's (Sleep).
    public init(for session: Session, ending: Session.Ending, profile: Profile?) {
        guard profile?.isRest != true else {
            self = .none
            return
        }
        let credits = FocusBank.credits(for: session, ending: ending)
        guard ending.state == .completed else {
            self.init(xp: 0, coins: 0, credits: credits)
            return
        }
        let xp = XPTable.xp(forCompleted: session, endingAt: ending.at)
        self.init(xp: xp, coins: xp, credits: credits)
    }

    /// The ledger entries that pay it, each saying why in `memo` and `reason`.
    public func entries(memo: String, reason: LedgerReason? = nil) -> [LedgerEntry] {
        [(Account.xp, xp), (.coins, coins), (.credits, credits)].compactMap { account, amount in
            amount > 0 ? try? LedgerEntry(account: account, amount: amount, memo: memo, reason: reason) : nil
        }
    }
}

extension XPTable {
    /// The fewest minutes that earn XP when a session has no goal: the shortest goal.
    public static let minimumMinutes = SessionLimits.manualGoalMinutes.lowerBound

    /// XP for a completed session: by its goal, or else by the whole minutes focused (none under
    /// ``minimumMinutes``).
    public static func xp(forCompleted session: Session, endingAt end: Date) -> Int {
        if case .goal(let minutes) = session.plan { return xp(forGoalMinutes: minutes) }
        let minutes = Int(session.focusedSeconds(through: end) / 60)
        return minutes < minimumMinutes ? 0 : xp(forGoalMinutes: minutes)
    }
}
