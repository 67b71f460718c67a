import Foundation
import StringCatalogs
import Testing
import TestSupport
import ThresholdCore
@testable import SystemWords

/// SystemWords' catalogs read for the phone's language (issue 36 item 1): a phone in Spanish reads
/// Spanish, its counts in Spanish plural forms; a phone in a language Threshold does not have reads
/// English, never a key and never nothing.
@Suite struct SpanishWordsTests {
    let english = ShieldWords(locale: Locale(identifier: "en_US"))

    /// Shield lines with counts, names and substitutions, as a shield may show them.
    let subtitles: [ShieldSubtitle] = [
        .opensUsed(used: 1, perDay: 1, streak: nil, spent: true), .opensUsed(used: 0, perDay: 3, streak: 4, spent: false),
        .opensUsed(used: 2, perDay: 2, streak: 1, spent: true), .streakFrozen(streak: 1, used: 2, perDay: 2),
        .streakFrozen(streak: nil, used: 1, perDay: 5), .pastTodaysOpens(opensPerDay: 1, app: "Instagram"),
        .pastTodaysOpens(opensPerDay: 4, app: nil), .beastModeKeepsClosed(app: "Reddit"), .seeWhy, .stillDrawn,
    ]

    @Test(arguments: ["es_ES", "es_MX", "es"])
    func aPhoneInSpanish_readsTheShieldInSpanish_withItsPluralForms(locale: String) {
        let spanish = ShieldWords(locale: Locale(identifier: locale))
        #expect(
            spanish.subtitle(.opensUsed(used: 1, perDay: 1, streak: nil, spent: true))
                == "Llevas 1 de 1 apertura hoy. Si la abres otra vez, rompes la racha.")
        #expect(
            spanish.subtitle(.opensUsed(used: 0, perDay: 3, streak: 4, spent: false)) == "Llevas 0 de 3 aperturas hoy · racha de 4 días")
        #expect(spanish.subtitle(.opensUsed(used: 0, perDay: 3, streak: 1, spent: false)) == "Llevas 0 de 3 aperturas hoy · racha de 1 día")
        #expect(
            spanish.subtitle(.streakFrozen(streak: 1, used: 2, perDay: 2))
                == "Hoy tus rachas están protegidas (esta: 1 día). Llevas 2 de 2 aperturas.")
        #expect(
            spanish.subtitle(.pastTodaysOpens(opensPerDay: 1, app: "Instagram"))
                == "Ya pasaste el límite de 1 apertura de hoy. Si abres Instagram otra vez, termina su racha.")
        #expect(spanish.title(.blockedBy("Selah")) == "Bloqueada por Selah")
        for subtitle in subtitles {
            #expect(spanish.subtitle(subtitle) != english.subtitle(subtitle), "\(subtitle)")
        }
        let missing = Catalogs.missingKeys.filter { $0.hasPrefix("SystemWords") }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test(arguments: ["de_DE", "fr_FR", "pt_BR", "it_IT", "en_GB"])
    func aPhoneInALanguageThresholdDoesNotHave_readsEnglish_neverKeys(locale: String) {
        let words = ShieldWords(locale: Locale(identifier: locale))
        for subtitle in subtitles {
            let line = words.subtitle(subtitle)
            #expect(line == english.subtitle(subtitle), "\(locale): \(subtitle)")
            #expect(!line.isEmpty && !line.contains("%"), "\(locale): “\(line)”")
        }
        #expect(words.title(.blockedBy("Selah")) == "Blocked by Selah")
        let refusal = RefusalWords(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: "America/New_York")!)
        let inEnglish = RefusalWords(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(refusal.words(.noSessionRunning) == inEnglish.words(.noSessionRunning))
    }

    /// A language with other plural rules than English's falls back to English's words, never
    /// keys; but the SwiftUI stand-in picks the English plural form by the phone's language
    /// (`Catalogs.string` passes the phone's language code to the plural rules even when the key
    /// has no localization in it), so Japanese, which has only `other`, reads “1 of 1 opens”.
    @Test func aPhoneInJapanese_readsEnglish_neverKeys() {
        let words = ShieldWords(locale: Locale(identifier: "ja_JP"))
        for subtitle in subtitles {
            let line = words.subtitle(subtitle)
            #expect(!line.isEmpty && !line.contains("%"), "“\(line)”")
        }
        #expect(words.subtitle(.seeWhy) == english.subtitle(.seeWhy))
        // English words, counted by English's plural rules (the phone's would read "1 of 1 opens").
        #expect(
            words.subtitle(.opensUsed(used: 1, perDay: 1, streak: nil, spent: true))
                == english.subtitle(.opensUsed(used: 1, perDay: 1, streak: nil, spent: true)))
    }
}
