import Testing
@testable import ThresholdCore

@Suite struct PrayerSelectorTests {
    /// Catholic liturgical anxious has four templates; Catholic liturgical tired has one;
    /// nothing else has its own; universal ones cover anxious (two) and tired (one).
    private let library: PrayerLibrary = {
        let own = (1...4).map { try! PrayerFixtures.template("catholic-liturgical-anxious-0\($0)") }
        return try! PrayerLibrary(
            templates: own + [
                try! PrayerFixtures.template("catholic-liturgical-tired-01", [.catholic], [.liturgical], [.tired]),
                try! PrayerFixtures.universal("universal-anxious-01", [.anxious]),
                try! PrayerFixtures.universal("universal-anxious-02", [.anxious]),
                try! PrayerFixtures.universal("universal-tired-01", [.tired, .joyful]),
            ])
    }()

    private var selector: PrayerSelector { PrayerSelector(library: library) }

    @Test func theSameSeedAlwaysGivesTheSamePrayer() {
        for seed in [0, 1, 42, UInt64.max] as [UInt64] {
            let first = selector.prayer(tradition: .catholic, vibe: .liturgical, mood: .anxious, seed: seed)
            let again = selector.prayer(tradition: .catholic, vibe: .liturgical, mood: .anxious, seed: seed)
            #expect(first != nil && first == again)
        }
    }

    @Test func differentSeedsReachEveryTemplateInTheCell() {
        let chosen = Set((0..<200).compactMap { selector.prayer(tradition: .catholic, vibe: .liturgical, mood: .anxious, seed: $0)?.id })
        #expect(
            chosen == [
                "catholic-liturgical-anxious-01", "catholic-liturgical-anxious-02", "catholic-liturgical-anxious-03",
                "catholic-liturgical-anxious-04",
            ])
    }

    @Test func theGeneratorIsSplitMix64() {
        var generator = SplitMix64(seed: 0)
        // Reference values of SplitMix64 seeded with 0.
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func recentPrayersAreNotRepeatedWhenTheCellHasOthers() {
        let recent: [PrayerTemplateID] = [
            "catholic-liturgical-anxious-02", "catholic-liturgical-anxious-04", "catholic-liturgical-anxious-01",
        ]
        for seed in 0..<100 as Range<UInt64> {
            let chosen = selector.prayer(tradition: .catholic, vibe: .liturgical, mood: .anxious, seed: seed, recent: recent)
            #expect(chosen?.id == "catholic-liturgical-anxious-03")
        }
    }

    @Test func whenEveryPrayerWasRecentTheOneShownLongestAgoIsChosen() {
        let recent: [PrayerTemplateID] = (1...4).reversed().map { PrayerTemplateID("catholic-liturgical-anxious-0\($0)") }
        // Most recent first: 04, 03, 02, 01 — so 01 was shown longest ago.
        for seed in 0..<50 as Range<UInt64> {
            #expect(
                selector.prayer(tradition: .catholic, vibe: .liturgical, mood: .anxious, seed: seed, recent: recent)?.id
                    == "catholic-liturgical-anxious-01")
        }
        // A cell with a single template shows it even if it was the last one shown.
        #expect(
            selector.prayer(tradition: .catholic, vibe: .liturgical, mood: .tired, seed: 7, recent: ["catholic-liturgical-tired-01"])?.id
                == "catholic-liturgical-tired-01")
    }

    @Test func universalTemplatesAreUsedOnlyWhereTheCellIsEmpty() {
        for seed in 0..<100 as Range<UInt64> {
            let own = selector.prayer(tradition: .catholic, vibe: .liturgical, mood: .tired, seed: seed)
            #expect(own?.id == "catholic-liturgical-tired-01")
            let fallback = selector.prayer(tradition: .orthodox, vibe: .contemplative, mood: .anxious, seed: seed)
            #expect(fallback?.isUniversal == true)
            #expect(fallback?.moods.contains(.anxious) == true)
        }
        #expect(selector.candidates(tradition: .catholic, vibe: .direct, mood: .joyful).map(\.id) == ["universal-tired-01"])
    }

    @Test func nothingIsChosenWhenNeitherTheCellNorTheMoodHasATemplate() {
        #expect(selector.prayer(tradition: .other, vibe: .direct, mood: .seeking, seed: 1) == nil)
    }

    @Test func theShieldVerseIsShortDeterministicAndAvoidsRecentReferences() throws {
        let long = PrayerTemplate.Verse(
            reference: try VerseReference("Matthew 11:28-30"), text: String(repeating: "Come unto me, ", count: 10))
        let psalm = PrayerTemplate.Verse(reference: try VerseReference("Psalm 23:1"), text: "The LORD is my shepherd; I shall not want.")
        let library = try PrayerLibrary(templates: [
            try PrayerFixtures.template("a"),
            try PrayerFixtures.template("b", verse: long),
            try PrayerFixtures.template("c", [.orthodox], verse: psalm),
        ])
        let selector = PrayerSelector(library: library)
        for seed in 0..<50 as Range<UInt64> {
            let line = try #require(selector.verseLine(tradition: .catholic, seed: seed))
            #expect(line.reference.description == "Psalms 46:10")
            #expect(line == selector.verseLine(tradition: .catholic, seed: seed))
            let other = selector.verseLine(tradition: nil, seed: seed, recent: [try VerseReference("Psalms 46:10")])
            #expect(other?.reference.description == "Psalm 23:1")
        }
        #expect(selector.verseLine(tradition: .catholic, seed: 1)?.description == "“Be still, and know that I am God” — Psalms 46:10 (KJV)")
        #expect(selector.verseLine(tradition: .catholic, seed: 1, maximumLength: 10) == nil)
    }
}
