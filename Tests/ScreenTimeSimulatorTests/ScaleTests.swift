import Foundation
@_spi(Setup) import ScreenTimeSimulator
import Testing
import TestSupport
import ThresholdCore

/// The planner at the size the acceptance names: 500 schedules, 200 intentions and 50 grants.
@Suite struct ScaleTests {
    @Test func atScale_overFourteenDays_everyBoundaryIsHonouredWithinOneSecond_withinTwentyActivities() throws {
        let start = at("2026-11-23 00:00")
        let state = Self.largeState(from: start)
        var catalogue = AppCatalogue.standard
        for p in 0..<100 { catalogue.install(.init(name: "app\(p)", category: nil)) }
        for i in 0..<200 { catalogue.install(.init(name: "intended\(i)", category: nil)) }
        let phone = try SimulatedPhone(start: start, timeZone: TimeZone(identifier: "America/New_York")!, catalogue: catalogue, setup: state)
        phone.openThreshold()
        phone.killApp()
        let apps = phone.catalogue.apps.values.filter { $0.name.hasPrefix("app") || $0.name.hasPrefix("intended") }
        var boundaries = upcomingBoundaries(state, after: start, calendar: phone.clock.calendar, limit: 100_000, horizon: 14 * 86_400)
        #expect(boundaries.count > 2_000)
        boundaries = boundaries.filter { $0.at <= start.addingTimeInterval(14 * 86_400) }
        var mismatches = 0
        for boundary in boundaries {
            phone.advance(to: boundary.at)
            let expected = evaluate(state, at: boundary.at, calendar: phone.clock.calendar)
            for app in apps where phone.shields.shields(app: app.token, category: nil) != expected.shields(app: app.token) { mismatches += 1 }
            if phone.activityCentre.registrations.count > 20 { Issue.record("more than 20 activities at \(boundary.at)") }
        }
        #expect(mismatches == 0)
    }

    /// 100 profiles × 5 schedules, 200 intentions with opens, 50 grants over the fortnight.
    static func largeState(from start: Date) -> ThresholdState {
        var rng = SplitMix64(seed: 2026)
        let profiles = (0..<100).map { p -> Profile in
            let schedules = (0..<5).map { s -> Schedule in
                let begin = Int.random(in: 0..<(24 * 12), using: &rng) * 5
                let length = Int.random(in: 4...(12 * 10), using: &rng) * 5
                let end = (begin + length) % (24 * 60)
                let days = Set(Weekday.allCases.filter { _ in Bool.random(using: &rng) })
                return try! Schedule(id: ScheduleID("s\(s)"), weekdays: days.isEmpty ? [.monday] : days,
                                     start: LocalTime(hour: begin / 60, minute: begin % 60), end: LocalTime(hour: end / 60, minute: end % 60))
            }
            return .make(ProfileID("p\(p)"), selection: .apps("app\(p)"), unlockPolicy: .prayer, schedules: schedules)
        }
        let intentions = (0..<200).map { Intention.make(IntentionID("i\($0)"), app: "intended\($0)", opens: 3, minutes: 5) }
        let grants = (0..<50).map { g -> Grant in
            let at = start.addingTimeInterval(TimeInterval(Int.random(in: 0..<(14 * 86_400), using: &rng)))
            return g % 2 == 0
                ? .make(GrantID("o\(g)"), .app("intended\(g)"), from: at, minutes: 5, origin: .intentionOpen(IntentionID("i\(g)")))
                : .make(GrantID("g\(g)"), from: at, minutes: Int.random(in: 1...60, using: &rng))
        }
        return .make(profiles: profiles, intentions: intentions, grants: grants)
    }
}
