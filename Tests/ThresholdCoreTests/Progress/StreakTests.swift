import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct DayStreakTests {
    @Test func aStreak_countsBackFromTodayOrYesterday_andBreaksAtTheFirstMissedDay() {
        let days: Set<LocalDate> = [day("2026-03-01"), day("2026-03-02"), day("2026-02-27")]
        #expect(DayStreak.length(activeDays: days, today: day("2026-03-02")) == 2)
        #expect(DayStreak.length(activeDays: days, today: day("2026-03-03")) == 2, "today has nothing yet: still alive")
        #expect(DayStreak.length(activeDays: days, today: day("2026-03-04")) == 0)
        #expect(DayStreak.length(activeDays: [], today: day("2026-03-04")) == 0)
    }
}

@Suite struct SelahStreakTests {
    let ny = calendar("America/New_York")

    func prayer(_ text: String, in zone: String = "America/New_York") -> PrayerCompletion {
        PrayerCompletion(
            at: at(text, in: zone), timeZoneIdentifier: zone, mood: .anxious, title: "Peace in the storm", verse: "Philippians 4:6")
    }

    @Test func aDayWithoutAPrayer_resetsIt() {
        let prayers = [prayer("2026-11-20 08:00"), prayer("2026-11-22 08:00"), prayer("2026-11-23 21:00")]
        #expect(SelahStreak.days(prayers, now: at("2026-11-23 22:00"), calendar: ny) == 2)
        #expect(SelahStreak.days(prayers, now: at("2026-11-25 00:01"), calendar: ny) == 0)
    }

    @Test func acrossDST_daysAreLocalDays() {
        // Spring forward (8 March 2026) and fall back (1 November 2026) in New York.
        let spring = [prayer("2026-03-07 23:30"), prayer("2026-03-08 03:15"), prayer("2026-03-09 00:10")]
        #expect(SelahStreak.days(spring, now: at("2026-03-09 12:00"), calendar: ny) == 3)
        let fall = [prayer("2026-10-31 23:59"), prayer("2026-11-01 01:30"), prayer("2026-11-02 23:00")]
        #expect(SelahStreak.days(fall, now: at("2026-11-02 23:30"), calendar: ny) == 3)
    }

    @Test func aPrayerKeepsTheDayItWasSaidOn_whenThePersonTravels() {
        // Monday 21:00 in New York is Tuesday 02:00 in London: it still counts for Monday.
        let monday = prayer("2026-11-23 21:00")
        let tuesdayInLondon = prayer("2026-11-24 09:00", in: "Europe/London")
        let london = calendar("Europe/London")
        #expect(monday.day == day("2026-11-23"))
        #expect(SelahStreak.days([monday, tuesdayInLondon], now: at("2026-11-24 10:00", in: "Europe/London"), calendar: london) == 2)
        #expect(
            SelahStreak.days([monday], now: at("2026-11-24 10:00", in: "Europe/London"), calendar: london) == 1,
            "Tuesday without a prayer yet leaves Monday's streak standing")
    }

    @Test func aPrayerDatedAhead_doesNotCount() {
        let prayers = [prayer("2026-11-22 08:00"), prayer("2026-11-24 08:00")]
        #expect(SelahStreak.days(prayers, now: at("2026-11-23 09:00"), calendar: ny) == 1)
    }

    @Test func theHistory_listsDaysNewestFirst_prayersInOrder() {
        let history = PrayerHistory([prayer("2026-11-22 08:00"), prayer("2026-11-23 21:00"), prayer("2026-11-23 07:00")])
        #expect(history.days.map(\.day) == [day("2026-11-23"), day("2026-11-22")])
        #expect(history.days[0].prayers.map(\.at) == [at("2026-11-23 07:00"), at("2026-11-23 21:00")])
    }
}

@Suite struct IntentionStreakTests {
    let rig = CommandRig()
    let ig = Intention.make("ig", app: "instagram", opens: 2, minutes: 5)

