import ArgumentParser
import Foundation
import ScenarioSteps

/// `threshold demo`
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Walk the five paths on the simulated phone: what the person does, what the phone shows, what is shielded and why.",
        discussion: """
            Each walkthrough is a scenario (the same steps `threshold run` reads) told as a timeline. \
            Lines marked ✓ are checks the walkthrough makes as it goes; if one fails the demo stops \
            with exit code 1.
            """)

    @Option(help: "Only this path: \(Walkthroughs.all.map(\.key).joined(separator: ", ")).")
    var path: String?

    func validate() throws {
        if let path, !Walkthroughs.all.contains(where: { $0.key == path }) {
            throw ArgumentParser.ValidationError(
                "Unknown path “\(path)”; choose one of: \(Walkthroughs.all.map(\.key).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let console = Console.current
        for walkthrough in Walkthroughs.all where path == nil || walkthrough.key == path {
            let scenario = try Scenario.parse(walkthrough.yaml, file: "demo/\(walkthrough.key)")
            console.line("━━ \(walkthrough.title) ━━")
            console.line(walkthrough.summary)
            console.line()
            try await scenario.run(narrate: true, console: console)
            console.line()
        }
    }
}
