import ArgumentParser
import Foundation
import ScenarioSetup
import ScenarioSteps
import ScreenTimeSimulator

/// `threshold play`: an interactive phone.
struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "An interactive simulated iPhone: open apps, pray, start, break, tap the key, let time pass.",
        discussion: """
            Type the same steps a scenario uses, one per line, with the verb and its argument:
              open instagram          pray                   start work
              tap-key work            choose break           advance 10m
              set-clock +2h           reboot                 status
              expect {shielded: [instagram]}                 help, quit

            The phone starts as `--setup FILE` (a scenario file; only its setup is used) or, by default, \
            with a Selah gate, a Work profile with breaks and an Instagram intention.
            """)

    @Option(help: "A scenario file whose setup the phone starts with.")
    var setup: String?

    @Option(help: "A folder that keeps the phone between runs: Threshold's database and the phone's state.")
    var data: String?

    func run() async throws {
        let scenario = try setup.map(Scenario.load) ?? Scenario.parse(Walkthroughs.playground, file: "playground")
        let folder = data.map { PhoneData(directory: URL(fileURLWithPath: $0, isDirectory: true)) }
        let (phone, steps) = try folder?.open(startingAs: scenario) ?? (try scenario.makePhone(), scenario)
        let session = await PlaySession(scenario: steps, phone: phone)
        await session.greet()
        try folder?.save(phone)
        while let line = readLine() {
            let going = await session.handle(line)
            try folder?.save(phone)
            guard going else { break }
        }
    }
}

/// One `play` session: reads a line, does it, tells what happened. Nothing typed can crash it.
@MainActor
final class PlaySession {
    let scenario: Scenario
    let runner: StepRunner
    private let console: Console

    init(scenario: Scenario, phone: SimulatedPhone, console: Console = Console.current) {
        self.scenario = scenario
        self.runner = StepRunner(phone: phone, prompt: AccessPrompt(approvedBefore: scenario.setup.authorization == .approved))
        self.console = console
    }

    func greet() async {
        do { try await runner.run(.openThreshold) } catch { console.line("✗ \(error)") }
        console.line(
            "Threshold on a simulated iPhone — \(runner.phone.clock.readable(runner.phone.clock.wall, weekday: true)) \(runner.phone.clock.timeZone.identifier). Type help for the steps, quit to leave."
        )
        runner.newTimeline().forEach(console.line)
    }

    /// Handles one typed line; false when the person quits.
    @discardableResult
    func handle(_ input: String) async -> Bool {
        let line = input.trimmingCharacters(in: .whitespaces)
        switch line {
        case "": return true
        case "quit", "exit", "q": return false
        case "help", "?":
            console.line("Steps (verb and argument, as in scenario files):")
            for (verb, usage) in StepReader.vocabulary {
                console.line("  \(verb.padding(toLength: Run.verbWidth, withPad: " ", startingAt: 0))\(usage)")
            }
            console.line("  help, quit")
            return true
        default: break
        }
        do {
            let step = try parse(line)
            try await runner.run(step)
            runner.newTimeline().forEach(console.line)
        } catch let malformed as ScenarioProblem {
            console.line("✗ \(malformed.problem)")
        } catch {
            runner.newTimeline().forEach(console.line)
            console.line("✗ \(error)")
        }
        return true
    }

    /// `start work` reads as the scenario step `start: work`.
    private func parse(_ line: String) throws -> Step {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let yaml = parts.count == 2 ? "\(parts[0]): \(parts[1])" : parts[0]
        let reader = YAMLReader(file: "input")
        guard !yaml.contains("\n") else { throw ScenarioProblem.malformed("input", 1, "type one step on one line") }
        return try StepReader(reader: reader, setup: scenario.setup).read(try reader.root(yaml))
    }
}
