import Foundation
import PropertyBased
import Testing
import ThresholdCore
@testable import TogetherCore

@Suite struct DayLimitsTests {
    @Test func theLimitsAreDerivedFromTheEnginesTables() {
        #expect(DayLimits.bestXPPerMinute == 0.6, "3 XP for a 5-minute goal")
        #expect(DayLimits.mostXPPerSession == 25)
        #expect(DayLimits.maximumXP == 925)
        #expect(DayLimits.maximumScreenTimePoints == 100)
        #expect(DayLimits.maximumPoints == 1_025)
        #expect(DayLimits.screenTimePointValues == [100, 75, 55, 40, 28, 18, 10, 4, 0])
    }

    /// Back-to-back sessions of random goals, with the first beginning before midnight: their XP never
    /// passes the limit, however the goals are chosen.
    @Test func anyRunOfSessionsEndingInADay_holdsNoMoreXPThanTheLimit() async {
        let goals = Gen.int(in: SessionLimits.manualGoalMinutes).array(of: 1...400)
        await propertyCheck(count: 300, input: goals, Gen.int(in: 0...120)) { goals, startedBeforeMidnight in
            var clock = -startedBeforeMidnight
            var xp = 0
            for goal in goals {
                clock += goal
                guard clock < DayLimits.longestDayMinutes else { break }
                if clock >= 0 { xp += XPTable.xp(forGoalMinutes: goal) }
            }
            #expect(xp <= DayLimits.maximumXP, "goals \(goals)")
        }
        // And the limit is reached: 5-minute sessions for 25 hours, plus a 2-hour one ending at 00:00.
        #expect(300 * XPTable.xp(forGoalMinutes: 5) + 25 == DayLimits.maximumXP)
    }

    @Test func everyScreenTimeReading_givesPointsTheLimitsAccept() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...2_000)) { minutes in
            #expect(throws: Never.self) { try DayLimits.check(xp: 0, screenTimePoints: ScreenTimeScore.points(minutes: minutes)) }
        }
    }

    @Test func impossibleDays_areRefusedWithAReason() {
        for (xp, points) in [(926, 0), (-1, 0), (10, 101), (10, 50), (10, -4)] {
            #expect(throws: TogetherRefusal.self) { try DayLimits.check(xp: xp, screenTimePoints: points) }
            do { try DayLimits.check(xp: xp, screenTimePoints: points) } catch let refusal as TogetherRefusal {
                #expect(refusal.code == .impossiblePoints && refusal.reason.contains("cannot be true"))
            } catch { Issue.record("unexpected \(error)") }
        }
    }

    @Test func aSummary_isRefusedBeforeItsDayBeginsAtUTCPlus14_andAfterItsWeekCloses() throws {
        let day = try LocalDate(parsing: "2026-11-29")  // a Sunday
        let summary = DailySummary(day: day, xp: 25, screenTimePoints: 75)
        #expect(summary.points == 100)
        let begins = LeagueWeek.start(of: day)
        #expect(throws: TogetherRefusal(.futureDay, "2026-11-29 has not begun anywhere yet; send a day once it has started where you are."))
        {
            try summary.validate(at: begins.addingTimeInterval(-1))
        }
        try summary.validate(at: begins)
        try summary.validate(at: summary.week.closesAt.addingTimeInterval(-1))
        #expect { try summary.validate(at: summary.week.closesAt) } throws: { ($0 as? TogetherRefusal)?.code == .weekClosed }
    }

    /// A summary with honest points is accepted exactly from its day's start at UTC+14 until its
    /// week closes at Monday 12:00 UTC, and refused with the right code either side.
    @Test func aSummaryIsAccepted_exactlyBetweenItsDaysFirstStartAndItsWeeksClose() async {
        await propertyCheck(count: 500, input: Gen.int(in: 20_000...21_000), Gen.int(in: -3 * 86_400...10 * 86_400)) { dayNumber, offset in
            let day = LocalDate(dayNumber: dayNumber)
            let summary = DailySummary(day: day, xp: 25, screenTimePoints: 100)
            let now = LeagueWeek.start(of: day).addingTimeInterval(TimeInterval(offset))
            do {
                try summary.validate(at: now)
                #expect(LeagueWeek.start(of: day) <= now && now < summary.week.closesAt)
            } catch let refusal as TogetherRefusal {
                #expect(refusal.code == (now < LeagueWeek.start(of: day) ? .futureDay : .weekClosed), "\(day) at \(now)")
                #expect(now < LeagueWeek.start(of: day) || now >= summary.week.closesAt)
            }
        }
    }
}
