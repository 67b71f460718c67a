import Foundation
import ScreenTimeClient
import StoreClient
import Testing
import TestSupport
import ThresholdCore
import ThresholdRuntime

/// What the reconcile does for sessions and progress: rewards posted to the ledger, sessions
/// written down when they end by themselves, thresholds recorded, streaks rolled, reminders posted.
@Suite struct ProgressReconcileTests {
    let deep = Profile.make("deep", name: "Deep work", emoji: "🌿", path: .present)

    @Test func endingASession_postsItsRewards_toTheBalances() throws {
        // Present and Earned Access in use: XP and coins, and credits (a mode off at the weekend).
        let mode = Profile.make(
            "mode", path: .earnedAccess, unlockPolicy: .earnedAccess, schedules: [.on([.saturday, .sunday], "09:00", "17:00")])
        let rig = Rig(.make(profiles: [deep, mode]), at: at("2026-11-23 14:00"))
        rig.reconciler.reconcile(.inApp("start"), command: StartSession(profile: "deep", plan: .goal(minutes: 45)))
        rig.clock.pass(50 * 60)
        let outcome = rig.reconciler.reconcile(.inApp("end"), command: EndSession(profile: "deep"))
        #expect(outcome.refusal == nil)
        let balances = try rig.store.read().balances
        #expect(balances.xp == 8 && balances.coins == 8 && balances.credits == 50)
        let logged = try rig.store.events(EventQuery(kinds: ["ledger"])).count
        #expect(logged == 3)
    }

