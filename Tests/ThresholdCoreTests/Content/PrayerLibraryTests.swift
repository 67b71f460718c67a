import Foundation
import Testing
@testable import ThresholdCore

@Suite struct PrayerLibraryTests {
    /// The validation error `body` throws; `nil` if it throws none (or another error, recorded as an issue).
    private func refusal(_ body: () throws -> Void) -> ValidationError? {
        do { try body() } catch let error as ValidationError { return error } catch { Issue.record("not a ValidationError: \(error)") }
        return nil
    }

    /// The content fault of a validation error for `file`; `nil` if it is another refusal or names another file.
    private func fault(in file: String, _ body: () throws -> Void) -> ContentFault? {
        guard let error = refusal(body), error.subject == file, case .contentFile(let fault) = error.refusal else { return nil }
        return fault
    }

    @Test func aFileDecodesIntoTemplatesIndexedByCell() throws {
        let library = try PrayerLibrary(
            data: PrayerFixtures.file(
                PrayerFixtures.json(),
                PrayerFixtures.json(id: "both-02", traditions: #"["catholic", "orthodox"]"#, moods: #"["anxious", "tired"]"#),
                PrayerFixtures.json(
                    id: "universal-tired-01", traditions: "[]", vibes: "[]", moods: #"["tired"]"#, extra: #", "universal": true"#)
            ))
        #expect(library.templates.map(\.id) == ["catholic-liturgical-anxious-01", "both-02", "universal-tired-01"])
        #expect(
            library.templates(tradition: .catholic, vibe: .liturgical, mood: .anxious).map(\.id) == [
                "catholic-liturgical-anxious-01", "both-02",
            ])
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
            "universal.json": PrayerFixtures.file(
                PrayerFixtures.json(id: "u-1", traditions: "[]", vibes: "[]", extra: #", "universal": true"#)),
            "catholic.json": PrayerFixtures.file(PrayerFixtures.json(id: "c-1")),
        ])
        #expect(library.templates.map(\.id) == ["c-1", "u-1"])
    }

    @Test func aTruncatedFileIsRefusedNamingTheFile() {
        let whole = String(decoding: PrayerFixtures.file(PrayerFixtures.json(), PrayerFixtures.json(id: "second")), as: UTF8.self)
        let truncated = Data(whole.prefix(whole.count - 40).utf8)
        #expect(
            refusal { _ = try PrayerLibrary(files: ["catholic.json": truncated]) }
                == ValidationError("catholic.json", .contentFile(.truncated(line: 3))))
    }

