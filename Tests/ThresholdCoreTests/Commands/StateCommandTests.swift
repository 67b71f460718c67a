import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// The commands that change what lives around the engine (settings, rituals' records, the plan):
/// each is stamped with the reconcile's trusted time, never the wall clock, and refuses by
/// throwing, as every command does.
@Suite struct StateCommandTests {
    let ny = calendar()
    /// Trusted time; the wall clock reads an hour later (moved forward by hand).
    let trusted = at("2026-03-03 10:00")
    var wall: Date { trusted.addingTimeInterval(3_600) }

    func context() -> ChangeContext {
        ChangeContext(
            now: trusted, time: TrustedTime(wall: wall, trusted: trusted), calendar: ny, ids: .counting(), screenTimeAuthorized: true)
    }

    func applied<C: StateCommand>(_ command: C, to stored: StoredState = .make()) throws -> (StoreTransaction, C.Result) {
        var transaction = StoreTransaction(state: stored)
        let result = try command.apply(to: &transaction, context: context())
        return (transaction, result)
    }

    /// Seed 004's fallback: without Screen Time access a session is refused (test 9) unless the
    /// person chose to use Threshold as a timer; a profile that holds nothing is only a timer's.
    @Test func withoutAccess_aSessionRunsOnlyAsATimer_andOnlyATimersProfileHoldsNothing() throws {
        let noAccess = ChangeContext(
            now: trusted, time: TrustedTime(wall: trusted, trusted: trusted), calendar: ny, ids: .counting(),
            screenTimeAuthorized: false)
        let empty = try Profile(id: "work", name: "Work", emoji: "💼", path: .key, selection: .empty)
        var refused = StoreTransaction(state: .make())
        #expect(throws: ValidationError("profile “Work”", .nothingToBlock)) { try context().run(SaveProfile(empty), on: &refused) }
        #expect(throws: ValidationError("profile “Work”", .nothingToBlock)) { try noAccess.run(SaveProfile(empty), on: &refused) }
        let onboarding = CompleteOnboarding(
            paths: [.key], restrictions: [SaveProfile(empty)], screenTimeGoal: nil, counting: .empty,
            selah: .standard, timerOnly: true)
        var timer = StoreTransaction(state: .make())
        try onboarding.apply(to: &timer, context: noAccess)
        #expect(timer.state.settings.timerOnly && timer.state.engine.profile("work") != nil)
        try noAccess.run(StartSession(profile: "work"), on: &timer)
        #expect(timer.state.engine.sessions.count == 1, "a timer's session starts without access")
        var withAccess = StoreTransaction(state: .make())
        #expect(throws: ValidationError("profile “Work”", .nothingToBlock), "with access on there is no timer to be: apps are picked") {
            try onboarding.apply(to: &withAccess, context: context())
        }
        var denied = StoreTransaction(state: .make(engine: .make(profiles: [.make("work")])))
        #expect(throws: ValidationError("session", .noScreenTimeAccess)) { try noAccess.run(StartSession(profile: "work"), on: &denied) }
    }

    @Test func aStreakReset_andAShieldChoice_areStampedWithTrustedTime_notTheWallClock() throws {
        let (reset, _) = try applied(ResetSelahStreak())
        #expect(reset.state.settings.streakResetAt == trusted)
        let choice = ShieldChoice(rule: .gate("selah"), action: .nevermind)
        let (recorded, _) = try applied(RecordShieldChoice(choice))
        #expect(recorded.recorded.map(\.at) == [trusted])
    }

    @Test func returningFromTheTutorial_earnsItsXPOnce_andAReplayEarnsNothing() throws {
        let present = StoredState.make(engine: try ThresholdState.empty.with(profiles: [.make("focus", path: .present)]))
        let (started, _) = try applied(StartTutorial(), to: present)
        let (first, xp) = try applied(ReturnFromTutorial(), to: started.state)
        #expect(xp == FinishTutorial.xp && first.state.balances.xp == FinishTutorial.xp)
        #expect(first.state.engine.tutorial == nil)

        let (replaying, _) = try applied(ReplayTutorial(), to: first.state)
        #expect(replaying.state.settings.tutorialReplay && replaying.state.engine.tutorial != nil)
        let (again, replayXP) = try applied(ReturnFromTutorial(), to: replaying.state)
        #expect(replayXP == 0 && again.state.balances.xp == FinishTutorial.xp, "a replay cannot be farmed for XP")
        #expect(!again.state.settings.tutorialReplay)
    }

    @Test func theTutorial_earnsNoXP_whereNoPathKeepsIt() throws {
        let selah = StoredState.make(engine: try ThresholdState.empty.with(gates: [.make("selah")]))
        let (started, _) = try applied(StartTutorial(), to: selah)
        let (finished, xp) = try applied(ReturnFromTutorial(), to: started.state)
        #expect(xp == 0 && finished.state.balances.xp == 0)
    }

    @Test func aReplay_whileTheTutorialRuns_isRefused() throws {
        let (started, _) = try applied(StartTutorial())
        #expect(throws: ValidationError.self) { try applied(ReplayTutorial(), to: started.state) }
    }

    @Test func theDailyReview_ratesYesterday_asTrustedTimeSeesIt() throws {
        let (rated, _) = try applied(RateYesterday(.thumbsUp))
        let today = Clockwork(calendar: ny).localDate(of: trusted)
        #expect(rated.state.progress.review(of: today.adding(days: -1)) == .thumbsUp)
    }

    @Test func aScreenTimeGoal_countsTheSavedSetUpsApps_andOneOutOfRangeIsRefused() throws {
        let stored = StoredState.make(engine: .make(gates: [.make("selah", selection: .apps("instagram"))]))
        let (set, _) = try applied(SetScreenTimeGoal(minutes: 120), to: stored)
        #expect(set.state.settings.screenTime?.goalMinutes == 120)
        #expect(set.state.settings.screenTime?.selection == stored.engine.screenTimeSelection)
        #expect(throws: ValidationError.self) { try applied(SetScreenTimeGoal(minutes: 5), to: stored) }
    }

    @Test func onboarding_isSavedWhole_orRefusedWhole() throws {
        let gate = SaveGate(.make("selah", selection: .apps("instagram")))
        let done = CompleteOnboarding(
            paths: [.selah], restrictions: [gate], screenTimeGoal: nil, counting: .apps("instagram"), selah: .standard)
        let (saved, _) = try applied(done)
        #expect(saved.state.settings.onboardingCompleted && saved.state.engine.gates.map(\.id) == ["selah"])
        // A goal outside what is allowed refuses the whole change: the caller (the reconcile) undoes it.
        let refused = CompleteOnboarding(
            paths: [.selah], restrictions: [gate], screenTimeGoal: 5, counting: .apps("instagram"), selah: .standard)
        #expect(throws: ValidationError.self) { try applied(refused) }
    }

    @Test func anIntentionsQuestion_standsFromTrustedTime_andTurningBackAnswersIt() throws {
        let (asked, _) = try applied(AskBeforeOpening("ig"))
        #expect(asked.state.rituals.intentionAsked["ig"] == trusted)
        let (turned, _) = try applied(TurnBack(from: .intention("ig"), intention: "ig"), to: asked.state)
        #expect(turned.state.rituals.intentionAsked["ig"] == nil)
        #expect(turned.recorded.map(\.event) == [.attemptResisted(.intention("ig"))])
    }

    @Test func settingsCommands_changeOnlyTheirSetting() throws {
        var reminders = Reminders()
        reminders.dailyReview = !reminders.dailyReview
        let before = StoredState.make()
        let (changed, _) = try applied(SetReminders(reminders), to: before)
        #expect(changed.state.settings.reminders == reminders)
        var expected = before
        expected.settings.reminders = reminders
        #expect(changed.state == expected && changed.recorded.isEmpty)
        let (quiet, _) = try applied(SetQuips(on: false))
        #expect(!quiet.state.settings.quips)
        let (math, _) = try applied(SetMathDifficulty(.hard))
        #expect(math.state.settings.challenges.mathDifficulty == .hard)
    }

    /// Together's bookkeeping: days sent and messages shown only move forward, so two syncs that
    /// overlap never send a day or show a message twice; since when Together has said "later" is
    /// stamped at trusted time once and kept; an older build's record moves in only where there is
    /// none; deleting the account forgets it all.
    @Test func togethersBookkeeping_movesForwardOnly_andIsStampedAtTrustedTime() throws {
        let streak = IntentionStreak(intentionID: "ig", days: 4, through: day("2026-03-02"))
        var (transaction, _) = try applied(NoteTogetherProgress(.sent(through: day("2026-03-02")), .shown(cursor: 41), .streaks([streak])))
        func note(_ changes: NoteTogetherProgress.Change...) throws {
            transaction = try applied(NoteTogetherProgress(changes), to: transaction.state).0
        }
        try note(.sent(through: day("2026-03-01")), .shown(cursor: 12), .finalizedShown(day("2026-02-23")))
        #expect(
            transaction.state.together
                == TogetherRecord(
                    sentThrough: day("2026-03-02"), messageCursor: 41, streaks: [streak],
                    finalizedShown: day("2026-02-23")),
            "an older day or cursor, from a sync that overlapped, changes nothing")
        try note(.answeredLater(true))
        try note(.answeredLater(true))
        #expect(transaction.state.together.laterSince == trusted, "stamped once, at trusted time, not the wall clock")
        try note(.moved(TogetherRecord(sentThrough: day("2026-01-01"), messageCursor: 3)))
        #expect(transaction.state.together.sentThrough == day("2026-03-02"), "an older build's record never replaces one kept here")
        try note(.answeredLater(false))
        #expect(transaction.state.together.laterSince == nil)
        try note(.forgotten)
        #expect(transaction.state.together == .none)
        try note(.moved(TogetherRecord(sentThrough: day("2026-01-01"), messageCursor: 3)))
        #expect(transaction.state.together == TogetherRecord(sentThrough: day("2026-01-01"), messageCursor: 3))
    }
}
