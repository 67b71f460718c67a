import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// iOS 26.2–26.3 fire usage thresholds at the first pickup or minutes into an interval
/// (FB21267341, FB21560904): minutes of use a day had not yet had time for are not believed, and a
/// threshold really reached, however late it arrives, always is.
@Suite struct FalseThresholdTests {
    static let clock = Clockwork(calendar: calendar())

    @Test func twoHoursOfUse_tenMinutesAfterMidnight_isNotBelieved_andAtTwoIs() {
        let tuesday = day("2026-11-24")
        let report = ScreenTimeReport.reached(minutes: 120, on: tuesday)
        #expect(!report.isPossible(at: at("2026-11-24 00:10"), clock: Self.clock))
        #expect(!report.isPossible(at: at("2026-11-24 01:59"), clock: Self.clock))
        #expect(report.isPossible(at: at("2026-11-24 02:00"), clock: Self.clock))
        #expect(report.isPossible(at: at("2026-11-25 00:30"), clock: Self.clock), "a day's threshold delivered after midnight is believed")
        #expect(ScreenTimeReport.started(tuesday).isPossible(at: at("2026-11-24 00:00"), clock: Self.clock))
        #expect(ScreenTimeReport.ended(tuesday).isPossible(at: at("2026-11-24 00:00"), clock: Self.clock))
    }

    /// On the day the clocks spring forward the day has 23 hours: what counts is the time that
    /// passed, not the hour on the clock.
    @Test func onTheDayTheClocksGoForward_theTimeThatPassedCounts() {
        let report = ScreenTimeReport.reached(minutes: 150, on: day("2026-03-08"))
        #expect(!report.isPossible(at: at("2026-03-08 03:29"), clock: Self.clock), "2 h 29 min have passed")
        #expect(report.isPossible(at: at("2026-03-08 03:30"), clock: Self.clock), "2 h 30 min have passed")
    }

    /// Any threshold reached by use — the use ends at or after the day's start plus its minutes —
    /// is believed whenever it arrives; one that arrives before that is not.
    @Test func aThresholdReachedByUse_isAlwaysBelieved_andOneBeforeItsTimeNever() async {
        let input = Generator(run: { rng -> (minutes: Int, offset: Int, dayNumber: Int) in
            (
                Int.random(in: 1...48, using: &rng) * 30, Int.random(in: -1_440...2_880, using: &rng),
                20_400 + Int.random(in: 0..<730, using: &rng)
            )
        })
        await propertyCheck(count: 500, input: input) { sample in
            let day = LocalDate(dayNumber: sample.dayNumber)
            let reached = Self.clock.startOfDay(day).addingTimeInterval(TimeInterval(sample.minutes) * 60)
            let arrives = reached.addingTimeInterval(TimeInterval(sample.offset) * 60)
            let report = ScreenTimeReport.reached(minutes: sample.minutes, on: day)
            #expect(report.isPossible(at: arrives, clock: Self.clock) == (sample.offset >= 0), "\(sample)")
        }
    }
}
