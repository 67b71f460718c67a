import Foundation
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import ThresholdCore

/// A long soak (issue 17 item 5): days of a person acting through Threshold's screens and iOS's
/// entry points at random (``SoakPerson``), while iOS drops, doubles and delays callbacks, the
/// phone restarts, the app is killed, the clock and time zone move and the saved data fails;
/// the invariants (``SoakChecker``) are checked after every step.
///
/// The person goes through the same ``StepRunner`` as a scenario: a step the screen refuses (a
/// ``ScreenMismatch``, a ``StepError``, a refusal) is what happens to a person who taps the wrong
/// thing, and is only noted. Only a broken invariant fails the run, with its seed, the step and
/// the last 50 lines of the timeline. A seed repeats exactly.
@MainActor
package final class Soak {
    /// What a run did.
    package struct Figures: Codable, Sendable {
        package let seed: UInt64
        package var days = 0.0
        package var steps = 0
        /// Steps the screens, an entry point or iOS refused (normal: the person acts at random).
        package var refused = 0
        package var eventsChecked = 0
        /// Moments an app the engine shields was open, by the allowance that excused it.
        package var excused: [String: Int] = [:]
        /// App checks after a foreground reconcile where the phone shielded what the engine lets open.
        package var overShielded = 0
        /// Each verb: how often the person did it, and how often it was refused.
        package var verbs: [String: Tally] = [:]

        package struct Tally: Codable, Sendable {
            package var done = 0
            package var refused = 0
        }
    }

    /// A broken invariant: the seed, the step, what broke and the end of the timeline.
    package struct Failure: Error, CustomStringConvertible {
        package let seed: UInt64
        package let step: Int
        package let action: String
        package let problem: String
        package let timeline: [String]

        package var description: String {
            "seed \(seed), step \(step) (\(action)): \(problem)\nthe last \(timeline.count) timeline lines:\n"
                + timeline.joined(separator: "\n")
        }
    }

    /// How many timeline lines a failure shows.
    package static let timelineShown = 50

    package let seed: UInt64
    package let phone: SimulatedPhone
    private let runner: StepRunner
    private let reader: StepReader
    private let yaml: YAMLReader
    private var person: SoakPerson
    private var checker: SoakChecker
    private let start: Date
    /// How far the person has moved the clock in all (so that days count real time).
    private var clockMoves: TimeInterval = 0
    package private(set) var figures: Figures

    /// A phone set up with every path, and random callback faults from the seed.
    package init(seed: UInt64) throws {
        self.seed = seed
        yaml = YAMLReader(file: "soak seed \(seed)")
        let scenario = try Scenario.parse(Self.setUp(seed: seed), file: "soak seed \(seed)")
        reader = StepReader(reader: yaml, setup: scenario.setup)
        phone = try scenario.makePhone()
        runner = StepRunner(phone: phone, prompt: AccessPrompt(approvedBefore: true))
        person = SoakPerson(seed: seed)
        checker = try SoakChecker(phone: phone)
        start = phone.clock.wall
        figures = Figures(seed: seed)
    }

    /// Real time passed since the start: the clock, less the person's moves of it.
    package var elapsed: TimeInterval { phone.clock.wall.timeIntervalSince(start) - clockMoves }

    /// Runs until `days` of real time have passed; throws at the first broken invariant.
    /// The person first opens Threshold (the set-up is saved, but nothing is shielded before
    /// the app's first reconcile).
    package func run(days: Double) async throws(Failure) -> Figures {
        if figures.steps == 0 { try await perform("open-threshold") }
        while elapsed < days * 86_400 {
            for text in person.next() { try await perform(text) }
        }
        // The events are read once the saved data is readable again.
        if person.storeFailing { try await perform("store-recovers") }
        try checkEvents(after: "the end")
        figures.days = elapsed / 86_400
        return figures
    }

    /// Does one step as the soak's person would, then checks the invariants.
    package func perform(_ text: String) async throws(Failure) {
        figures.steps += 1
        let step: Step
        do { step = try reader.read(try yaml.root(text)) } catch {
            throw failure(text, "the soak wrote a step the reader refuses: \(error)")
        }
        let wall = phone.clock.wall, reconciles = phone.outcomes.count
        let verb = String(text.prefix { $0 != ":" })
        var refused = false
        do {
            try await runner.run(step)
            refused = runner.lastRefusal != nil
        } catch {
            if let broken = Self.brokenPromise(in: error) { throw failure(text, broken) }
            refused = true
            phone.note(.person, "(\(text): \(error))")
        }
        if refused { figures.refused += 1 }
        figures.verbs[verb, default: Figures.Tally()].done += 1
        if refused { figures.verbs[verb, default: Figures.Tally()].refused += 1 }
        if case .setClock = step {
            clockMoves += phone.clock.wall.timeIntervalSince(wall)
            checker.clockMoved(from: wall, to: phone.clock.wall, reconcilesBefore: reconciles)
        }
        do { try checker.check(phone, foreground: step == .openThreshold) } catch { throw failure(text, error.message) }
        if figures.steps % 50 == 0 { try checkEvents(after: text) }
        figures.excused = checker.excused
        figures.overShielded = checker.overShielded
    }

    /// What a step's error breaks of the soak's promises, if anything: a screen that never
    /// finishes its work does (the person would wait for ever); a step the screens refuse does not.
    package static func brokenPromise(in error: any Error) -> String? {
        guard case StepError.neverSettles(let why) = error else { return nil }
        return "the screen never finished its work, so a person would wait for ever: \(why)"
    }

    /// Checks the events logged since the last check (every 50 steps and at the end of a run).
    package func checkEvents(after text: String) throws(Failure) {
        do { try checker.checkEvents(phone) } catch { throw failure(text, error.message) }
        figures.eventsChecked = checker.eventsChecked
    }

    private func failure(_ action: String, _ problem: String) -> Failure {
        Failure(
            seed: seed, step: figures.steps, action: action, problem: problem,
            timeline: phone.timeline.suffix(Self.timelineShown).map { Format.entry($0, clock: phone.clock) })
    }

    /// Every path: a Selah gate, a Challenge gate, an Earned Access mode on a weekday schedule,
    /// Present and Key profiles with breaks, an intention and a screen-time goal; callbacks
    /// dropped (10 %), doubled (10 %) and delayed (20 %, up to 20 minutes); iOS 26.2's usage
    /// thresholds fired at the first use; and iOS 26.3.1's monitor that stops being called, from
    /// a moment in the first two days until the person next restarts the phone.
    static func setUp(seed: UInt64) throws -> String {
        var mixer = SplitMix64(seed: seed ^ 0xFA_0175)  // the faults' own sequence, apart from the person's
        let faultSeed = mixer.next() >> 2
        // The minute the monitor stops being called, in the two days from the start (07:00).
        let asleep = 7 * 60 + Int(mixer.next() % (2 * 24 * 60))
        let day = try LocalDate(year: 2026, month: 11, day: 23).adding(days: asleep / (24 * 60))
        let sleeps = "\(day) \(Format.timeOfDay(asleep % (24 * 60) * 60))"
        return """
            name: soak
            setup:
              timezone: America/New_York
              start: 2026-11-23 07:00
              faults: {drop: 0.1, duplicate: 0.1, delay: 0.2, max-delay: 20m, seed: \(faultSeed)}
              fires-thresholds-at-first-use: true
              never-calls-monitor: \(sleeps)
              screen-time: {apps: [instagram, tiktok, youtube], goal: 2h}
              gates:
                - {id: selah, path: selah, apps: [instagram, tiktok], unlock: prayer}
                - {id: lookup, name: Challenge, path: challenge, apps: [youtube, chess], unlock: challenge}
              profiles:
                - id: work
                  name: Work
                  path: earned-access
                  apps: [reddit, x]
                  unlock: earned-access
                  schedules: [{days: weekdays, start: "09:00", end: "17:00"}]
                - {id: focus, name: Focus, path: present, apps: [netflix, candycrush], breaks: {count: 2, per: hour, minutes: 5}}
                - {id: desk, name: Desk, path: key, apps: [instagram, youtube, mail], breaks: {count: 1, per: hour, minutes: 5}}
              intentions:
                - {id: web, app: safari, opens: 3, minutes: 5}
            steps:
              - status
            """
    }
}
