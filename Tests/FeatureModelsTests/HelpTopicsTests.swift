import FeatureModels
import Testing

/// Settings → Help answers what seed 004's FAQ asks: urgent access, why Screen Time access, an
/// NFC key that does nothing, and a Screen Time passcode against switching Threshold off.
@Suite struct HelpTopicsTests {
    @Test func help_answersTheFAQ() {
        let text = HelpTopics.all.map { $0.question + " " + $0.answer }
        for subject in ["blocked app right now", "Screen Time access", "NFC key", "Screen Time passcode"] {
            #expect(text.contains { $0.localizedCaseInsensitiveContains(subject) }, "no topic covers “\(subject)”")
        }
        #expect(Set(HelpTopics.all.map(\.question)).count == HelpTopics.all.count)
        #expect(HelpTopics.all.allSatisfy { $0.answer.count > 80 && $0.answer.count < 600 })
    }
}
