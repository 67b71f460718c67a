import DesignSystem
import Foundation
import ScreenCrawler
import SwiftUI
import Testing
import ThresholdCore

/// A disabled control says why (issue 39 item 4; PRODUCT.md's "no surprises"): the crawler reports
/// one with nothing beside it, under its group or in its own label saying why, no VoiceOver hint,
/// and no problem or state the screen shows.
@Suite @MainActor struct UnexplainedDisabledTests {
    /// What the audit finds on `view`, hosted on its own.
    private func unexplained(_ view: some View) throws -> [String] {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "en_US")
        environment.timeZone = TimeZone(identifier: "America/New_York")!
        let host = ViewHost(view, environment: environment, now: { Date(timeIntervalSince1970: 1_795_438_800) })
        try host.update()
        return TextAudit.problems(in: Screen(host).top).filter { $0.kind == .unexplained }.map(\.hit)
    }

    private func button(_ words: String) -> some View {
        Button {
        } label: {
            Text(verbatim: words)
        }.disabled(true)
    }

    @Test func aGreyedButtonWithNothingSayingWhy_isReported() throws {
        #expect(
            try unexplained(
                List {
                    Section {
                        button("15 minutes for 15 credits"); button("Start")
                    }
                }) == ["15 minutes for 15 credits", "Start"])
        #expect(
            try unexplained(
                List {
                    Section {
                        Button {
                        } label: {
                            Text(verbatim: "Go")
                        }
                    }
                }
            ).isEmpty, "an enabled one says nothing")
    }

    @Test func wordsBesideIt_orUnderItsGroup_sayWhy() throws {
        #expect(
            try unexplained(
                VStack {
                    button("Start"); Text(verbatim: "Beast Mode is part of Threshold Pro.")
                }
            ).isEmpty)
        let footer = List {
            Section {
                button("15 minutes for 15 credits")
            } footer: {
                Text(verbatim: "Your apps are already unlocked; no new unlock is needed until this window ends.")
            }
        }
        #expect(try unexplained(footer).isEmpty)
    }

    @Test func itsOwnLabel_itsHint_anEmptyFieldBeforeIt_orABanner_sayWhy() throws {
        let ownLine = Button {
        } label: {
            VStack {
                Text(verbatim: "30 minutes for 30 credits")
                Text(verbatim: "Needs 30 credits; your Focus Bank has 20.")
            }
        }.disabled(true)
        #expect(try unexplained(List { ownLine }).isEmpty)
        #expect(try unexplained(List { button("Save").accessibilityHint(Text(verbatim: "Choose the app first.")) }).isEmpty)
        #expect(try unexplained(List { button("Save").accessibilityHint(Text(verbatim: "")) }) == ["Save"], "an empty hint says nothing")
        #expect(
            try unexplained(
                List {
                    TextField(text: .constant("")) { Text(verbatim: "Answer") }; button("Check")
                }
            ).isEmpty)
        #expect(
            try unexplained(
                List {
                    ProblemBanner(RepairNotice.Message.notAuthorized); button("Start")
                }
            ).isEmpty)
    }
}
