import Foundation
import Testing
@testable import ThresholdCore

/// How long a session started by hand or from a Shortcut runs (issue 14, item 1): a goal, a
/// length that ends it by itself ("25 minutes", "an hour"), an end time of day, or until the
/// person ends it. A length becomes an end instant at the moment it starts.
@Suite struct SessionLengthChoiceTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let calendar = Calendar.gregorian(in: zone)
    static let clock = Clockwork(calendar: calendar)
    static func at(_ day: String, _ hour: Int, _ minute: Int = 0) throws -> Date {
        clock.instant(of: try LocalDate(parsing: day), at: try LocalTime(hour: hour, minute: minute))
    }

    @Test func aLength_endsThatLongAfterTheStart() throws {
        let now = try Self.at("2026-11-24", 14, 5)
        #expect(SessionLength.minutes(25).plan(from: now, calendar: Self.calendar) == .until(now.addingTimeInterval(25 * 60)))
        #expect(SessionLength.openEnded.plan(from: now, calendar: Self.calendar) == .openEnded)
        #expect(SessionLength.goal(minutes: 30).plan(from: now, calendar: Self.calendar) == .goal(minutes: 30))
    }

    @Test func aTimeOfDay_isTheNextOne_tomorrowWhenItHasPassed() throws {
        let now = try Self.at("2026-11-24", 14, 5)
        #expect(
            SessionLength.until(try LocalTime(hour: 14, minute: 30)).plan(from: now, calendar: Self.calendar)
                == .until(try Self.at("2026-11-24", 14, 30)))
        #expect(
            SessionLength.until(try LocalTime(hour: 7)).plan(from: now, calendar: Self.calendar)
                == .until(try Self.at("2026-11-25", 7)))
        #expect(
            SessionLength.until(try LocalTime(hour: 14, minute: 5)).plan(from: now, calendar: Self.calendar)
                == .until(try Self.at("2026-11-25", 14, 5)), "the time it is now means tomorrow's")
    }

    @Test func aTimeOfDay_acrossTheSpringGap_endsWhenTheClockFirstReadsPastIt() throws {
        // 2027-03-14 02:30 does not exist in New York; the session ends at 03:00, when the clocks jump.
        let now = try Self.at("2027-03-14", 1, 0)
        guard case .until(let end) = SessionLength.until(try LocalTime(hour: 2, minute: 30)).plan(from: now, calendar: Self.calendar) else {
            Issue.record("an end time plans an end instant")
            return
        }
        let latest = try Self.at("2027-03-14", 3, 0).addingTimeInterval(30 * 60)
        #expect(end > now && end <= latest)
    }

    @Test func theLengthsTheScreenOffers_areWithinWhatASessionMayLast() {
        for minutes in SessionLength.choices {
            #expect(SessionLimits.manualUntilMinutes.contains(minutes), "\(minutes) min")
        }
        #expect(SessionLength.choices.contains(25) && SessionLength.choices.contains(60))
    }
}
