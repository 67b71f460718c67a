import DesignSystem
import Foundation
import SwiftUI
import Testing
import TestSupport
import ThresholdCore

/// The shared words as the phone shows them: on its clock, in its language.
@Suite @MainActor struct WordsTests {
    /// What a text reads on a phone in `zone` with the `locale` language.
    func read(_ text: Text, zone: String = "America/New_York", locale: String = "en_US") throws -> String {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: locale)
        environment.timeZone = TimeZone(identifier: zone)!
        environment.calendar = TestSupport.calendar(zone)
        environment.calendar.locale = environment.locale
        let host = ViewHost(text, environment: environment, now: { at("2026-11-23 10:00") })
        try host.update()
        return Screen.words(Screen(host).top.content)
    }

    @Test func whenAnOptionReturns_isSaidOnThePhonesClock_inItsLanguage() throws {
        let now = at("2026-11-23 10:00")
        let ny = TestSupport.calendar("America/New_York")
        #expect(try read(.availableAgain(at: at("2026-11-23 10:40"), from: now, calendar: ny)) == "Available again at 10:40 AM")
        #expect(try read(.availableAgain(at: at("2026-11-24 00:00"), from: now, calendar: ny)) == "Available again tomorrow at 12:00 AM")
        #expect(try read(.availableAgain(at: at("2026-11-27 09:00"), from: now, calendar: ny)) == "Available again on Friday at 9:00 AM")
        #expect(try read(.availableAgain(at: at("2026-12-02 09:00"), from: now, calendar: ny)) == "Available again on Dec 2 at 9:00 AM")
        // A phone in London, set to British English, reads the same instant on its own clock.
        let london = TestSupport.calendar("Europe/London")
        #expect(
            try read(.availableAgain(at: at("2026-11-23 10:40"), from: now, calendar: london), zone: "Europe/London", locale: "en_GB")
                == "Available again at 15:40")
    }
}

extension WordsTests {
    /// A Beast Mode start says what it locks and until when, on the phone's clock, and whether a link asks.
    @Test func aBeastModeStart_saysWhatItLocksUntilWhen_onThePhonesClock() throws {
        let now = at("2026-11-23 10:00")
        let inApp = StartConfirmation(
            profile: "deep", name: "🦁 Deep", lockedUntil: at("2026-11-23 10:25"), selectedItems: 2,
            listMode: .blockList, byLink: false)
        #expect(try read(.startTitle(inApp)) == "Start 🦁 Deep in Beast Mode?")
        let said = try read(.startMessage(inApp, now: now))
        #expect(said.hasPrefix("🦁 Deep shields 2 apps, categories and websites until 10:25 AM (25 min), and nothing can end it early"))
        #expect(said.hasSuffix("no app on this iPhone can be deleted and the date and time stay automatic."))
        let byLink = StartConfirmation(
            profile: "deep", name: "🦁 Deep", lockedUntil: at("2026-11-23 18:50"), selectedItems: 1,
            listMode: .allowList, byLink: true)
        let linked = try read(.startMessage(byLink, now: now), zone: "Europe/London", locale: "en_GB")
        #expect(
            linked.hasPrefix(
                "A link asks to start 🦁 Deep. 🦁 Deep shields every app except 1 app, category or website until 23:50 (8 hrs, 50 min)"))
        let deniesInstalls = StartConfirmation(
            profile: "deep", name: "🦁 Deep", lockedUntil: at("2026-11-23 10:25"), selectedItems: 2,
            listMode: .blockList, byLink: true, deniesAppInstallation: true)
        #expect(
            try read(.startMessage(deniesInstalls, now: now))
                .hasSuffix("no app on this iPhone can be deleted or installed and the date and time stay automatic."))
    }
}
