import Foundation

/// The state and the events one change is building up: what a ``StateCommand`` is given.
///
/// Pure: the store reads the state into one, the reconcile runs the person's command on it, and
/// the store saves the state and appends the events only when nothing threw.
public struct StoreTransaction: Sendable {
    public var state: StoredState
    /// Events recorded so far in this transaction, in order.
    public private(set) var recorded: [(at: Date, event: Event)] = []

    public init(state: StoredState) { self.state = state }

    /// Appends an event to the log when the transaction commits.
    public mutating func record(_ event: Event, at instant: Date) {
        recorded.append((instant, event))
    }

    /// Posts a ledger entry: updates the cached balance and records it, or throws (changing
    /// nothing) when the balance would go negative.
    public mutating func post(_ entry: LedgerEntry, at instant: Date) throws {
        state.balances = try state.balances.applying(entry)
        record(.ledger(entry), at: instant)
    }

    /// Records the events a command returned, posting its ledger entries (so that the balances
    /// follow): throws, having posted none of the rest, when an entry would take a balance below
    /// zero. The caller undoes the whole change then.
    ///
    /// Each path's economy is its own (PRODUCT.md): an amount earned on an account no path in
    /// use keeps (credits without Earned Access, XP and coins without Present) is not posted,
    /// so no screen ever shows it.
    public mutating func apply(_ events: [Event], at instant: Date) throws {
        var kept: Set<Account>?  // NB: read once, and only where something is earned.
        for event in events {
            guard case .ledger(let entry) = event else {
                record(event, at: instant)
                continue
            }
            if entry.amount > 0 {
                let keeps = kept ?? state.keptAccounts
                kept = keeps
                guard keeps.contains(entry.account) else { continue }
            }
            try post(entry, at: instant)
        }
    }

    /// Runs a command on the engine's state at `now` and records its events, posting the ledger
    /// entries among them: the one way a command's result reaches the store.
    ///
    /// The plan's rules hold on every path: a command that needs Pro is refused on Free, and on
    /// Free the schedules a command adds past Free's one are saved paused (``PlanRules``).
    @discardableResult
    public mutating func run(_ command: any Command, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        try PlanRules.permit(command, in: state.engine, plan: state.plan)
        var engine = state.engine
        let events = try command.apply(to: &engine, at: now, calendar: calendar, ids: ids)
        var plan = state.plan
        state.engine = try PlanRules.admit(engine, from: state.engine, plan: &plan)
        state.plan = plan
        try apply(events, at: now)
        return events
    }
}