    @Test func aDayWithinTheLimit_adds_oneBeyondIt_resets_aFreezeProtects() {
        #expect(IntentionStreaks.next(4, opens: 2, limit: 2, frozen: false) == 5)
        #expect(IntentionStreaks.next(4, opens: 3, limit: 2, frozen: false) == 0)
        #expect(IntentionStreaks.next(4, opens: 9, limit: 2, frozen: true) == 5)
        #expect(IntentionStreaks.shown(4, opensToday: 3, limit: 2, frozenToday: false) == 0)
        #expect(IntentionStreaks.shown(4, opensToday: 3, limit: 2, frozenToday: true) == 4)
    }

    @Test func rollingAtMidnight_countsEachDayOnce_fromTheOpensOfThatDay() {
        let opens: [LocalDate: Int] = [day("2026-11-21"): 1, day("2026-11-22"): 3, day("2026-11-23"): 2]
        let start = IntentionStreak(intentionID: "ig", days: 6, through: day("2026-11-20"))
        let rolled = IntentionStreaks.roll(start, to: day("2026-11-24"), limit: 2, opens: { opens[$0] ?? 0 }, frozen: { _ in false })
        #expect(rolled.days == 1 && rolled.through == day("2026-11-23"))
        let frozen = IntentionStreaks.roll(
            start, to: day("2026-11-24"), limit: 2, opens: { opens[$0] ?? 0 }, frozen: { $0 == day("2026-11-22") })
        #expect(frozen.days == 9)
        #expect(IntentionStreaks.roll(rolled, to: day("2026-11-24"), limit: 2, opens: { _ in 9 }, frozen: { _ in false }) == rolled)
    }

    @Test func theRecord_followsTheIntentionsOpensAcrossDST() throws {
        // Fall back on Sunday 1 November: the extra hour does not move an open to another day.
        let calendar = rig.calendar, clock = Clockwork(calendar: calendar)
        let grants = [
            Grant.make("a", .app("instagram"), from: at("2026-11-01 23:30"), minutes: 5, origin: .intentionOpen("ig")),
            .make("b", .app("instagram"), from: at("2026-11-01 01:30"), minutes: 5, origin: .intentionOpen("ig")),
            .make("c", .app("instagram"), from: at("2026-11-02 00:30"), minutes: 5, origin: .intentionOpen("ig")),
        ]
        let state = ThresholdState.make(intentions: [ig], grants: grants)
        var record = ProgressRecord()
        record.roll(to: day("2026-11-01"), state: state, tracking: nil, clock: clock)
        #expect(record.streak(of: "ig")?.days == 0)
        record.roll(to: day("2026-11-03"), state: state, tracking: nil, clock: clock)
        #expect(record.streak(of: "ig")?.days == 2, "two opens on the 1st, one on the 2nd: both within the limit of two")
        #expect(!record.needsRoll(to: day("2026-11-03"), state: state, tracking: nil))
        #expect(record.needsRoll(to: day("2026-11-04"), state: state, tracking: nil))
    }

    // MARK: The streak freeze

