import Foundation
import ScreenCrawler
import Testing

/// The Together-on state (`Server/Crawl/states/together-on.yaml`) is crawled only by the server's
/// tests, after that package's long build; reading it here makes a misspelt step fail in seconds.
@Suite struct TogetherCrawlStateTests {
    @Test func theTogetherOnState_reads_andLeavesOnlyBobsInvitationOpen() throws {
        let file = Repository.root.appendingPathComponent("Server/Crawl/states/together-on.yaml").path
        let state = try CrawlState.load(file)
        let open = try NSRegularExpression(pattern: #"\{[a-z]+\.[a-z]+\}"#)
        let names = open.matches(in: state.text, range: NSRange(state.text.startIndex..., in: state.text))
            .compactMap { Range($0.range, in: state.text).map { String(state.text[$0]) } }
        #expect(Set(names) == ["{bob.invitation}"], "TogetherCrawlTests fills {bob.invitation} alone: \(names)")
    }
}
