import Foundation
@testable import ThresholdCore

/// Small, valid templates and libraries for the content tests; each test changes only what it checks.
enum PrayerFixtures {
    static let prayer = "Lord, you know why I reached for this. Hold me here a moment instead."
    static let verse = PrayerTemplate.Verse(reference: try! VerseReference("Psalms 46:10"), text: "Be still, and know that I am God")

    static func template(
        _ id: String,
        _ traditions: [Tradition] = [.catholic],
        _ vibes: [Vibe] = [.liturgical],
        _ moods: [Mood] = [.anxious],
        prayer: String = prayer,
        verse: PrayerTemplate.Verse = verse,
        translation: BibleTranslation = .kjv,
        universal: Bool = false
    ) throws -> PrayerTemplate {
        try PrayerTemplate(
            id: PrayerTemplateID(id), traditions: traditions, vibes: vibes, moods: moods,
            prayer: prayer, verse: verse, translation: translation, isUniversal: universal)
    }

    static func universal(_ id: String, _ moods: [Mood]) throws -> PrayerTemplate {
        try template(id, [], [], moods, universal: true)
    }

    /// One template as JSON text, in the bundled files' shape.
    static func json(
        id: String = "catholic-liturgical-anxious-01",
        traditions: String = #"["catholic"]"#,
        vibes: String = #"["liturgical"]"#,
        moods: String = #"["anxious"]"#,
        prayer: String = #""Lord, you know why I reached for this. Hold me here a moment instead.""#,
        verse: String = #"{"reference": "Psalm 46:10", "text": "Be still, and know that I am God"}"#,
        translation: String = #""KJV""#,
        extra: String = ""
    ) -> String {
        #"{"id": "\#(id)", "traditions": \#(traditions), "vibes": \#(vibes), "moods": \#(moods), "prayer": \#(prayer), "verse": \#(verse), "translation": \#(translation)\#(extra)}"#
    }

    static func file(_ templates: String...) -> Data {
        Data(("[\n" + templates.joined(separator: ",\n") + "\n]\n").utf8)
    }
}
