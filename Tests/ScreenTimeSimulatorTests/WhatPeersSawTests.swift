import Foundation
import EntryPoints
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import Testing
import TestSupport
import ThresholdCore

/// What peers' users saw on real phones (issue 27), as the simulated phone does it behind a
/// switch, and Threshold's answer to each.
@Suite struct WhatPeersSawTests {
    let ny = TimeZone(identifier: "America/New_York")!

    // MARK: Activities iOS does not keep (Foqos #279, #352)

    /// iOS accepts a registration and does not keep it ("Device Activities (0)" right after a
    /// break began). The next monitor callback, even one with nothing else to do (the echo of the
    /// unlock's usage activity), finds the plan not all registered and registers it again, so the
    /// shields return at the unlock's end with Threshold killed.
    @Test func aRegistrationIOSDidNotKeep_isRegisteredAgainByTheNextCallback_evenAQuietOne() throws {
        let start = at("2026-11-24 12:00")
        let phone = try SimulatedPhone(start: start, timeZone: ny, setup: .make(gates: [.make("selah")]))
        phone.openThreshold()
        // The unlock's end is registered twice (again., from.) and its usage activity once (use.):
        // iOS keeps only the last.
        phone.forgetting = .init(scripted: [true, true, false])
        phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
        phone.killApp()
        let names = phone.activityCentre.registrations.map(\.name)
        #expect(names.contains { $0.hasPrefix("threshold.from.") }, "registered again by the echo's reconcile: \(names)")
        phone.advance(to: start.adding(minutes: 10))
        #expect(phone.shieldedApps == ["instagram"])
    }

    /// iOS forgets every activity at once, silently. Whatever runs next (here the shield action
    /// extension, as the person presses a shield) registers them again, and the next boundary
    /// comes with Threshold killed.
    @Test func everyActivityForgotten_theNextReconcileOfAnyKindRegistersThemAgain() throws {
        let start = at("2026-11-24 16:00")
        let phone = try SimulatedPhone(start: start, timeZone: ny, setup: .make(
            profiles: [.make("work", selection: .apps("instagram"), schedules: [.on(Weekday.weekdays, "09:00", "17:00")])],
            gates: [.make("selah", selection: .apps("tiktok"))]))
        phone.openThreshold()
        phone.killApp()
        phone.forgetsAllActivitiesAt = start.adding(minutes: 10)
        phone.advance(to: start.adding(minutes: 15))
        #expect(phone.activityCentre.registrations.isEmpty)
        _ = try phone.pressShield(.primary, on: "tiktok")
        #expect(!phone.activityCentre.registrations.isEmpty)
        phone.advance(to: at("2026-11-24 17:00"))
        #expect(phone.shieldedApps == ["tiktok"], "Work ended at 17:00 with Threshold killed")
        phone.advance(to: at("2026-11-25 09:00"))
        #expect(phone.shieldedApps == ["instagram", "tiktok"])
    }

    // MARK: Tokens belong to the device that picked them (Foqos #82)

    @Test func tokensPickedOnAnotherIPhone_shieldNothingHere_untilPickedAgain() throws {
        let here = AppCatalogue.standard.onDevice("new-iphone")
        let instagram = try #require(here.app(named: "instagram"))
        #expect(instagram.token != AppCatalogue.standard.app(named: "instagram")?.token)
        #expect(instagram.category != AppCatalogue.standard.app(named: "instagram")?.category)
        #expect(here.onDevice("third-iphone").app(named: "instagram")?.token == AppToken("third-iphone.instagram"))
        // Work as a backup from the old iPhone brings it: its tokens are the old iPhone's.
        let restored = ThresholdState.make(profiles: [.make("work", selection: .apps("instagram"))])
        let phone = try SimulatedPhone(start: at("2026-11-26 09:00"), timeZone: ny, catalogue: here, setup: restored)
        phone.perform(StartSession(profile: "work", plan: .openEnded), as: .inApp("start"))
        #expect(phone.shieldedApps.isEmpty, "the session is on, and shields nothing on this iPhone")
        #expect(try !phone.open("instagram").shielded)
    }

    // MARK: iOS's own shield over an app in use (kingstinct/react-native-device-activity #82)

