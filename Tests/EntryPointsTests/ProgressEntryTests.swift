import EntryPoints
import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore

/// Sessions and progress as the extensions and intents meet them.
@Suite struct ProgressEntryTests {
    @Test func closingAShield_notesAnAttemptResisted() throws {
        let phone = try phone(.make(gates: [selah]))
        let work = Profile.make("work", name: "Work", path: .key, selection: .apps("tiktok"))
        try phone.store.write { $0.state.engine = try $0.state.engine.with(profiles: [work]) }
        let runtime = runtime(phone)
        runtime.startProfile("work", from: .appIntent("StartProfile"))
        let result = runtime.pressShield(.primary, on: shielded("tiktok", on: phone))
        #expect(result.response == .close)
        let resisted = try phone.store.events(EventQuery(kinds: WeeklyInsights.eventKinds)).map(\.event)
        #expect(resisted == [.attemptResisted(.profile("work"))])
    }

    @Test func theIntentionShield_showsTheAppsStreak() throws {
        let phone = try phone(.make(intentions: [.make("ig", app: "instagram", opens: 2, minutes: 5)]))
        try phone.store.write {
            $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "ig", days: 4, through: day("2026-03-01"))]
        }
        let shown = ShieldContent.shown(
            for: shielded("instagram", on: phone), in: Result { try phone.store.read() }, deviceZone: phone.clock.timeZone)
        #expect(shown.subtitle == .opensUsed(used: 0, perDay: 2, streak: 4, spent: false))
    }

    @Test func resume_fromTheLiveActivity_endsTheBreak() throws {
        let work = Profile.make("work", path: .key, selection: .apps("tiktok"), breakPolicy: .fivePerHour)
        let phone = try phone(.make(profiles: [work], sessions: [.make("s1", profile: "work", start: monday)]))
        let runtime = runtime(phone, .app)
        phone.advance(by: 60)
        #expect(runtime.takeBreak(from: .liveActivityButton("Break")).problem == nil)
        #expect(!phone.shieldedApps.contains("tiktok"))
        phone.advance(by: 60)
        #expect(runtime.endBreak(from: .liveActivityButton("Resume")).problem == nil)
        #expect(phone.shieldedApps.contains("tiktok"))
        #expect(
            runtime.takeBreak(from: .liveActivityButton("Break")).problem.flatMap(said)?.contains("the next is available at 11:00") == true)
    }

    @Test func theStreakWidget_showsTheGoalStreak_whenAGoalIsSet() {
        var state = StoredState.initial
        state.progress.goalStreak = GoalStreak(days: 12, lives: 2, through: day("2026-03-01"))
        #expect(WidgetSnapshot.make(state: state, events: [], now: monday, calendar: calendar()).streakDays == 12)
    }
}
