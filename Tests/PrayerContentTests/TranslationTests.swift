import Foundation
import PrayerContent
import Testing
import ThresholdCore

/// Every verse ships in both bundled translations, so the one a person chooses is the one they read.
/// (`Scripts/check-verses` checks each text word for word against the KJV and the WEB.)
@Suite struct TranslationTests {
    @Test func everyTemplate_carriesItsVerseInTheKJVAndTheWEB() throws {
        var missing: [String] = []
        for (file, data) in try PrayerContent.bundledFiles() {
            let templates = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "\(file)")
            for template in templates {
                let written = template["translation"] as? String
                let others = (template["alsoIn"] as? [String: String]) ?? [:]
                let translations = Set([written].compactMap { $0 } + others.filter { !$0.value.isEmpty }.keys)
                if translations != ["KJV", "WEB"] { missing.append("\(file): \(template["id"] ?? "?") has \(translations.sorted())") }
            }
        }
        let lacking = missing.count
        #expect(lacking == 0, "templates lack a translation: \(missing.prefix(5))")
    }

    @Test func theShieldsFallbackVerse_isQuotedFromTheBundledKJV_andNamesIt() throws {
        let line = ShieldContent.defaultVerse
        #expect(line.hasSuffix("(KJV)"), "“\(line)” does not name its translation")
        let library = try PrayerContent.bundledLibrary()
        // The bundled files write the book "Psalm" or "Psalms".
        let quoted = library.templates.filter { template in
            let reference = template.verse.reference
            return template.translation == .kjv && reference.book.hasPrefix("Psalm") && reference.chapter == 46
                && reference.verses == 10...10
        }.map(\.verse.text)
        #expect(quoted.contains { line.contains("“\($0)”") }, "“\(line)” is not a bundled KJV quotation of Psalm 46:10")
    }
}
