import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct ActivityPlannerTests {
    let ny = calendar("America/New_York")

    func selah(grantAt start: Date, minutes: Int) -> ThresholdState {
        .make(gates: [.make("selah")], grants: [.make("g", from: start, minutes: minutes)])
    }

    @Test func grantEnd_isCoveredByAnActivityStartingThere_inTheFuture_withFullComponents() throws {
        let start = at("2026-11-23 10:00")
        let plan = ActivityPlanner.plan(selah(grantAt: start, minutes: 10), at: start, calendar: ny)
        let end = start.adding(minutes: 10)
        let first = try #require(plan.registrations.first { $0.name.hasPrefix("threshold.from.") })
        #expect(first.name == "threshold.from.\(Int(end.timeIntervalSince1970))")
        #expect(
            first.start
                == ActivityMoment(year: 2026, month: 11, day: 23, hour: 10, minute: 10, second: 0, timeZoneIdentifier: "America/New_York"))
        #expect(first.start.hasFullDate && first.end.hasFullDate && !first.repeats && first.warningSeconds == nil)
        let interval = try #require(first.interval(deviceZone: ny.timeZone))
        #expect(interval.start == end, "it starts at the boundary, ahead of now: registering it fires nothing")
        #expect(interval.end.timeIntervalSince(interval.start) == ActivityPlanner.minimumInterval)
        #expect(plan.wakeUps == [end])
    }

    @Test func boundaryWhereShieldsReturn_getsASecondActivityStartingThere() throws {
        let start = at("2026-11-23 10:00")
        let plan = ActivityPlanner.plan(selah(grantAt: start, minutes: 10), at: start, calendar: ny)
        let second = try #require(plan.registrations.first { $0.name.hasPrefix("threshold.again.") })
        let interval = try #require(second.interval(deviceZone: ny.timeZone))
        #expect(interval.start == start.adding(minutes: 10))
        #expect(interval.end.timeIntervalSince(interval.start) == ActivityPlanner.minimumInterval)
        #expect(plan.registrations.filter { !UsageTrigger.isUsageActivity($0.name) }.count == 2)
    }

    @Test func liftingBoundary_getsNoSecondActivity() {
        let state = ThresholdState.make(profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])])
        let plan = ActivityPlanner.plan(state, at: at("2026-11-23 16:00"), calendar: ny)
        let names = plan.registrations.map(\.name)
        let five = Int(at("2026-11-23 17:00").timeIntervalSince1970)
        #expect(names.contains("threshold.from.\(five)"))
        #expect(!names.contains("threshold.again.\(five)"))
        let nineTomorrow = Int(at("2026-11-24 09:00").timeIntervalSince1970)
        #expect(names.contains("threshold.again.\(nineTomorrow)"))
    }

    @Test func breakAcrossMidnight_endsOnTheNextDay_notAtMidnight() throws {
        let breakStart = at("2026-11-23 23:58")
        let state = ThresholdState.make(
            profiles: [.make("late", breakPolicy: .fivePerHour)],
            sessions: [.make("s", profile: "late", start: at("2026-11-23 23:00"), breaks: [.make("b", from: breakStart, minutes: 5)])])
        let plan = ActivityPlanner.plan(state, at: breakStart, calendar: ny)
        let first = try #require(plan.registrations.first { $0.name.hasPrefix("threshold.from.") })
        #expect(first.start.day == 24 && first.start.hour == 0 && first.start.minute == 3)
        #expect(first.interval(deviceZone: ny.timeZone)?.start == at("2026-11-24 00:03"))
    }

    @Test func instantTheAutumnHourRepeats_isWrittenInGMT() throws {
        // 2026-11-01 01:30 EST is the second 01:30 of the night in New York.
        let secondHalfPast = at("2026-11-01 01:30").adding(minutes: 60)
        let state = ThresholdState.make(
            gates: [.make("selah")], grants: [.make("g", from: secondHalfPast.adding(minutes: -10), minutes: 10)])
        let plan = ActivityPlanner.plan(state, at: secondHalfPast.adding(minutes: -10), calendar: ny)
        let first = try #require(plan.registrations.first { $0.name.hasPrefix("threshold.from.") })
        #expect(first.start.timeZoneIdentifier == "GMT")
        #expect(first.interval(deviceZone: ny.timeZone)?.start == secondHalfPast)
    }

    @Test func planningAgainBetweenBoundaries_givesTheSameRegistrations() {
        let state = ThresholdState.make(
            profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])],
            gates: [.make("selah")],
            grants: [.make("g", from: at("2026-11-23 10:00"), minutes: 10)])
        let early = ActivityPlanner.plan(state, at: at("2026-11-23 10:01"), calendar: ny)
        let late = ActivityPlanner.plan(state, at: at("2026-11-23 10:09:59"), calendar: ny)
        #expect(early.registrations == late.registrations)
    }

    @Test func notifications_wakeNothing() throws {
        // "Break ends in 1 minute" at 10:34: the reconciler hands it to iOS with its fire date.
        let start = at("2026-11-23 10:00")
        let state = ThresholdState.make(
            profiles: [.make("work", breakPolicy: .fivePerHour)],
            sessions: [.make("s", profile: "work", start: start, breaks: [.make("b", from: start.adding(minutes: 30), minutes: 5)])])
        let plan = ActivityPlanner.plan(state, at: start.adding(minutes: 30), calendar: ny)
        #expect(!plan.wakeUps.contains(start.adding(minutes: 35).adding(seconds: -60)))
        #expect(plan.wakeUps.first == start.adding(minutes: 35))
        #expect(plan.registrations.allSatisfy { $0.warningSeconds == nil })
    }

    @Test func boundaryAWeekAhead_isCoveredByAStartActivity() throws {
        // Mondays only; after Monday's span the next change is almost a week away.
        let state = ThresholdState.make(profiles: [.make("mon", schedules: [.on([.monday], "09:00", "10:00")])])
        let now = at("2026-11-23 10:30")
        let plan = ActivityPlanner.plan(state, at: now, calendar: ny)
        let next = at("2026-11-30 09:00")
        let first = try #require(plan.registrations.first { $0.name.hasPrefix("threshold.from.") })
        #expect(first.name == "threshold.from.\(Int(next.timeIntervalSince1970))")
        #expect(first.interval(deviceZone: ny.timeZone)?.start == next)
    }

    @Test func notificationsHandedOverAhead_getARenewal_whenNoBoundaryComesFirst() throws {
        let now = at("2026-11-23 10:00")
        let gateOnly = ThresholdState.make(gates: [.make("selah")])
        let renewBy = at("2026-11-30 19:00")
        let plan = ActivityPlanner.plan(gateOnly, at: now, calendar: ny, renewBy: renewBy)
        #expect(plan.registrations.map(\.name) == ["threshold.renew.\(Int(renewBy.timeIntervalSince1970))"])
        #expect(plan.registrations.first?.interval(deviceZone: ny.timeZone)?.start == renewBy)
        #expect(plan.wakeUps == [renewBy] && plan.horizon == nil)

        let work = ThresholdState.make(profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])])
        let withBoundaries = ActivityPlanner.plan(work, at: now, calendar: ny, renewBy: renewBy)
        #expect(!withBoundaries.registrations.contains { $0.name.hasPrefix("threshold.renew.") }, "17:00 wakes the monitor first")
        #expect(withBoundaries == ActivityPlanner.plan(work, at: now, calendar: ny))
    }

    // MARK: Wall clock and instants

    @Test func aScheduleIsRegisteredOnTheWallClock_andAGrantAsAnInstant() throws {
        let state = ThresholdState.make(
            profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])],
            gates: [.make("selah")],
            grants: [.make("g", from: at("2026-11-23 10:00"), minutes: 10)])
        let plan = ActivityPlanner.plan(state, at: at("2026-11-23 10:01"), calendar: ny)
        func named(_ prefix: String, _ instant: Date) throws -> ActivityRegistration {
            try #require(plan.registrations.first { $0.name == prefix + String(Int(instant.timeIntervalSince1970)) })
        }
        let grantEnd = try named("threshold.from.", at("2026-11-23 10:10"))
        #expect(grantEnd.start.timeZoneIdentifier == "America/New_York" && grantEnd.end.timeZoneIdentifier == "America/New_York")
        let workEnd = try named("threshold.from.", at("2026-11-23 17:00"))
        #expect(
            workEnd.start.timeZoneIdentifier == nil && workEnd.end.timeZoneIdentifier == nil, "17:00 on whatever wall clock the phone keeps"
        )
        #expect(workEnd.start == ActivityMoment(year: 2026, month: 11, day: 23, hour: 17, minute: 0, second: 0, timeZoneIdentifier: nil))
        let workStart = try named("threshold.again.", at("2026-11-24 09:00"))
        #expect(workStart.start.timeZoneIdentifier == nil)
    }

    @Test func theZoneWatch_spansTheWallClockFromTheLastScheduleBoundaryToTheNext() throws {
        let state = ThresholdState.make(profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])])
        let friday = at("2026-11-27 18:28")
        let plan = ActivityPlanner.plan(state, at: friday, calendar: ny)
        let watches = plan.registrations.filter { ActivityPlanner.isZoneWatch($0.name) }
        #expect(watches.count == 2, "two, so that one dropped callback is covered")
        let watch = try #require(watches.first)
        #expect(watches.last?.start == watch.start && watches.last?.end == watch.end)
        #expect(watch.start == ActivityMoment(year: 2026, month: 11, day: 27, hour: 17, minute: 0, second: 0, timeZoneIdentifier: nil))
        #expect(watch.end == ActivityMoment(year: 2026, month: 11, day: 30, hour: 9, minute: 0, second: 0, timeZoneIdentifier: nil))
        #expect(plan.wakeUps.first == at("2026-11-30 09:00"), "the watch is no wake-up of its own: it ends with the next boundary")
        #expect(
            ActivityPlanner.plan(state, at: friday.adding(minutes: 90), calendar: ny) == plan,
            "the same all evening: nothing to register again")
        #expect(plan.registrations.count <= ActivityPlanner.maximumActivities)
        // Only grants and gates: nothing on the wall clock, no watch.
        let gate = ActivityPlanner.plan(selah(grantAt: friday, minutes: 10), at: friday, calendar: ny)
        #expect(!gate.registrations.contains { ActivityPlanner.isZoneWatch($0.name) })
    }

    @Test func theZoneWatch_lastsAtLeastFifteenMinutes_andAtMostAWeek() throws {
        // Boundaries ten minutes apart: the watch still lasts fifteen, holding now.
        let close = ThresholdState.make(profiles: [
            .make("a", selection: .apps("a"), schedules: [.on(Weekday.everyDay, "09:00", "09:20")]),
            .make("b", selection: .apps("b"), schedules: [.on(Weekday.everyDay, "09:10", "09:30")]),
        ])
        let short = try #require(
            ActivityPlanner.plan(close, at: at("2026-11-23 09:12"), calendar: ny).registrations.first {
                ActivityPlanner.isZoneWatch($0.name)
            })
        let shortInterval = try #require(short.interval(deviceZone: ny.timeZone))
        #expect(shortInterval.start == at("2026-11-23 09:10"))
        #expect(shortInterval.end.timeIntervalSince(shortInterval.start) == ActivityPlanner.minimumInterval)
        // Mondays only: from Monday 10:00 to the next Monday 09:00 is under a week.
        let weekly = ThresholdState.make(profiles: [.make("mon", schedules: [.on([.monday], "09:00", "10:00")])])
        let long = try #require(
            ActivityPlanner.plan(weekly, at: at("2026-11-26 12:00"), calendar: ny).registrations.first {
                ActivityPlanner.isZoneWatch($0.name)
            })
        let longInterval = try #require(long.interval(deviceZone: ny.timeZone))
        #expect(longInterval.start == at("2026-11-23 10:00") && longInterval.end == at("2026-11-30 09:00"))
    }

    @Test func reservedRegistrations_countAgainstTheTwenty() {
        let reserved = (0..<5).map { i in
            ActivityRegistration(
                name: "threshold.daily.\(i)", start: .timeOnly(hour: 0, minute: 0), end: .timeOnly(hour: 23, minute: 59), repeats: true)
        }
        let plan = ActivityPlanner.plan(denseState(), at: at("2026-11-23 06:00"), calendar: ny, reserved: reserved)
        #expect(plan.registrations.count == ActivityPlanner.maximumActivities)
        #expect(Set(reserved).isSubset(of: Set(plan.registrations)))
    }

    @Test func theLastRegistration_wakesTheMonitorAtTheHorizon() throws {
        let now = at("2026-11-23 06:00")
        let plan = ActivityPlanner.plan(denseState(), at: now, calendar: ny)
        let horizon = try #require(plan.horizon)
        let coveredInstants = Set(
            plan.registrations.compactMap { registration -> Date? in
                guard let interval = registration.interval(deviceZone: ny.timeZone) else { return nil }
                return interval.start
            })
        #expect(coveredInstants.contains(horizon))
        let boundaries = upcomingBoundaries(denseState(), after: now, calendar: ny, limit: 100)
        for boundary in boundaries where boundary.at <= horizon {
            #expect(coveredInstants.contains(boundary.at), "boundary \(boundary.at) inside the horizon is covered")
        }
    }

    /// Thirty profiles with staggered daily schedules: far more boundaries than twenty activities.
    func denseState() -> ThresholdState {
        let profiles = (0..<30).map { i -> Profile in
            let start = String(format: "%02d:%02d", 6 + i / 4, (i % 4) * 15)
            let end = String(format: "%02d:%02d", 7 + i / 4, (i % 4) * 15)
            return .make(ProfileID("p\(i)"), selection: .apps("app\(i)"), schedules: [.on(Weekday.everyDay, start, end)])
        }
        return .make(profiles: profiles)
    }

    // MARK: Properties at scale

    @Test func atScale_neverMoreThanTwentyActivities_neverAnIntervalIOSRefuses() async {
        await propertyCheck(count: 12, input: Generators.largeState) { input in
            let plan = ActivityPlanner.plan(input.state, at: input.now, calendar: ny)
            #expect(plan.registrations.count <= ActivityPlanner.maximumActivities)
            #expect(Set(plan.registrations.map(\.name)).count == plan.registrations.count)
            for registration in plan.registrations {
                #expect(registration.start.hasFullDate && registration.end.hasFullDate)
                guard let interval = registration.interval(deviceZone: ny.timeZone) else {
                    Issue.record("\(registration) cannot be read"); continue
                }
                let length = interval.end.timeIntervalSince(interval.start)
                #expect(length >= ActivityPlanner.minimumInterval)
                #expect(length <= ActivityPlanner.maximumInterval)
                if UsageTrigger.isUsageActivity(registration.name) {
                    #expect(interval.start <= input.now && input.now < interval.end, "a usage activity counts use from now on")
                } else if ActivityPlanner.isZoneWatch(registration.name) {
                    #expect(interval.start <= input.now && input.now < interval.end, "the zone watch holds now on the wall clock")
                    #expect(registration.start.timeZoneIdentifier == nil && registration.end.timeZoneIdentifier == nil)
                } else {
                    #expect(interval.start > input.now, "registering it fires nothing at once")
                }
            }
            // Every wake-up lands on a boundary: none is wasted.
            let boundaries = Set(upcomingBoundaries(input.state, after: input.now, calendar: ny, limit: 40).map(\.at))
            for instant in plan.wakeUps { #expect(boundaries.contains(instant)) }
            #expect(!plan.wakeUps.isEmpty)
        }
    }
}