    @Test func oneFreezeAWeek_grantedMonday() throws {
        var state = ThresholdState.make(intentions: [ig])
        let wednesday = at("2026-11-25 10:00")
        try rig.apply(UseStreakFreeze(), to: &state, at: wednesday)
        #expect(state.streakFreezeDays == [day("2026-11-25")])
        #expect(
            rig.refusal(UseStreakFreeze(day: day("2026-11-28")), on: state, at: wednesday)
                == "You have used this week's streak freeze (Wednesday, November 25). The next is granted on Monday, November 30.")
        // Sunday is still that week; Monday brings the next.
        #expect(rig.refusal(UseStreakFreeze(), on: state, at: at("2026-11-29 10:00")) != nil)
        try rig.apply(UseStreakFreeze(), to: &state, at: at("2026-11-30 00:01"))
        #expect(state.streakFreezeDays.contains(day("2026-11-30")))
    }

    @Test func aFreeze_isNeverForADayPast_orBeyondTheWeek() {
        let state = ThresholdState.make(intentions: [ig])
        let wednesday = at("2026-11-25 10:00")
        #expect(
            rig.refusal(UseStreakFreeze(day: day("2026-11-24")), on: state, at: wednesday)
                == "A streak freeze protects today or a day to come, not Tuesday, November 24, which is past.")
        #expect(
            rig.refusal(UseStreakFreeze(day: day("2026-11-30")), on: state, at: wednesday)?.contains(
                "next week's is granted on Monday, November 30") == true)
        #expect(
            rig.refusal(UseStreakFreeze(), on: .empty, at: wednesday)
                == "A streak freeze protects intention streaks, and you have no intentions yet.")
    }

    @Test func theShield_showsTheStreak_andTheFreeze() throws {
        var record = ProgressRecord()
        record.intentionStreaks = [IntentionStreak(intentionID: "ig", days: 6, through: day("2026-11-24"))]
        let label = IntentionLabel(intentionID: "ig", app: AppToken("instagram"), opensUsed: 1, opensPerDay: 2, minutesPerOpen: 5)
        let shield = ShieldContent(reason: .intention(label), appName: "Instagram", streak: record.shownStreak(for: .intention(label)))
        #expect(shield.subtitle == .opensUsed(used: 1, perDay: 2, streak: 6, spent: false))
        let freeze = ShieldContent(
            reason: .streakFreeze(label), appName: "Instagram", streak: record.shownStreak(for: .streakFreeze(label)))
        #expect(freeze.title == .streakFreezeActive)
        if case .streakFrozen(let streak, _, _) = freeze.subtitle {
            #expect(streak == 6)
        } else {
            Issue.record("a freeze shield says the streak it protects")
        }
        let over = IntentionLabel(intentionID: "ig", app: AppToken("instagram"), opensUsed: 3, opensPerDay: 2, minutesPerOpen: 5)
        #expect(record.shownStreak(for: .intention(over)) == 0)
        #expect(record.shownStreak(for: .streakFreeze(over)) == 6)
    }
}

@Suite struct GoalStreakTests {
    @Test func aDayUnderTheGoal_adds_oneOverIt_costsALife_thenResets() {
        let start = GoalStreak.starting(on: day("2026-11-23"))  // a Monday, one life
        let minutes: [LocalDate: Int] = [day("2026-11-24"): 200, day("2026-11-26"): 180]
        let rolled = start.rolled(to: day("2026-11-28"), goalMinutes: 180, minutes: { minutes[$0] ?? 0 })
        // Mon under, Tue over (life used), Wed under, Thu over (no life: reset), Fri under.
        #expect(rolled.days == 1 && rolled.lives == 0 && rolled.through == day("2026-11-27"))
    }

    @Test func sundays_addALife_upToThree() {
        var streak = GoalStreak(days: 10, lives: 0, through: day("2026-11-28"))
        streak = streak.counting(day("2026-11-29"), minutes: 400, goalMinutes: 180)
        #expect(streak.days == 10 && streak.lives == 0, "Sunday's life saved Sunday")
        let full = GoalStreak(days: 3, lives: 3, through: day("2026-11-28")).counting(day("2026-11-29"), minutes: 0, goalMinutes: 180)
        #expect(full.lives == 3 && full.days == 4)
    }

    @Test func theRecord_keepsTheMostMinutesADay_andRollsTheGoalStreak() throws {
        let tracking = try ScreenTimeTracking(selection: .apps("instagram"), goalMinutes: 120, since: day("2026-11-23"))
        let clock = Clockwork(calendar: calendar())
        var record = ProgressRecord()
        for monday in [
            ScreenTimeReport.started(day("2026-11-23")), .reached(minutes: 60, on: day("2026-11-23")),
            .reached(minutes: 150, on: day("2026-11-23")), .reached(minutes: 30, on: day("2026-11-23")),
        ] {
            record.record(monday, at: at("2026-11-23 20:00"), clock: clock)
        }
        #expect(record.screenTimeMinutes(on: day("2026-11-23")) == 150)
        record.record(.ended(day("2026-11-23")), at: at("2026-11-24 00:00"), clock: clock)
        record.record(.started(day("2026-11-24")), at: at("2026-11-24 00:00"), clock: clock)
        record.record(.ended(day("2026-11-24")), at: at("2026-11-25 00:00"), clock: clock)
        record.roll(to: day("2026-11-25"), state: .empty, tracking: tracking, clock: clock)
        #expect(record.goalStreak == GoalStreak(days: 1, lives: 0, through: day("2026-11-24")))
    }
}

