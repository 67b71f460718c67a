import Foundation
import Testing

/// Settings → Help answers what seed 004's FAQ asks: urgent access, why Screen Time access, an
/// NFC key that does nothing, and a Screen Time passcode against switching Threshold off. The
/// answers are content (SettingsFeature's `HelpTopics.json`), read here as the app reads them.
@Suite struct HelpTopicsTests {
    struct File: Decodable {
        struct Topic: Decodable {
            let question: String
            let answer: String
        }
        let topics: [Topic]
    }

    @Test func help_answersTheFAQ() throws {
        let url = ProjectFiles.root.appendingPathComponent("Sources/SettingsFeature/Resources/HelpTopics.json")
        let topics = try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).topics
        let text = topics.map { $0.question + " " + $0.answer }
        for subject in ["blocked app right now", "Screen Time access", "NFC key", "Screen Time passcode"] {
            #expect(text.contains { $0.localizedCaseInsensitiveContains(subject) }, "no topic covers “\(subject)”")
        }
        #expect(Set(topics.map(\.question)).count == topics.count)
        #expect(topics.allSatisfy { $0.answer.count > 80 && $0.answer.count < 600 })
    }
}
