import Foundation
import ScenarioSetup
import ScreenTimeSimulator
import ThresholdCore
import Yams

/// A scenario file: a phone to set up, steps to take on it and what to expect along the way.
///
/// ```yaml
/// name: A prayer unlocks for ten minutes; the shield returns with the app killed
/// setup:
///   timezone: America/New_York
///   start: 2026-11-23 10:00
///   gates:
///     - {id: selah, path: selah, apps: [instagram, tiktok], unlock: prayer}
/// steps:
///   - open: {app: instagram, shielded: true, reason: gated}
///   - pray
///   - kill-app
///   - advance: 10m
///   - expect: {shielded: [instagram, tiktok], reason: gated}
/// ```
public struct Scenario: Sendable {
    public let file: String
    public let name: String
    public let setup: PhoneSetup
    public let steps: [(line: Int, step: Step)]

    public init(file: String, name: String, setup: PhoneSetup, steps: [(line: Int, step: Step)]) {
        self.file = file
        self.name = name
        self.setup = setup
        self.steps = steps
    }

    /// The same scenario on a phone whose app speaks `language` (`threshold run --language`): the
    /// steps keep their English words, which the person reads back from the pseudolanguage.
    public func speaking(_ language: PhoneLanguage) -> Scenario {
        var setup = setup
        setup.language = language
        return Scenario(file: file, name: name, setup: setup, steps: steps)
    }

    /// The phone as `setup:` says it starts, over a new in-memory store.
    public func makePhone() throws -> SimulatedPhone { try setup.makePhone() }

    /// Reads a scenario; everything it names (apps, profiles, intentions, steps, expectations) is
    /// checked here, so a run fails only on what happens.
    public static func parse(_ text: String, file: String) throws -> Scenario {
        let reader = YAMLReader(file: file)
        let root = try reader.root(text)
        var name = file, setupNode: Node?, stepsNode: Node?
        for (key, value, _) in try reader.entries(
            root, "the scenario", allowed: ["name", "description", "seed", "setup", "steps", "people"])
        {
            switch key {
            case "people":
                throw reader.fail(
                    value,
                    "a scenario with people is a Together scenario: the server's tests run it against the server (Server/Scenarios, Server/README.md)"
                )
            case "name": name = try reader.string(value, "name")
            case "setup": setupNode = value
            case "steps": stepsNode = value
            default: break
            }
        }
        let setup = try setupNode.map { try SetupReader(reader: reader).read($0) } ?? PhoneSetup()
        guard let stepsNode, let list = stepsNode.sequence, !list.isEmpty else {
            throw reader.fail(stepsNode ?? root, "a scenario needs `steps:`, a list of things to do and check")
        }
        let steps = StepReader(reader: reader, setup: setup)
        return Scenario(file: file, name: name, setup: setup, steps: try list.map { (line: $0.mark?.line ?? 1, step: try steps.read($0)) })
    }
}
