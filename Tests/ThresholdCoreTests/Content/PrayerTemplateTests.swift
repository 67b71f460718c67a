import Foundation
import Testing
@testable import ThresholdCore

@Suite struct PrayerTemplateTests {
    @Test func aWellFormedTemplateIsAccepted() throws {
        let template = try PrayerFixtures.template("catholic-liturgical-anxious-01")
        #expect(template.isWritten(for: .catholic, .liturgical, .anxious))
        #expect(!template.isWritten(for: .catholic, .liturgical, .tired))
        #expect(!template.isUniversal)
    }

    @Test func aPrayerMustHaveTwoOrThreeSentences() throws {
        #expect(throws: ValidationError("prayer template “short”", .contentFile(.sentenceCount(1)))) {
            try PrayerFixtures.template("short", prayer: "Lord, have mercy.")
        }
        #expect(throws: ValidationError("prayer template “long”", .contentFile(.sentenceCount(4)))) {
            try PrayerFixtures.template("long", prayer: "Lord, have mercy. Christ, have mercy! Why do I reach? Lord, have mercy.")
        }
        _ = try PrayerFixtures.template("three", prayer: "Lord, have mercy. Christ, have mercy! Why do I reach for this?")
    }

    @Test func sentencesAreCountedByTheirClosingMarksNotByAbbreviations() {
        #expect(PrayerTemplate.sentenceCount("Saint Joseph, pray for me. St. Michael, defend me.") == 2)
        #expect(PrayerTemplate.sentenceCount("“Be still,” you said. I am listening…") == 2)
        #expect(PrayerTemplate.sentenceCount("Why? Because you are near!!") == 2)
        #expect(PrayerTemplate.sentenceCount("You said, “Come to me.” I come, Lord") == 2)
        #expect(PrayerTemplate.sentenceCount("Thank you for this day; for breath; for bread.") == 1)
    }

    @Test func aUniversalTemplateNamesNoTraditionOrVibe() throws {
        #expect(throws: ValidationError("prayer template “u”", .contentFile(.universalNamesTraditionsOrVibes))) {
            try PrayerFixtures.template("u", [.catholic], [], [.tired], universal: true)
        }
        let universal = try PrayerFixtures.universal("universal-tired-01", [.tired])
        #expect(universal.isUniversal)
        #expect(!universal.isWritten(for: .catholic, .liturgical, .tired))
    }

    @Test func aTemplateForSomeCellsNamesATraditionAVibeAndAMood() {
        #expect(throws: ValidationError("prayer template “t”", .contentFile(.noTradition))) {
            try PrayerFixtures.template("t", [], [.direct])
        }
        #expect(throws: ValidationError("prayer template “v”", .contentFile(.noVibe))) {
            try PrayerFixtures.template("v", [.orthodox], [])
        }
        #expect(throws: ValidationError("prayer template “m”", .contentFile(.noMood))) {
            try PrayerFixtures.template("m", [.orthodox], [.direct], [])
        }
    }

    @Test func aTraditionVibeOrMoodIsListedOnce() {
        #expect(throws: ValidationError("prayer template “d”", .contentFile(.moodListedTwice(.tired)))) {
            try PrayerFixtures.template("d", [.orthodox], [.direct], [.tired, .joyful, .tired])
        }
        #expect(throws: ValidationError("prayer template “d”", .contentFile(.traditionListedTwice(.orthodox)))) {
            try PrayerFixtures.template("d", [.orthodox, .orthodox])
        }
    }

    @Test func onlyBundledTranslationsAreQuoted() {
        #expect(throws: ValidationError("prayer template “niv”", .contentFile(.translationNotBundled(.niv)))) {
            try PrayerFixtures.template("niv", translation: .niv)
        }
    }

    @Test func theVerseIsShownInTheChosenBundledTranslation_whenTheTemplateCarriesIt() throws {
        let web = "Be still, and know that I am God."
        let template = try PrayerTemplate(
            id: "t", traditions: [.catholic], vibes: [.liturgical], moods: [.anxious],
            prayer: PrayerFixtures.prayer, verse: PrayerFixtures.verse, translation: .kjv,
            alsoIn: [.web: " \(web) "])
        #expect(template.verseLine(in: .web) == VerseLine(text: web, reference: PrayerFixtures.verse.reference, translation: .web))
        #expect(template.verseLine(in: .esv).citation == "Psalms 46:10 (KJV)", "as written: the WEB would say Yahweh for the LORD")
        #expect(template.verseLine(in: .kjv).citation == "Psalms 46:10 (KJV)")
        #expect(template.verseLine(in: .nkjv).translation == .kjv)
        #expect(
            template.verseLine(in: nil)
                == VerseLine(text: PrayerFixtures.verse.text, reference: PrayerFixtures.verse.reference, translation: .kjv))
        // Without the other text, the verse is shown as written, and says so.
        #expect(try PrayerFixtures.template("k").verseLine(in: .web).translation == .kjv)
    }

    @Test func alsoIn_givesOnlyTheOtherBundledTranslation() throws {
        #expect(throws: ValidationError("prayer template “a”", .contentFile(.alsoInNotTheOtherBundled(.kjv)))) {
            try PrayerTemplate(
                id: "a", traditions: [.catholic], vibes: [.liturgical], moods: [.anxious], prayer: PrayerFixtures.prayer,
                verse: PrayerFixtures.verse, translation: .kjv, alsoIn: [.kjv: "Be still"])
        }
        #expect(throws: ValidationError("prayer template “a”", .contentFile(.alsoInNotTheOtherBundled(.esv)))) {
            try PrayerTemplate(
                id: "a", traditions: [.catholic], vibes: [.liturgical], moods: [.anxious], prayer: PrayerFixtures.prayer,
                verse: PrayerFixtures.verse, translation: .kjv, alsoIn: [.esv: "Be still"])
        }
        #expect(throws: ValidationError("prayer template “a”", .contentFile(.alsoInTextEmpty(PrayerFixtures.verse.reference, .web)))) {
            try PrayerTemplate(
                id: "a", traditions: [.catholic], vibes: [.liturgical], moods: [.anxious], prayer: PrayerFixtures.prayer,
                verse: PrayerFixtures.verse, translation: .kjv, alsoIn: [.web: "  "])
        }
    }

    @Test func anIdIsLettersDigitsAndSingleHyphens() throws {
        for bad in ["has space", "-leading", "trailing-", "double--hyphen", "ünïcode"] {
            #expect(throws: ValidationError("prayer template “\(bad)”", .contentFile(.malformedID))) { try PrayerFixtures.template(bad) }
        }
        _ = try PrayerFixtures.template("mainlineProtestant-pastoral-tired-02")
    }

    @Test func emptyPrayerAndVerseTextAreRefused() {
        #expect(throws: ValidationError("prayer template “e”", .contentFile(.noPrayer))) {
            try PrayerFixtures.template("e", prayer: "  \n")
        }
        let verse = PrayerTemplate.Verse(reference: PrayerFixtures.verse.reference, text: " ")
        #expect(throws: ValidationError("prayer template “e”", .contentFile(.noVerseText(PrayerFixtures.verse.reference)))) {
            try PrayerFixtures.template("e", verse: verse)
        }
    }

    @Test func aTemplateRoundTripsThroughJSONInTheBundledShape() throws {
        let universal = try PrayerFixtures.universal("universal-joyful-01", [.joyful, .grateful])
        let data = try JSONEncoder().encode(universal)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["universal"] as? Bool == true)
        #expect(try JSONDecoder().decode(PrayerTemplate.self, from: data) == universal)

        let plain = try JSONEncoder().encode(try PrayerFixtures.template("catholic-liturgical-anxious-01"))
        let plainObject = try #require(try JSONSerialization.jsonObject(with: plain) as? [String: Any])
        #expect(plainObject["universal"] == nil)
        #expect(plainObject["alsoIn"] == nil)
        #expect((plainObject["verse"] as? [String: String])?["reference"] == "Psalms 46:10")

        let both = try PrayerTemplate(
            id: "b", traditions: [.catholic], vibes: [.liturgical], moods: [.anxious], prayer: PrayerFixtures.prayer,
            verse: PrayerFixtures.verse, translation: .kjv, alsoIn: [.web: "Be still, and know that I am God."])
        let bothData = try JSONEncoder().encode(both)
        let bothObject = try #require(try JSONSerialization.jsonObject(with: bothData) as? [String: Any])
        #expect(bothObject["alsoIn"] as? [String: String] == ["WEB": "Be still, and know that I am God."])
        #expect(try JSONDecoder().decode(PrayerTemplate.self, from: bothData) == both)
    }

    @Test func anUnknownTranslationInAlsoIn_isRefusedNamingTheOnesThatWould() throws {
        let json =
            #"[{"id": "x", "traditions": ["catholic"], "vibes": ["liturgical"], "moods": ["anxious"], "prayer": "Lord, hear me. Amen.", "verse": {"reference": "Psalm 46:10", "text": "Be still"}, "translation": "KJV", "alsoIn": {"RSV": "Be still"}}]"#
        #expect {
            try PrayerLibrary(data: Data(json.utf8), file: "x.json")
        } throws: { error in
            String(describing: error).contains("“RSV” is not a Bible translation")
        }
    }
}

