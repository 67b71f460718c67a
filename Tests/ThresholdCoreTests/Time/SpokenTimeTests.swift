import Foundation
import Testing
import ThresholdCore

/// Core's English messages to a person name a time on the en_US clock, as the phone's words do
/// (`threshold crawl` found "until 17:00" and "09:00–17:00" on screen).
@Suite struct SpokenTimeTests {
    @Test(arguments: [(0, 0, "12:00 AM"), (0, 30, "12:30 AM"), (9, 5, "9:05 AM"), (12, 0, "12:00 PM"), (17, 0, "5:00 PM"), (23, 59, "11:59 PM")])
    func aTimeOfDay_isSpokenOnTheTwelveHourClock(hour: Int, minute: Int, spoken: String) throws {
        #expect(try LocalTime(hour: hour, minute: minute).spoken == spoken)
    }

    @Test func anInstant_isSpokenOnTheLocalClock() throws {
        let clock = Clockwork(timeZone: try #require(TimeZone(identifier: "America/New_York")))
        // 2026-11-23 22:00 UTC is 5:00 PM in New York.
        #expect(clock.spoken(Date(timeIntervalSince1970: 1_795_471_200)) == "5:00 PM")
    }
}
