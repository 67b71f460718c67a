import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct ScheduleTests {
    let newYork = Clockwork(calendar: calendar("America/New_York"))
    let sleep = Schedule.on(Weekday.everyDay, "23:00", "07:00")

    @Test func overnightSpan_acrossSpringForward_lastsSevenHours() throws {
        // 2026-03-08 02:00 EST becomes 03:00 EDT.
        let span = try #require(sleep.occurrence(startingOn: day("2026-03-07"), in: newYork))
        #expect(span.start == at("2026-03-07 23:00"))
        #expect(span.end == at("2026-03-08 07:00"))
        #expect(span.end.timeIntervalSince(span.start) == 7 * 3600)
        #expect(sleep.occurrence(at: at("2026-03-08 06:59"), in: newYork) == span)
        #expect(sleep.occurrence(at: at("2026-03-08 07:00"), in: newYork) == nil)
    }

    @Test func overnightSpan_acrossFallBack_lastsNineHours() throws {
        // 2026-11-01 02:00 EDT becomes 01:00 EST.
        let span = try #require(sleep.occurrence(startingOn: day("2026-10-31"), in: newYork))
        #expect(span.end.timeIntervalSince(span.start) == 9 * 3600)
        // 01:30 happens twice; both readings are inside the span.
        let firstOneThirty = at("2026-11-01 01:30")
        #expect(sleep.occurrence(at: firstOneThirty, in: newYork) == span)
        #expect(sleep.occurrence(at: firstOneThirty.adding(minutes: 60), in: newYork) == span)
        #expect(sleep.nextBoundary(after: firstOneThirty, in: newYork) == at("2026-11-01 07:00"))
    }

    @Test func timeSkippedBySpringForward_startsWhenTheGapEnds() throws {
        let schedule = Schedule.on([.sunday], "02:30", "04:00")
        let span = try #require(schedule.occurrence(startingOn: day("2026-03-08"), in: newYork))
        #expect(span.start == at("2026-03-08 03:00"))
        #expect(span.end.timeIntervalSince(span.start) == 3600)
    }

    @Test func spanSwallowedByTheGap_doesNotOccur() {
        let schedule = Schedule.on([.sunday], "02:10", "02:50")
        #expect(schedule.occurrence(startingOn: day("2026-03-08"), in: newYork) == nil)
        #expect(schedule.occurrence(startingOn: day("2026-03-15"), in: newYork) != nil)
    }

    @Test func weekdaysName_theDayASpanStarts() {
        let friday = Schedule.on([.friday], "23:00", "07:00")
        // Friday night into Saturday morning is on; Saturday night is not.
        #expect(friday.occurrence(at: at("2026-11-21 06:00"), in: newYork) != nil)  // Saturday 06:00
        #expect(friday.occurrence(at: at("2026-11-21 23:30"), in: newYork) == nil)  // Saturday night
        #expect(friday.occurrence(at: at("2026-11-20 22:59"), in: newYork) == nil)
    }

    @Test func nextBoundary_skipsDaysTheScheduleDoesNotRun() {
        let work = Schedule.on(Weekday.weekdays, "09:00", "17:00")
        // Saturday 2026-11-21 noon → Monday 09:00.
        #expect(work.nextBoundary(after: at("2026-11-21 12:00"), in: newYork) == at("2026-11-23 09:00"))
        #expect(work.nextBoundary(after: at("2026-11-23 09:00"), in: newYork) == at("2026-11-23 17:00"))
    }

    @Test func spansAreHalfOpen() {
        let work = Schedule.on([.monday], "09:00", "17:00")
        #expect(work.occurrence(at: at("2026-11-23 09:00"), in: newYork) != nil)
        #expect(work.occurrence(at: at("2026-11-23 17:00"), in: newYork) == nil)
    }

    @Test func timeZoneChange_movesTheScheduleWithThePerson() {
        let work = Schedule.on([.monday], "09:00", "17:00")
        let instant = at("2026-11-23 09:30")  // 09:30 in New York is 06:30 in Los Angeles
        #expect(work.occurrence(at: instant, in: newYork) != nil)
        #expect(work.occurrence(at: instant, in: Clockwork(calendar: calendar("America/Los_Angeles"))) == nil)
    }

    @Test func halfHourZone_resolvesItsOwnDSTChange() throws {
        // Lord Howe Island moves by 30 minutes: 02:00 → 02:30 on 2026-10-04.
        let lordHowe = Clockwork(calendar: calendar("Australia/Lord_Howe"))
        let schedule = Schedule.on([.sunday], "02:15", "03:00")
        let span = try #require(schedule.occurrence(startingOn: day("2026-10-04"), in: lordHowe))
        #expect(span.end.timeIntervalSince(span.start) == 30 * 60)
    }

    @Test func invalidSchedules_areRefusedWithAReason() {
        #expect(throws: ValidationError.self) { try Schedule(id: "x", weekdays: [], start: time("09:00"), end: time("10:00")) }
        #expect(throws: ValidationError("schedule x", .scheduleStartsAtEnd(time("09:00")))) {
            try Schedule(id: "x", weekdays: [.monday], start: time("09:00"), end: time("09:00"))
        }
        #expect(throws: ValidationError.self) { try LocalTime(parsing: "24:00") }
        #expect(throws: ValidationError.self) { try LocalTime(parsing: "9am") }
    }
}

@Suite struct ClockworkTests {
    @Test func localDates_followTheCivilCalendar() throws {
        #expect(try LocalDate(parsing: "1970-01-01").dayNumber == 0)
        #expect(try LocalDate(parsing: "2026-11-21").weekday == .saturday)
        #expect(try LocalDate(parsing: "2024-02-29").adding(days: 1).description == "2024-03-01")
        #expect(try LocalDate(parsing: "2026-11-21").mondayOfWeek.description == "2026-11-16")
        #expect(try LocalDate(parsing: "2026-11-23").mondayOfWeek.description == "2026-11-23")
        #expect(throws: ValidationError.self) { try LocalDate(parsing: "2026-02-29") }
    }

    @Test func localDateOfAnInstant_usesTheZone() {
        let instant = at("2026-11-21 23:30")
        #expect(Clockwork(calendar: calendar("America/New_York")).localDate(of: instant).description == "2026-11-21")
        #expect(Clockwork(calendar: calendar("Europe/London")).localDate(of: instant).description == "2026-11-22")
    }

    @Test func midnightInAZoneThatSkipsIt_isTheEndOfTheGap() {
        // America/Santiago springs forward at 24:00 on 2026-09-05 → 2026-09-06 starts at 01:00.
        let santiago = Clockwork(calendar: calendar("America/Santiago"))
        let start = santiago.startOfDay(day("2026-09-06"))
        #expect(santiago.localDate(of: start).description == "2026-09-06")
        #expect(santiago.secondsIntoDay(of: start) == 3600)
    }
}
