import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
import InsightsFeature
import SettingsFeature
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import UnlockFeature

/// Selah's screens as a person meets them: the verse's translation, the prayer history, the
/// streak and its widget.
@MainActor
@Suite struct SelahScreensTests {
    // MARK: Translation

    /// The translation a person chose, and the bundled one the verse is then shown in (`nil`: as
    /// the prayer quotes it).
    nonisolated static let shownFor: [(chosen: BibleTranslation, shown: BibleTranslation?)] = [
        (.kjv, .kjv), (.web, .web), (.nkjv, .kjv), (.esv, nil),
    ]

    @Test(arguments: shownFor.indices)
    func everyPrayersVerse_isShownInTheChosenTranslation(_ index: Int) throws {
        let (chosen, shown) = Self.shownFor[index]
        var wrong: [String] = []
        for cell in PrayerCell.all {
            var stored = StoredState.make(engine: .make(gates: [selahGate]))
            stored.settings.selah = SelahPreferences(tradition: cell.tradition, vibe: cell.vibe, translation: chosen)
            let h = Harness(stored)
            let prayer = PrayerModel(client: h.client)
            prayer.open()
            prayer.choose(cell.mood)
            prayer.amen()
            let record = try #require(try h.store.events(EventQuery(kinds: ["ritualCompleted"])).first)
            guard case .ritualCompleted(let completed) = record.event, case .prayer(let prayed) = completed.detail else {
                Issue.record("\(cell): the prayer is in the history")
                continue
            }
            let expected = try shown ?? #require(bundledLibrary.template(prayed.templateID)).translation
            if prayed.shownTranslation != expected { wrong.append("\(cell) \(prayed.templateID): \(prayed.shownTranslation.abbreviation)") }
            if chosen == shown, let note = prayer.translationNote { wrong.append("\(cell): says “\(note)”") }
        }
        let notShownSo = wrong.count
        #expect(notShownSo == 0, "\(chosen.abbreviation) chosen, verses not shown as expected: \(wrong.prefix(5))")
    }

    // MARK: Window

    @Test func anOpenWindow_showsTheTimeLeft_byTheModelsClock() {
        let h = Harness(.make(engine: .make(gates: [selahGate])))
        let prayer = PrayerModel(client: h.client)
        prayer.open()
        prayer.choose(.seeking)
        #expect(prayer.windowRemaining == nil, "no window while praying")
        prayer.amen()
        #expect(prayer.windowRemaining == 600)
        h.clock.advance(by: 150)
        #expect(prayer.windowRemaining == 450)

        let again = PrayerModel(client: h.client)
        again.open()
        #expect(again.phase == .windowOpen(until: monday.wall.adding(minutes: 10)))
        #expect(again.windowRemaining == 450)
        h.clock.advance(by: 500)
        #expect(again.windowRemaining == 0, "never below zero")

        // The screen opens again when the window ends (PrayerView), and the same model prays anew.
        prayer.open()
        #expect(prayer.phase == .mood)
        prayer.choose(.joyful)
        prayer.amen()
        #expect(prayer.outcome?.unlockedUntil == h.clock.now.adding(minutes: 10))
    }

    // MARK: History

    @Test func theHistory_listsEachPrayersFirstLine_onTheDayAndInTheZoneItWasSaid() throws {
        let device = try Device(.make(gates: [selahGate]))
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.tired)
        guard case .reading(let template) = prayer.phase else {
            Issue.record("after the mood comes the prayer, got \(prayer.phase)")
            return
        }
        prayer.amen()
        // Monday 10:00 in New York is already Tuesday in Tokyo.
        device.phone.setTimeZone(TimeZone(identifier: "Asia/Tokyo")!)

        let insights = InsightsModel(client: device.client)
        insights.load()
        let day = try #require(insights.prayers.days.first)
        #expect(day.day == TestSupport.day("2026-03-02"))
        let said = try #require(day.prayers.first)
        #expect(said.title == template.firstLine)
        #expect(said.timeZoneIdentifier == "America/New_York")

        let settings = SettingsModel(client: device.client)
        settings.load()
        #expect(settings.prayers == insights.prayers)
    }

    // MARK: Streak

    @Test func resettingTheStreak_reloadsTheWidgets_andTheStreakWidgetShowsItReset() throws {
        let device = try Device(.make(gates: [selahGate]))
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.grateful)
        prayer.amen()
        #expect(WidgetSnapshot.read(from: device.store, now: device.client.now, calendar: device.client.calendar).streakDays == 1)

        device.advance(minutes: 30)
        let settings = SettingsModel(client: device.client)
        settings.load()
        #expect(settings.prayerStreak == 1)
        let reloads = device.phone.widgets.reloads
        settings.revealReset()
        settings.resetStreak()
        #expect(settings.problem == nil)
        #expect(settings.prayerStreak == 0)
        #expect(device.phone.widgets.reloads > reloads, "the widgets are told to read again")
        #expect(WidgetSnapshot.read(from: device.store, now: device.client.now, calendar: device.client.calendar).streakDays == 0)
    }
}
