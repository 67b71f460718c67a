import Foundation
import PrayerContent
import Testing
import ThresholdCore

/// Selah's shield verse from the bundled prayers: one a day for each app, short enough for a
/// shield, quoted as a prayer quotes it, in the person's translation and naming it.
@Suite struct ShieldVerseTests {
    let library: PrayerLibrary
    let verses: ShieldVerses
    let monday = try! LocalDate(parsing: "2026-03-02")
    let instagram = AppToken(data: Data("instagram".utf8))

    init() throws {
        library = try PrayerContent.bundledLibrary()
        verses = ShieldVerses(library: library)
    }

    @Test(arguments: [BibleTranslation.kjv, .web])
    func aWeekOfShields_showsSevenBundledVerses_inTheChosenTranslation(_ translation: BibleTranslation) throws {
        let preferences = SelahPreferences(tradition: .catholic, vibe: .liturgical, translation: translation)
        let week = try (0..<7).map { try #require(verses.line(for: preferences, app: instagram, on: monday.adding(days: $0))) }
        #expect(Set(week).count == 7, "\(week.map(\.citation))")
        for line in week {
            #expect(line.translation == translation)
            #expect(line.citation.hasSuffix("(\(translation.abbreviation))"))
            #expect(line.text.count <= PrayerSelector.shieldVerseLength)
            #expect(library.templates.contains { $0.verseLine(in: translation) == line }, "“\(line)” is not a bundled quotation")
        }
    }

    @Test func theVerse_staysAllDay_andAnotherAppMayShowAnother() throws {
        let preferences = SelahPreferences(tradition: .orthodox, vibe: .contemplative, translation: .kjv)
        let first = verses.line(for: preferences, app: instagram, on: monday)
        #expect(first != nil)
        #expect(verses.line(for: preferences, app: instagram, on: monday) == first)
        let others = ["tiktok", "youtube", "reddit", "x"].map {
            verses.line(for: preferences, app: AppToken(data: Data($0.utf8)), on: monday)
        }
        #expect(others.contains { $0 != first })
    }

    @Test func everyTraditionAndTranslation_hasShieldVerses() {
        for tradition in Tradition.allCases {
            let choices: [BibleTranslation?] = [nil] + BibleTranslation.allCases
            for translation in choices {
                let preferences = SelahPreferences(tradition: tradition, vibe: .pastoral, translation: translation)
                #expect(
                    verses.line(for: preferences, app: nil, on: monday) != nil,
                    "\(tradition.rawValue) \(translation?.abbreviation ?? "none")")
            }
        }
    }
}