/// Which screen-time days are known, and what a day not known does to the goal's streak.
@Suite struct ScreenTimeDayTests {
    let clock = Clockwork(calendar: calendar())
    let tracking = try! ScreenTimeTracking(selection: .apps("instagram"), goalMinutes: 120, since: day("2026-11-23"))

    /// A record in which each of `days` started at its midnight and ended at the next, with its minutes.
    func reported(_ days: [(String, Int)]) -> ProgressRecord {
        var record = ProgressRecord()
        for (text, minutes) in days {
            let day = day(text)
            record.record(.started(day), at: clock.startOfDay(day), clock: clock)
            if minutes > 0 {
                record.record(.reached(minutes: minutes, on: day), at: clock.startOfDay(day).adding(minutes: 600), clock: clock)
            }
            record.record(.ended(day), at: clock.startOfDay(day.adding(days: 1)), clock: clock)
        }
        return record
    }

    @Test func anUnreportedDay_neitherAddsNorCostsALife_andIsRemembered() {
        let streak = GoalStreak(days: 4, lives: 1, through: day("2026-11-24"))
        let tuesday = streak.counting(day("2026-11-25"), minutes: nil, goalMinutes: 120)
        #expect(tuesday == GoalStreak(days: 4, lives: 1, through: day("2026-11-25"), unreported: [day("2026-11-25")]))
        let sunday = GoalStreak(days: 4, lives: 1, through: day("2026-11-28")).counting(day("2026-11-29"), minutes: nil, goalMinutes: 120)
        #expect(sunday.days == 4 && sunday.lives == 2, "Sunday's life is the calendar's, reported or not")
    }

    @Test func unreportedDays_areRememberedForAWeek() {
        var streak = GoalStreak(days: 0, lives: 1, through: day("2026-11-22"))
        streak = streak.counting(day("2026-11-23"), minutes: nil, goalMinutes: 120)
        streak = streak.rolled(to: day("2026-11-30"), goalMinutes: 120, minutes: { _ in 0 })
        #expect(streak.unreported == [day("2026-11-23")] && streak.days == 6)
        streak = streak.counting(day("2026-11-30"), minutes: 0, goalMinutes: 120)
        #expect(streak.unreported.isEmpty && streak.days == 7)
    }

