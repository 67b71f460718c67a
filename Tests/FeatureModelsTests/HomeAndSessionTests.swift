import EntryPoints
import FeatureModels
import Foundation
import StoreClient
import Testing
import TestSupport
import ThresholdCore

@MainActor
@Suite struct HomeTests {
    let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"))

    @Test func aRunningSession_isThePrimaryAction_andWhyInstagramIsBlocked() throws {
        let device = try Device(.make(profiles: [focus]))
        let session = SessionModel(client: device.client)
        session.load()
        session.start("focus", .goal(minutes: 25))
        device.advance(minutes: 10)
        let home = HomeModel(client: device.client)
        home.load()
        guard case .session(let content) = home.primary else {
            Issue.record("a running session is the primary action, got \(home.primary)")
            return
        }
        #expect(content.title == "🎯 Focus")
        let row = try #require(home.active.first)
        #expect(row.title == .named("🎯 Focus"))
        #expect(row.endsAt == monday.wall.adding(minutes: 25))
        guard case .sessionActive = row.reason else {
            Issue.record("the row says a session holds it, got \(row.reason)")
            return
        }
        #expect(home.summary?.headline == .sessionOn(session: "🎯 Focus", until: nil))
        #expect(home.today.focusedSeconds == 600)
    }

    @Test func selah_offersAPrayer_thenTheTimeRemaining_andCountsTheStreak() throws {
        let device = try Device(.make(gates: [selahGate]))
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.primary == .pray)
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.tired)
        prayer.amen()
        home.load()
        #expect(home.primary == .unlocked(until: monday.wall.adding(minutes: 10), only: .app(AppToken("instagram"))))
        #expect(home.today.unlocks == 1)
        #expect(home.streaks.prayerDays == 1)
    }

    @Test func nothingSetUp_saysSo() throws {
        let device = try Device()
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.primary == .setUp)
        #expect(home.active.isEmpty)
    }

    @Test func aDayWhoseScreenTimeWasNotReported_isShownUnderTheStreaks() throws {
        let tracking = try ScreenTimeTracking(selection: .apps("instagram"), goalMinutes: 120, since: day("2026-03-02"))
        let device = try Device(prepare: { $0.settings.screenTime = tracking })
        device.phone.faults.scripted = [.drop]  // Monday's end, at midnight
        device.advance(minutes: 23 * 60)  // Tuesday 09:00
        device.client.runtime.reconcile(.appForeground)
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.streaks.unreportedDays == [day("2026-03-02")])
        #expect(home.streaks.goal?.days == 0 && home.streaks.goal?.lives == 1, "Monday neither kept nor broke the streak")
    }

    @Test func anUnreadableStore_saysWhat_andTheShieldsStay() throws {
        let device = try Device(.make(gates: [selahGate]))
        let home = HomeModel(client: device.client)
        device.store.failNextCalls(with: .corrupt("truncated"))
        home.load()
        device.store.failNextCalls(with: nil)
        #expect(home.problem?.said.contains("damaged") == true)
        #expect(home.summary?.headline == .unreadable && home.summary?.failure == .corrupt("truncated"))
        #expect(try device.shielded("instagram"))
    }
}

