import Foundation
import Yams

/// What went wrong with a scenario, where: the file, the line and the problem.
///
/// A malformed file (an unknown step, app, profile or expectation, or bad YAML) makes the CLI
/// exit with 2; a failed expectation, or a step that could not be done, with 1.
public struct ScenarioProblem: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case malformed
        case failed
    }

    public let kind: Kind
    public let file: String
    public let line: Int
    public let problem: String

    public static func malformed(_ file: String, _ line: Int, _ problem: String) -> ScenarioProblem {
        ScenarioProblem(kind: .malformed, file: file, line: line, problem: problem)
    }

    public static func failed(_ file: String, _ line: Int, _ problem: String) -> ScenarioProblem {
        ScenarioProblem(kind: .failed, file: file, line: line, problem: problem)
    }

    /// The exit code the CLI gives for it.
    public var exitCode: Int32 { kind == .malformed ? 2 : 1 }

    public var description: String { "\(file):\(line): \(problem)" }
}

/// Reads YAML nodes into values, naming the line of anything it refuses.
package struct YAMLReader {
    package let file: String

    package init(file: String) { self.file = file }

    package func fail(_ node: Node?, _ problem: String) -> ScenarioProblem {
        .malformed(file, node?.mark?.line ?? 1, problem)
    }

    package func fail(line: Int, _ problem: String) -> ScenarioProblem {
        .malformed(file, line, problem)
    }

    /// The document's root, or the YAML error with its line.
    package func root(_ text: String) throws -> Node {
        do {
            guard let node = try Yams.compose(yaml: text) else { throw fail(line: 1, "the file is empty") }
            return node
        } catch let error as YamlError {
            throw fail(line: Self.line(of: error), "this is not valid YAML: \(Self.problem(of: error))")
        }
    }

    /// A mapping's entries in order, keys as strings; keys outside `allowed` are refused.
    package func entries(_ node: Node, _ what: String, allowed: [String]? = nil) throws -> [(key: String, value: Node, line: Int)] {
        guard let mapping = node.mapping else { throw fail(node, "\(what) should be a mapping of keys to values") }
        var seen = Set<String>()
        return try mapping.map { key, value in
            guard let name = key.scalar?.string else { throw fail(key, "a key in \(what) should be a plain word") }
            if let allowed, !allowed.contains(name) {
                throw fail(key, "unknown key “\(name)” in \(what); expected one of: \(allowed.joined(separator: ", "))")
            }
            guard seen.insert(name).inserted else { throw fail(key, "“\(name)” appears twice in \(what)") }
            return (name, value, key.mark?.line ?? 1)
        }
    }

    package func string(_ node: Node, _ what: String) throws -> String {
        guard let scalar = node.scalar else { throw fail(node, "\(what) should be a single value") }
        return scalar.string
    }

    package func int(_ node: Node, _ what: String, in range: ClosedRange<Int>? = nil) throws -> Int {
        guard let value = Int(try string(node, what)) else { throw fail(node, "\(what) should be a whole number") }
        if let range, !range.contains(value) {
            throw fail(node, "\(what) should be between \(range.lowerBound) and \(range.upperBound), not \(value)")
        }
        return value
    }

    package func double(_ node: Node, _ what: String, in range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(try string(node, what)), range.contains(value) else {
            throw fail(node, "\(what) should be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    package func bool(_ node: Node, _ what: String) throws -> Bool {
        switch try string(node, what).lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: throw fail(node, "\(what) should be true or false")
        }
    }

    /// A value or a list of values.
    package func strings(_ node: Node, _ what: String) throws -> [String] {
        if let sequence = node.sequence { return try sequence.map { try string($0, what) } }
        return [try string(node, what)]
    }

    /// The longest duration or clock move a scenario may name: ten years, far past any run, and
    /// small enough that every step can turn it into whole minutes or move a date by it.
    static let longestDuration: TimeInterval = 3_650 * 86_400

    package func duration(_ node: Node, _ what: String) throws -> TimeInterval {
        let text = try string(node, what)
        guard let seconds = Format.parseDuration(text) else {
            throw fail(node, "\(what) “\(text)” is not a duration; write it like 10m, 1h30m, 45s or 2d")
        }
        guard seconds <= Self.longestDuration else {
            throw fail(node, "\(what) “\(text)” is longer than a scenario can run; keep it to 3650d or less")
        }
        return seconds
    }

    package func clock(_ node: Node, _ what: String) throws -> ClockSpec {
        let text = try string(node, what)
        guard let spec = Format.parseClock(text) else {
            throw fail(node, "\(what) “\(text)” is not a time; write 17:00, tue 09:00, 2026-11-23 17:00, +2h or -1h")
        }
        if case .offset(let seconds) = spec, !(abs(seconds) <= Self.longestDuration) {
            throw fail(node, "\(what) “\(text)” moves the clock further than a scenario can run; keep it to 3650d or less")
        }
        return spec
    }

    /// One of two words, as `true` for the first: `on`/`off`, `yes`/`no`.
    package func either(_ node: Node, _ what: String, _ yes: String, or no: String) throws -> Bool {
        switch try string(node, what) {
        case yes: return true
        case no: return false
        default: throw fail(node, "\(what) should be \(yes) or \(no)")
        }
    }

    package func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, as _: T.Type) throws -> T
    where T.RawValue == String {
        let text = try string(node, what)
        guard let value = T(rawValue: text) else {
            throw fail(node, "\(what) “\(text)” is not one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    package static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: 1
        }
    }

    package static func problem(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): problem
        case .duplicatedKeysInMapping(let duplicates, _): "duplicated keys \(duplicates.joined(separator: ", "))"
        default: String(describing: error)
        }
    }
}
