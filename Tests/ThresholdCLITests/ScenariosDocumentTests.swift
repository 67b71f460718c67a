import Foundation
import ScenarioSteps
import Testing

/// The scenario language is declared once (issue 39): the steps and `expect`'s keys are
/// `StepReader.vocabulary` and `StepReader.expectations`; `threshold run --help` prints them, the
/// reader allows exactly them, and Documentation/Scenarios.md's tables are made from them.
@Suite struct ScenariosDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let opening = "<!-- steps: made from StepReader.vocabulary and StepReader.expectations -->"
    static let closing = "<!-- /steps -->"

    @Test func theDocumentsTables_areTheDeclarations() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("Documentation/Scenarios.md"), encoding: .utf8)
        let start = try #require(document.range(of: Self.opening), "Documentation/Scenarios.md has no “\(Self.opening)”")
        let end = try #require(document.range(of: Self.closing, range: start.upperBound..<document.endIndex))
        let tables = document[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            tables == StepReader.documentation,
            "Documentation/Scenarios.md's tables differ from the declarations; between the markers they read:\n\(StepReader.documentation)")
    }

    /// Every verb the reader reads is declared, and every declared verb is read (no alias or step
    /// the help does not name).
    @Test func theReaderReads_exactlyTheDeclaredSteps() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/ScenarioSteps/StepReader.swift"), encoding: .utf8)
        let start = try #require(source.range(of: "switch verb {"))
        let end = try #require(source.range(of: "unknown step", range: start.upperBound..<source.endIndex))
        let read = Self.cases(in: source[start.upperBound..<end.lowerBound], indent: 8)
        #expect(read.count > 50, "the reader's verbs were found (\(read.count))")
        #expect(read == Set(StepReader.vocabulary.map(\.verb)))
    }

    /// Every declared key of `expect` is read by a case of its own: a key without one would be read
    /// as the last case's.
    @Test func theReaderReads_everyDeclaredExpectation() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/ScenarioSteps/StepReader.swift"), encoding: .utf8)
        let start = try #require(source.range(of: "for (key, value, _) in entries {"))
        // The last key, store-failed, is the switch's `default:`.
        let end = try #require(source.range(of: "result.append(.storeFailed(", range: start.upperBound..<source.endIndex))
        let read = Self.cases(in: source[start.upperBound..<end.lowerBound], indent: 12)
        let declared = Set(StepReader.expectations.map(\.key)).subtracting(["store-failed"])
        #expect(read == declared)
        #expect(StepReader.expectations.map(\.key).count == Set(StepReader.expectations.map(\.key)).count, "a key is declared twice")
    }

    /// The quoted labels of the `case` lines at `indent` spaces (`case "on", "off":`).
    static func cases(in text: Substring, indent: Int) -> Set<String> {
        let line = try! NSRegularExpression(pattern: "^ {\(indent)}case ((?:\"[a-z-]+\"(?:, )?)+):", options: .anchorsMatchLines)
        let label = try! NSRegularExpression(pattern: "\"([a-z-]+)\"")
        let text = String(text)
        var labels: Set<String> = []
        for match in line.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let list = String(text[Range(match.range(at: 1), in: text)!])
            for found in label.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
                labels.insert(String(list[Range(found.range(at: 1), in: list)!]))
            }
        }
        return labels
    }
}
