import Foundation

/// Earned Access's Focus Bank (seed 002): credits earned by focusing, spent on unlock windows.
///
/// ## Earning
/// One credit for every full minute focused outside breaks, in a session the person started
/// (by hand, a key tap or a Shortcut), posted when it ends:
/// - completed: every focused minute;
/// - given up: half of them, rounded down (the time was focused; the promise was not kept);
/// - canceled (the first ten seconds): none;
/// - a schedule's own span: none: it runs whether or not the person chose to focus (a nightly
///   Sleep span would otherwise pay eight hours of unlocks a day). A session started by hand that
///   joins a span is the person's own and earns.
/// At most ``maximumPerSession`` credits a session, so a session left running does not mint
/// credits without end.
///
/// ## Spending
/// A credit buys one unlocked minute at the price the strictest restriction in force that takes
/// credits asks (``UnlockPolicy/creditsPerMinute`` as offered: 1 when gentle, 2 when firm; locked
/// takes none). ``SpendCredits`` debits the ledger and issues the grant in one step; the balance
/// never goes negative.
public enum FocusBank {
    /// The most one session earns: twelve hours, the longest session.
    public static let maximumPerSession = 720
    /// The windows the unlock gate offers, in minutes (seed 002: "credits 5/15/30").
    public static let unlockOptions = [5, 15, 30]

    /// Credits a session earns when it ends as `ending`.
    public static func credits(for session: Session, ending: Session.Ending) -> Int {
        guard session.origin != .schedule else { return 0 }
        let minutes = Int(session.focusedSeconds(through: ending.at) / 60)
        let earned: Int =
            switch ending.state {
            case .completed: minutes
            case .gaveUp: minutes / 2
            case .canceled: 0
            }
        return min(earned, maximumPerSession)
    }

    /// What `minutes` cost at `creditsPerMinute`.
    public static func price(minutes: Int, creditsPerMinute: Int) -> Int { minutes * creditsPerMinute }

    /// The price per minute the restrictions in force at `now` ask for credits: the highest among
    /// those that take them and hold `scope`, or `nil` when none takes credits.
    public static func creditsPerMinute(in state: ThresholdState, for scope: GrantScope, at now: Date, calendar: Calendar) -> Int? {
        let enforcement = evaluate(state, at: now, calendar: calendar)
        let prices = enforcement.rules.compactMap { rule -> (price: Int, covers: Bool)? in
            guard case .gated(let label) = rule.reason, label.rituals.contains(.credits) else { return nil }
            let offered: UnlockPolicy, selection: Selection, listMode: ListMode
            switch rule.rule {
            case .profile(let id):
                guard let profile = state.profile(id) else { return nil }
                (offered, selection, listMode) = (
                    profile.unlockPolicy.offered(under: profile.strictness), profile.selection, profile.listMode
                )
            case .gate(let id):
                guard let gate = state.gates.first(where: { $0.id == id }) else { return nil }
                (offered, selection, listMode) = (gate.unlockPolicy.offered(under: gate.strictness), gate.selection, .blockList)
            case .intention, .tutorial:
                return nil
            }
            // A one-app unlock is priced by the restrictions that name that app (or, when it is held
            // through a category, which tokens cannot tell, by all that take credits).
            var covers = true
            if case .token(let token) = scope, listMode == .blockList { covers = selection.tokens.contains(token) }
            return (offered.creditsPerMinute, covers)
        }
        let covering = prices.filter(\.covers)
        return (covering.isEmpty ? prices : covering).map(\.price).max()
    }
}

/// Spends Focus Bank credits on an unlock window: what the credits ritual does on completion.
///
/// Refused, changing nothing, when nothing shielded now takes credits, or when the balance is
/// short (the ledger's refusal says how many more minutes of focus would pay for it).
public struct SpendCredits: Command {
    public let minutes: Int
    public let scope: GrantScope

    public init(minutes: Int, scope: GrantScope = .allGated) {
        self.minutes = minutes
        self.scope = scope
    }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        guard (1...120).contains(minutes) else {
            throw ValidationError("credits", .outOfRange(.unlockMinutes, value: minutes))
        }
        guard let rate = FocusBank.creditsPerMinute(in: state, for: scope, at: now, calendar: calendar) else {
            throw ValidationError("credits", .nothingTakesCredits)
        }
        let price = FocusBank.price(minutes: minutes, creditsPerMinute: rate)
        var events: [Event] = []
        if price > 0 {
            events.append(
                .ledger(
                    try LedgerEntry(
                        account: .credits, amount: -price, memo: "Unlocked for \(minutes) min",
                        reason: .unlock(minutes: minutes, item: nil))))
        }
        events += try IssueGrant(scope: scope, minutes: minutes, origin: .ritual(.credits)).apply(
            to: &state, at: now, calendar: calendar, ids: ids)
        return events
    }
}
