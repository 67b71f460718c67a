import Foundation
@testable import SwiftUI
import Testing

/// `Documentation/Screens.md` says what SwiftUI for Linux accepts and does not draw; the layer's
/// `Unrendered.documented` is the same list; and a view that uses a symbol the layer does not draw
/// and does not list fails to render, naming it.
@Suite @MainActor struct ScreensDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The table under "What it does not draw": symbol → reason.
    static func documentedInScreensMd() throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent("Documentation/Screens.md"), encoding: .utf8)
        let section = try #require(
            text.components(separatedBy: "## What it does not draw").dropFirst().first?.components(separatedBy: "\n## ").first)
        var rows: [String: String] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return rows
    }

    /// Every symbol the layer's sources accept without drawing (`unrendered("…")`, `Unrendered.note("…")`).
    static func acceptedInTheLayer() throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #"(?:unrendered|Unrendered\.note)\("([A-Za-z.]+)"\)"#)
        var found: Set<String> = []
        let folder = root.appendingPathComponent("StandIns")
        for case let file as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return found
    }

    @Test func theDocumentationAndTheLayerListTheSameSymbols_withTheSameReasons() throws {
        let documented = try Self.documentedInScreensMd()
        #expect(documented.count > 20, "the table is read (\(documented.count) rows)")
        #expect(documented == Unrendered.documented)
    }

    @Test func everySymbolTheLayerAcceptsWithoutDrawing_isListed_andNothingElse() throws {
        let accepted = try Self.acceptedInTheLayer()
        #expect(accepted.count > 20)
        #expect(
            accepted.subtracting(Unrendered.documented.keys).isEmpty,
            "accepted but not listed: \(accepted.subtracting(Unrendered.documented.keys).sorted())")
        #expect(
            Set(Unrendered.documented.keys).subtracting(accepted).isEmpty,
            "listed but never accepted: \(Set(Unrendered.documented.keys).subtracting(accepted).sorted())")
    }

    @Test func aViewUsingAnUnlistedSymbol_failsToRender_namingIt() throws {
        let host = ViewHost(Text(verbatim: "Hello").unrendered("sparkle"), environment: EnvironmentValues(), now: { Date() })
        let error = #expect(throws: ViewHostError.self) { try host.update() }
        #expect(
            error?.description.hasPrefix("the views use sparkle, which SwiftUI for Linux accepts but does not draw") == true,
            "\(error?.description ?? "")")
    }

    @Test func aViewUsingAListedSymbol_renders_andItIsRecorded() throws {
        let host = ViewHost(Text(verbatim: "Hello").frame(maxWidth: .infinity), environment: EnvironmentValues(), now: { Date() })
        #expect(try words(host) == ["Hello"])
        #expect(Unrendered.symbols.contains("frame"))
    }
}