    @Test func aDayIsKnown_whenItsStartAndEndArrived_evenWithNoThreshold() {
        var record = reported([("2026-11-23", 0)])
        #expect(record.reportedMinutes(on: day("2026-11-23")) == 0)
        record.record(.started(day("2026-11-24")), at: at("2026-11-24 00:00"), clock: clock)
        record.record(.reached(minutes: 30, on: day("2026-11-24")), at: at("2026-11-24 10:00"), clock: clock)
        #expect(record.reportedMinutes(on: day("2026-11-24")) == nil, "no end yet")
        record.record(.ended(day("2026-11-25")), at: at("2026-11-26 00:00"), clock: clock)
        #expect(record.reportedMinutes(on: day("2026-11-25")) == nil, "an end without a start")
        record.roll(to: day("2026-11-26"), state: .empty, tracking: tracking, clock: clock)
        #expect(
            record.goalStreak
                == GoalStreak(days: 1, lives: 1, through: day("2026-11-25"), unreported: [day("2026-11-24"), day("2026-11-25")]))
    }

    @Test func anEndBeforeTheDayIsOver_isIOSAnsweringAStop_notTheDaysEnd() {
        var record = ProgressRecord()
        record.record(.started(day("2026-11-23")), at: at("2026-11-23 09:00"), clock: clock)
        record.record(.ended(day("2026-11-23")), at: at("2026-11-23 15:00"), clock: clock)
        #expect(record.reportedMinutes(on: day("2026-11-23")) == nil)
        record.record(.ended(day("2026-11-23")), at: at("2026-11-24 00:05"), clock: clock)
        #expect(record.reportedMinutes(on: day("2026-11-23")) == 0)
    }

    @Test func aLateReport_countsForItsDay_andTheWeekIsCountedAgain() {
        var record = reported([("2026-11-23", 90), ("2026-11-24", 30)])
        record.roll(to: day("2026-11-25"), state: .empty, tracking: tracking, clock: clock)
        #expect(record.goalStreak?.days == 2)
        record.record(.reached(minutes: 150, on: day("2026-11-23")), at: at("2026-11-25 08:00"), clock: clock)
        #expect(record.screenTimeMinutes(on: day("2026-11-25")) == 0)
        record.recountGoalStreak(to: day("2026-11-25"), tracking: tracking)
        #expect(record.goalStreak == GoalStreak(days: 1, lives: 0, through: day("2026-11-24")), "Monday used the life")
    }

    @Test func aReportMoreThanAWeekLate_changesNoSettledDay() {
        let days = (23...30).map { ("2026-11-\($0)", 0) } + [("2026-12-01", 0), ("2026-12-02", 0)]
        var record = reported(days)
        record.roll(to: day("2026-12-03"), state: .empty, tracking: tracking, clock: clock)
        #expect(record.goalStreak?.days == 10 && record.settledGoalStreak?.through == day("2026-11-25"))
        record.record(.reached(minutes: 600, on: day("2026-11-24")), at: at("2026-12-03 08:00"), clock: clock)
        record.recountGoalStreak(to: day("2026-12-03"), tracking: tracking)
        #expect(record.goalStreak?.days == 10, "Tuesday the 24th was settled a week after it ended")
        record.record(.reached(minutes: 600, on: day("2026-11-27")), at: at("2026-12-03 08:00"), clock: clock)
        record.recountGoalStreak(to: day("2026-12-03"), tracking: tracking)
        #expect(record.goalStreak?.days == 9 && record.goalStreak?.lives == 1, "Friday the 27th is still in the week: it took a life")
    }

    @Test func aRecordSavedBeforeDaysWereKnown_keepsTheDaysItCounted() throws {
        let json = #"{"screenTimeDays":[{"day":"2026-11-23","minutes":60}],"goalStreak":{"days":5,"lives":1,"through":"2026-11-23"}}"#
        var record = try JSONDecoder().decode(ProgressRecord.self, from: Data(json.utf8))
        #expect(record.screenTimeDays == [.init(day: day("2026-11-23"), minutes: 60)])
        record.roll(to: day("2026-11-25"), state: .empty, tracking: tracking, clock: clock)
        #expect(record.goalStreak == GoalStreak(days: 5, lives: 1, through: day("2026-11-24"), unreported: [day("2026-11-24")]))
        let again = try JSONDecoder().decode(ProgressRecord.self, from: JSONEncoder().encode(record))
        #expect(again == record)
    }

    @Test func eachDaysActivity_carriesItsDay_andOnlyOurNamesReport() {
        let name = ScreenTimeTracking.activityName(on: day("2026-11-23"))
        #expect(name == "threshold.screen-time.2026-11-23")
        #expect(ScreenTimeReport(.intervalDidStart(name)) == .started(day("2026-11-23")))
        #expect(ScreenTimeReport(.intervalDidEnd(name)) == .ended(day("2026-11-23")))
        #expect(
            ScreenTimeReport(.eventDidReachThreshold(activity: name, event: "minutes-960")) == .reached(minutes: 960, on: day("2026-11-23"))
        )
        for trigger in [
            Trigger.intervalDidStart("threshold.screen-time"), .intervalDidEnd("threshold.screen-time.tomorrow"),
            .intervalDidStart("threshold.from.1"), .eventDidReachThreshold(activity: name, event: "minutes-45"),
            .eventDidReachThreshold(activity: name, event: "minutes-990"),
            .eventDidReachThreshold(activity: "threshold.screen-time", event: "minutes-30"),
            .intervalWillEndWarning(name), .appForeground,
        ] {
            #expect(ScreenTimeReport(trigger) == nil, "\(trigger)")
        }
    }
}