    /// A prayer's ten minutes end while Instagram is in use: iOS draws its default shield, which
    /// only closes the app, so Threshold's way back is the notification it handed iOS for the
    /// window's end; the next open draws Threshold's shield.
    @Test func anUnlockEndingWhileTheAppIsInUse_iOSDrawsItsDefaultShield_andThresholdsNotificationLeadsBack() throws {
        let start = at("2026-11-24 12:00")
        let phone = try SimulatedPhone(start: start, timeZone: ny, setup: .make(gates: [.make("selah")]))
        phone.drawsDefaultShieldOverAppInUse = true
        phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
        phone.killApp()
        let used = try phone.use("instagram", for: 15 * 60)
        #expect(used == 10 * 60)
        let drawn = try #require(phone.shieldOverAppInUse)
        #expect(drawn.content == .iOSDefault(appName: "Instagram"), "no button of Threshold's: OK closes the app")
        let note = try #require(phone.inbox.last)
        #expect(note.title == "Selah — your window has closed" && note.destination == .prayer(app: nil))
        #expect(phone.shownNotifications.last?.at == start.adding(minutes: 10), "shown as the window closed, with Threshold killed")
        #expect(try phone.open("instagram").content?.title == .selahPause, "opened again: Threshold's shield")
        #expect(try phone.tapNotification(note.id) == .prayer(app: nil))
    }

    @Test func withoutTheSwitch_theShieldOverAnAppInUseIsThresholds() throws {
        let phone = try SimulatedPhone(start: at("2026-11-24 12:00"), timeZone: ny, setup: .make(gates: [.make("selah")]))
        phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
        phone.killApp()
        try phone.use("instagram", for: 15 * 60)
        #expect(phone.shieldOverAppInUse?.content?.title == .selahPause)
    }

    // MARK: A lifted shield iOS 26 keeps drawing (khi48/intentions #9)

    /// Work ends at 17:00 by the monitor, and iOS 26 keeps drawing Instagram's shield. The shield
    /// says Instagram is unlocked and that opening Threshold clears it; its button posts the
    /// notification that does; the app's reconcile writes the shields again, and the shield goes.
    @Test func aShieldTheMonitorLifted_staysDrawnOnIOS26_untilTheAppWritesTheShieldsAgain() throws {
        let phone = try SimulatedPhone(start: at("2026-11-24 16:50"), timeZone: ny, setup: .make(
            profiles: [.make("work", selection: .apps("instagram"), schedules: [.on(Weekday.weekdays, "09:00", "17:00")])]))
        phone.keepsExtensionLiftsDrawn = true
        phone.openThreshold()
        phone.killApp()
        phone.advance(to: at("2026-11-24 17:00"))
        #expect(phone.shieldedApps.isEmpty, "nothing shields Instagram")
        let shown = try phone.open("instagram")
        #expect(shown.shielded, "but iOS still draws its shield")
        #expect(shown.content == .lifted(appName: "Instagram"))
        guard case .notified(let note) = try phone.pressShield(.primary, on: "instagram") else {
            Issue.record("the shield's button posts a notification"); return
        }
        #expect(phone.worded(note).title == "Tap to clear the shield" && note.destination == .home)
        phone.advance(by: 10)
        _ = try phone.tapNotification(note.id)
        #expect(phone.staleShields.isEmpty)
        #expect(try !phone.open("instagram").shielded)
    }

    /// Whichever button of the drawn shield the person presses (iOS may keep drawing it as it was,
    /// with two buttons), the press posts the way to clear it, and lifts nothing more.
    @Test func eitherButtonOnALiftedShield_postsTheWayToClearIt() throws {
        let phone = try SimulatedPhone(start: at("2026-11-24 16:50"), timeZone: ny, setup: .make(
            profiles: [.make("work", selection: .apps("instagram"), unlockPolicy: .prayer, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])]))
        phone.keepsExtensionLiftsDrawn = true
        phone.openThreshold()
        phone.killApp()
        phone.advance(to: at("2026-11-24 17:00"))
        let result = phone.runtime(for: .shieldAction).pressShield(.secondary, on: .app(AppToken("instagram"), category: nil, name: "Instagram"))
        #expect(result.notification?.id == "shield:clear")
        #expect(try phone.savedState().engine.grants.isEmpty)
    }
}
