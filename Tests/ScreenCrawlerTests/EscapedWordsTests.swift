import DesignSystem
import Foundation
import ScreenCrawler
import ScreenTimeSimulator
import SwiftUI
import Testing

/// Under the pseudolanguage the crawler finds words that escaped the String Catalogs: plain English
/// shown verbatim. Content and the person's own names are not such words; in English it looks for none.
@Suite @MainActor struct EscapedWordsTests {
    /// A screen with a catalog's words (DesignSystem's), a sentence shown verbatim, content and a name.
    struct Shown: View {
        var body: some View {
            VStack {
                Text.ritual(.prayer)
                Text(verbatim: "Some English words here")
                ContentText("The Lord is my shepherd")
                Text(verbatim: "🌿 Deep work")
                Text(verbatim: "12")
            }
        }
    }

    /// Crawls `Shown` (no controls: its screen is read) in `language`.
    private func crawl(in language: PhoneLanguage) async throws -> [Finding] {
        var options = CrawlOptions()
        options.depth = 0
        options.language = language
        var findings: [Finding] = []
        let appLanguage: AppLanguage =
            switch language {
            case .english: .english
            case .pseudo: .pseudo
            case .spanish: .spanish
            }
        let world = HostWorld { HostSubject(Shown(), language: appLanguage, names: ["Deep work"], saved: { 0 }) }
        _ = try await Crawler(world: world, state: "a test view", options: options) { event in
            if case .finding(let finding) = event { findings.append(finding) }
        }.run()
        return findings
    }

    @Test func verbatimEnglish_isReportedAsEscaped_underThePseudolanguage() async throws {
        let findings = try await crawl(in: .pseudo)
        #expect(findings.map(\.kind) == [.escaped], "\(findings.map(\.line))")
        #expect(findings.first?.subject == "Some English words here", "content, a name and a number are not: \(findings.map(\.line))")
    }

    @Test func nothingIsEscaped_inEnglish() async throws {
        let findings = try await crawl(in: .english)
        #expect(findings.isEmpty, "\(findings.map(\.line))")
    }

    @Test func anEscapedFindingsScenario_runsInThePseudolanguage_andDoesNotExpectTheWordsGone() throws {
        let finding = Finding(
            kind: .escaped, state: "Crawl/states/02-selah.yaml", screen: "home", subject: "Nothing is shielded now",
            detail: "plain English", path: [])
        let text = try String(contentsOfFile: CrawlerCanFailTests.selah, encoding: .utf8)
        let scenario = try finding.reproducer(from: text)
        #expect(scenario.contains("language: pseudo"), "\(scenario)")
        #expect(!scenario.contains("not-see"), "read back from the pseudolanguage, the words stay once they come from a catalog")
    }

    /// On a Spanish phone the crawler finds English left on the screen: words no catalog gave in
    /// Spanish. The catalog's words are Spanish; content, a name and a number are not such words.
    @Test func verbatimEnglish_isReportedAsUntranslated_inSpanish() async throws {
        let findings = try await crawl(in: .spanish)
        #expect(findings.map(\.kind) == [.untranslated], "\(findings.map(\.line))")
        #expect(findings.first?.subject == "Some English words here", "\(findings.map(\.line))")
    }

    @Test func anUntranslatedFindingsScenario_runsInSpanish() throws {
        let finding = Finding(
            kind: .untranslated, state: "Crawl/states/02-selah.yaml", screen: "home", subject: "Nothing is shielded now",
            detail: "English", path: [])
        let scenario = try finding.reproducer(from: String(contentsOfFile: CrawlerCanFailTests.selah, encoding: .utf8))
        #expect(scenario.contains("language: es"), "\(scenario)")
        #expect(!scenario.contains("not-see"), "the person reads the screen in English, so the words stay")
    }

    @Test func namesAndPlainNumbers_areNotWords_butASentenceAroundAName_is() {
        #expect(TextAudit.escapedRuns(in: "🌿 Deep work", names: ["Deep work"]).isEmpty)
        #expect(TextAudit.escapedRuns(in: "[Ĝóáĺ ŕéáçĥéď ~~] 10:40 AM, Nov 23", names: []).isEmpty)
        #expect(TextAudit.escapedRuns(in: "🌿 Deep work is on until 5:00 PM", names: ["Deep work"]) == ["is on until"])
        #expect(TextAudit.escapedRuns(in: "[Šťáŕť Deep work íñ Ḃéášť Ḿóďé? ~~~]", names: []) == ["Deep work"])
    }
}