@Suite struct ScreenTimeTests {
    @Test(arguments: [
        (0, 100), (59, 100), (60, 75), (119, 75), (120, 55), (180, 40), (240, 28), (300, 18), (360, 10), (420, 4), (479, 4), (480, 0),
        (900, 0),
    ])
    func points_fallHourByHour_toNothingAtEightHours(minutes: Int, points: Int) {
        #expect(ScreenTimeScore.points(minutes: minutes) == points)
    }

    @Test(arguments: [(0, 100), (500, 50), (30, 97), (999, 1), (1_000, 0), (2_000, 0), (-5, 100)])
    func score_isAHundredLessATenthOfTheMinutes(minutes: Int, score: Int) {
        #expect(ScreenTimeScore.score(minutes: minutes) == score)
    }

    @Test func tracking_usesOneActivityADay_withAnEventEveryHalfHourToSixteenHours() throws {
        let tracking = try ScreenTimeTracking(selection: .apps("instagram"), goalMinutes: 180, since: day("2026-11-23"))
        let ny = calendar()
        let registration = tracking.registration(on: day("2026-11-23"), clock: Clockwork(calendar: ny))
        #expect(registration.name == "threshold.screen-time.2026-11-23" && !registration.repeats)
        #expect(registration.start.hasFullDate && registration.end.hasFullDate)
        #expect(
            registration.interval(deviceZone: ny.timeZone).map { [$0.start, $0.end] } == [at("2026-11-23 00:00"), at("2026-11-24 00:00")])
        #expect(
            registration.events.filter { $0.name.hasPrefix("minutes-") }.map(\.minutes) == Array(stride(from: 30, through: 960, by: 30)))
        // Seed 001 §6: 16 warnings at the 50th minute of each hour, in the same activity.
        #expect(
            registration.events.filter { $0.name.hasPrefix("warning-") }.map(\.minutes) == Array(stride(from: 50, through: 950, by: 60)))
        #expect(registration.events.count == 48)
        #expect(
            ScreenTimeReport(.eventDidReachThreshold(activity: registration.name, event: "warning-110"))
                == .reached(minutes: 110, on: day("2026-11-23")), "a warning refines the minutes between thresholds")
        #expect(registration.events.allSatisfy { $0.includesPastActivity })
        #expect(
            ScreenTimeReport(.eventDidReachThreshold(activity: registration.name, event: "minutes-90"))
                == .reached(minutes: 90, on: day("2026-11-23")))
        #expect(ScreenTimeReport(.eventDidReachThreshold(activity: "threshold.other", event: "minutes-90")) == nil)
        var settings = Settings()
        #expect(ScreenTimeTracking.reserved(settings, at: at("2026-11-23 10:00"), calendar: ny).isEmpty)
        settings.screenTime = tracking
        #expect(ScreenTimeTracking.reserved(settings, at: at("2026-11-23 23:59"), calendar: ny) == [registration])
        // On the day clocks spring forward the day is 23 hours long, and the activity with it.
        let spring = tracking.registration(on: day("2026-03-08"), clock: Clockwork(calendar: ny)).interval(deviceZone: ny.timeZone)
        #expect(spring.map { $0.end.timeIntervalSince($0.start) } == TimeInterval(23 * 3_600))
    }

    @Test func goals_areWholeHalfHours() {
        #expect(throws: ValidationError.self) { try ScreenTimeTracking(selection: .apps("x"), goalMinutes: 100, since: day("2026-11-23")) }
        #expect(throws: ValidationError.self) { try ScreenTimeTracking(selection: .apps("x"), goalMinutes: 990, since: day("2026-11-23")) }
        #expect(throws: ValidationError.self) { try ScreenTimeTracking(selection: .empty, goalMinutes: nil, since: day("2026-11-23")) }
    }
}