    @Test func anEmptyFileIsRefused() {
        #expect(
            refusal { _ = try PrayerLibrary(data: Data(" \n".utf8), file: "orthodox.json") }
                == ValidationError("orthodox.json", .contentFile(.emptyFile)))
    }

    @Test func brokenSyntaxIsRefusedWithItsLineAndColumn() {
        let template = PrayerFixtures.json()
        let text = "[\n" + template + ",,\n]"
        let problem = fault(in: "catholic.json") { _ = try PrayerLibrary(data: Data(text.utf8), file: "catholic.json") }
        guard case .notJSON(let detail?, let line, let column) = problem else {
            Issue.record("not a JSON syntax fault: \(String(describing: problem))")
            return
        }
        #expect(!detail.isEmpty)
        #expect(line == 2, "\(detail)")
        #expect(column == template.utf8.count + 2, "\(detail)")
    }

    @Test func aWrongTypeIsRefusedNamingTheTemplateAndField() {
        let data = PrayerFixtures.file(PrayerFixtures.json(), PrayerFixtures.json(id: "second", moods: #""anxious""#))
        let problem = fault(in: "catholic.json") { _ = try PrayerLibrary(data: data, file: "catholic.json") }
        guard case .inTemplate(index: 1, id: "second", field: "moods", .wrongType(let types)) = problem else {
            Issue.record("not a wrong type in template 2’s moods: \(String(describing: problem))")
            return
        }
        #expect(types.contains("Array"), "\(types)")
    }

    @Test func aFileThatIsNotAnArrayIsRefused() {
        let data = Data(PrayerFixtures.json().utf8)
        let problem = fault(in: "catholic.json") { _ = try PrayerLibrary(data: data, file: "catholic.json") }
        guard case .notAnArray(let found) = problem else {
            Issue.record("not a not-an-array fault: \(String(describing: problem))")
            return
        }
        #expect(found.contains("Array"), "\(found)")
    }

    @Test func aMissingFieldIsRefusedByName() {
        let data = Data("[{\"id\": \"lonely\", \"traditions\": [\"catholic\"]}]".utf8)
        #expect(
            refusal { _ = try PrayerLibrary(data: data, file: "catholic.json") }
                == ValidationError("catholic.json", .contentFile(.inTemplate(index: 0, id: "lonely", field: "", .missingKey("vibes")))))
    }

    @Test func aNullIsRefusedAsAMissingValue() {
        let data = PrayerFixtures.file(PrayerFixtures.json(id: "nothing", prayer: "null"))
        #expect(
            refusal { _ = try PrayerLibrary(data: data, file: "catholic.json") }
                == ValidationError("catholic.json", .contentFile(.inTemplate(index: 0, id: "nothing", field: "prayer", .missingValue))))
    }

    @Test func anUnknownMoodIsRefusedWithTheMoodsThatExist() {
        let data = PrayerFixtures.file(PrayerFixtures.json(moods: #"["anxious", "angry"]"#))
        let unknown = ContentFault.undecodable("Unknown mood “angry”; use one of grateful, anxious, distracted, tired, seeking, joyful.")
        #expect(
            refusal { _ = try PrayerLibrary(data: data, file: "catholic.json") }
                == ValidationError(
                    "catholic.json", .contentFile(.inTemplate(index: 0, id: "catholic-liturgical-anxious-01", field: "moods[1]", unknown))))
    }

    @Test func aTemplateBreakingTheContentRulesIsRefusedWithTheRule() {
        let data = PrayerFixtures.file(PrayerFixtures.json(prayer: #""Lord, have mercy.""#))
        #expect(
            refusal { _ = try PrayerLibrary(data: data, file: "catholic.json") }
                == ValidationError(
                    "catholic.json", .contentFile(.inTemplate(index: 0, id: "catholic-liturgical-anxious-01", field: "", .sentenceCount(1)))
                ))
    }

    @Test func aMalformedReferenceIsRefusedWithTheForm() {
        let data = PrayerFixtures.file(PrayerFixtures.json(verse: #"{"reference": "Psalm 46", "text": "Be still"}"#))
        let malformed = ContentFault.inTemplate(
            index: 0, id: "catholic-liturgical-anxious-01", field: "verse.reference", .malformedReference("Psalm 46"))
        #expect(
            refusal { _ = try PrayerLibrary(data: data, file: "catholic.json") }
                == ValidationError("catholic.json", .contentFile(malformed)))
    }

    @Test func aDuplicateIdIsRefusedWithinAFileAndAcrossFiles() throws {
        let twice = PrayerFixtures.file(PrayerFixtures.json(), PrayerFixtures.json())
        #expect(
            refusal { _ = try PrayerLibrary(data: twice, file: "catholic.json") }
                == ValidationError("catholic.json", .contentFile(.duplicateID("catholic-liturgical-anxious-01", earlier: .sameFile))))
        let once = PrayerFixtures.file(PrayerFixtures.json())
        #expect(
            refusal { _ = try PrayerLibrary(files: ["catholic.json": once, "universal.json": once]) }
                == ValidationError(
                    "universal.json", .contentFile(.duplicateID("catholic-liturgical-anxious-01", earlier: .file("catholic.json")))))
        let x = try PrayerFixtures.template("x")
        #expect(
            refusal { _ = try PrayerLibrary(templates: [x, x]) }
                == ValidationError("prayer library", .contentFile(.duplicateID("x", earlier: nil))))
    }

    @Test func aContentFaultRoundTripsThroughJSON() throws {
        let faults: [ContentFault] = [
            .inTemplate(index: 2, id: nil, field: "verse", .alsoInTextEmpty(PrayerFixtures.verse.reference, .web)),
            .duplicateID("x", earlier: .file("catholic.json")), .notJSON(nil, line: 2, column: nil),
        ]
        let refusals = faults.map { Refusal.contentFile($0) }
        #expect(try JSONDecoder().decode([Refusal].self, from: JSONEncoder().encode(refusals)) == refusals)
    }

    @Test func oneBadFileRefusesTheWholeLibrary() {
        let good = PrayerFixtures.file(PrayerFixtures.json())
        let bad = Data("[".utf8)
        #expect(throws: ValidationError.self) { try PrayerLibrary(files: ["catholic.json": good, "orthodox.json": bad]) }
    }
}
