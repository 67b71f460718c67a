import Foundation
import PropertyBased
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
        let phone = try SimulatedPhone(
            start: start, timeZone: ny,
            setup: .make(
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
        let note = try #require(phone.notifications.inbox.last)
        #expect(note.title == "Selah — your window has closed" && note.destination == .prayer(app: nil))
        #expect(phone.notifications.shown.last?.at == start.adding(minutes: 10), "shown as the window closed, with Threshold killed")
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
        let phone = try SimulatedPhone(
            start: at("2026-11-24 16:50"), timeZone: ny,
            setup: .make(
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
        let phone = try SimulatedPhone(
            start: at("2026-11-24 16:50"), timeZone: ny,
            setup: .make(
                profiles: [
                    .make(
                        "work", selection: .apps("instagram"), unlockPolicy: .prayer, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
                ]))
        phone.keepsExtensionLiftsDrawn = true
        phone.openThreshold()
        phone.killApp()
        phone.advance(to: at("2026-11-24 17:00"))
        let result = phone.runtime(for: .shieldAction).pressShield(
            .secondary, on: .app(AppToken("instagram"), category: nil, name: "Instagram"))
        #expect(result.notification?.id == "shield:clear")
        #expect(try phone.savedState().engine.grants.isEmpty)
    }

    // MARK: A monitor iOS never calls (iOS 26.3.1; awaseem/foqos#475)

    /// Work from 09:00 to 17:00 on weekdays, opened once at `start` (and closed, when `closed`),
    /// on a phone whose monitor iOS stops calling at `monitorSleepsFrom`.
    func workPhone(at start: String, monitorSleepsFrom: Date?, closed: Bool) throws -> SimulatedPhone {
        let phone = try SimulatedPhone(
            start: at(start), timeZone: ny,
            setup: .make(
                profiles: [.make("work", selection: .apps("instagram"), schedules: [.on(Weekday.weekdays, "09:00", "17:00")])]))
        phone.monitorSleepsFrom = monitorSleepsFrom
        phone.openThreshold()
        if closed { phone.killApp() }
        return phone
    }

    /// Work starts at 09:00 and iOS never calls the monitor: nothing of Threshold's runs until an
    /// entry, and whichever entry comes first applies Work's shields with its own reconcile and notes
    /// that iOS missed the 09:00 wake-up.
    @Test(arguments: [
        (SimulatedPhone.Process.app, Trigger.appForeground), (.shieldAction, .shieldButton(.primary)),
        (.intent, .appIntent("StartProfile")),
        (.app, .notificationResponse("scheduled-start")), (.intent, .widget("End")), (.intent, .liveActivityButton("break")),
        (.app, .universalLink("https://threshold.app/start/reading")),
    ])
    func aMonitorNeverCalled_theFirstEntryOfAnyKindAppliesTheBoundary_andNotesItMissed(
        process: SimulatedPhone.Process, trigger: Trigger
    ) throws {
        let phone = try workPhone(at: "2026-11-24 08:00", monitorSleepsFrom: .distantPast, closed: true)
        phone.advance(to: at("2026-11-24 10:00"))
        #expect(phone.shieldedApps.isEmpty, "no callback came at 09:00")
        #expect(phone.timeline.contains { $0.actor == .fault && $0.text.hasPrefix("iOS did not call the monitor") })
        phone.run(process, trigger)
        #expect(phone.shieldedApps == ["instagram"], "\(trigger)")
        #expect(try phone.savedState().applied.monitor.untold == at("2026-11-24 09:00"))
    }

    /// A Focus filter runs with the phone in use or not: it applies the boundary and judges nothing,
    /// for iOS may still hold the callback; the next entry of the person's notes the miss.
    @Test func aFocusFiltersEntry_appliesTheBoundary_andLeavesTheMissForThePersonsNextEntry() throws {
        let phone = try workPhone(at: "2026-11-24 08:00", monitorSleepsFrom: .distantPast, closed: true)
        phone.advance(to: at("2026-11-24 10:00"))
        phone.run(.appInBackground, .focusFilter)
        #expect(phone.shieldedApps == ["instagram"])
        #expect(try phone.savedState().applied.monitor.missed == nil)
        phone.openThreshold()
        #expect(try phone.savedState().applied.monitor.missed == at("2026-11-24 09:00"))
    }

    /// A lift the monitor missed errs the strict way: Work's shield stays after 17:00, and the
    /// person who meets it lifts it with its button's press (the shield action extension reconciles).
    @Test func aMissedLift_keepsTheShield_untilItsButtonIsPressed() throws {
        let phone = try workPhone(at: "2026-11-24 16:00", monitorSleepsFrom: .distantPast, closed: true)
        phone.advance(to: at("2026-11-24 18:00"))
        #expect(phone.shieldedApps == ["instagram"], "no callback lifted it at 17:00")
        _ = try phone.pressShield(.primary, on: "instagram")
        #expect(phone.shieldedApps.isEmpty)
        #expect(try !phone.open("instagram").shielded)
    }

    /// The restart that mends the phone: the next callback clears the miss, so a later spell is
    /// told of again.
    @Test func afterARestart_theNextCallbackClearsTheMiss() throws {
        let phone = try workPhone(at: "2026-11-24 08:00", monitorSleepsFrom: at("2026-11-24 08:30"), closed: false)
        phone.advance(to: at("2026-11-24 09:30"))
        phone.openThreshold()
        phone.perform(AcknowledgeMissedSchedule(), as: .inApp("OK"))
        #expect(
            try phone.savedState().applied.monitor
                == MonitorWatch(awaited: at("2026-11-24 17:00"), missed: at("2026-11-24 09:00"), told: true))
        phone.reboot()
        phone.killApp()
        phone.advance(to: at("2026-11-24 17:00"))
        #expect(phone.shieldedApps.isEmpty, "the monitor ended Work at 17:00")
        #expect(try phone.savedState().applied.monitor.missed == nil)
    }

    /// Callbacks that come late (up to 45 minutes, never past the person's next use of the phone) or
    /// twice are not a monitor that never wakes: a month of them, with entries of every kind, notes
    /// no miss.
    @Test func aMonthOfLateAndDoubledCallbacks_notesNoMiss() async throws {
        await propertyCheck(count: 2, input: Gen.int(in: 1...1_000_000)) { seed in
            var faults = FaultSwitch(seed: UInt64(seed))
            faults.duplicateRate = 0.15
            faults.delayRate = 0.3
            faults.maximumDelay = 45 * 60
            let start = at("2026-11-02 06:00")
            let phone = try SimulatedPhone(start: start, timeZone: ny, setup: FaultPropertyTests.state, faults: faults)
            var rng = SplitMix64(seed: UInt64(seed) &* 17)
            phone.openThreshold()
            while phone.clock.wall < start.addingTimeInterval(30 * 86_400) {
                phone.advance(by: TimeInterval(Int.random(in: 1...150, using: &rng) * 60))
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
                case 1: phone.perform(StartSession(profile: "focus", plan: .goal(minutes: 30)), as: .inApp("start"))
                case 2: phone.reboot()
                case 3: phone.killApp()
                default: phone.openThreshold()
                }
                #expect(try phone.savedState().applied.monitor.missed == nil, "seed \(seed), \(phone.clock.wall)")
            }
            #expect(phone.timeline.contains { $0.actor == .fault && $0.text.hasPrefix("delayed") })
        }
    }

    // MARK: Screen Time access that does nothing (awaseem/foqos#82)

    /// The phone lost its shields and still keeps what is written (an iPhone restored from a
    /// backup whose access came back): the saved record says Work is applied, so a monitor callback
    /// changes nothing, and the person's next entry reads the shields back and applies Work again.
    @Test func shieldsTheDeviceLost_areAppliedAgainAtThePersonsNextEntry() throws {
        let phone = try workPhone(at: "2026-11-24 10:00", monitorSleepsFrom: nil, closed: true)
        #expect(phone.shieldedApps == ["instagram"])
        phone.stopsKeepingShieldsAt = phone.clock.wall
        phone.keepsShieldsAgain()
        #expect(phone.shieldedApps.isEmpty, "the device holds none")
        phone.run(.monitor, .intervalDidStart("threshold.echo"))
        #expect(phone.shieldedApps.isEmpty, "a callback reads nothing back")
        phone.openThreshold()
        #expect(phone.shieldedApps == ["instagram"])
        #expect(try phone.savedState().applied.repairs.isEmpty)
    }

    /// Access reads on and iOS keeps nothing: every reconcile applies the shields again and says
    /// once (one notice for every store) that iOS is not keeping them, with the way back; once iOS
    /// keeps them again, the next reconcile applies them and the notice goes.
    @Test func accessThatKeepsNoShield_isSaidOnce_andEveryReconcileTriesAgain() throws {
        let phone = try SimulatedPhone(
            start: at("2026-11-24 08:00"), timeZone: ny,
            setup: .make(
                profiles: [
                    .make("work", selection: .apps("instagram"), schedules: [.on(Weekday.weekdays, "09:00", "17:00")]),
                    .make("sleep", selection: .apps("tiktok"), schedules: [.on(Weekday.everyDay, "07:00", "10:00")]),
                ]))
        phone.stopsKeepingShieldsAt = phone.clock.wall
        phone.openThreshold()
        phone.killApp()
        #expect(try phone.savedState().applied.repairs == [RepairNotice(.accessNotWorking)])
        phone.advance(to: at("2026-11-24 09:00"))
        #expect(phone.shieldedApps.isEmpty)
        #expect(try phone.savedState().applied.repairs == [RepairNotice(.accessNotWorking)], "the monitor's reconcile tried again")
        phone.keepsShieldsAgain()
        phone.openThreshold()
        #expect(phone.shieldedApps == ["instagram", "tiktok"])
        #expect(try phone.savedState().applied.repairs.isEmpty)
    }
}
