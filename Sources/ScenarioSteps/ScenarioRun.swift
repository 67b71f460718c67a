import Foundation
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator

extension Scenario {
    /// Runs every step on a fresh phone; with `narrate`, writes the phone's story as it goes.
    /// Stops at the first failure.
    @MainActor
    public func run(narrate: Bool, console: Console = Console.current) async throws {
        let phone: SimulatedPhone
        do { phone = try makePhone() } catch { throw ScenarioProblem.failed(file, 1, "the phone could not be set up: \(error)") }
        let runner = StepRunner(phone: phone, prompt: AccessPrompt(approvedBefore: setup.authorization == .approved))
        for (line, step) in steps {
            do {
                try await runner.run(step)
            } catch {
                if narrate { runner.newTimeline().forEach(console.line) }
                throw ScenarioProblem.failed(file, line, "\(error)")
            }
            if narrate { runner.newTimeline().forEach(console.line) }
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