@MainActor
@Suite struct SessionScreenTests {
    let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"),
                             breakPolicy: .fivePerHour)
    let beast = Profile.make("beast", name: "Beast", emoji: "🦁", path: .present, selection: .apps("tiktok"), strictness: .locked)

    /// Seed 001 §1: a goal of 5 minutes to 2 hours; the start panel offers the seed's steps.
    @Test func theGoalsOffered_runFromFiveMinutesToTwoHours() {
        #expect(SessionModel.goalChoices == [5, 10, 15, 30, 45, 60, 90, 120])
        #expect(SessionModel.goalChoices.allSatisfy { SessionLimits.manualGoalMinutes.contains($0) })
        #expect(SessionModel.goalChoices.contains(SessionModel.defaultGoal))
    }

    /// One clock with the Live Activity (seed 001 §8; issue 35 item 12): up toward the goal, then the extra time.
    @Test func theTimer_countsUpTowardTheGoal_thenCountsExtraTime() throws {
        let device = try Device(.make(profiles: [focus]))
        let model = SessionModel(client: device.client)
        model.start("focus", .goal(minutes: 30))
        #expect(model.problem == nil)
        let ten = try #require(model.timer(at: monday.wall.adding(minutes: 10)))
        #expect(ten.phase == .focusing && ten.shown == 10 * 60 && !ten.countsDown && !ten.showsExtra && ten.extra == nil)
        #expect(abs((ten.fraction ?? 0) - 1.0 / 3) < 0.0001)
        device.advance(minutes: 35)
        model.load()
        let after = try #require(model.timer(at: device.phone.clock.wall))
        #expect(after.phase == .goalReached && after.extra == 5 * 60 && after.shown == 5 * 60 && after.showsExtra)
        #expect(model.endingNow == .completed)
    }

    /// The person watches the session screen from Start past the goal: nothing reloads the model
    /// (the view's timer ticks, the monitor's reconcile is another process), and the End button
    /// must still say what ending now records — a journey found "End session" (a cancel's words)
    /// offered twenty minutes in.
    @Test func whatEndingRecords_followsTheClock_withoutAReload() throws {
        let device = try Device(.make(profiles: [focus]))
        let model = SessionModel(client: device.client)
        model.start("focus", .goal(minutes: 15))
        #expect(model.endingNow == .canceled)
        device.advance(minutes: 5)
        #expect(model.endingNow == .gaveUp)
        device.advance(minutes: 15)
        #expect(model.endingNow == .completed)
    }

    @Test func givingUp_beforeTheGoal_isRecorded_withWhatItEarned() throws {
        // Earned Access in use too (a mode with no schedule), so the focus banks credits.
        let mode = Profile.make("mode", path: .earnedAccess, unlockPolicy: .earnedAccess)
        let device = try Device(.make(profiles: [focus, mode]))
        let model = SessionModel(client: device.client)
        model.start("focus", .goal(minutes: 30))
        device.advance(minutes: 12)
        model.load()
        #expect(model.endingNow == .gaveUp)
        model.end()
        #expect(model.problem == nil)
        #expect(model.lastEnding?.state == .gaveUp)
        #expect(model.lastEnding?.earned == [SessionEnding.Earning(account: .credits, amount: 6)])
        #expect(model.lastEnding?.focusedSeconds.map { Int($0.rounded()) } == 12 * 60)
        #expect(model.running == nil)
        #expect(try !device.shielded("instagram"))
    }

    @Test func beastMode_refusesEnd_showingUntilWhen_andTheShieldStays() throws {
        let device = try Device(.make(profiles: [beast]))
        let model = SessionModel(client: device.client)
        model.start("beast", .goal(minutes: 45))
        #expect(model.confirming != nil, "the Session tab asks before a Beast Mode start")
        model.confirmStart()
        device.advance(minutes: 3)
        model.load()
        #expect(model.endRefusal?.said == "Beast Mode is on: 🦁 Beast cannot be given up. Its goal is at 10:45 AM, in 42 min; then you can end it, and the apps stay shielded until you do.")
        model.end()
        #expect(model.problem == model.endRefusal)
        #expect(model.running != nil)
        #expect(try device.shielded("tiktok"))
    }

    @Test func beastMode_needsAnEnd_whenStarted() throws {
        let device = try Device(.make(profiles: [beast]))
        let model = SessionModel(client: device.client)
        model.start("beast", .openEnded)
        #expect(model.problem?.said.hasPrefix("Beast Mode needs an end") == true)
        #expect(model.running == nil)
        #expect(try !device.shielded("tiktok"))
    }

    @Test func aBreak_liftsTheShield_andTheQuotaSaysWhenTheNextIs() throws {
        let device = try Device(.make(profiles: [focus]))
        let model = SessionModel(client: device.client)
        model.start("focus", .goal(minutes: 120))
        device.advance(minutes: 10)
        model.load()
        #expect(model.quota?.remaining == 1 && model.breakRefusal == nil)
        model.takeBreak()
        #expect(model.running?.phase == .onBreak)
        #expect(try !device.shielded("instagram"))
        device.advance(minutes: 1)
        model.endBreak()
        #expect(model.running?.phase == .focusing)
        #expect(try device.shielded("instagram"))
        #expect(model.quota?.remaining == 0)
        #expect(model.breakRefusal?.said == "You have taken your 1 break for this hour; the next is available at 11:00 AM (in 49 min).")
        model.takeBreak()
        #expect(model.problem == model.breakRefusal)
        #expect(try device.shielded("instagram"))
    }

    @Test func aProfileWithoutBreaks_saysSo() throws {
        let device = try Device(.make(profiles: [beast]))
        let model = SessionModel(client: device.client)
        model.start("beast", .minutes(30))
        model.confirmStart()
        #expect(model.breakRefusal?.said == "🦁 Beast allows no breaks.")
    }
}

@MainActor
@Suite struct UnreadableStoreTests {
    @Test func anUnreadableStore_isReported_andEachScreenKeepsWhatItShowed() throws {
        let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"))
        let device = try Device(.make(profiles: [focus], intentions: [.make("ig", app: "tiktok", opens: 2)]))
        let session = SessionModel(client: device.client)
        let profiles = ProfilesModel(client: device.client)
        let intentions = IntentionsModel(client: device.client)
        for load in [session.load, profiles.load, intentions.load] { load() }
        session.start("focus", .goal(minutes: 25))
        try #require(session.running != nil)
        device.store.failNextCalls(with: .busy)
        for load in [session.load, profiles.load, intentions.load] { load() }
        device.store.failNextCalls(with: nil)
        for problem in [session.problem, profiles.problem, intentions.problem] {
            #expect(problem?.said.contains("busy") == true)
        }
        #expect(session.running?.profileID == "focus" && session.startable.map(\.id) == ["focus"])
        #expect(profiles.rows.map(\.id) == ["focus"])
        #expect(intentions.rows.map(\.id) == ["ig"])
        #expect(try device.shielded("instagram"))
    }
}
