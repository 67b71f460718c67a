import Foundation
import Testing
@testable import ThresholdCore

@Suite struct PrayerLibraryTests {
    /// The message of the error `body` throws, or a note that it threw none.
    private func message(_ body: () throws -> Void) -> String {
        do { try body() } catch { return "\(error)" }
        return "no error"
    }

    @Test func aFileDecodesIntoTemplatesIndexedByCell() throws {
        let library = try PrayerLibrary(data: PrayerFixtures.file(
            PrayerFixtures.json(),
            PrayerFixtures.json(id: "both-02", traditions: #"["catholic", "orthodox"]"#, moods: #"["anxious", "tired"]"#),
            PrayerFixtures.json(id: "universal-tired-01", traditions: "[]", vibes: "[]", moods: #"["tired"]"#, extra: #", "universal": true"#)
        ))
        #expect(library.templates.map(\.id) == ["catholic-liturgical-anxious-01", "both-02", "universal-tired-01"])
        #expect(library.templates(tradition: .catholic, vibe: .liturgical, mood: .anxious).map(\.id) == ["catholic-liturgical-anxious-01", "both-02"])
        #expect(library.templates(tradition: .orthodox, vibe: .liturgical, mood: .tired).map(\.id) == ["both-02"])
        #expect(library.templates(tradition: .orthodox, vibe: .pastoral, mood: .tired).isEmpty)
        #expect(library.universalTemplates(mood: .tired).map(\.id) == ["universal-tired-01"])
        #expect(library.coverage.count == 168)
        #expect(library.coverage[PrayerCell(.catholic, .liturgical, .anxious)] == 2)
        #expect(library.coverage[PrayerCell(.catholic, .direct, .anxious)] == 0)
        #expect(library.cells(withFewerThan: 1, traditions: [.orthodox]).count == 24 - 2)
    }

    @Test func severalFilesAreReadInNameOrder() throws {
        let library = try PrayerLibrary(files: [
            "universal.json": PrayerFixtures.file(PrayerFixtures.json(id: "u-1", traditions: "[]", vibes: "[]", extra: #", "universal": true"#)),
            "catholic.json": PrayerFixtures.file(PrayerFixtures.json(id: "c-1")),
        ])
        #expect(library.templates.map(\.id) == ["c-1", "u-1"])
    }

    @Test func aTruncatedFileIsRefusedNamingTheFile() {
        let whole = String(decoding: PrayerFixtures.file(PrayerFixtures.json(), PrayerFixtures.json(id: "second")), as: UTF8.self)
        let truncated = Data(whole.prefix(whole.count - 40).utf8)
        #expect(message { _ = try PrayerLibrary(files: ["catholic.json": truncated]) }
            == "catholic.json: The file ends in the middle of its JSON (at line 3); it looks truncated.")
    }

    @Test func anEmptyFileIsRefused() {
        #expect(message { _ = try PrayerLibrary(data: Data(" \n".utf8), file: "orthodox.json") }
            == "orthodox.json: The file is empty; it should be a JSON array of templates.")
    }

    @Test func brokenSyntaxIsRefusedWithItsLine() {
        let text = "[\n" + PrayerFixtures.json() + ",,\n]"
        let problem = message { _ = try PrayerLibrary(data: Data(text.utf8), file: "catholic.json") }
        #expect(problem.hasPrefix("catholic.json: It is not valid JSON"), "\(problem)")
        #expect(problem.contains("line 2"), "\(problem)")
    }

    @Test func aWrongTypeIsRefusedNamingTheTemplateAndField() {
        let data = PrayerFixtures.file(PrayerFixtures.json(), PrayerFixtures.json(id: "second", moods: #""anxious""#))
        let problem = message { _ = try PrayerLibrary(data: data, file: "catholic.json") }
        #expect(problem.hasPrefix("catholic.json: template 2 (“second”), moods: "), "\(problem)")
        #expect(problem.contains("a list"), "\(problem)")
    }

    @Test func aFileThatIsNotAnArrayIsRefused() {
        let data = Data(PrayerFixtures.json().utf8)
        let problem = message { _ = try PrayerLibrary(data: data, file: "catholic.json") }
        #expect(problem.hasPrefix("catholic.json: A prayer file is a JSON array of templates"), "\(problem)")
    }

    @Test func aMissingFieldIsRefusedByName() {
        let data = Data("[{\"id\": \"lonely\", \"traditions\": [\"catholic\"]}]".utf8)
        #expect(message { _ = try PrayerLibrary(data: data, file: "catholic.json") }
            == "catholic.json: template 1 (“lonely”): “vibes” is missing.")
    }

    @Test func anUnknownMoodIsRefusedWithTheMoodsThatExist() {
        let data = PrayerFixtures.file(PrayerFixtures.json(moods: #"["anxious", "angry"]"#))
        #expect(message { _ = try PrayerLibrary(data: data, file: "catholic.json") }
            == "catholic.json: template 1 (“catholic-liturgical-anxious-01”), moods[1]: Unknown mood “angry”; use one of grateful, anxious, distracted, tired, seeking, joyful.")
    }

    @Test func aTemplateBreakingTheContentRulesIsRefusedWithTheRule() {
        let data = PrayerFixtures.file(PrayerFixtures.json(prayer: #""Lord, have mercy.""#))
        #expect(message { _ = try PrayerLibrary(data: data, file: "catholic.json") }
            == "catholic.json: template 1 (“catholic-liturgical-anxious-01”): prayer template “catholic-liturgical-anxious-01”: A prayer is 2 or 3 sentences; this one has 1.")
    }

    @Test func aMalformedReferenceIsRefusedWithTheForm() {
        let data = PrayerFixtures.file(PrayerFixtures.json(verse: #"{"reference": "Psalm 46", "text": "Be still"}"#))
        let problem = message { _ = try PrayerLibrary(data: data, file: "catholic.json") }
        #expect(problem.hasPrefix("catholic.json: template 1 (“catholic-liturgical-anxious-01”), verse.reference: verse reference “Psalm 46”: Write a reference as"), "\(problem)")
    }

    @Test func aDuplicateIdIsRefusedWithinAFileAndAcrossFiles() {
        let twice = PrayerFixtures.file(PrayerFixtures.json(), PrayerFixtures.json())
        #expect(message { _ = try PrayerLibrary(data: twice, file: "catholic.json") }
            == "catholic.json: The id “catholic-liturgical-anxious-01” is already used earlier in this file; every template needs its own.")
        let once = PrayerFixtures.file(PrayerFixtures.json())
        #expect(message { _ = try PrayerLibrary(files: ["catholic.json": once, "universal.json": once]) }
            == "universal.json: The id “catholic-liturgical-anxious-01” is already used in catholic.json; every template needs its own.")
        #expect(message { _ = try PrayerLibrary(templates: [try PrayerFixtures.template("x"), try PrayerFixtures.template("x")]) }
            == "prayer library: Two templates share the id “x”; every template needs its own.")
    }

    @Test func oneBadFileRefusesTheWholeLibrary() {
        let good = PrayerFixtures.file(PrayerFixtures.json())
        let bad = Data("[".utf8)
        #expect(throws: ValidationError.self) { try PrayerLibrary(files: ["catholic.json": good, "orthodox.json": bad]) }
    }
}
