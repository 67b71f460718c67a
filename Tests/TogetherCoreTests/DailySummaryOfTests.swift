import Foundation
import PropertyBased
import Testing
import ThresholdCore
@testable import TogetherCore

/// What the app sends for a day, from the sessions and screen time it keeps.
@Suite struct DailySummaryOfTests {
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        return calendar
    }()
    let day = try! LocalDate(year: 2026, month: 11, day: 25)

    func at(_ hour: Int, _ minute: Int = 0, on date: LocalDate? = nil) -> Date {
        Clockwork(calendar: calendar).startOfDay(date ?? day).addingTimeInterval(TimeInterval(hour * 3600 + minute * 60))
    }

    func session(_ id: String, start: Date, goal: Int, ended state: EndState, at end: Date) throws -> Session {
        try Session(
            id: SessionID(id), profileID: "deep", origin: .manual, start: start, plan: .goal(minutes: goal),
            ending: Session.Ending(at: end, state: state))
    }

    @Test func countsTheXPOfSessionsCompletedThatDay_andTheDaysScreenTimePoints() throws {
        let sessions = [
            try session("a", start: at(9), goal: 45, ended: .completed, at: at(9, 45)),
            try session("b", start: at(13), goal: 120, ended: .gaveUp, at: at(13, 30)),
            // Began the day before, completed after midnight: it counts on the day it ended.
            try session("c", start: at(23, 30, on: day.adding(days: -1)), goal: 60, ended: .completed, at: at(0, 30)),
            // Completed the next day: not this one's.
            try session("d", start: at(23, 50), goal: 30, ended: .completed, at: at(0, 20, on: day.adding(days: 1))),
        ]
        let summary = DailySummary.of(day: day, sessions: sessions, screenTimeMinutes: 130, calendar: calendar)
        #expect(summary == DailySummary(day: day, xp: 8 + 10, screenTimePoints: 55))
        #expect(throws: Never.self) { try DayLimits.check(xp: summary.xp, screenTimePoints: summary.screenTimePoints) }
    }

    @Test func screenTimeNotTracked_givesNoPoints_ratherThanAHundred() {
        #expect(DailySummary.of(day: day, sessions: [], screenTimeMinutes: nil, calendar: calendar).screenTimePoints == 0)
        #expect(DailySummary.of(day: day, sessions: [], screenTimeMinutes: 0, calendar: calendar).screenTimePoints == 100)
    }

    /// Sessions of different profiles can run at once, each earning XP: whatever the sessions, the
    /// summary is one the server accepts.
    @Test func anySessions_giveASummaryTheLimitsAccept() async {
        // Each run's start minute; its goal follows from it (5 to 120 minutes).
        let starts = Gen.int(in: 0...1_439).array(of: 0...400)
        await propertyCheck(count: 200, input: starts, Gen.int(in: 0...2_000)) { starts, minutes in
            let sessions = starts.enumerated().map { index, start in
                let goal = 5 + start % 116
                return try! session("s\(index)", start: at(0, start), goal: goal, ended: .completed, at: at(0, start + goal))
            }
            let summary = DailySummary.of(day: day, sessions: sessions, screenTimeMinutes: minutes, calendar: calendar)
            #expect(throws: Never.self) { try DayLimits.check(xp: summary.xp, screenTimePoints: summary.screenTimePoints) }
        }
    }
}
