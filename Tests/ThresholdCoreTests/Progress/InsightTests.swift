import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct SessionStatsTests {
    let ny = calendar("America/New_York")
    let deep = Profile.make("deep", name: "Deep work", emoji: "🌿", path: .present)

    func session(
        _ id: SessionID, _ start: String, goal: Int? = nil, until: String? = nil, ended: String, _ state: EndState,
        breaks: [Break] = []
    ) -> Session {
        let plan: SessionPlan = goal.map { .goal(minutes: $0) } ?? until.map { .until(at($0)) } ?? .openEnded
        return .make(id, profile: "deep", start: at(start), plan: plan, breaks: breaks, ending: .init(at: at(ended), state: state))
    }

    /// Seed 004's focus-day streak (issue 14, item 6): days in a row with at least one completed
    /// session; today counts once it has one, and until then the streak stands on yesterday.
    @Test func theFocusDayStreak_countsDaysInARow_withACompletedSession() {
        let sessions = [
            session("mon", "2026-11-23 08:00", goal: 30, ended: "2026-11-23 08:45", .completed),
            session("tue", "2026-11-24 20:00", goal: 30, ended: "2026-11-24 20:30", .completed),
            session("tue2", "2026-11-24 21:00", goal: 30, ended: "2026-11-24 21:10", .gaveUp),
            session("wed", "2026-11-25 07:00", goal: 30, ended: "2026-11-25 07:00:05", .canceled),
            session("thu", "2026-11-26 09:00", goal: 30, ended: "2026-11-26 09:40", .completed),
        ]
        func streak(_ now: String) -> Int {
            SessionStats(sessions: sessions, profiles: [deep], now: at(now), calendar: ny).focusDayStreak
        }
        #expect(streak("2026-11-24 21:30") == 2)
        #expect(streak("2026-11-25 06:00") == 2, "until today has a completed session, yesterday's streak stands")
        #expect(streak("2026-11-25 23:00") == 2, "a canceled session is not a day of focus")
        #expect(streak("2026-11-26 10:00") == 1, "Wednesday had none, so Thursday starts again")
        #expect(streak("2026-11-28 10:00") == 0)
    }

    @Test func stats_countCompletedSessionsADay_forThirtyDays_andLeaveCanceledOnesOut() {
        let sessions = [
            session("a", "2026-11-23 08:00", goal: 30, ended: "2026-11-23 08:45", .completed),
            session("b", "2026-11-23 18:00", goal: 60, ended: "2026-11-23 19:00", .completed),
            session("c", "2026-11-22 08:00", goal: 30, ended: "2026-11-22 08:10", .gaveUp),
            session("d", "2026-11-21 08:00", goal: 30, ended: "2026-11-21 08:00:05", .canceled),
            session("e", "2026-10-01 08:00", goal: 120, ended: "2026-10-01 10:00", .completed),
            .make("live", profile: "deep", start: at("2026-11-24 07:00")),
        ]
        let stats = SessionStats(sessions: sessions, profiles: [deep], now: at("2026-11-24 09:00"), calendar: ny)
        #expect(stats.completedPerDay.count == 30)
        #expect(stats.completedPerDay.last == .init(day: day("2026-11-24"), count: 0))
        #expect(stats.completedPerDay.first?.day == day("2026-10-26"))
        #expect(stats.completedPerDay.first { $0.day == day("2026-11-23") }?.count == 2)
        #expect(stats.history.map(\.id) == ["b", "a", "c", "e"], "newest first, the canceled one and the running one left out")
        #expect(stats.recordDay == .init(day: day("2026-10-01"), seconds: 7_200))
        #expect(stats.longestSession?.id == "e")
    }

    @Test func history_showsTheGoal_theExtraTime_andTheBreaks() throws {
        let pause = Break.make("p", from: at("2026-11-23 08:20"), minutes: 5)
        let stats = SessionStats(
            sessions: [session("a", "2026-11-23 08:00", goal: 30, ended: "2026-11-23 08:50", .completed, breaks: [pause])],
            profiles: [deep], now: at("2026-11-23 09:00"), calendar: ny)
        let entry = try #require(stats.history.first)
        #expect(entry.title == "🌿 Deep work" && entry.goalMinutes == 30)
        #expect(entry.extraSeconds == 20 * 60)
        #expect(entry.focusedSeconds == 45 * 60 && entry.breaks == 1 && entry.breakSeconds == 5 * 60)
    }
}

@Suite struct WeeklyInsightTests {
    let ny = calendar("America/New_York")

    @Test func aWeek_addsUpFocus_breaks_andAttemptsResisted_MondayToSunday() {
        let sessions: [Session] = [
            .make(
                "a", profile: "work", start: at("2026-11-23 09:00"), breaks: [.make("b1", from: at("2026-11-23 10:00"), minutes: 5)],
                ending: .init(at: at("2026-11-23 11:05"), state: .completed)),
            .make(
                "b", profile: "work", start: at("2026-11-29 22:00"), plan: .goal(minutes: 60),
                ending: .init(at: at("2026-11-29 22:30"), state: .gaveUp)),
            .make("c", profile: "work", start: at("2026-11-30 00:30"), ending: .init(at: at("2026-11-30 02:00"), state: .completed)),
            .make("d", profile: "work", start: at("2026-11-25 09:00"), ending: .init(at: at("2026-11-25 09:00:05"), state: .canceled)),
        ]
        let events = [
            LoggedEvent(sequence: 1, at: at("2026-11-24 12:00"), event: .attemptResisted(.profile("work"))),
            LoggedEvent(sequence: 2, at: at("2026-11-29 23:59"), event: .attemptResisted(.gate("selah"))),
            LoggedEvent(sequence: 3, at: at("2026-11-30 00:01"), event: .attemptResisted(.gate("selah"))),
            LoggedEvent(sequence: 4, at: at("2026-11-24 12:00"), event: .triggered(.shieldButton(.primary))),
        ]
        let week = WeeklyInsights(weekOf: day("2026-11-26"), sessions: sessions, events: events, calendar: ny)
        #expect(week.week == day("2026-11-23"))
        #expect(week.focusedSeconds == 2 * 3_600 + 30 * 60)
        #expect(week.focusedPerDay[0] == 2 * 3_600 && week.focusedPerDay[6] == 30 * 60)
        #expect(week.completed == 1 && week.gaveUp == 1)
        #expect(week.breaks == 1 && week.breakSeconds == 300)
        #expect(week.attemptsResisted == 2)
        #expect(week.focusHours == 2.5)
    }
}

