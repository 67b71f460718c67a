import Foundation
import SystemWords
import ThresholdCore

/// Settings › Help's questions and answers (seed 004's FAQ): content, one file per language
/// (`HelpTopics.json`, `HelpTopics.es.json`, read through `BundledContent`) and shown as written
/// (``HelpView`` shows them through `ContentText`), never from the String Catalog (issue 25:
/// content stays content).
package enum HelpTopics {
    package struct Topic: Hashable, Sendable, Identifiable, Decodable {
        package let question: String
        package let answer: String
        /// The paths it is about (Key's NFC keys, Earned Access's emergency unlock); `nil`: every
        /// person's.
        let paths: Set<Pathway>?
        package var id: String { question }

        /// Whether a person who uses `used` meets it; a person with nothing set up yet meets all.
        func isShown(to used: Set<Pathway>) -> Bool {
            guard let paths, !used.isEmpty else { return true }
            return !paths.isDisjoint(with: used)
        }
    }

    /// Every topic in `language`, in the file's order, or why the file could not be read.
    package static func loaded(in language: ContentLanguage) -> Result<[Topic], any Error> {
        files[language] ?? .failure(CocoaError(.fileNoSuchFile))
    }

    /// The topics in `language` for a person who uses `paths`, in the file's order.
    static func shown(in language: ContentLanguage, to paths: Set<Pathway>) -> Result<[Topic], any Error> {
        loaded(in: language).map { $0.filter { $0.isShown(to: paths) } }
    }

    private static let files: [ContentLanguage: Result<[Topic], any Error>] =
        BundledContent.load(File.self, named: "HelpTopics", from: .module).mapValues { $0.map(\.topics) }

    struct File: Decodable {
        let topics: [Topic]
    }
}
