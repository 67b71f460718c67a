import EntryPoints
import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore

/// The Live Activity's buttons run in the app's process through the session commands; a refusal
/// reaches the person.
@Suite struct LiveActivityPressTests {
    let work = Profile.make("work", name: "Work", emoji: "💼", path: .key, selection: .apps("tiktok"), breakPolicy: .fivePerHour)
    let beast = Profile.make("beast", name: "Beast", emoji: "🦁", path: .present, selection: .apps("tiktok"), strictness: .locked)

    @Test func breakThenBackToFocus_fromTheLiveActivity() throws {
        let phone = try phone(.make(profiles: [work], sessions: [.make("s1", profile: "work", start: monday)]))
        #expect(phone.liveActivities.current?.buttons == [.end, .takeBreak])
        #expect(try phone.pressLiveActivity(.takeBreak).accepted)
        #expect(!phone.shieldedApps.contains("tiktok"))
        #expect(
            phone.liveActivities.current?.phase == .onBreak && phone.liveActivities.current?.buttons == [.end, .backToFocus],
            "an intent runs in the app's process, which may update the Live Activity")
        phone.advance(by: 60)
        #expect(try phone.pressLiveActivity(.backToFocus).accepted)
        #expect(phone.shieldedApps.contains("tiktok"))
        #expect(phone.liveActivities.current?.phase == .focusing)
        // Between them only the monitor's echoes of the break's usage activity (registered, stopped).
        #expect(phone.outcomes.filter { $0.process != .monitor }.suffix(2).allSatisfy { $0.process == .intent })
    }

    /// Seed 001 §8: ended from the Live Activity, it says how it went — the XP earned, or how
    /// long the person lasted — and stays a while (a dismissal policy, not `.immediate`).
    @Test func endedFromTheLiveActivity_itShowsTheXP_andStaysAWhile() throws {
        let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("tiktok"))
        let phone = try phone(.make(profiles: [focus], sessions: [.make("s1", profile: "focus", start: monday, plan: .goal(minutes: 45))]))
        phone.advance(by: 50 * 60)
        #expect(try phone.pressLiveActivity(.end).accepted)
        #expect(phone.liveActivities.current == nil)
        let ended = try #require(phone.liveActivities.lingering(at: phone.clock.wall))
        #expect(ended.ending?.state == .completed && ended.ending?.xp == 8)
        #expect(ended.ending?.dismissAt == phone.clock.wall.addingTimeInterval(LiveActivityEnding.shownFor))
        phone.advance(by: LiveActivityEnding.shownFor)
        #expect(phone.liveActivities.lingering(at: phone.clock.wall) == nil)
    }

    /// A session that ends by itself while only the monitor runs keeps the content written ahead
    /// (stale from its end); the app, when it next runs, sets the ending.
    @Test func aSessionEndingWithTheAppClosed_getsItsEndingWhenTheAppNextRuns() throws {
        let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("tiktok"))
        let phone = try phone(
            .make(profiles: [focus], sessions: [.make("s1", profile: "focus", start: monday, plan: .until(monday.adding(minutes: 30)))]))
        #expect(phone.liveActivities.current != nil)
        phone.leaveThreshold()
        phone.advance(by: 40 * 60)
        #expect(!phone.shieldedApps.contains("tiktok"))
        #expect(
            phone.liveActivities.current?.isStale(at: phone.clock.wall) == true, "the monitor cannot end it; it shows itself out of date")
        phone.openThreshold()
        #expect(phone.liveActivities.current == nil)
        #expect(phone.liveActivities.lingering(at: phone.clock.wall)?.ending?.state == .completed)
    }

    /// Seed 001 §8 / issue 13, item 5: past the goal the Live Activity counts the extra time, once
    /// the app says the goal is reached. With the app open at the goal, iOS presents the goal's
    /// notification to it (`willPresent`), and the app reconciles then; closed, it says so at the
    /// app's next reconcile (a foreground).
    @Test func reachingTheGoal_withTheAppOpen_theLiveActivitySaysSo() throws {
        let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("tiktok"))
        let setup = ThresholdState.make(
            profiles: [focus], sessions: [.make("s1", profile: "focus", start: monday, plan: .goal(minutes: 30))])
        let open = try phone(setup)
        open.openThreshold()
        open.advance(by: 31 * 60)
        #expect(open.liveActivities.current?.phase == .goalReached, "the open app hears the goal's notification")
        let other = try phone(setup)
        other.leaveThreshold()
        other.advance(by: 31 * 60)
        #expect(
            other.liveActivities.current?.phase == .focusing, "closed, the app hears nothing; the content written ahead stops at the goal")
        other.openThreshold()
        #expect(other.liveActivities.current?.phase == .goalReached, "the next foreground says so")
    }

    @Test func givenUpFromTheLiveActivity_itShowsHowLongThePersonLasted() throws {
        let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("tiktok"))
        let phone = try phone(.make(profiles: [focus], sessions: [.make("s1", profile: "focus", start: monday, plan: .goal(minutes: 45))]))
        phone.advance(by: 12 * 60)
        #expect(try phone.pressLiveActivity(.end).accepted)
        #expect(
            phone.liveActivities.lingering(at: phone.clock.wall)?.ending?.state == .gaveUp
                && phone.liveActivities.lingering(at: phone.clock.wall)?.ending?.lasted == 12 * 60)
    }

    @Test func aRefusedEnd_inBeastMode_reachesThePersonAsANotification() throws {
        let phone = try phone(
            .make(profiles: [beast], sessions: [.make("s1", profile: "beast", start: monday, plan: .until(monday.adding(minutes: 60)))]))
        #expect(phone.liveActivities.current?.buttons == [.end], "Beast Mode allows no breaks, so no Break button")
        let press = try phone.pressLiveActivity(.end)
        #expect(!press.accepted)
        let note = try #require(press.notification)
        #expect(phone.worded(note).title == "The session keeps going")
        #expect(phone.worded(note).body == phone.refusalWords.words(try #require(press.reconciliation.problem)))
        #expect(phone.notifications.inbox.map(\.id).contains(note.id))
        #expect(phone.shieldedApps.contains("tiktok"))
        #expect(throws: SimulatorError.self) { try phone.pressLiveActivity(.takeBreak) }
    }

    @Test func aRefusalThatCannotBePosted_isStillReported() throws {
        let phone = try phone(
            .make(profiles: [beast], sessions: [.make("s1", profile: "beast", start: monday, plan: .until(monday.adding(minutes: 60)))]))
        // The widget extension may post nothing: the refusal comes back as the press's problem.
        let press = phone.runtime(for: .widget).pressLiveActivity(.end, profile: "beast")
        #expect(press.notification == nil)
        #expect(said(press.problem)?.contains("could not be posted") == true)
    }

    @Test func theShieldsFollowUp_isTimeSensitive() {
        #expect(LocalNotification.followUp(to: .home, appName: nil).interruption == .timeSensitive)
        #expect(LocalNotification.refusal(of: .end, profile: "beast", because: .noSessionRunning).interruption == .active)
    }
}

@Suite struct RunningSessionTests {
    @Test func endingTheRunningSession_findsTheOneInForce_notAStaleLiveActivity() throws {
        let hours = Profile.make(
            "early", name: "Early", path: .key, selection: .apps("tiktok"), schedules: [.on(Weekday.weekdays, "09:00", "10:00")])
        let later = Profile.make(
            "late", name: "Late", path: .key, selection: .apps("youtube"), schedules: [.on(Weekday.weekdays, "10:00", "11:00")])
        let phone = try SimulatedPhone(
            start: at("2026-03-02 09:30"), timeZone: TimeZone(identifier: "America/New_York")!,
            setup: .make(profiles: [hours, later]))
        phone.openThreshold()
        #expect(phone.liveActivities.current?.profileID == "early")
        phone.killApp()
        phone.advance(to: at("2026-03-02 10:05"))
        #expect(phone.liveActivities.current?.profileID == "early", "the monitor could neither end it nor start the next")
        let done = phone.runtime(for: .intent).endSession(from: .appIntent("EndSession"))
        #expect(done.problem == nil)
        #expect(!phone.shieldedApps.contains("youtube"))
    }
}