@Suite struct ReminderTests {
    let ny = calendar("America/New_York")
    let clock = Clockwork(timeZone: TimeZone(identifier: "America/New_York")!)

    func notes(
        _ state: ThresholdState = .empty, review: Bool = true, prompt: Bool = true, last: LocalDate? = nil,
        from: String, through: String
    ) -> [DueNotification] {
        dueNotifications(
            state, from: at(from), through: at(through), calendar: ny,
            reminders: ReminderPlan(reminders: Reminders(dailyReview: review, eveningPrompt: prompt), lastEveningPrompt: last))
    }

    /// Bad input (issue 13): the reminder times are fixed at 09:00 and 19:00, which no zone's
    /// daylight-saving change skips or repeats (they move at night). On the days the clocks change
    /// each comes once, at its wall time: 09:00 EDT after the spring gap, 09:00 EST after the fall
    /// repeat, and the same in a zone that changes at midnight (America/Havana).
    @Test func onTheDaysTheClocksChange_eachReminderComesOnce_atItsWallTime() throws {
        let spring = notes(prompt: false, from: "2026-03-07 20:00", through: "2026-03-08 20:00")
        #expect(spring.map(\.at) == [at("2026-03-08 09:00")])
        #expect(spring.first.map { ny.timeZone.isDaylightSavingTime(for: $0.at) } == true)
        let fall = notes(from: "2026-10-31 20:00", through: "2026-11-01 20:00")
        #expect(fall.map(\.at) == [at("2026-11-01 09:00"), at("2026-11-01 19:00")])
        let havana = calendar("America/Havana")
        let cuba = dueNotifications(
            .empty, from: at("2026-03-07 20:00", in: "America/Havana"), through: at("2026-03-08 20:00", in: "America/Havana"),
            calendar: havana, reminders: ReminderPlan(reminders: Reminders(dailyReview: true), lastEveningPrompt: nil))
        #expect(cuba.map(\.at) == [at("2026-03-08 09:00", in: "America/Havana")])
    }

    @Test func theDailyReview_isReadyAtNine_andStaleAtNoon() throws {
        let due = notes(prompt: false, from: "2026-11-23 20:00", through: "2026-11-25 20:00")
        let review = try #require(due.first)
        #expect(due.map(\.id) == ["daily-review.2026-11-24", "daily-review.2026-11-25"], "every morning in the stretch, handed over ahead")
        #expect(review.id == "daily-review.2026-11-24" && review.message == .dailyReviewReady)
        #expect(review.destination == .dailyReview, "it opens the review itself, not Home")
        #expect(review.at == at("2026-11-24 09:00") && review.expires == at("2026-11-24 12:00"))
        #expect(notes(review: false, prompt: false, from: "2026-11-23 20:00", through: "2026-11-25 20:00").isEmpty)
    }

    @Test func theEveningPrompt_isAtSeven_atMostEveryThirdDay() throws {
        let first = try #require(notes(review: false, from: "2026-11-23 08:00", through: "2026-11-30 08:00").first)
        #expect(first.id == "evening-prompt.2026-11-23" && first.message == .eveningPrompt)
        #expect(first.at == at("2026-11-23 19:00") && first.expires == at("2026-11-23 21:00"))
        let next = try #require(notes(review: false, last: day("2026-11-23"), from: "2026-11-23 19:30", through: "2026-11-30 08:00").first)
        #expect(next.at == at("2026-11-26 19:00"))
        let week = notes(review: false, from: "2026-11-23 08:00", through: "2026-11-30 08:00").map(\.at)
        #expect(week == [at("2026-11-23 19:00"), at("2026-11-26 19:00"), at("2026-11-29 19:00")], "the ones before count as posted")
    }

    @Test func theEveningPrompt_skipsAnEveningBeforeAScheduledMorningSession() throws {
        let morning = Profile.make("morning", path: .present, schedules: [.on([.tuesday, .wednesday], "07:00", "08:00")])
        let due = try #require(
            notes(.make(profiles: [morning]), review: false, from: "2026-11-23 08:00", through: "2026-11-30 08:00")
                .first { $0.id.hasPrefix("evening-prompt.") })
        #expect(due.at == at("2026-11-25 19:00"), "Monday and Tuesday evenings lead into scheduled mornings")
    }

    @Test func postingThePrompt_movesTheThrottle() {
        var record = ProgressRecord()
        let note = notes(review: false, from: "2026-11-23 08:00", through: "2026-11-24 08:00")[0]
        record.recordPosted(note, clock: clock)
        #expect(record.lastEveningPrompt == day("2026-11-23"))
        let plan = ReminderPlan(reminders: Reminders(eveningPrompt: true), lastEveningPrompt: record.lastEveningPrompt)
        #expect(plan.lastEveningPrompt == day("2026-11-23"))
    }
}
