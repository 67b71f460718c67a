import EntryPoints
import Foundation
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore

/// The Selah shield's verse, as the ShieldConfiguration extension computes it: the day's verse
/// for the app, from the verses it loaded once, changing at midnight in the device's zone.
@Suite struct SelahShieldTests {
    static func template(_ id: String, _ reference: String, _ kjv: String, web: String) throws -> PrayerTemplate {
        try PrayerTemplate(
            id: PrayerTemplateID(id), traditions: [], vibes: [], moods: [.anxious],
            prayer: "Lord, be near. Keep me here.", verse: .init(reference: try VerseReference(reference), text: kjv),
            translation: .kjv, alsoIn: [.web: web], isUniversal: true)
    }

    let verses = ShieldVerses(
        library: try! PrayerLibrary(templates: [
            try! template("u-1", "Psalms 46:10", "Be still, and know that I am God", web: "Be still, and know that I am God."),
            try! template(
                "u-2", "Psalms 56:3", "What time I am afraid, I will trust in thee.", web: "When I am afraid, I will put my trust in you."),
            try! template("u-3", "John 14:27", "Peace I leave with you", web: "Peace I leave with you."),
        ]))

    @Test func theSelahShield_showsTheDaysVerse_changingAtMidnight() throws {
        let phone = try phone(.make(gates: [selah]))
        let item = shielded("instagram", on: phone)
        let state = Result<StoredState, any Error> { try phone.store.read() }
        let zone = TimeZone(identifier: "America/New_York")!
        func shown(_ text: String) -> String? {
            ShieldContent.shown(
                for: item, reason: item.lastReason(in: state, deviceZone: zone), in: state, verses: verses,
                at: at(text), deviceZone: zone
            ).verse
        }

        let morning = shown("2026-03-02 08:00")
        #expect(morning != ShieldContent.defaultVerse)
        #expect(morning?.hasSuffix("(KJV)") == true)
        #expect(shown("2026-03-02 23:59") == morning)
        #expect(shown("2026-03-03 00:00") != morning, "a new day, a new verse")
        #expect(
            ShieldContent.shown(
                for: item, reason: item.lastReason(in: state, deviceZone: zone), in: state, verses: nil,
                at: at("2026-03-02 08:00"), deviceZone: zone
            ).verse == ShieldContent.defaultVerse)
    }

    @Test func theVerse_isInThePersonsTranslation() throws {
        let phone = try phone(.make(gates: [selah]))
        try phone.store.write { $0.state.settings.selah.translation = .web }
        let item = shielded("instagram", on: phone)
        let state = Result<StoredState, any Error> { try phone.store.read() }
        let zone = TimeZone(identifier: "America/New_York")!
        let subtitle = ShieldContent.shown(
            for: item, reason: item.lastReason(in: state, deviceZone: zone), in: state, verses: verses,
            at: monday, deviceZone: zone
        ).verse
        #expect(subtitle?.hasSuffix("(WEB)") == true, "\(String(describing: subtitle))")
    }
}