    @Test func aRefusedSpend_changesNothing() throws {
        let work = Profile.make(
            "work", path: .earnedAccess, unlockPolicy: .earnedAccess, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
        let rig = Rig(.make(profiles: [work]), at: at("2026-11-24 10:00"))
        rig.reconciler.reconcile(.appForeground)
        let outcome = rig.reconciler.reconcile(.inApp("credits"), command: SpendCredits(minutes: 15, scope: .app("instagram")))
        #expect(outcome.refusal?.refusal == .notEnoughCredits(cost: 15, have: 0))
        #expect(rig.device.shields("instagram"))
        #expect(try rig.store.read().engine.grants.isEmpty)
    }

    @Test func aSessionReachingItsEnd_isWrittenDown_atTheMonitorsWakeUp() throws {
        // Present's, whose XP it earns (Key keeps none).
        let rig = Rig(.make(profiles: [.make("work", path: .present)]), at: at("2026-11-24 13:00"))
        rig.reconciler.reconcile(.inApp("start"), command: StartSession(profile: "work", plan: .until(at("2026-11-24 14:30"))))
        rig.clock.pass(90 * 60)
        let outcome = rig.reconciler.reconcile(.intervalDidEnd("threshold.at.1"))
        #expect(!outcome.wasQuiet)
        #expect(outcome.settled.first == .sessionEnded(id: "session-1", ending: .init(at: at("2026-11-24 14:30"), state: .completed)))
        #expect(try rig.store.read().balances.xp == 15)
        // Written once: a later reconcile finds nothing to settle.
        rig.clock.pass(60)
        #expect(rig.reconciler.reconcile(.appForeground).settled.isEmpty)
    }

    @Test func aScheduledSpan_isWrittenDownWhenItEnds() throws {
        let sleep = Profile.make("evening", path: .present, schedules: [.on(Weekday.everyDay, "23:00", "07:00")])
        let rig = Rig(.make(profiles: [sleep]), at: at("2026-11-23 22:00"))
        rig.reconciler.reconcile(.appForeground)
        rig.clock.pass(9 * 3_600)
        let outcome = rig.reconciler.reconcile(.intervalDidEnd("threshold.at.2"))
        #expect(outcome.settled.count == 4, "started, ended, XP, coins: \(outcome.settled)")
        let stored = try rig.store.read()
        #expect(stored.engine.sessions.first?.ending?.at == at("2026-11-24 07:00"))
        #expect(stored.balances.xp == 25 && stored.balances.credits == 0)
    }

    /// A rig on Monday 2026-11-23 10:00 with a two-hour goal, its first reconcile done.
    func screenTimeRig() throws -> Rig {
        var settings = Settings()
        settings.screenTime = try ScreenTimeTracking(selection: .apps("instagram"), goalMinutes: 120, since: day("2026-11-23"))
        let rig = Rig(.make(gates: [.make("selah")]), at: at("2026-11-23 10:00"))
        try rig.store.write { $0.state.settings = settings }
        rig.reconciler.reconcile(.appForeground)
        return rig
    }

    let monday = ScreenTimeTracking.activityName(on: day("2026-11-23"))

    @Test func screenTimeThresholds_areRecorded_evenOnTheQuietPath() throws {
        let rig = try screenTimeRig()
        #expect(rig.device.activities[monday] != nil, "Monday's activity is registered")
        rig.reconciler.reconcile(.intervalDidStart(monday))
        rig.clock.pass(60)
        let outcome = rig.reconciler.reconcile(.eventDidReachThreshold(activity: monday, event: "minutes-90"))
        #expect(outcome.wasQuiet)
        #expect(try rig.store.read().progress.screenTimeMinutes(on: day("2026-11-23")) == 90)
        rig.clock.pass(14 * 3_600 - 60)  // Tuesday 00:00
        rig.reconciler.reconcile(.intervalDidEnd(monday))
        #expect(try rig.store.read().progress.goalStreak == GoalStreak(days: 1, lives: 1, through: day("2026-11-23")))
        #expect(rig.device.activities[ScreenTimeTracking.activityName(on: day("2026-11-24"))] != nil, "and Tuesday's, under its own name")
    }

    @Test func aDayWithoutItsEnd_isNotCounted_andAnEndBeforeMidnightIsNotTheDaysEnd() throws {
        let rig = try screenTimeRig()
        rig.reconciler.reconcile(.intervalDidStart(monday))
        rig.clock.pass(5 * 3_600)
        rig.reconciler.reconcile(.intervalDidEnd(monday))  // iOS answering a stop at 15:00
        rig.clock.pass(18 * 3_600)  // Tuesday 09:00; Monday's midnight end never came
        rig.reconciler.reconcile(.appForeground)
        let stored = try rig.store.read().progress
        #expect(stored.reportedMinutes(on: day("2026-11-23")) == nil)
        #expect(stored.goalStreak == GoalStreak(days: 0, lives: 1, through: day("2026-11-23"), unreported: [day("2026-11-23")]))
    }

    @Test func aLateThreshold_countsForItsIntervalsDay_andTheStreakIsCountedAgain_onTheQuietPath() throws {
        let rig = try screenTimeRig()
        rig.reconciler.reconcile(.intervalDidStart(monday))
        rig.reconciler.reconcile(.eventDidReachThreshold(activity: monday, event: "minutes-90"))
        rig.clock.pass(14 * 3_600)  // Tuesday 00:00
        rig.reconciler.reconcile(.intervalDidEnd(monday))
        rig.reconciler.reconcile(.intervalDidStart(ScreenTimeTracking.activityName(on: day("2026-11-24"))))
        #expect(try rig.store.read().progress.goalStreak?.days == 1)
        rig.clock.pass(20 * 60)
        let late = rig.reconciler.reconcile(.eventDidReachThreshold(activity: monday, event: "minutes-120"))
        #expect(late.wasQuiet)
        let progress = try rig.store.read().progress
        #expect(progress.screenTimeMinutes(on: day("2026-11-23")) == 120 && progress.screenTimeMinutes(on: day("2026-11-24")) == 0)
        #expect(progress.goalStreak == GoalStreak(days: 0, lives: 0, through: day("2026-11-23")), "Monday reached the goal: its life went")
    }

    @Test func intentionStreaks_rollAtMidnight_andTheFreezeProtectsADay() throws {
        let ig = Intention.make("ig", app: "instagram", opens: 1, minutes: 5)
        let rig = Rig(.make(intentions: [ig]), at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.appForeground)
        rig.reconciler.reconcile(.inApp("open"), command: OpenIntention(intention: "ig"))
        rig.clock.pass(3_600)
        rig.reconciler.reconcile(.inApp("open"), command: OpenIntention(intention: "ig", confirmedBeyondLimit: true))
        rig.clock.pass(14 * 3_600)  // Tuesday 01:00
        rig.reconciler.reconcile(.appForeground)
        #expect(try rig.store.read().progress.streak(of: "ig")?.days == 0, "Monday went past the limit")
        rig.reconciler.reconcile(.inApp("freeze"), command: UseStreakFreeze())
        rig.reconciler.reconcile(.inApp("open"), command: OpenIntention(intention: "ig"))
        rig.clock.pass(3_600)
        rig.reconciler.reconcile(.inApp("open"), command: OpenIntention(intention: "ig", confirmedBeyondLimit: true))
        rig.clock.pass(24 * 3_600)
        rig.reconciler.reconcile(.appForeground)
        #expect(try rig.store.read().progress.streak(of: "ig")?.days == 1, "Tuesday was frozen")
    }

    @Test func theEveningPrompt_isHandedOverForSeven_andThrottled() throws {
        let rig = Rig(.make(gates: [.make("selah")]), at: at("2026-11-23 18:00"))
        try rig.store.write { $0.state.settings.reminders = Reminders(dailyReview: true, eveningPrompt: true) }
        let six = rig.reconciler.reconcile(.appForeground)
        #expect(six.scheduled.contains("evening-prompt.2026-11-23") && six.scheduled.contains("daily-review.2026-11-24"))
        #expect(rig.device.pending["evening-prompt.2026-11-23"]?.fireDate == at("2026-11-23 19:00"))
        #expect(
            rig.device.pending["evening-prompt.2026-11-24"] == nil && rig.device.pending["evening-prompt.2026-11-25"] == nil,
            "at most every third evening")
        #expect(rig.device.pending["evening-prompt.2026-11-26"]?.fireDate == at("2026-11-26 19:00"))
        let renewal = try #require(six.plan?.wakeUps.first, "nothing changes by time, so a renewal wakes the monitor to hand over more")
        #expect(renewal > at("2026-11-30 00:00"))
        rig.clock.pass(3_600)
        let seven = rig.reconciler.reconcile(.appForeground)
        #expect(seven.notified.isEmpty, "iOS showed it at its fire date")
        #expect(try rig.store.read().progress.lastEveningPrompt == day("2026-11-23"))
        rig.clock.pass(14 * 3_600)  // Tuesday 09:00
        #expect(rig.reconciler.reconcile(.appForeground).notified.isEmpty)
        #expect(rig.device.pending["daily-review.2026-11-24"]?.fireDate == at("2026-11-24 09:00"))
        rig.clock.pass(10 * 3_600)  // Tuesday 19:00: too soon for another prompt
        let tuesday = rig.reconciler.reconcile(.appForeground)
        #expect(tuesday.notified.isEmpty && tuesday.withdrawn.isEmpty)
        #expect(try rig.store.read().progress.lastEveningPrompt == day("2026-11-23"))
    }
}
