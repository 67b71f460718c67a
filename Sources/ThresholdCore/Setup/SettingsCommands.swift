import Foundation

// The person's choices around the engine, each a command the reconcile runs like any other, so
// the plan's rules, trusted time and the event log apply to them too.

/// Saves Selah's preferences (tradition, vibe, translation…), as Settings and onboarding choose them.
public struct SaveSelahPreferences: StateCommand {
    public let preferences: SelahPreferences
    public init(_ preferences: SelahPreferences) { self.preferences = preferences }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.settings.selah = preferences
    }
}

/// Sets the daily screen-time goal (`nil`: none), counting the apps the person's profiles, gates
/// and intentions name (``Settings/setScreenTimeGoal(_:counting:on:)``: a different goal starts
/// afresh; one outside what is allowed is refused).
public struct SetScreenTimeGoal: StateCommand {
    public let minutes: Int?
    /// The apps to count; `nil`: those the saved set-up names.
    public let counting: Selection?
    public init(minutes: Int?, counting: Selection? = nil) {
        self.minutes = minutes
        self.counting = counting
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        let selection = counting ?? transaction.state.engine.screenTimeSelection
        try transaction.state.settings.setScreenTimeGoal(minutes, counting: selection, on: context.today)
    }
}

/// Turns the Daily Review (9 AM) and the evening nudge (7 PM) on or off; the reconcile hands iOS
/// the notifications now due, or withdraws them.
public struct SetReminders: StateCommand {
    public let reminders: Reminders
    public init(_ reminders: Reminders) { self.reminders = reminders }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.settings.reminders = reminders
    }
}

/// Turns the screen-time quips on or off, from the next threshold on.
public struct SetQuips: StateCommand {
    public let on: Bool
    public init(on: Bool) { self.on = on }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.settings.quips = on
    }
}

/// Turns one of Challenge's games on or off; turning off the last one is refused.
public struct SetChallenge: StateCommand {
    public let kind: ChallengeKind
    public let on: Bool
    public init(_ kind: ChallengeKind, on: Bool) {
        self.kind = kind
        self.on = on
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        try transaction.state.settings.challenges.set(kind, on: on)
    }
}

/// How hard the math challenge's problems are, from the next challenge on.
public struct SetMathDifficulty: StateCommand {
    public let difficulty: MathDifficulty
    public init(_ difficulty: MathDifficulty) { self.difficulty = difficulty }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.settings.challenges.mathDifficulty = difficulty
    }
}

/// Resets Selah's streak from now (trusted time); the prayers stay in the history.
public struct ResetSelahStreak: StateCommand {
    public init() {}

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.settings.streakResetAt = context.now
    }
}

/// A thumbs up or down for yesterday, from the Daily Review (a second replaces the first).
public struct RateYesterday: StateCommand {
    public let rating: ProgressRecord.DayReview.Rating
    public init(_ rating: ProgressRecord.DayReview.Rating) { self.rating = rating }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        let today = context.today
        try transaction.state.progress.review(today.adding(days: -1), rating, today: today)
    }
}

/// Everything onboarding set up, in one change that turns the shields on: the restrictions for
/// the paths chosen, the screen-time goal (Present), Selah's preferences, and that onboarding is
/// done. Refused whole when any part is.
public struct CompleteOnboarding: StateCommand {
    public let restrictions: [any Command]
    public let screenTimeGoal: Int?
    /// The apps the goal counts: the ones picked.
    public let counting: Selection
    public let selah: SelahPreferences
    /// The paths chosen; refused when empty.
    public let paths: Set<Pathway>
    /// Screen Time access was declined and the person goes on with a timer (``Settings/timerOnly``).
    public let timerOnly: Bool

    public init(
        paths: Set<Pathway>, restrictions: [any Command], screenTimeGoal: Int?, counting: Selection, selah: SelahPreferences,
        timerOnly: Bool = false
    ) {
        self.paths = paths
        self.timerOnly = timerOnly
        self.restrictions = restrictions
        self.screenTimeGoal = screenTimeGoal
        self.counting = counting
        self.selah = selah
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        guard !paths.isEmpty else { throw ValidationError("onboarding", .noPathChosen) }
        // NB: a timer's profiles hold nothing yet: saved only while access is off.
        transaction.state.settings.timerOnly = timerOnly && !context.screenTimeAuthorized
        for command in restrictions { try context.run(command, on: &transaction) }
        if let screenTimeGoal {
            try SetScreenTimeGoal(minutes: screenTimeGoal, counting: counting).apply(to: &transaction, context: context)
        }
        transaction.state.settings.paths = paths
        transaction.state.settings.selah = selah
        transaction.state.settings.onboardingCompleted = true
    }
}

/// Shows the tutorial again (seed 001 §13): every app is shielded until the person comes back,
/// as on the first run; a replay earns no XP.
public struct ReplayTutorial: StateCommand {
    public init() {}

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        try context.run(StartTutorial(), on: &transaction)
        transaction.state.settings.tutorialReplay = true
    }
}

/// The person came back to Threshold during the tutorial: it ends, earning its XP the first time
/// only (where Present, whose XP it is, is in use). Returns the XP earned.
public struct ReturnFromTutorial: StateCommand {
    public init() {}

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws -> Int {
        let replay = transaction.state.settings.tutorialReplay
        let before = transaction.state.balances.xp
        try context.run(FinishTutorial(earnsXP: !replay), on: &transaction)
        transaction.state.settings.tutorialReplay = false
        // NB: what was posted: XP is kept only where Present is in use (``StoredState/keeps(_:)``).
        return transaction.state.balances.xp - before
    }
}