@Suite struct VerseReferenceTests {
    @Test func aReferenceIsBookChapterAndVerseOrARunOfVerses() throws {
        let single = try VerseReference("Psalm 46:10")
        #expect(single.book == "Psalm" && single.chapter == 46 && single.verses == 10...10)
        #expect(single.description == "Psalm 46:10")
        let run = try VerseReference("1 Peter 5:7-9")
        #expect(run.book == "1 Peter" && run.verses == 7...9)
        #expect(run.description == "1 Peter 5:7-9")
        #expect(try VerseReference("Song of Solomon 2:4").book == "Song of Solomon")
    }

    @Test func malformedReferencesAreRefusedWithTheFormToUse() {
        for bad in [
            "Psalm 46", "Psalm46:10", "Psalm 46:10-", "Psalm 0:1", "Psalm 46:010", "psalm 46:10",
            "4 Kings 1:1", "Psalm 46:10-12:1", "Psalm  46:10", "Ps. 46:10", "",
        ] {
            #expect(throws: ValidationError.self, "\(bad)") { try VerseReference(bad) }
        }
        #expect(throws: ValidationError("verse reference “Psalm 46”", .contentFile(.malformedReference("Psalm 46")))) {
            try VerseReference("Psalm 46")
        }
        #expect(throws: ValidationError("verse reference", .contentFile(.notABookName("4 Kings")))) {
            try VerseReference("4 Kings 1:1")
        }
        #expect(throws: ValidationError("verse reference “Psalm 0:1”", .contentFile(.countsFromOne))) {
            try VerseReference(book: "Psalm", chapter: 0, verses: 1...1)
        }
        #expect(
            throws: ValidationError(
                "verse reference “Psalm 46:10-9”", .contentFile(.versesBackwards(book: "Psalm", chapter: 46, first: 10, last: 9)))
        ) {
            try VerseReference("Psalm 46:10-9")
        }
    }
}

