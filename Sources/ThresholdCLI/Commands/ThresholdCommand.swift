import ArgumentParser
import Foundation
import ScenarioSetup
import ScenarioSteps

/// `threshold`: Threshold on a simulated iPhone, from the terminal.
public struct ThresholdCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "threshold",
        abstract: "Threshold on a simulated iPhone: the real engine, reconciler and planner against iOS's Screen Time rules.",
        discussion: """
            FamilyControls does not work in Apple's Simulator, so Threshold brings its own phone: a virtual \
            clock, ManagedSettings stores with their 50-token and 50-store limits, a DeviceActivity centre that \
            refuses what iOS refuses and delivers callbacks late, twice or never when asked to, reboots, \
            killed apps and moved clocks. Every callback runs Threshold's one reconcile.

            Examples:
              threshold demo                       the five paths, as timelines
              threshold demo --path key            one path
              threshold run Scenarios              every scenario file under Scenarios/
              threshold run Scenarios/selah -v     with each scenario's story
              threshold play                       an interactive phone (type help)
              threshold soak --days 7 --seeds 3    a random week per seed, every promise checked
              threshold pictures                   the README's pictures, drawn from their journey steps
              threshold pictures --check           is each picture's words what its step shows now?

            Exit codes: 0 all is well; 1 an expectation failed (or a walkthrough went wrong); \
            2 a scenario file is malformed or the command was misused.
            """,
        subcommands: [Demo.self, Run.self, Crawl.self, Play.self, SoakCommand.self, Pictures.self])

    public init() {}
}

/// The `threshold` executable's whole life, callable from tests: parse, run, map errors to exit
/// codes (0 ok, 1 a failed expectation, 2 a malformed scenario or bad usage).
public enum ThresholdCLI {
    public static func main(_ arguments: [String], console: Console = Console()) async -> Int32 {
        do {
            let command = try ThresholdCommand.parseAsRoot(arguments)
            try await Console.$current.withValue(console) {
                if var command = command as? any AsyncParsableCommand {
                    try await command.run()
                } else {
                    var command = command
                    try command.run()
                }
            }
            return 0
        } catch let problem as ScenarioProblem {
            console.error("\(problem.kind == .malformed ? "MALFORMED" : "FAILED") \(problem)")
            return problem.exitCode
        } catch {
            let code = ThresholdCommand.exitCode(for: error)
            let message = ThresholdCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { console.line(message) }
                return 0
            }
            console.error(message)
            return code == .validationFailure ? 2 : code.rawValue
        }
    }
}
