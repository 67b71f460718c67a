import Foundation
import SwiftUI
import Testing

/// A style that draws its label white on a colour, as Threshold's primary button does.
struct WhiteOnColour: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label.font(.headline).foregroundStyle(.white).background(Color.blue)
    }
}

@MainActor
struct Styled: View {
    var body: some View {
        NavigationStack {
            VStack {
                Button {
                } label: {
                    Text(verbatim: "Continue")
                }.buttonStyle(WhiteOnColour())
                Button {
                } label: {
                    Text(verbatim: "Own colour").foregroundStyle(Color.red)
                }.buttonStyle(WhiteOnColour())
            }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button {
                    } label: {
                        Text(verbatim: "Cancel")
                    }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button {
                    } label: {
                        Text(verbatim: "Done")
                    }
                }
            }
        }
    }
}

/// What pictures read of a screen: the look a style gives its label, and where toolbar items go.
@Suite @MainActor struct PictureReadingTests {
    private func texts(_ host: ViewHost) throws -> [String: Element] {
        try host.update()
        var found: [String: Element] = [:]
        for element in Screen(host).top.content.flatMap(\.flattened) {
            if case .text(let text) = element.kind { found[text.string] = element }
        }
        return found
    }

    @Test func aButtonStylesColourAndFont_reachTheLabel_unlessItsWordsSetTheirOwn() throws {
        let host = ViewHost(Styled(), environment: EnvironmentValues(), now: { Date() })
        let texts = try texts(host)
        #expect(texts["Continue"]?.style.foreground?.color == .white)
        #expect(texts["Continue"]?.style.font == .headline)
        #expect(texts["Own colour"]?.style.foreground?.color == .red)
    }

    @Test func stacksKeepTheirAlignmentAndSpacing() throws {
        let host = ViewHost(
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: "a"); HStack(spacing: 12) { Text(verbatim: "b") }
            },
            environment: EnvironmentValues(), now: { Date() })
        try host.update()
        let stacks = Screen(host).top.content.flatMap(\.flattened).filter { if case .container = $0.kind { true } else { false } }
        #expect(stacks.map(\.style.alignment) == ["leading", nil])
        #expect(stacks.map(\.style.spacing) == [2, 12])
    }

    @Test func theToolbarKeepsWhereEachItemIsPlaced() throws {
        let host = ViewHost(Styled(), environment: EnvironmentValues(), now: { Date() })
        try host.update()
        let entries = Screen(host).top.toolbarEntries
        #expect(entries.map(\.placement) == [.cancellationAction, .confirmationAction])
        #expect(entries.map { Screen.words($0.content) } == ["Cancel", "Done"])
    }
}