@Suite struct PrayerEventTests {
    let ny = calendar("America/New_York")

    @Test func aPrayerRitualsEvent_isAPrayerCompletion_inTheZoneItWasSaidIn() {
        let logged = LoggedEvent.prayer("2026-11-23 23:30", in: "America/Los_Angeles", mood: .tired)
        let prayer = PrayerCompletion(logged, deviceZone: TimeZone(identifier: "Europe/London")!)
        #expect(prayer?.timeZoneIdentifier == "America/Los_Angeles")
        #expect(prayer?.day == day("2026-11-23"), "23:30 in Los Angeles is already the 24th in New York and London")
        #expect(prayer?.mood == .tired)
    }

    @Test func otherEvents_areNotPrayers() {
        let start = at("2026-11-23 08:00")
        let grant = Grant.make("g", from: start, minutes: 10, origin: .ritual(.prayer))
        #expect(PrayerCompletion(LoggedEvent(sequence: 1, at: start, event: .grantIssued(grant)), deviceZone: ny.timeZone) == nil)
        let math = RitualRecord(
            origin: .ritual(.mathChallenge), scope: .allGated, minutes: 5,
            detail: .math(difficulty: .easy, solved: 5, mistakes: 0))
        #expect(PrayerCompletion(LoggedEvent(sequence: 2, at: start, event: .ritualCompleted(math)), deviceZone: ny.timeZone) == nil)
    }

    @Test func aRecordWithoutAZone_readsInTheDevicesZone() {
        let record = PrayerRecord(
            mood: .joyful, templateID: "t", tradition: .catholic, vibe: .liturgical,
            preferredTranslation: nil, shownTranslation: .kjv)
        let old = RitualRecord(origin: .ritual(.prayer), scope: .allGated, minutes: 10, detail: .prayer(record))
        let prayer = PrayerCompletion(
            LoggedEvent(sequence: 1, at: at("2026-11-23 08:00"), event: .ritualCompleted(old)), deviceZone: ny.timeZone)
        #expect(prayer?.timeZoneIdentifier == "America/New_York")
    }

    @Test func theStreakAndHistory_readTheLoggedPrayers() {
        let events = [
            LoggedEvent.prayer("2026-11-21 08:00", sequence: 1), .prayer("2026-11-22 21:00", sequence: 2),
            .prayer("2026-11-23 07:00", sequence: 3), .prayer("2026-11-23 12:00", sequence: 4),
        ]
        let prayers = PrayerCompletion.prayers(in: events, deviceZone: ny.timeZone)
        #expect(SelahStreak.days(prayers, now: at("2026-11-23 22:00"), calendar: ny) == 3)
        #expect(PrayerHistory(prayers).days.first?.prayers.count == 2)
    }

    @Test func withTheLibrary_aPrayerHasItsFirstLineAndVerse() throws {
        let template = try PrayerTemplate(
            id: "t-1", traditions: [.catholic], vibes: [.liturgical], moods: [.anxious],
            prayer: "Lord, St. Joseph kept watch. Keep watch over me. Amen.",
            verse: .init(reference: try VerseReference("Philippians 4:6"), text: "Be careful for nothing"),
            translation: .kjv)
        let library = try PrayerLibrary(templates: [template])
        let prayer = PrayerCompletion(.prayer("2026-11-23 08:00", template: "t-1"), deviceZone: ny.timeZone, library: library)
        #expect(prayer?.title == "Lord, St. Joseph kept watch.")
        #expect(prayer?.verse == "Philippians 4:6 (KJV)")
    }
}
