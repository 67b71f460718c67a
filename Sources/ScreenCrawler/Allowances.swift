import Foundation
import ScenarioSetup
import Yams

/// Findings that are right by design, each with its reason (`Crawl/allowed.yaml`):
///
/// ```yaml
/// - kind: no-effect
///   screen: settings
///   control: Version
///   reason: a long press opens the diagnostics; a tap does nothing, as on iOS
/// ```
///
/// An entry names a finding's kind and at least one of `screen` (the screen's name, as the report
/// gives it), `control` or `text` (words the finding's control or text contains). A file with an
/// unknown key, a kind that does not exist, or an entry without a reason is refused (exit 2).
package struct Allowances: Sendable {
    package struct Entry: Sendable {
        package let kind: Finding.Kind
        package let screen: String?
        package let subject: String?
        package let reason: String
        package let line: Int

        func allows(_ finding: Finding) -> Bool {
            finding.kind == kind
                && (screen.map { finding.screen.caseInsensitiveCompare($0) == .orderedSame } ?? true)
                && (subject.map {
                    finding.subject.localizedCaseInsensitiveContains($0) || finding.detail.localizedCaseInsensitiveContains($0)
                } ?? true)
        }
    }

    package let file: String?
    package let entries: [Entry]

    package init(file: String? = nil, entries: [Entry] = []) {
        self.file = file
        self.entries = entries
    }

    /// The entry that allows `finding`, if one does.
    package func allowing(_ finding: Finding) -> Entry? { entries.first { $0.allows(finding) } }

    package static func load(_ path: String) throws -> Allowances {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ScenarioProblem.malformed(path, 0, "the allowances file cannot be read as UTF-8 text")
        }
        let reader = YAMLReader(file: path)
        guard let root = try Yams.compose(yaml: text) else { return Allowances(file: path) }
        guard let list = root.sequence else { throw reader.fail(root, "the allowances file is a list of entries (- kind: …, reason: …)") }
        let kinds = Finding.Kind.allCases.map(\.rawValue)
        let entries = try list.map { node -> Entry in
            var kind: Finding.Kind?, screen: String?, subject: String?, reason: String?
            for (key, value, _) in try reader.entries(node, "an allowance", allowed: ["kind", "screen", "control", "text", "reason"]) {
                switch key {
                case "kind":
                    let name = try reader.string(value, "kind")
                    guard let known = Finding.Kind(rawValue: name) else {
                        throw reader.fail(value, "“\(name)” is not a kind of finding; use one of: \(kinds.joined(separator: ", "))")
                    }
                    kind = known
                case "screen": screen = try reader.string(value, "screen")
                case "control", "text":
                    if subject != nil { throw reader.fail(value, "an allowance names a control or a text, not both") }
                    subject = try reader.string(value, key)
                default: reason = try reader.string(value, "reason")
                }
            }
            guard let kind else { throw reader.fail(node, "an allowance needs the finding's kind (\(kinds.joined(separator: ", ")))") }
            guard let reason, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw reader.fail(node, "an allowance needs its reason: why the finding is right by design")
            }
            guard screen != nil || subject != nil else {
                throw reader.fail(node, "an allowance names the screen, the control or the text it allows, not a whole kind")
            }
            return Entry(kind: kind, screen: screen, subject: subject, reason: reason, line: node.mark?.line ?? 1)
        }
        return Allowances(file: path, entries: entries)
    }
}
