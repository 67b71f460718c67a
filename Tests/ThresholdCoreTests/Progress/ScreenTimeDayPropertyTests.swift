import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// The goal streak under what iOS does to the daily activity's callbacks: lost, repeated, late
/// and out of order.
@Suite struct ScreenTimeDayPropertyTests {
    static let clock = Clockwork(calendar: calendar())

    /// Days of a goal, each reported or not.
    struct Days: Sendable, CustomStringConvertible {
        let first: LocalDate
        let goal: Int
        /// Minutes used each day; `nil` when the day was not reported.
        let minutes: [Int?]
        var description: String { "first=\(first) goal=\(goal) minutes=\(minutes)" }
    }

    static let days = Generator(run: { rng -> Days in
        Days(
            first: LocalDate(dayNumber: 20_000 + Int.random(in: 0..<400, using: &rng)),
            goal: Int.random(in: 1...32, using: &rng) * 30,
            minutes: (0..<Int.random(in: 1...60, using: &rng)).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0 ? nil : Int.random(in: 0...32, using: &rng) * 30
            })
    })

    @Test func anUnreportedDay_neverMovesTheStreak_andOnlyKnownDaysUnderTheGoalAddToIt() async {
        await propertyCheck(count: 300, input: Self.days) { days in
            var streak = GoalStreak.starting(on: days.first)
            var underGoal = 0
            for (index, minutes) in days.minutes.enumerated() {
                let day = days.first.adding(days: index)
                let next = streak.counting(day, minutes: minutes, goalMinutes: days.goal)
                if minutes == nil {
                    let sundayLife = day.weekday == .sunday ? min(GoalStreak.maximumLives, streak.lives + 1) : streak.lives
                    #expect(next.days == streak.days && next.lives == sundayLife && next.unreported.last == day, "\(days)")
                }
                if let minutes, minutes < days.goal { underGoal += 1 }
                #expect(next.days <= underGoal)
                #expect(next.unreported.allSatisfy { $0 > day.adding(days: -GoalStreak.recountedDays) && $0 <= day })
                streak = next
            }
        }
    }

    /// A week or two of days, each with its callbacks, and what iOS does to each one.
    struct Deliveries: Sendable, CustomStringConvertible {
        let first: LocalDate
        let goal: Int
        let used: [Int]
        /// Each callback with when it arrives (possibly twice, possibly never).
        let callbacks: [(report: ScreenTimeReport, fired: Date, arrivals: [Date])]
        var description: String {
            "first=\(first) goal=\(goal) used=\(used)\n"
                + callbacks.map { "  \($0.report) fired \($0.fired) arrives \($0.arrivals)" }.joined(separator: "\n")
        }
    }

    /// Late by up to two days, so every day is final before it is settled.
    static let deliveries = Generator(run: { rng -> Deliveries in
        let first = LocalDate(dayNumber: 20_000 + Int.random(in: 0..<400, using: &rng))
        let used = (0..<Int.random(in: 1...14, using: &rng)).map { _ in Int.random(in: 0...20, using: &rng) * 30 }
        var callbacks: [(ScreenTimeReport, Date, [Date])] = []
        for (index, minutes) in used.enumerated() {
            let day = first.adding(days: index)
            let midnight = clock.startOfDay(day), next = clock.startOfDay(day.adding(days: 1))
            var fired: [(ScreenTimeReport, Date)] = [(.started(day), midnight)]
            for (step, threshold) in stride(from: 30, through: minutes, by: 30).enumerated() {
                fired.append((.reached(minutes: threshold, on: day), midnight.addingTimeInterval(TimeInterval(3_600 + step * 2_000))))
            }
            fired.append((.ended(day), next))
            for (report, at) in fired {
                let arrivals: [Date] =
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0: []  // lost
                    case 1: [at, at]  // twice
                    case 2, 3, 4: [at.addingTimeInterval(TimeInterval(Int.random(in: 1...(2 * 86_400), using: &rng)))]  // late
                    default: [at]
                    }
                callbacks.append((report, at, arrivals))
            }
        }
        return Deliveries(first: first, goal: Int.random(in: 1...16, using: &rng) * 60, used: used, callbacks: callbacks)
    })

    @Test func lateRepeatedAndLostCallbacks_countForTheDayOfTheirInterval() async throws {
        await propertyCheck(count: 300, input: Self.deliveries) { input in
            let tracking = try #require(try? ScreenTimeTracking(selection: .apps("instagram"), goalMinutes: input.goal, since: input.first))
            let arrivals = input.callbacks.flatMap { callback in callback.arrivals.map { (callback.report, $0) } }.sorted { $0.1 < $1.1 }
            var record = ProgressRecord()
            for (report, arrival) in arrivals {
                // As the reconciler does: the report for its day, then the streak through yesterday.
                let today = Self.clock.localDate(of: arrival)
                record.record(report, at: arrival, clock: Self.clock)
                if report.day < today { record.recountGoalStreak(to: today, tracking: tracking) }
                record.roll(to: today, state: .empty, tracking: tracking, clock: Self.clock)
            }
            let end = input.first.adding(days: input.used.count + 3)
            record.roll(to: end, state: .empty, tracking: tracking, clock: Self.clock)

            // What arrived, day by day, whenever it arrived.
            func arrived(_ report: ScreenTimeReport) -> Bool { input.callbacks.contains { $0.report == report && !$0.arrivals.isEmpty } }
            let truth = { (day: LocalDate) -> Int? in
                guard arrived(.started(day)), arrived(.ended(day)) else { return nil }
                return input.callbacks.compactMap { callback -> Int? in
                    guard case .reached(let minutes, day) = callback.report, !callback.arrivals.isEmpty else { return nil }
                    return minutes
                }.max() ?? 0
            }
            let expected = GoalStreak.starting(on: input.first).rolled(to: end, goalMinutes: input.goal, minutes: truth)
            #expect(record.goalStreak == expected, "\(input)")
            for (index, _) in input.used.enumerated() {
                let day = input.first.adding(days: index)
                #expect(record.reportedMinutes(on: day) == truth(day), "\(day): \(input)")
            }
        }
    }
}
