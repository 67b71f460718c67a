import Foundation
import PrayerContent
import Testing
import ThresholdCore

/// The English a content author reads when a prayer file, a reference or a team id is refused.
@Suite struct ContentFaultExplanationTests {
    static let reference = try! VerseReference("Psalms 46:10")

    /// One fault of each case.
    static let everyCase: [ContentFault] = [
        .malformedID, .traditionListedTwice(.orthodox), .vibeListedTwice(.direct), .moodListedTwice(.tired),
        .universalNamesTraditionsOrVibes, .noTradition, .noVibe, .noMood, .noPrayer, .sentenceCount(4),
        .noVerseText(reference), .translationNotBundled(.niv), .alsoInNotTheOtherBundled(.esv), .alsoInTextEmpty(reference, .web),
        .duplicateID("x", earlier: nil), .emptyFile, .truncated(line: 3), .notJSON("Badly formed array.", line: 2, column: 7),
        .notAnArray("Expected to decode Array<Any> but found a dictionary instead."),
        .inTemplate(index: 1, id: "second", field: "moods", .missingValue),
        .wrongType("Expected to decode String but found a number instead."),
        .missingValue, .missingKey("vibes"), .undecodable("Unknown mood “angry”."), .unreadable("EOF"), .noPrayersFolder,
        .notABookName("psalm"), .countsFromOne, .malformedReference("Psalm 46"),
        .versesBackwards(book: "Psalm", chapter: 46, first: 10, last: 9), .notATeamID("TEAMID"),
    ]

    /// The case's position in the enum; exhaustive, so a new case does not compile until it is counted here.
    static func caseNumber(_ fault: ContentFault) -> Int {
        switch fault {
        case .malformedID: 0
        case .traditionListedTwice: 1
        case .vibeListedTwice: 2
        case .moodListedTwice: 3
        case .universalNamesTraditionsOrVibes: 4
        case .noTradition: 5
        case .noVibe: 6
        case .noMood: 7
        case .noPrayer: 8
        case .sentenceCount: 9
        case .noVerseText: 10
        case .translationNotBundled: 11
        case .alsoInNotTheOtherBundled: 12
        case .alsoInTextEmpty: 13
        case .duplicateID: 14
        case .emptyFile: 15
        case .truncated: 16
        case .notJSON: 17
        case .notAnArray: 18
        case .inTemplate: 19
        case .wrongType: 20
        case .missingValue: 21
        case .missingKey: 22
        case .undecodable: 23
        case .unreadable: 24
        case .noPrayersFolder: 25
        case .notABookName: 26
        case .countsFromOne: 27
        case .malformedReference: 28
        case .versesBackwards: 29
        case .notATeamID: 30
        }
    }

    @Test func everyCaseIsExplained() {
        #expect(Set(Self.everyCase.map(Self.caseNumber)) == Set(0...30), "one fault of each case")
        for fault in Self.everyCase {
            let explanation = fault.explanation
            #expect(!explanation.isEmpty && explanation.hasSuffix("."), "\(fault): “\(explanation)”")
        }
    }

    @Test func aSentenceCountSaysTheRangeAndTheCount() {
        #expect(ContentFault.sentenceCount(1).explanation == "A prayer is 2 or 3 sentences; this one has 1.")
        #expect(ContentFault.sentenceCount(4).explanation == "A prayer is 2 or 3 sentences; this one has 4.")
    }

    @Test func aTruncatedFileSaysItsLastLine() {
        #expect(ContentFault.truncated(line: 3).explanation == "The file ends in the middle of its JSON (at line 3); it looks truncated.")
    }

    @Test func theOtherFaultsSayTheirValues() {
        #expect(
            ContentFault.duplicateID("x", earlier: .sameFile).explanation
                == "The id “x” is already used earlier in this file; every template needs its own.")
        #expect(
            ContentFault.duplicateID("x", earlier: .file("catholic.json")).explanation
                == "The id “x” is already used in catholic.json; every template needs its own.")
        #expect(
            ContentFault.alsoInTextEmpty(Self.reference, .web).explanation == "Quote the text of Psalms 46:10 in the WEB, or leave it out.")
        #expect(
            ContentFault.translationNotBundled(.niv).explanation
                == "Quote the verse from a bundled translation (KJV, WEB or RV1909), not NIV.")
        #expect(
            ContentFault.notJSON("Badly formed array.", line: 2, column: 7).explanation
                == "It is not valid JSON: Badly formed array (line 2, column 7).")
        #expect(
            ContentFault.versesBackwards(book: "Psalm", chapter: 46, first: 10, last: 9).explanation
                == "A run of verses goes forwards: write “Psalm 46:9-10”, or a single verse without “-”.")
    }

    @Test func aFaultInATemplateSaysTheFileTheTemplateAndTheField() {
        let short =
            #"[{"id": "short", "traditions": ["catholic"], "vibes": ["liturgical"], "moods": ["anxious"], "prayer": "Lord, have mercy.", "verse": {"reference": "Psalms 46:10", "text": "Be still"}, "translation": "KJV"}]"#
        #expect(
            explanation { _ = try PrayerLibrary(data: Data(short.utf8), file: "catholic.json") }
                == "catholic.json: template 1 (“short”): A prayer is 2 or 3 sentences; this one has 1.")
        let moods = short.replacingOccurrences(of: #"["anxious"]"#, with: #""anxious""#)
        let wrong = explanation { _ = try PrayerLibrary(data: Data(moods.utf8), file: "catholic.json") }
        #expect(wrong.hasPrefix("catholic.json: template 1 (“short”), moods: ") && wrong.contains("a list"), "\(wrong)")
        #expect(
            explanation { _ = try SiteAssociation.teamID("TEAMID") }
                == "team id: “TEAMID” is not a team id: ten capital letters and digits, as Xcode's DEVELOPMENT_TEAM shows it.")
    }

    private func explanation(_ body: () throws -> Void) -> String {
        do { try body() } catch { return PrayerContent.explanation(of: error) }
        return "no error"
    }
}
