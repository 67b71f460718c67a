import Foundation
import Testing
import TestSupport
import ThresholdCore

@Suite struct PrayerRitualTests {
    let now = at("2026-11-23 10:00")
    let terms = UnlockTerms.make(.allGated, minutes: 10)

    static func template(_ id: String, _ moods: [Mood], universal: Bool = false) -> PrayerTemplate {
        try! PrayerTemplate(
            id: PrayerTemplateID(id), traditions: universal ? [] : [.nonDenominational], vibes: universal ? [] : [.pastoral],
            moods: moods, prayer: "Lord, be near. Quiet my heart.",
            verse: .init(reference: try! VerseReference("Psalms 46:10"), text: "Be still, and know that I am God"),
            translation: .kjv, isUniversal: universal)
    }

    let library = try! PrayerLibrary(templates: [
        template("anxious-a", [.anxious]), template("anxious-b", [.anxious]), template("universal-tired", [.tired], universal: true),
    ])
    var selector: PrayerSelector { PrayerSelector(library: library) }
    let preferences = SelahPreferences(tradition: .nonDenominational, vibe: .pastoral, translation: .esv)

    @Test func moodThenPrayerThenAmen_grantsTheWindow_andRecordsWhatWasPrayed() throws {
        var prayer = PrayerRitual(terms: terms, preferences: preferences, resuming: nil, library: library, at: now)
        #expect(prayer.step == .mood)
        let template = try prayer.choose(.anxious, selector: selector, seed: 7, recent: [])
        #expect(template.moods.contains(.anxious))
        #expect(prayer.step == .reading)
        #expect(prayer.completion == nil, "reading is not praying through")
        prayer.amen(at: now.adding(minutes: 2))

        let completion = try #require(prayer.completion)
        #expect(completion.request == GrantRequest(scope: .allGated, minutes: 10, origin: .ritual(.prayer), start: now.adding(minutes: 2)))
        guard case .prayer(let record) = completion.record.detail else {
            Issue.record("a prayer records its detail")
            return
        }
        #expect(
            record
                == PrayerRecord(
                    mood: .anxious, templateID: template.id, tradition: .nonDenominational, vibe: .pastoral,
                    preferredTranslation: .esv, shownTranslation: .kjv))
        #expect(prayer.saved == nil)
    }

    @Test func amenBeforeAMood_doesNothing() {
        var prayer = PrayerRitual(terms: terms, preferences: preferences, resuming: nil, library: library, at: now)
        prayer.amen(at: now)
        #expect(prayer.step == .mood)
        #expect(prayer.completion == nil)
    }

    @Test func leavingMidPrayer_grantsNothing_andResumesWithTheSamePrayer() throws {
        var prayer = PrayerRitual(terms: terms, preferences: preferences, resuming: nil, library: library, at: now)
        let template = try prayer.choose(.anxious, selector: selector, seed: 3, recent: [])
        let saved = try #require(prayer.saved)
        #expect(prayer.completion == nil)

        var resumed = PrayerRitual(terms: terms, preferences: preferences, resuming: saved, library: library, at: now.adding(minutes: 30))
        #expect(resumed.step == .reading)
        #expect(resumed.template == template)
        resumed.amen(at: now.adding(minutes: 31))
        #expect(resumed.completion?.request.start == now.adding(minutes: 31))
    }

    @Test func aSavedPrayerTheLibraryNoLongerHas_startsAgainAtTheMood() {
        let saved = PrayerProgress(startedAt: now, mood: .anxious, templateID: "gone-01")
        let prayer = PrayerRitual(terms: terms, preferences: preferences, resuming: saved, library: library, at: now)
        #expect(prayer.step == .mood)
        #expect(prayer.progress.startedAt == now)
    }

    @Test func anEmptyCell_fallsBackToAUniversalPrayer_andRecentOnesAreAvoided() throws {
        var tired = PrayerRitual(terms: terms, preferences: preferences, resuming: nil, library: library, at: now)
        #expect(try tired.choose(.tired, selector: selector, seed: 1, recent: []).id == "universal-tired")

        for seed in UInt64(0)..<20 {
            var anxious = PrayerRitual(terms: terms, preferences: preferences, resuming: nil, library: library, at: now)
            #expect(try anxious.choose(.anxious, selector: selector, seed: seed, recent: ["anxious-a"]).id == "anxious-b")
        }
    }

    @Test func aMoodTheLibraryCannotServe_isRefusedWithAReason() {
        var prayer = PrayerRitual(terms: terms, preferences: preferences, resuming: nil, library: library, at: now)
        #expect(throws: ValidationError.self) { try prayer.choose(.joyful, selector: selector, seed: 1, recent: []) }
        #expect(prayer.step == .mood)
    }

    @Test func recordingAPrayer_clearsTheSavedOne_andRemembersItAsRecent() throws {
        var prayer = PrayerRitual(terms: terms, preferences: preferences, resuming: nil, library: library, at: now)
        let template = try prayer.choose(.anxious, selector: selector, seed: 1, recent: [])
        var records = RitualRecords()
        records.prayer = prayer.saved
        records.recentPrayers = ["x1", "x2", "x3", "x4", "x5"]
        prayer.amen(at: now)
        records.note(try #require(prayer.completion), at: now)
        #expect(records.prayer == nil)
        #expect(records.recentPrayers == [template.id, "x1", "x2", "x3", "x4"])
    }

    @Test func changingTheMood_beforeAmen_goesBackToTheQuestion() throws {
        var prayer = PrayerRitual(terms: terms, preferences: preferences, resuming: nil, library: library, at: now)
        _ = try prayer.choose(.anxious, selector: selector, seed: 1, recent: [])
        prayer.changeMood()
        #expect(prayer.step == .mood)
        #expect(prayer.saved == PrayerProgress(startedAt: now))
    }
}
