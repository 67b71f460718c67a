import Foundation
import ScenarioSteps
import ScreenTimeSimulator
import TogetherClient

/// A crawl from a state in which Threshold talks to Together's server: "Together on". The server is
/// `Server/`'s package of its own (Hummingbird, PostgreSQL), so `threshold crawl` has none to start
/// from; the server's tests run it and crawl with this, the same ``Crawler`` and allowances.
///
/// Each try starts from a fresh copy of the state, the server's part included: `fresh` puts the
/// server back where the state begins (its data emptied, a partner made, say) and gives the words
/// the state's steps leave open, written `{name}` (`link: "{bob.invitation}"`); `together` is the
/// new phone's way to that server.
@MainActor
public enum TogetherCrawl {
    /// What the crawl came to.
    public struct Outcome: Sendable {
        /// The screens reached, by name (`together`, `dialog Delete your Together account?`).
        public let screens: Set<String>
        /// Screens as the crawl tells them apart (a screen with other controls counts again).
        public let screenStates: Int
        /// Controls used, each as `screen: control`.
        public let controls: Set<String>
        /// Actions done, each from a fresh copy of the state.
        public let tries: Int
        /// Findings the allowances do not allow, each with the steps that reach it.
        public let findings: [String]
        /// Findings the allowances set aside as right by design.
        public let allowed: Int
        /// Paths that did not replay the same way twice: the crawl did not go on from them.
        public let diverged: [String]
        /// Controls the crawl could not name for a step, so did not use.
        public let unaddressable: Set<String>
    }

    /// Crawls from the state file at `file` to `depth` actions, setting aside what the allowances
    /// file `allowed` allows; `cpuLimit` is the seconds of the process's CPU one action may take.
    /// Throws when the state cannot be reached (its steps fail) or a file is malformed.
    public static func run(
        state file: String, depth: Int, allowed: String, cpuLimit: Double = 1,
        fresh: @escaping @MainActor () async throws -> [String: String],
        together: @escaping @MainActor (SimulatedPhone) -> TogetherAccess
    ) async throws -> Outcome {
        let state = try CrawlState.load(file)
        let allowances = try Allowances.load(allowed)
        var options = CrawlOptions()
        options.depth = depth
        options.cpuLimit = cpuLimit
        var crawl = StateCrawl(state: file)
        let crawler = Crawler(world: World(state: state, prepare: fresh, together: together), state: file, options: options) { event in
            if case .finding(let finding) = event { crawl.findings.append(finding) }
        }
        crawl.summary = try await crawler.run()
        let report = CrawlReport([crawl], allowances: allowances)
        let summary = report.summary
        return Outcome(
            screens: summary.screens, screenStates: summary.screenStates, controls: summary.controls, tries: summary.tries,
            findings: report.findings.map { entry in
                let finding = entry.finding
                return finding.line
                    + (finding.path.isEmpty ? "" : "\n  reached by: " + finding.path.map(\.description).joined(separator: "; "))
            },
            allowed: report.allowed.count, diverged: summary.diverged, unaddressable: summary.unaddressable)
    }

    /// Every try starts from a fresh phone, and the server put back, in the state.
    private struct World: CrawlWorld {
        let state: CrawlState
        let prepare: @MainActor () async throws -> [String: String]
        let together: @MainActor (SimulatedPhone) -> TogetherAccess

        func fresh() async throws -> any CrawlSubject {
            var text = state.text
            for (name, value) in try await prepare() { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
            let copy = CrawlState(file: state.file, scenario: try Scenario.parse(text, file: state.file), text: state.text)
            return try await AppSubject(copy, together: together)
        }
    }
}