/// Generators for planner and engine properties.
enum Generators {
    struct Input: Sendable {
        let state: ThresholdState
        let now: Date
    }

    /// 500 schedules over 100 profiles, 200 intentions and 50 grants around a random instant.
    static let largeState = Generator<Input, Shrink.None<Input>>(run: { rng in
        let base = at("2026-11-23 00:00")
        let now = base.addingTimeInterval(TimeInterval(Int.random(in: 0..<(14 * 86_400), using: &rng)))
        let profiles = (0..<100).map { p -> Profile in
            let schedules = (0..<5).map { s -> Schedule in
                let start = Int.random(in: 0..<(24 * 60), using: &rng) / 5 * 5
                let length = Int.random(in: 20...(10 * 60), using: &rng) / 5 * 5
                let end = (start + length) % (24 * 60)
                var days = Set<Weekday>()
                for day in Weekday.allCases where Bool.random(using: &rng) { days.insert(day) }
                if days.isEmpty { days = [.monday] }
                return try! Schedule(
                    id: ScheduleID("s\(s)"), weekdays: days,
                    start: LocalTime(hour: start / 60, minute: start % 60), end: LocalTime(hour: end / 60, minute: end % 60))
            }
            return .make(ProfileID("p\(p)"), selection: .apps("app\(p)"), unlockPolicy: .prayer, schedules: schedules)
        }
        let intentions = (0..<200).map { Intention.make(IntentionID("i\($0)"), app: "intended\($0)", opens: 3, minutes: 5) }
        let grants = (0..<50).map { g -> Grant in
            let start = now.addingTimeInterval(-TimeInterval(Int.random(in: 0..<(12 * 3_600), using: &rng)))
            if g % 2 == 0 {
                return .make(GrantID("o\(g)"), .app("intended\(g)"), from: start, minutes: 5, origin: .intentionOpen(IntentionID("i\(g)")))
            }
            return .make(GrantID("g\(g)"), from: start, minutes: Int.random(in: 1...120, using: &rng))
        }
        return Input(state: .make(profiles: profiles, intentions: intentions, grants: grants), now: now)
    })
}
