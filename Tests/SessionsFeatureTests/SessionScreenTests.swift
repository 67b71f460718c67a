import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
@testable import SessionsFeature
import StoreClient
import TestSupport
import Testing
import ThresholdCore

@MainActor
@Suite struct SessionScreenTests {
    let focus = Profile.make(
        "focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"),
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
        #expect(
            model.endRefusal?.said
                == "Beast Mode is on: 🦁 Beast cannot be given up. Its goal is at 10:45 AM, in 42 min; then you can end it, and the apps stay shielded until you do."
        )
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
