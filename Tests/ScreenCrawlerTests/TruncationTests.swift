import Foundation
import ScreenCrawler
import SwiftUI
import Testing

/// Words a `lineLimit` cuts short on the narrowest iPhone at the first accessibility text size
/// (issue 39 item 4): SwiftUI for Linux ignores frames and limits, so the crawler estimates.
@Suite @MainActor struct TruncationTests {
    private func truncated(_ view: some View) throws -> [String] {
        let host = ViewHost(view, environment: EnvironmentValues(), now: { Date(timeIntervalSince1970: 1_795_438_800) })
        try host.update()
        return TextAudit.truncated(in: Screen(host).top).map(\.hit)
    }

    @Test func aLineLimitTooShortForTheWordsAtAX1_isReported() throws {
        let long = "Focus Bank credits open what a mode holds"
        #expect(try truncated(Text(verbatim: long).font(.headline).lineLimit(1)) == [long])
        #expect(try truncated(Text(verbatim: long).font(.headline).lineLimit(3)).isEmpty, "three lines hold it")
        #expect(try truncated(Text(verbatim: long).font(.headline)).isEmpty, "no limit, no cut")
        #expect(try truncated(Text(verbatim: "💼 Work").font(.headline).lineLimit(1)).isEmpty)
    }

    @Test func theEstimate_wrapsWholeWords_atAboutSeventeenLettersABodyLine() {
        #expect(TextAudit.Truncation.lines("Work", in: .body) == 1)
        #expect(TextAudit.Truncation.lines("Focus Bank credits", in: .body) == 2, "18 letters and spaces do not fit 17")
        #expect(TextAudit.Truncation.lines("Focus Bank credits", in: .caption2) == 1)
        #expect(TextAudit.Truncation.lines(String(repeating: "x", count: 40), in: .body) == 3, "a long word takes its own lines")
    }
}
