import Benchmark
import Foundation
import PrayerContent
import TestSupport
import ThresholdCore
import Workloads

// Threshold's benchmarks at 1, 10, 100, 1,000 and 10,000 rules (`ScaledUser` says what a rule
// is). Each name reads "what/rules". Run from Benchmarks/: `swift package benchmark`; see
// README.md. THRESHOLD_BENCH_SMOKE=1 runs each benchmark a few times only (CI's smoke pass).

/// Activity counts, reported beside the timings in the same run.
enum Activities {
    /// What our planner registers.
    static let registered = BenchmarkMetric.custom("Activities registered", polarity: .prefersSmaller, useScalingFactor: false)
    /// What the naive plan needs, and how many of those iOS refuses past its 20.
    static let naive = BenchmarkMetric.custom("Naive: activities needed", polarity: .prefersSmaller, useScalingFactor: false)
    static let refused = BenchmarkMetric.custom("Naive: refused past 20", polarity: .prefersSmaller, useScalingFactor: false)
    static let cut = BenchmarkMetric.custom("Naive: cut at midnight", polarity: .prefersSmaller, useScalingFactor: false)
}

let benchmarks: @Sendable () -> Void = {
    let smoke = ProcessInfo.processInfo.environment["THRESHOLD_BENCH_SMOKE"] != nil
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .mallocBytesCount, .peakMemoryResident]
    Benchmark.defaultConfiguration = .init(
        metrics: metrics,
        timeUnits: .microseconds,
        warmupIterations: smoke ? 0 : 3,
        maxDuration: smoke ? .milliseconds(200) : .seconds(2),
        maxIterations: smoke ? 3 : 2_000)

    let calendar = ScaledUser.calendar
    let now = ScaledUser.now
    let sizes = smoke ? [1, 10] : ScaledUser.sizes

    for rules in sizes {
        let state = ScaledUser.state(rules: rules)

        Benchmark("evaluate/\(rules)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(evaluate(state, at: now, calendar: calendar)) }
        }

        Benchmark("nextChange/\(rules)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(nextChange(state, after: now, calendar: calendar)) }
        }

        Benchmark("planner/\(rules)", configuration: .init(metrics: metrics + [Activities.registered])) { benchmark in
            var plan: ActivityPlan?
            for _ in benchmark.scaledIterations {
                plan = ActivityPlanner.plan(state, at: now, calendar: calendar)
                blackHole(plan)
            }
            benchmark.measurement(Activities.registered, plan?.registrations.count ?? 0)
        }

        Benchmark(
            "naive planner/\(rules)",
            configuration: .init(metrics: metrics + [Activities.naive, Activities.refused, Activities.cut])
        ) { benchmark in
            var plan: [ActivityRegistration] = []
            for _ in benchmark.scaledIterations {
                plan = NaivePlanner.plan(state, at: now, calendar: calendar)
                blackHole(plan)
            }
            let report = NaivePlanner.Report(plan)
            benchmark.measurement(Activities.naive, report.activities)
            benchmark.measurement(Activities.refused, report.refused)
            benchmark.measurement(Activities.cut, report.cutAtMidnight)
        }

        // One monitor callback at a boundary over the GRDB store: open as the extension, one
        // trigger, reconcile, close. After each sample (not measured) the store folder is put back.
        Benchmark("reconcile/\(rules)") { (benchmark: Benchmark, callback: MonitorCallback) in
            do { blackHole(try callback.run()) } catch { fatalError("reconcile: \(error)") }
            benchmark.stopMeasurement()
            do { try callback.reset() } catch { fatalError("reset: \(error)") }
        } setup: {
            try MonitorCallback(rules: rules)
        }
    }

    // Prayer selection reads no rules: its size is the history of prayers shown lately that the
    // app passes in (and the verses on the Selah shield), most recent first.
    let library: PrayerLibrary
    do { library = try PrayerContent.bundledLibrary() } catch { fatalError("the bundled prayers: \(error)") }
    let selector = PrayerSelector(library: library)
    for shown in sizes {
        let recent = (0..<shown).map { library.templates[$0 % library.templates.count] }
        let recentIDs = recent.map(\.id)
        let recentVerses = recent.map(\.verse.reference)
        Benchmark("prayer selection/\(shown)") { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(selector.prayer(tradition: .catholic, vibe: .liturgical, mood: .anxious, seed: UInt64(index), recent: recentIDs))
                blackHole(selector.verseLine(tradition: .catholic, seed: UInt64(index), recent: recentVerses))
            }
        }
    }
}
