import Foundation
import ScenarioSetup
import ScenarioSteps
import ScreenTimeClient
import ScreenTimeSimulator
import SwiftUI
import ThresholdCore
import TogetherClient
import Yams

/// A state the crawler starts from: a scenario file whose `setup:` makes the phone and whose
/// `steps:` bring the person to where the crawl begins (`Crawl/states/*.yaml`).
package struct CrawlState: Sendable {
    package let file: String
    package let scenario: Scenario
    /// The file as written, to build a reproducing scenario from.
    package let text: String

    /// The same state on a phone whose app speaks `language` (`threshold crawl --language`).
    package func speaking(_ language: PhoneLanguage) -> CrawlState {
        CrawlState(file: file, scenario: scenario.speaking(language), text: text)
    }

    /// Reads a state file; anything it names that does not exist fails here with its line (exit 2).
    package static func load(_ path: String) throws -> CrawlState {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ScenarioProblem.malformed(path, 0, "the state file cannot be read as UTF-8 text")
        }
        return CrawlState(file: path, scenario: try Scenario.parse(text, file: path), text: text)
    }

    /// The state files under the paths (files, or folders searched for `.yaml`).
    package static func files(in paths: [String]) throws -> [String] { try Scenario.files(in: paths) }
}

/// Threshold on a simulated phone in a crawl state: the person acts only by scenario steps, on the
/// app's real views and iOS's sheets, as a journey does.
@MainActor
package final class AppSubject: CrawlSubject {
    package let runner: StepRunner
    private let state: CrawlState

    /// A fresh phone from the state's `setup:`, with the state's own steps done.
    package convenience init(_ state: CrawlState) async throws {
        try await self.init(state, together: nil)
    }

    /// The same, with Threshold on the phone reaching Together's server through `together` (a
    /// server someone runs: ``TogetherCrawl``).
    init(_ state: CrawlState, together: ((SimulatedPhone) -> TogetherAccess)?) async throws {
        self.state = state
        if let together {
            let phone: SimulatedPhone
            do { phone = try state.scenario.makePhone() } catch {
                throw ScenarioProblem.failed(state.file, 1, "the phone could not be set up: \(error)")
            }
            runner = StepRunner(
                phone: phone, prompt: AccessPrompt(approvedBefore: state.scenario.setup.authorization == .approved),
                together: together(phone))
        } else {
            runner = try state.scenario.makeRunner()
        }
        try await state.scenario.play(on: runner)
    }

    private var phone: SimulatedPhone { runner.phone }

    package func screen() throws -> Screen? {
        guard let host = runner.person.host, phone.appInForeground else { return nil }
        try host.update()
        return host.screen
    }

    package func perform(_ action: CrawlAction) async throws {
        try await runner.run(try step(action))
    }

    package func settle() async throws { try await runner.person.settle() }

    /// The action as a scenario step, read as a scenario file's step is.
    func step(_ action: CrawlAction) throws -> Step {
        let reader = YAMLReader(file: state.file)
        return try StepReader(reader: reader, setup: state.scenario.setup).read(try reader.root(action.step))
    }

    package func saved() -> AnyHashable {
        do {
            return AnyHashable(try phone.savedState())
        } catch {
            // The saved data is unreadable in this state: that it stays so is what is kept.
            return AnyHashable("unreadable: \(error)")
        }
    }

    package func outside() -> AnyHashable {
        let person = runner.person
        return AnyHashable([
            "shielded: \(phone.shieldedApps)",
            "notifications: \(phone.notifications.inbox.map(\.id)) pending \(phone.notifications.pending.map(\.id)) held \(phone.notifications.held.map(\.id))",
            "live activity: \(phone.liveActivities.current.map { "\($0.title) \($0.phase.rawValue)" } ?? "none")",
            "app: running \(phone.appRunning), on screen \(phone.appInForeground)",
            "access: \(phone.authorization.rawValue), notifications \(phone.notifications.permission.rawValue), asked \(phone.notifications.prompts)",
            "links opened: \(person.openedLinks.map(\.absoluteString))",
            "shared: \(person.sharedInvitation ?? "")",
            "files saved: \(person.savedFiles.keys.sorted())",
            "NFC sheet: \(person.tagSession.map { $0.link.absoluteString } ?? "none")",
            "keys written: \(person.keyLinks.keys.map(\.rawValue).sorted())",
        ])
    }

    package var timeZone: TimeZone { phone.clock.timeZone }
    package var apps: [String] { Array(phone.catalogue.names.prefix(2)) }

    package var names: Set<String> {
        var names = Set(phone.catalogue.apps.values.map(\.displayName))
        if let saved = try? phone.savedState() {
            let engine = saved.engine
            names.formUnion(engine.profiles.map(\.name) + engine.gates.map(\.name) + engine.intentions.compactMap(\.sharedNickname))
            names.formUnion(saved.settings.keyTags.map(\.name))
        }
        return names
    }
}

/// Every try starts from a fresh phone in the state.
@MainActor
package struct AppWorld: CrawlWorld {
    package let state: CrawlState

    package init(_ state: CrawlState) { self.state = state }

    package func fresh() async throws -> any CrawlSubject { try await AppSubject(state) }
}
