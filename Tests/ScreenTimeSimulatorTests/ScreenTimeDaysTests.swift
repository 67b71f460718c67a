import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import Testing
import TestSupport
import ThresholdCore

/// The screen-time goal's streak over the callbacks the simulated phone really delivers: a day is
/// credited only when its report arrived, and a late threshold counts for the day that reached it.
@Suite struct ScreenTimeDaysTests {
    let ny = TimeZone(identifier: "America/New_York")!

    /// A phone on Monday 2026-11-23 08:00 with a two-hour goal on Instagram, opened once.
    func phone() throws -> SimulatedPhone {
        let phone = try SimulatedPhone(start: at("2026-11-23 08:00"), timeZone: ny, setup: .empty)
        let tracking = try ScreenTimeTracking(selection: .apps("instagram"), goalMinutes: 120, since: day("2026-11-23"))
        try phone.store.write { $0.state.settings.screenTime = tracking }
        phone.openThreshold()
        return phone
    }

    func goalStreak(_ phone: SimulatedPhone) throws -> GoalStreak? { try phone.store.read().progress.goalStreak }

    @Test func aDayWhoseEndNeverArrived_neitherEarnsNorBreaksTheStreak() throws {
        let phone = try phone()
        _ = try phone.use("instagram", for: 45 * 60)
        phone.advance(to: at("2026-11-24 09:00"))
        #expect(try goalStreak(phone)?.days == 1, "Monday's start and end arrived: under the goal")
        _ = try phone.use("instagram", for: 30 * 60)
        phone.advance(by: 2 * 60)  // iOS reports the 30-minute threshold in its next batch
        phone.faults.scripted = [.drop]  // Tuesday's end, at midnight
        phone.advance(to: at("2026-11-25 09:00"))
        phone.openThreshold()
        let streak = try #require(try goalStreak(phone))
        #expect(
            streak.days == 1 && streak.lives == 1 && streak.through == day("2026-11-24"),
            "Tuesday has no end: it is not known, so it neither adds to the streak nor costs a life")
    }

    @Test func daysWithAccessRevoked_neitherEarnNorBreakTheStreak() throws {
        let phone = try phone()
        phone.advance(to: at("2026-11-24 10:00"))
        #expect(try goalStreak(phone)?.days == 1)
        phone.authorization = .denied
        phone.openThreshold()
        phone.advance(to: at("2026-11-27 09:00"))
        phone.openThreshold()
        let streak = try #require(try goalStreak(phone))
        // Tuesday's activity was registered before access went; Wednesday's and Thursday's could not be.
        #expect(streak.days == 2 && streak.through == day("2026-11-26"), "no report came for Wednesday or Thursday: \(streak)")
    }

    @Test func aLateThreshold_countsForTheDayWhoseIntervalReachedIt() throws {
        let phone = try phone()
        _ = try phone.use("instagram", for: 100 * 60)
        phone.advance(to: at("2026-11-23 23:30"))
        _ = try phone.use("instagram", for: 11 * 60)  // the 110-minute warning, reached at 23:40 and reported at 23:41
        phone.faults.maximumDelay = 30 * 60
        phone.faults.scripted = [.delay]
        _ = try phone.use("instagram", for: 9 * 60)  // two hours reached at 23:50, reported at 23:51, delivered at 00:21
        phone.advance(to: at("2026-11-24 09:00"))
        #expect(phone.wakeUps.contains { $0.scheduled == at("2026-11-23 23:51") && $0.at == at("2026-11-24 00:21") })
        let progress = try phone.store.read().progress
        #expect(progress.screenTimeMinutes(on: day("2026-11-23")) == 120)
        #expect(progress.screenTimeMinutes(on: day("2026-11-24")) == 0, "the threshold belongs to Monday's interval")
        #expect(
            progress.goalStreak?.days == 0 && progress.goalStreak?.lives == 0,
            "Monday reached the goal: its life is used, though midnight first counted it at 110 minutes")
    }
}
