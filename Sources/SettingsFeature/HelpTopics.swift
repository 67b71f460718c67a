import Foundation
import SystemWords
import ThresholdCore

/// Settings › Help's questions and answers (seed 004's FAQ): content, one file per language
/// (`HelpTopics.json`, `HelpTopics.es.json`, read through `BundledContent`) and shown as written
/// (``HelpView`` shows them through `ContentText`), never from the String Catalog (issue 25:
/// content stays content).
enum HelpTopics {
    struct Topic: Hashable, Sendable, Identifiable, Decodable {
        let question: String
        let answer: String
        var id: String { question }
    }

    /// Every topic in `language`, in the file's order, or why the file could not be read.
    static func loaded(in language: ContentLanguage) -> Result<[Topic], any Error> {
        files[language] ?? .failure(CocoaError(.fileNoSuchFile))
    }

    private static let files: [ContentLanguage: Result<[Topic], any Error>] =
        BundledContent.load(File.self, named: "HelpTopics", from: .module).mapValues { $0.map(\.topics) }

    struct File: Decodable {
        let topics: [Topic]
    }
}
