import Foundation
import ScenarioSteps
import SwiftUI
import Testing

/// What a touch can reach (issue 39 item 4): a control under an overlay that fills it (a colour, a
/// shape) or one that lets touches pass (`allowsHitTesting(false)`) is shown and read, and cannot
/// be tapped, as UIKit hit-tests the frontmost view.
@Suite @MainActor struct TouchReachTests {
    private func tappable(_ view: some View) throws -> [String] {
        let host = ViewHost(view, environment: EnvironmentValues(), now: { Date(timeIntervalSince1970: 1_795_438_800) })
        try host.update()
        return Screen(host).top.controls().map(\.name)
    }

    private func button(_ words: String) -> some View {
        Button {
        } label: {
            Text(verbatim: words)
        }
    }

    @Test func aControlUnderAFillingOverlay_orLettingTouchesPass_cannotBeTapped() throws {
        #expect(try tappable(button("Covered").overlay { Color.black.opacity(0.4) }).isEmpty)
        #expect(try tappable(button("Shaped").overlay { Rectangle() }).isEmpty)
        #expect(try tappable(button("Passing").allowsHitTesting(false)).isEmpty)
        let host = ViewHost(button("Covered").overlay { Color.black.opacity(0.4) }, environment: EnvironmentValues(), now: { Date() })
        try host.update()
        #expect(Screen(host).top.words.contains("Covered"), "still shown and read")
    }

    @Test func anOverlayThatLetsTouchesPass_orDoesNotFill_leavesItTappable() throws {
        #expect(try tappable(button("Tinted").overlay { Color.black.opacity(0.4).allowsHitTesting(false) }) == ["Tinted"])
        #expect(try tappable(button("Badged").overlay { Text(verbatim: "New") }) == ["Badged"])
        #expect(
            try tappable(
                VStack {
                    button("Above"); button("Below").overlay { Color.clear }
                }) == ["Above", "Below"])
    }
}
