import Foundation
import ScenarioSetup
import Yams

/// Something the crawler found that a person should not meet, with the steps that reach it.
package struct Finding: Codable, Hashable, Sendable {
    package enum Kind: String, Codable, CaseIterable, Sendable {
        /// An enabled control whose use changes nothing on screen, nothing saved, nothing outside.
        case noEffect = "no-effect"
        /// A sheet, cover, dialog or system sheet nothing on it closes.
        case noWayOut = "no-way-out"
        /// An identifier or an enum case's name.
        case identifier
        /// A String Catalog key with no entry: iOS shows the key.
        case missingKey = "missing-key"
        case placeholder
        case plural
        /// A control with no words and no VoiceOver label.
        case emptyLabel = "empty-label"
        /// A date or time not in the phone's locale.
        case locale
        /// A disabled control with nothing beside it saying why (PRODUCT.md: no surprises).
        case unexplained
        /// A sheet, alert or dialog asked for while its presenter already showed one: iOS refuses it.
        case stacked
        /// Words a `lineLimit` cuts short on a 320-point iPhone at an accessibility text size.
        case truncated
        /// Under the pseudolanguage, words still in plain English: they came from no String
        /// Catalog (an engine's sentence, a literal shown verbatim), so no language can change them.
        case escaped
        /// On a Spanish phone, words still in English: no catalog gave them in Spanish.
        case untranslated
        /// The process died (a trap, a crash) during the action.
        case crash
        /// One action took more than the limit of the process's CPU.
        case slow
        /// The action could not finish: the screen never settled, or the step failed.
        case failed

        /// What the kind is, in a line.
        package var title: String {
            switch self {
            case .noEffect: "a control that changes nothing"
            case .noWayOut: "a screen with no way out"
            case .identifier: "an identifier on screen"
            case .missingKey: "a catalog key with no entry"
            case .placeholder: "a format placeholder on screen"
            case .plural: "a wrong plural"
            case .emptyLabel: "a control with no words"
            case .locale: "a date or time not in the phone's locale"
            case .unexplained: "a disabled control that does not say why"
            case .stacked: "a presentation iOS refuses"
            case .truncated: "words cut short at an accessibility size"
            case .escaped: "words that escaped the String Catalogs"
            case .untranslated: "English words on a Spanish screen"
            case .crash: "a crash"
            case .slow: "a slow action"
            case .failed: "an action that could not finish"
            }
        }

        /// Findings about words: told apart by their words without their numbers.
        var isText: Bool { [.identifier, .missingKey, .placeholder, .plural, .locale, .escaped, .untranslated].contains(self) }

        /// Findings whose reproducing scenario expects the words gone. Escaped and untranslated
        /// words stay, read back as English, once a catalog says them: their scenario only goes there.
        var expectsGone: Bool { isText && ![.escaped, .untranslated].contains(self) }

        /// The language a finding of this kind shows in: its reproducing scenario's phone speaks it.
        package var language: String? {
            switch self {
            case .escaped: "pseudo"
            case .untranslated: "es"
            default: nil
            }
        }
    }

    package let kind: Kind
    /// The state file the crawl started from.
    package let state: String
    /// The screen's name, as a failing step names it (`sheet unlock gate`).
    package let screen: String
    /// The control (`[Refresh]`) or the words the finding is about.
    package let subject: String
    /// What is wrong, in words.
    package let detail: String
    /// The actions after the state's own steps that reach it.
    package let path: [CrawlAction]

    package init(kind: Kind, state: String, screen: String, subject: String, detail: String, path: [CrawlAction]) {
        self.kind = kind
        self.state = state
        self.screen = screen
        self.subject = subject
        self.detail = detail
        self.path = path
    }

    /// The same finding, wherever it is met: one report for each. Words that differ only in
    /// their numbers (a chart's days) are the same finding.
    package var identity: String {
        "\(kind.rawValue)|\(screen)|\(kind.isText ? subject.replacingOccurrences(of: #"\d+"#, with: "#", options: .regularExpression) : subject)"
    }

    package var line: String { "\(kind.rawValue) on \(screen): \(subject) — \(detail)" }

    /// A scenario that reproduces the finding: the state's file, its name and description saying
    /// what was found, and the crawl's steps after the state's own. For words, it ends by expecting
    /// them gone, so it fails while the finding stands.
    package func reproducer(from stateText: String) throws -> String {
        guard let root = try Yams.compose(yaml: stateText), let mapping = root.mapping else {
            throw CrawlError.state("\(state) is not a mapping of name, setup and steps")
        }
        var pairs: [(Node, Node)] = []
        for (key, value) in mapping where !["name", "description", "steps"].contains(key.string ?? "") { pairs.append((key, value)) }
        var steps = mapping["steps"]?.sequence.map(Array.init) ?? []
        for action in path {
            guard let step = try Yams.compose(yaml: action.step) else { continue }
            steps.append(step)
        }
        if let language = kind.language {
            // Escaped words show only under the pseudolanguage, untranslated ones only in Spanish.
            if let index = pairs.firstIndex(where: { $0.0.string == "setup" }), let setup = pairs[index].1.mapping {
                let entries = setup.filter { $0.key.string != "language" } + [(Node("language"), Node(language))]
                pairs[index].1 = Node(entries, .implicit, setup.style)
            } else {
                pairs.append((Node("setup"), Node([(Node("language"), Node(language))], .implicit, .flow)))
            }
        }
        if kind.expectsGone {
            steps.append(Node([(Node("expect"), Node([(Node("not-see"), Node(subject))], .implicit, .flow))], .implicit, .flow))
        }
        let name = "Crawl finding: \(kind.title) on \(screen)"
        let description =
            "Found by `threshold crawl` from \(state): \(line). Reached by: "
            + (path.isEmpty ? "the state's own steps" : path.map(\.description).joined(separator: "; then "))
        pairs.insert((Node("description"), Node(description)), at: 0)
        pairs.insert((Node("name"), Node(name)), at: 0)
        pairs.append((Node("steps"), Node(steps)))
        return try Yams.serialize(node: Node(pairs), width: 100, allowUnicode: true)
    }

}