@Suite struct VocabularyTests {
    @Test func rawValuesAndDisplayNamesMatchTheProduct() {
        #expect(Mood.allCases.map(\.rawValue) == ["grateful", "anxious", "distracted", "tired", "seeking", "joyful"])
        #expect(Mood.allCases.map(\.displayName) == ["Grateful", "Anxious", "Distracted", "Tired", "Seeking", "Joyful"])
        #expect(
            Tradition.allCases.map(\.rawValue) == [
                "catholic", "orthodox", "mainlineProtestant", "evangelical", "charismatic", "nonDenominational", "other",
            ])
        #expect(
            Tradition.allCases.map(\.displayName) == [
                "Catholic", "Orthodox", "Mainline Protestant", "Evangelical", "Charismatic", "Non-denominational", "Other",
            ])
        #expect(Vibe.allCases.map(\.rawValue) == ["liturgical", "pastoral", "direct", "contemplative"])
        #expect(
            Vibe.allCases.map(\.displayName) == [
                "Liturgical & formal", "Warm & pastoral", "Direct & practical", "Contemplative & meditative",
            ])
        #expect(BibleTranslation.allCases.map(\.rawValue) == ["ESV", "NIV", "NKJV", "NLT", "KJV", "NASB", "WEB", "RV1909"])
        #expect(BibleTranslation.allCases.filter(\.isBundled) == [.kjv, .web, .rv1909])
    }

    @Test func anUnknownWordIsRefusedWithTheWordsThatWouldDo() {
        #expect {
            try JSONDecoder().decode([Mood].self, from: Data(#"["angry"]"#.utf8))
        } throws: { error in
            "\(error)".contains("Unknown mood “angry”; use one of grateful, anxious, distracted, tired, seeking, joyful.")
        }
    }
}
