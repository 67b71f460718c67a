import Foundation
import Testing

/// The simulated screens (`ScenarioSteps/Screen.swift`) show and offer the views' own words: every
/// fixed label or line they use is the text of a `Text`, `Label` or `Button` in one of the SwiftUI
/// views (whose String Catalogs take those keys), so a journey can only tap what the app shows and
/// a view's copy cannot change without its journey seeing it.
@Suite struct ScreenWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The string literals without interpolation in the screens' labels and lines.
    static func screenWords() throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/ScenarioSteps")
        var words: Set<String> = []
        let pattern = try NSRegularExpression(pattern: #"(?:\.init|Screen\.Button|Screen)\("([^"\\]+)"|lines(?:\.append\(| \+= \[|\.insert\()"([^"\\]+)""#)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix("Screen.swift") || file.hasSuffix("Screens.swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                for group in 1...2 {
                    guard let range = Range(match.range(at: group), in: text) else { continue }
                    words.insert(String(text[range]))
                }
            }
        }
        return words
    }

    /// Every string literal in the app's views.
    static func viewText() throws -> String {
        let sources = root.appendingPathComponent("Sources")
        var text = ""
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path)
        where module.hasSuffix("Feature") || module == "DesignSystem" || module == "WidgetsExtension" {
            let folder = sources.appendingPathComponent(module)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
                text += try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            }
        }
        return text
    }

    /// Screen names, and words the screens build from the domain (a mood's or a path's name),
    /// which the views take from the same values.
    static let notViewCopy: Set<String> = ["Home Screen"]

    @Test func everyFixedWordOnASimulatedScreen_isAViewsWord() throws {
        let words = try Self.screenWords()
        #expect(words.count > 40, "the pattern finds the screens' words (\(words.count))")
        let views = try Self.viewText()
        let missing = words.subtracting(Self.notViewCopy).filter { word in
            !views.contains("\"\(word)\"") && !Self.isScreenName(word)
        }
        #expect(missing.isEmpty, "words the simulated screens show that no view shows: \(missing.sorted())")
    }

    /// `Screen("home")`, `Screen("onboarding: paths")`: names for steps and messages, not copy.
    static func isScreenName(_ word: String) -> Bool {
        word == word.lowercased() || word.hasPrefix("onboarding: ")
    }
}
