import Foundation

/// Records a completed ritual and issues its grant in one change: the one write behind every
/// finished ritual.
///
/// The completion is checked against the state at trusted time, not the wall clock the ritual
/// read (so moving the clock forward cannot bring an emergency unlock back early); its credits
/// spend is posted (the ledger refuses an overdraft) and it is logged. When anything is refused
/// nothing is recorded, spent or granted.
public struct CompleteRitual: StateCommand {
    public let completion: RitualCompletion
    public init(_ completion: RitualCompletion) { self.completion = completion }

    /// The grant issued, and the shields as they stood before it (what it let through is read
    /// against the reconcile's own answer, `Enforcement.letThrough(since:naming:)`).
    public struct Completed: Sendable {
        public let grant: Grant?
        public let before: Enforcement
        public let naming: ThresholdState
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws -> Completed {
        let state = transaction.state.engine
        let before = evaluate(state, at: context.now, calendar: context.calendar)
        // A quest counts against each mode whose apps it opens (PRODUCT.md: per mode).
        let modes = completion.record.ritual.map { $0.isQuest ? before.offering($0, for: completion.request.scope) : [] } ?? []
        try transaction.state.rituals.admit(
            completion, at: context.now, policy: transaction.state.settings.emergency,
            timeZone: context.calendar.timeZone, modes: modes)
        if let spend = completion.spend { try transaction.post(spend, at: context.now) }
        transaction.record(completion.event(in: context.calendar.timeZone), at: context.now)
        transaction.state.rituals.note(completion, at: context.now, modes: modes)
        let recorded = transaction.recorded.count
        try context.run(completion.grantCommand, on: &transaction)
        let grant = transaction.recorded.dropFirst(recorded).lazy.compactMap { recorded -> Grant? in
            if case .grantIssued(let grant) = recorded.event { return grant }
            return nil
        }.first
        return Completed(grant: grant, before: before, naming: state)
    }
}

/// Saves the prayer in progress (`nil`: none), so that leaving the prayer and coming back goes on
/// where it was.
public struct SavePrayerProgress: StateCommand {
    public let progress: PrayerProgress?
    public init(_ progress: PrayerProgress?) { self.progress = progress }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.rituals.prayer = progress
    }
}

/// Records a button pressed on a shield or the gate, for the weekly insights.
public struct RecordShieldChoice: StateCommand {
    public let choice: ShieldChoice
    public init(_ choice: ShieldChoice) { self.choice = choice }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.record(.shieldChoice(choice), at: context.now)
    }
}

/// The person turned back at a shield: an attempt resisted for `rule`, for the weekly insights;
/// and, for an intention's "Are you sure?", Nevermind answers it, so the next press asks again.
public struct TurnBack: StateCommand {
    public let rule: RuleRef
    public let intention: IntentionID?
    public init(from rule: RuleRef, intention: IntentionID?) {
        self.rule = rule
        self.intention = intention
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        try context.run(ResistAttempt(rule: rule), on: &transaction)
        if let intention { transaction.state.rituals.intentionAsked[intention] = nil }
    }
}

/// Opens an intention's app from its shield (``OpenIntention``), which answers its "Are you sure?".
public struct OpenIntentionFromShield: StateCommand {
    public let intention: IntentionID
    public let confirmedBeyondLimit: Bool
    public init(_ intention: IntentionID, confirmedBeyondLimit: Bool) {
        self.intention = intention
        self.confirmedBeyondLimit = confirmedBeyondLimit
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        try context.run(OpenIntention(intention: intention, confirmedBeyondLimit: confirmedBeyondLimit), on: &transaction)
        transaction.state.rituals.intentionAsked[intention] = nil
    }
}

/// An intention's shield asks "Are you sure?" before opening: the question stands from now.
public struct AskBeforeOpening: StateCommand {
    public let intention: IntentionID
    public init(_ intention: IntentionID) { self.intention = intention }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.rituals.intentionAsked[intention] = context.now
    }
}
