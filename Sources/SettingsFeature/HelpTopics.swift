import Foundation

/// Settings › Help's questions and answers (seed 004's FAQ): content, English for now, read from
/// `HelpTopics.json` and shown as written (``HelpView`` shows them through `ContentText`), never
/// from the String Catalog (issue 25: content stays content).
enum HelpTopics {
    struct Topic: Hashable, Sendable, Identifiable, Decodable {
        let question: String
        let answer: String
        var id: String { question }
    }

    /// Every topic, in the file's order, or why the file could not be read.
    static let loaded: Result<[Topic], any Error> = Result {
        guard let url = Bundle.module.url(forResource: "HelpTopics", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "The bundle has no HelpTopics.json."])
        }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).topics
    }

    struct File: Decodable {
        let topics: [Topic]
    }
}
