import Foundation
import ScreenCrawler
import SwiftUI
import Testing

/// The crawler's own test: a crawl that cannot fail proves nothing. From a real state on the
/// simulated phone (Selah set up, Home shown), one button of the app's real Home is stripped of
/// its action, as a test build would ship it; the crawl reports that button, and only it.
@Suite @MainActor struct CrawlerCanFailTests {
    static let selah = Repository.root.appendingPathComponent("Crawl/states/02-selah.yaml").path

    /// Crawls `file` to depth 1 and returns what it found.
    private func crawl(_ file: String) async throws -> [Finding] {
        let state = try CrawlState.load(file)
        var options = CrawlOptions()
        options.depth = 1
        // NB: a generous limit; this test is about the stripped button, not speed, and runs beside others.
        options.cpuLimit = 30
        var findings: [Finding] = []
        let crawler = Crawler(world: AppWorld(state), state: file, options: options) { event in
            if case .finding(let finding) = event { findings.append(finding) }
        }
        _ = try await crawler.run()
        return findings
    }

    @Test func aButtonStrippedOfItsAction_isReported() async throws {
        let findings = try await ButtonFaults.$stripped.withValue(["Pray to unlock"]) { try await crawl(Self.selah) }
        let noEffect = findings.filter { $0.kind == .noEffect }
        #expect(
            noEffect.map(\.subject).contains { $0.contains("Pray to unlock") },
            "the stripped button is reported: \(findings.map(\.line))")
        #expect(noEffect.count == 1, "and no other button: \(noEffect.map(\.line))")
        let finding = try #require(noEffect.first)
        #expect(finding.screen == "home")
        // Its scenario replays the state's steps, then taps the button.
        let text = try String(contentsOfFile: Self.selah, encoding: .utf8)
        #expect(try finding.reproducer(from: text).contains("tap: \"Pray to unlock\""))
    }

    @Test func theSameButtonWithItsAction_isNot() async throws {
        let findings = try await crawl(Self.selah)
        #expect(!findings.contains { $0.kind == .noEffect && $0.subject.contains("Pray to unlock") }, "\(findings.map(\.line))")
    }
}

enum Repository {
    /// The package's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
