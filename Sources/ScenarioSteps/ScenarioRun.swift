import Foundation
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator

extension Scenario {
    /// Runs every step on a fresh phone; with `narrate`, writes the phone's story as it goes.
    /// Stops at the first failure.
    @MainActor
    public func run(narrate: Bool, console: Console = Console.current) async throws {
        try await play(on: try makeRunner(), narrate: narrate, console: console)
    }

    /// A fresh phone set up as `setup:` says, and the person holding it.
    @MainActor
    package func makeRunner() throws -> StepRunner {
        let phone: SimulatedPhone
        do { phone = try makePhone() } catch { throw ScenarioProblem.failed(file, 1, "the phone could not be set up: \(error)") }
        return StepRunner(phone: phone, prompt: AccessPrompt(approvedBefore: setup.authorization == .approved))
    }

    /// Runs every step on `runner`'s phone, calling `after` once each step is done (a picture of
    /// it, say). Stops at the first failure.
    @MainActor
    package func play(
        on runner: StepRunner, narrate: Bool = false, console: Console = Console.current,
        after: ((_ line: Int, _ step: Step) async throws -> Void)? = nil
    ) async throws {
        for (line, step) in steps {
            do {
                try await runner.run(step)
            } catch {
                if narrate { runner.newTimeline().forEach(console.line) }
                throw ScenarioProblem.failed(file, line, "\(error)")
            }
            if narrate { runner.newTimeline().forEach(console.line) }
            try await after?(line, step)
        }
    }

    /// Every scenario file under the paths (a `.yaml`/`.yml` file, or a directory searched
    /// recursively), in path order.
    public static func files(in paths: [String]) throws -> [String] {
        var found: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ScenarioProblem.malformed(path, 0, "no such file or directory")
            }
            guard isDirectory.boolValue else { found.append(path); continue }
            let enumerator = manager.enumerator(atPath: path)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
        }
        return found.sorted()
    }

    /// Reads a scenario file.
    public static func load(_ path: String) throws -> Scenario {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ScenarioProblem.malformed(path, 0, "the file cannot be read as UTF-8 text")
        }
        return try parse(text, file: path)
    }
}
