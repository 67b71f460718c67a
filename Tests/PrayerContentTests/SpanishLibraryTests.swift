import Foundation
import PrayerContent
import Testing
import ThresholdCore

/// Checks over the Spanish prayers (`Prayers/es`), whose verses are quoted from the Reina-Valera
/// 1909. Verse wording is checked by `Scripts/check-verses`.
@Suite struct SpanishLibraryTests {
    private let library: PrayerLibrary
    private let contents: [String: Data]

    init() throws {
        library = try PrayerContent.bundledLibrary(in: .spanish)
        contents = try PrayerContent.bundledFiles(in: .spanish)
    }

    @Test func everySpanishFileDecodesAndIsNamedForItsFolder() throws {
        let expected = (Tradition.allCases.map { "es/\($0.rawValue).json" } + ["es/universal.json"]).sorted()
        #expect(contents.keys.sorted() == expected)
        for (file, data) in contents {
            do { _ = try PrayerLibrary(data: data, file: file) } catch { Issue.record("\(PrayerContent.explanation(of: error))") }
        }
    }

    @Test func everyCellHasAtLeastTwoSpanishPrayers() {
        let thin = library.cells(withFewerThan: 2)
        #expect(thin.isEmpty, "fewer than two Spanish prayers in \(thin.map(\.description))")
    }

    @Test func everyMoodHasAtLeastTwoSpanishUniversalPrayers() {
        for mood in Mood.allCases {
            #expect(library.universalTemplates(mood: mood).count >= 2, "\(mood.rawValue)")
        }
    }

    @Test func idsAreUniqueAndMarkedSpanish() throws {
        let ids = library.templates.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(id.contains("-es-"), "\(id) does not say it is Spanish") }
        let english = Set(try PrayerContent.bundledLibrary().templates.map(\.id.rawValue))
        #expect(english.isDisjoint(with: ids))
    }

    @Test func everyVerseIsQuotedFromTheReinaValeraUnderASpanishBookName() throws {
        for template in library.templates {
            #expect(template.translation == .rv1909, "\(template.id)")
            #expect(template.alsoIn.isEmpty, "\(template.id)")
            // Every reference parsed as it was decoded; written again it reads the same.
            let written = template.verse.reference.description
            #expect(try VerseReference(written) == template.verse.reference)
            #expect(
                Self.spanishBooks.contains(template.verse.reference.book),
                "\(template.id): “\(template.verse.reference.book)” is not a Spanish book name")
        }
    }

    @Test func aSpanishReferenceKeepsItsAccents() throws {
        let reference = try VerseReference("Isaías 41:10")
        #expect(reference.book == "Isaías")
        #expect(reference.description == "Isaías 41:10")
        #expect(try VerseReference("1 Pedro 5:7").book == "1 Pedro")
    }

    @Test func theSpanishLibraryIsChosenForSpanishAndTheEnglishOneForEveryOtherLanguage() throws {
        #expect(ContentLanguage(languageCode: "es") == .spanish)
        #expect(ContentLanguage(languageCode: "es-MX") == .spanish)
        #expect(ContentLanguage(Locale(identifier: "es_ES")) == .spanish)
        #expect(ContentLanguage(languageCode: "en") == .english)
        #expect(ContentLanguage(languageCode: "pt") == .english)
        #expect(ContentLanguage(languageCode: nil) == .english)
        let spanish = try PrayerContent.bundledLibrary(in: ContentLanguage(languageCode: "es"))
        #expect(spanish == library)
        let english = try PrayerContent.bundledLibrary(in: ContentLanguage(languageCode: "en"))
        #expect(english == (try PrayerContent.bundledLibrary()))
        #expect(english.templates.allSatisfy { $0.translation != .rv1909 })
        #expect(Set(english.templates.map(\.id)).isDisjoint(with: spanish.templates.map(\.id)))
    }

    @Test func theTranslationChoiceOffersTheReinaValeraOnlyInSpanish() {
        #expect(ContentLanguage.english.offeredTranslations == [.kjv, .web], "only the translations Threshold quotes")
        #expect(ContentLanguage.spanish.offeredTranslations.first == .rv1909)
        #expect(ContentLanguage.spanish.offeredTranslations.contains(.kjv))
        #expect(BibleTranslation.rv1909.isBundled)
        #expect(BibleTranslation.rv1909.shownAs == .rv1909)
        #expect(BibleTranslation.rv1909.displayName == "Reina-Valera 1909")
    }

    @Test func aSpanishPrayerShowsItsVerseInTheReinaValeraWhateverTranslationWasChosen() throws {
        let template = try #require(library.templates(tradition: .catholic, vibe: .pastoral, mood: .anxious).first)
        for choice in [nil, .rv1909, .kjv, .web, .niv] as [BibleTranslation?] {
            let line = template.verseLine(in: choice)
            #expect(line.translation == .rv1909)
            #expect(line.text == template.verse.text)
        }
    }

    @Test func everyCellIsServedByPrayersOfItsOwnTradition() {
        let selector = PrayerSelector(library: library)
        for cell in PrayerCell.all {
            let chosen = selector.prayer(tradition: cell.tradition, vibe: cell.vibe, mood: cell.mood, seed: 7)
            #expect(chosen?.isWritten(for: cell.tradition, cell.vibe, cell.mood) == true, "\(cell)")
        }
    }

    @Test func everyTraditionHasSpanishShieldVersesForADay() throws {
        let verses = ShieldVerses(library: library)
        let monday = try LocalDate(parsing: "2026-03-02")
        for tradition in Tradition.allCases {
            for translation in [nil, .rv1909, .kjv] as [BibleTranslation?] {
                let preferences = SelahPreferences(tradition: tradition, vibe: .pastoral, translation: translation)
                let line = verses.line(for: preferences, app: nil, on: monday)
                #expect(line?.translation == .rv1909, "\(tradition.rawValue) \(translation?.abbreviation ?? "none")")
                #expect((line?.text.count ?? 0) <= PrayerSelector.shieldVerseLength)
            }
        }
    }

    /// The 66 books as the Reina-Valera 1909 names them (as `Scripts/check-verses` reads them).
    static let spanishBooks: Set<String> = [
        "Génesis", "Éxodo", "Levítico", "Números", "Deuteronomio", "Josué", "Jueces", "Rut",
        "1 Samuel", "2 Samuel", "1 Reyes", "2 Reyes", "1 Crónicas", "2 Crónicas", "Esdras",
        "Nehemías", "Ester", "Job", "Salmos", "Proverbios", "Eclesiastés", "Cantares", "Isaías",
        "Jeremías", "Lamentaciones", "Ezequiel", "Daniel", "Oseas", "Joel", "Amós", "Abdías",
        "Jonás", "Miqueas", "Nahum", "Habacuc", "Sofonías", "Hageo", "Zacarías", "Malaquías",
        "Mateo", "Marcos", "Lucas", "Juan", "Hechos", "Romanos", "1 Corintios", "2 Corintios",
        "Gálatas", "Efesios", "Filipenses", "Colosenses", "1 Tesalonicenses", "2 Tesalonicenses",
        "1 Timoteo", "2 Timoteo", "Tito", "Filemón", "Hebreos", "Santiago", "1 Pedro", "2 Pedro",
        "1 Juan", "2 Juan", "3 Juan", "Judas", "Apocalipsis",
    ]
}
