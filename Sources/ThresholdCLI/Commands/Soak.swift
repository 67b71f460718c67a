import ArgumentParser
import Foundation
import ScenarioSetup
import ScenarioSteps

/// `threshold soak [--days 90] [--seed N] [--seeds K]`
struct SoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Live days with Threshold at random while iOS mistreats the phone; check the promises after every step.",
        discussion: """
            A person acts at random through Threshold's screens and iOS's entry points, as a scenario's \
            person does: prays, does challenges, spends credits, finishes quests, holds the emergency \
            button, starts, ends and pauses profiles, taps the key, opens the intention, uses the streak \
            freeze, opens and uses apps, presses shield buttons, taps notifications, opens, leaves and \
            kills Threshold, restarts the phone, moves the clock and the time zone, makes the saved data \
            fail and recover, turns a Focus, notifications and Screen Time access on and off, and lets \
            time pass. The phone has every path: a Selah gate, a Challenge gate, an Earned Access mode \
            on a weekday schedule, Present and Key profiles with breaks, an intention and a screen-time \
            goal; iOS drops 10 %, doubles 10 % and delays 20 % of the callbacks (up to 20 minutes), \
            fires usage thresholds at the first use counted (iOS 26.2), and stops calling the monitor from a \
            moment in the first two days until the person next restarts the phone (iOS 26.3.1).

            After every step, reading only what the phone shows and what Threshold saved:
              - no app is open that the engine, asked about that instant with the saved state, shields. \
            Allowed, each counted in the summary: a callback iOS holds back (it arrives by the next use \
            of the phone); Screen Time access off, and back on until Threshold saves again; a clock \
            moved back, until something of Threshold's runs (issue 17 item 1's bound is not checked \
            yet); a time zone changed with Threshold not running, until something of it runs (the \
            wake-ups stay where the old zone put them: a known issue); the saved data unreadable, \
            until Threshold saves again (a lift that ends meanwhile stays: a known issue); a callback iOS did \
            not call the monitor for, until Threshold saves again (the next entry of the person's, or a restart's)
              - no balance is negative, in the saved state or anywhere along the ledger
              - every event is recorded once, and every saved session and grant has its event
              - at most 20 activities are monitored
              - no screen keeps working for ever: a step whose screen never settles (a spinner that \
            never ends) breaks the run, where a step the screens refuse is only counted

            A step the screens refuse is normal and counted. A broken promise stops the run with its \
            seed, the step and the last 50 lines of the timeline; `--seed N --seeds 1` repeats it exactly.

            Examples:
              threshold soak                        one seed (1), 90 days
              threshold soak --days 7 --seeds 5     seeds 1 to 5, a week each
              threshold soak --seed 42 --days 3     seed 42 only (with --seeds 1)
              threshold soak --seeds 16 --jobs 1    sixteen seeds, one after another, in this process

            With more than one seed, --jobs seeds run at once, each in a worker process (the views \
            draw on one main thread a process); their figures are told in the seeds' order, and the \
            first broken promise stops the others. --verbose runs one seed at a time.

            Exit codes: 0 every seed kept every promise; 1 a promise broke (the seed and timeline \
            are printed); 2 the command was misused.
            """)

    @Option(help: "Days of real (simulated) time each seed runs; clock moves do not count.")
    var days = 90.0

    @Option(help: "The first seed.")
    var seed: UInt64 = 1

    @Option(help: "How many seeds, from --seed on.")
    var seeds = 1

    @Option(help: "Seeds soaked at once, each in a process of its own (the default: one a core). A seed's run is the same either way.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .shortAndLong, help: "Tell each seed's whole story (long; one seed at a time).")
    var verbose = false

    @Flag(help: .hidden)
    var worker = false

    func validate() throws {
        guard days > 0, days <= 3_650 else { throw ArgumentParser.ValidationError("--days must be more than 0 and at most 3650.") }
        guard seeds >= 1, seeds <= 10_000 else { throw ArgumentParser.ValidationError("--seeds must be from 1 to 10000.") }
        guard seed <= UInt64.max - UInt64(seeds) else { throw ArgumentParser.ValidationError("--seed is too large for --seeds \(seeds).") }
        guard jobs >= 1 else { throw ArgumentParser.ValidationError("--jobs is at least 1.") }
    }

    func run() async throws {
        let all = (0..<UInt64(seeds)).map { seed + $0 }
        if worker { return await Self.work(seed: seed, days: days) }
        if jobs > 1, all.count > 1, !verbose {
            try await Self.soakInWorkers(days: days, seeds: all, jobs: jobs, console: Console.current)
        } else {
            try await Self.soak(days: days, seeds: all, verbose: verbose, console: Console.current)
        }
    }

    /// What a worker (`threshold soak --worker --seed N`) writes: one JSON line.
    enum WorkerLine: Codable {
        case kept(Soak.Figures, seconds: Double)
        case broke(step: Int, description: String)
    }

    /// Soaks each seed in turn, telling its figures; throws at the first broken promise.
    @MainActor
    static func soak(days: Double, seeds: [UInt64], verbose: Bool = false, console: Console) async throws {
        var steps = 0
        let began = Date()
        for seed in seeds {
            let clock = Date()
            let soak = try Soak(seed: seed)
            defer { if verbose { soak.phone.timeline.forEach { console.line(Format.entry($0, clock: soak.phone.clock)) } } }
            do {
                let figures = try await soak.run(days: days)
                steps += figures.steps
                tell(figures, seconds: Date().timeIntervalSince(clock), console: console)
            } catch {
                throw ScenarioProblem.failed("soak", error.step, error.description)
            }
        }
        console.line(
            String(
                format: "%d seed%@ kept every promise: %d steps in %.1f s", seeds.count, seeds.count == 1 ? "" : "s", steps,
                Date().timeIntervalSince(began)))
    }

    /// One seed, its outcome written as a ``WorkerLine``.
    @MainActor
    static func work(seed: UInt64, days: Double) async {
        let clock = Date()
        let line: WorkerLine
        do {
            let figures = try await Soak(seed: seed).run(days: days)
            line = .kept(figures, seconds: Date().timeIntervalSince(clock))
        } catch let failure as Soak.Failure {
            line = .broke(step: failure.step, description: failure.description)
        } catch {
            line = .broke(step: 0, description: "seed \(seed) could not start: \(error)")
        }
        // NB: JSONEncoder cannot fail on these plain values; an empty line reads as a lost worker.
        let data = (try? JSONEncoder().encode(line)) ?? Data()
        print(String(decoding: data, as: UTF8.self))
    }

    /// Each seed in a worker process, `jobs` at a time; told in the seeds' order. The first broken
    /// promise (or a worker that crashes) stops the others and fails the run.
    static func soakInWorkers(days: Double, seeds: [UInt64], jobs: Int, console: Console) async throws {
        let executable = try Output.executable()
        let began = Date()
        let steps = try await withThrowingTaskGroup(of: (UInt64, WorkerLine).self) { group in
            var pending = seeds[...]
            var done: [UInt64: WorkerLine] = [:]
            var told = 0, steps = 0
            func start(_ seed: UInt64) {
                group.addTask {
                    let arguments = ["soak", "--worker", "--seed", String(seed), "--days", String(days)]
                    return (seed, try await SoakWorker.run(executable, arguments, seed: seed))
                }
            }
            for _ in 0..<jobs { if let seed = pending.popFirst() { start(seed) } }
            for try await (seed, line) in group {
                done[seed] = line
                // Told in order: each seed as soon as every seed before it is told.
                while told < seeds.count, let next = done[seeds[told]] {
                    if case .broke(let step, let description) = next {
                        group.cancelAll()
                        throw ScenarioProblem.failed("soak", step, description)
                    }
                    if case .kept(let figures, let seconds) = next {
                        tell(figures, seconds: seconds, console: console)
                        steps += figures.steps
                    }
                    told += 1
                }
                if let seed = pending.popFirst() { start(seed) }
            }
            return steps
        }
        console.line(
            String(
                format: "%d seeds kept every promise: %d steps in %.1f s, %d at a time", seeds.count, steps,
                Date().timeIntervalSince(began), jobs))
    }

    /// A seed's figures, as the summary tells them.
    static func tell(_ figures: Soak.Figures, seconds: Double, console: Console) {
        console.line(
            String(
                format: "ok    seed %llu  %.1f days  %d steps  %d refused  %d events  %.1f s", figures.seed, figures.days,
                figures.steps, figures.refused, figures.eventsChecked, seconds))
        console.line(
            "      steps (refused): "
                + figures.verbs.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value.done)" + ($0.value.refused > 0 ? " (\($0.value.refused))" : "") }.joined(separator: ", "))
        for (allowance, count) in figures.excused.sorted(by: { $0.key < $1.key }) {
            console.line("      excused \(count) app checks: \(allowance)")
        }
        if figures.overShielded > 0 { console.line("      over-shielded after a foreground reconcile: \(figures.overShielded) app checks") }
    }
}

/// A worker process soaking one seed: its one line read back, or why there was none.
enum SoakWorker {
    static func run(_ executable: URL, _ arguments: [String], seed: UInt64) async throws -> SoakCommand.WorkerLine {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // NB: the pipe is read to its end on a thread of its own, not the concurrency pool's.
                Thread {
                    do {
                        try process.run()
                        let data = output.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                        // The figures are the worker's last line (anything printed before is not read).
                        let last = text.split(separator: "\n").last.map(String.init) ?? ""
                        if let line = try? JSONDecoder().decode(SoakCommand.WorkerLine.self, from: Data(last.utf8)) {
                            continuation.resume(returning: line)
                        } else {
                            continuation.resume(
                                returning: .broke(
                                    step: 0,
                                    description: "seed \(seed)'s worker ended (status \(process.terminationStatus)) "
                                        + "without its figures: \(text.suffix(600))"))
                        }
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }.start()
            }
        } onCancel: {
            if process.isRunning { process.terminate() }
        }
    }
}
