import Foundation
import ScreenTimeSimulator

/// A scenario's expectation failed, or a step could not be done: the file, the line and why.
/// The CLI exits with 1 for it.
public struct ScenarioFailure: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let problem: String

    public var description: String { "\(file):\(line): \(problem)" }
}

extension Scenario {
    /// Runs every step on a fresh phone; with `narrate`, writes the phone's story as it goes.
    /// Stops at the first failure.
    public func run(narrate: Bool, console: Console = Console.current) throws {
        let phone: SimulatedPhone
        do { phone = try makePhone() } catch { throw ScenarioFailure(file: file, line: 1, problem: "the phone could not be set up: \(error)") }
        let runner = StepRunner(phone: phone)
        for (line, step) in steps {
            do {
                try runner.run(step)
            } catch {
                if narrate { runner.newTimeline().forEach(console.line) }
                throw ScenarioFailure(file: file, line: line, problem: "\(error)")
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
                throw MalformedScenario(file: path, line: 0, problem: "no such file or directory")
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
            throw MalformedScenario(file: path, line: 0, problem: "the file cannot be read as UTF-8 text")
        }
        return try parse(text, file: path)
    }
}
