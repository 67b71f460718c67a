import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// Setting the daily screen-time goal from Settings or onboarding (issue 13, item 1).
@Suite struct ScreenTimeGoalSettingTests {
    let monday = try! LocalDate(parsing: "2026-11-23")
    let apps = Selection.apps("instagram", "tiktok")

    /// Issue 24 item 23: an allow list names the apps it keeps open; they are not screen time.
    @Test func whatCounts_isWhatIsShielded_notAnAllowListsAllowedApps() throws {
        let blocking = Profile.make("work", selection: .apps("instagram"))
        let allowing = Profile.make("sleep", selection: .apps("maps", "phone"), listMode: .allowList)
        let state = ThresholdState.make(
            profiles: [blocking, allowing], gates: [.make("selah", selection: .apps("tiktok"))],
            intentions: [.make("yt", app: "youtube", opens: 3)])
        #expect(state.screenTimeSelection.applications == Set(["instagram", "tiktok", "youtube"].map(AppToken.init)))
    }

    @Test func aFirstGoal_tracksThePickedApps_fromToday() throws {
        var settings = Settings()
        try settings.setScreenTimeGoal(180, counting: apps, on: monday)
        #expect(settings.screenTime?.goalMinutes == 180)
        #expect(settings.screenTime?.selection == apps)
        #expect(settings.screenTime?.since == monday)
    }

    @Test func aDifferentGoal_startsAfresh_theSameGoalChangesNothing() throws {
        var settings = Settings()
        try settings.setScreenTimeGoal(180, counting: apps, on: monday)
        try settings.setScreenTimeGoal(180, counting: .apps("maps"), on: monday.adding(days: 3))
        #expect(settings.screenTime?.since == monday)
        try settings.setScreenTimeGoal(120, counting: .apps("maps"), on: monday.adding(days: 3))
        #expect(settings.screenTime?.since == monday.adding(days: 3))
        #expect(settings.screenTime?.selection == apps, "what counts stays what it was")
    }

    @Test func noGoal_keepsTheScore_butDropsTheStreak_andSetsNothingUpOnItsOwn() throws {
        var fresh = Settings()
        try fresh.setScreenTimeGoal(nil, counting: apps, on: monday)
        #expect(fresh.screenTime == nil)
        var settings = Settings()
        try settings.setScreenTimeGoal(60, counting: apps, on: monday)
        try settings.setScreenTimeGoal(nil, counting: apps, on: monday.adding(days: 1))
        #expect(settings.screenTime != nil && settings.screenTime?.goalMinutes == nil)
    }

    @Test(arguments: [0, 29, 45, 16 * 60 + 30, 24 * 60])
    func aGoalOutsideHalfAnHourToSixteenHours_isRefused_andNothingChanges(minutes: Int) throws {
        var settings = Settings()
        try settings.setScreenTimeGoal(120, counting: apps, on: monday)
        let before = settings
        #expect(throws: ValidationError.self) { try settings.setScreenTimeGoal(minutes, counting: apps, on: monday.adding(days: 1)) }
        #expect(settings == before)
        do {
            try settings.setScreenTimeGoal(minutes, counting: apps, on: monday)
        } catch {
            #expect((error as? ValidationError)?.refusal == .outOfRange(.screenTimeGoalMinutes, value: minutes))
        }
    }

    @Test func everyGoalOffered_isAValidGoal() throws {
        for minutes in Settings.screenTimeGoalChoices {
            var settings = Settings()
            try settings.setScreenTimeGoal(minutes, counting: apps, on: monday)
        }
    }
}
