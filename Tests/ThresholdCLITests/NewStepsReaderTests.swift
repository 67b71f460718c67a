import Foundation
import ScenarioSetup
@testable import ScenarioSteps
import Testing

/// The steps of issue 26 read as documented, and a malformed one is refused where it is, saying
/// what it takes (exit 2, before anything runs).
@Suite struct NewStepsReaderTests {
    func steps(_ text: String, setup: String = "") throws -> [Step] {
        try Scenario.parse(
            """
            name: t
            setup:
              timezone: America/New_York
              start: 2026-11-23 09:00
            \(setup)
            steps:
            \(text)
            """, file: "t.yaml"
        ).steps.map(\.step)
    }

    func refusal(_ text: String, setup: String = "") -> String {
        do {
            _ = try steps(text, setup: setup)
            return "read"
        } catch {
            return String(describing: error)
        }
    }

    @Test func theNewSteps_readAsDocumented() throws {
        #expect(
            try steps(
                """
                  - challenge: ink
                  - answer: {wrong: 40}
                  - answer: right
                  - focus: {on: Work}
                  - focus: off
                  - focus-filter: {focus: Sleep, profile: 🌙 Lights out, minutes: 60m}
                  - visit: {site: reddit.com, blocked: true}
                  - visit: example.org
                  - install-app: duolingo
                """) == [
                    .ritual(.ink, minutes: nil, app: nil), .answer("wrong", times: 40), .answer("right", times: 1),
                    .namedFocus("Work", on: true), .focus(false),
                    .focusFilter(focus: "Sleep", profile: "🌙 Lights out", minutes: 60),
                    .visit(site: "reddit.com", blocked: true), .visit(site: "example.org", blocked: nil), .installApp("duolingo"),
                ])
    }

    @Test func malformedNewSteps_areRefusedSayingWhatTheyTake() {
        #expect(refusal("  - challenge: chess").contains("math, tic-tac-toe, ink, echo, slide, unscramble"))
        #expect(refusal("  - answer: {maybe: 2}").contains("{wrong: 40}"))
        #expect(refusal("  - answer: {wrong: 0}") != "read")
        #expect(refusal("  - focus: {on: Work, off: Sleep}").contains("one Focus on or off"))
        #expect(refusal("  - focus-filter: {focus: Work}").contains("needs the Focus and the profile"))
        #expect(refusal("  - visit: {blocked: true}").contains("visit needs the site"))
        #expect(refusal("  - visit: {site: a.com, blocked: maybe}") != "read")
    }

    @Test func anIPad_hasNoNFC_andSaysSoWhenTold() throws {
        let setup = try Scenario.parse(
            """
            name: t
            setup:
              fresh-install: true
              device: ipad
            steps:
              - open-threshold
            """, file: "t.yaml"
        ).setup
        #expect(setup.device == .iPad && !setup.readsNFCTags)
        #expect(refusal("  - open-threshold", setup: "  device: ipad\n  nfc: true").contains("an iPad reads and writes no NFC tags"))
        #expect(refusal("  - open-threshold", setup: "  device: android") != "read")
    }
}
