import EntryPoints
import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import Testing
import TestSupport
import ThresholdCore

/// The simulated phone refuses what an iPhone refuses (PLATFORM.md, "What each process may do").
@Suite struct ProcessRulesTests {
    let ny = TimeZone(identifier: "America/New_York")!
    /// Monday 23 November 2026.
    let work = Profile.make(
        "work", name: "Work", path: .key, selection: .apps("instagram"), breakPolicy: .fivePerHour,
        schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
    let beast = Profile.make("beast", name: "Beast", path: .present, selection: .apps("instagram"), strictness: .locked)

    func phone(_ state: ThresholdState, at start: Date) throws -> SimulatedPhone {
        try SimulatedPhone(start: start, timeZone: ny, setup: state)
    }

    @Test func theTable_allowsLiveActivityStarts_onlyToTheForegroundAppAndIntents() {
        let starters = SimulatedPhone.Process.allCases.filter { ProcessRules.of($0).startsLiveActivity }
        #expect(starters == [.app, .intent])
        let changers = SimulatedPhone.Process.allCases.filter { ProcessRules.of($0).changesLiveActivity }
        #expect(changers == [.app, .appInBackground, .intent])
        #expect(SimulatedPhone.Process.allCases.filter { ProcessRules.of($0).opensApp } == [.app])
        #expect(ProcessRules.table.count == SimulatedPhone.Process.allCases.count + 2)
    }

    @Test func aScheduleStartingWithTheAppClosed_getsItsLiveActivityWhenTheAppOpens() throws {
        let phone = try phone(.make(profiles: [work]), at: at("2026-11-23 08:00"))
        phone.openThreshold()
        phone.killApp()
        phone.advance(to: at("2026-11-23 09:00"))
        #expect(phone.shieldedApps == ["instagram"])
        #expect(phone.liveActivities.current == nil, "the monitor may not start a Live Activity")
        var stored = try phone.store.read()
        #expect(stored.applied.liveActivity == nil, "nothing is recorded as applied that was not")
        #expect(stored.applied.session?.profileID == "work", "the widget and status carry the session meanwhile")
        #expect(stored.applied.repairs.isEmpty, "being refused by iOS's rules is not a repair")
        #expect(
            WidgetSnapshot.make(state: stored, events: [], now: phone.clock.wall, calendar: phone.clock.calendar).session?.profileID
                == "work")

        phone.openThreshold()
        #expect(phone.liveActivities.current?.profileID == "work")
        stored = try phone.store.read()
        #expect(stored.applied.liveActivity?.profileID == "work")
    }

    @Test func theMonitor_cannotEndALiveActivity_whichGoesStaleAtItsBoundary_untilTheAppRuns() throws {
        let phone = try phone(.make(profiles: [work]), at: at("2026-11-23 09:30"))
        phone.openThreshold()
        #expect(phone.liveActivities.current?.staleDate == at("2026-11-23 17:00"))
        phone.killApp()
        phone.advance(to: at("2026-11-23 17:00"))
        #expect(phone.shieldedApps.isEmpty)
        let shown = try #require(phone.liveActivities.current, "the monitor may not end it")
        #expect(shown.isStale(at: phone.clock.wall))
        #expect(try phone.store.read().applied.session == nil)
        phone.openThreshold()
        #expect(phone.liveActivities.current == nil)
    }

    @Test func theAppInTheBackground_mayUpdateButNotStart() throws {
        let phone = try phone(.make(profiles: [work]), at: at("2026-11-23 08:00"))
        phone.openThreshold()
        phone.leaveThreshold()
        phone.advance(to: at("2026-11-23 09:00"))
        phone.setTimeZone(ny)  // a significant time change reaches the running app, in the background
        #expect(phone.outcomes.last?.process == .appInBackground)
        #expect(phone.liveActivities.current == nil, "a start in the background is refused (ActivityAuthorizationError.visibility)")
    }

    @Test func iOSEndsALiveActivity_eightHoursAfterItStarted() throws {
        let phone = try phone(.make(profiles: [work]), at: at("2026-11-23 08:50"))
        phone.perform(StartSession(profile: "work", origin: .manual), as: .inApp("start"))
        #expect(phone.liveActivities.current != nil)
        phone.killApp()
        phone.advance(to: at("2026-11-23 16:49"))
        #expect(phone.liveActivities.current != nil)
        phone.advance(to: at("2026-11-23 16:50"))
        #expect(phone.liveActivities.current == nil)
    }

    @Test func extensions_cannotOpenTheApp() throws {
        let phone = try phone(.empty, at: at("2026-11-23 08:00"))
        for process in [SimulatedPhone.Process.monitor, .shieldAction, .shieldConfiguration, .widget, .intent, .appInBackground] {
            #expect(throws: SimulatorError.self) { try phone.openThreshold(from: process) }
        }
        #expect(!phone.appRunning)
        try phone.openThreshold(from: .app)
        #expect(phone.appInForeground)
    }

    @Test func aBeastModeSession_refusesAManualClockChange_andAppRemoval() throws {
        let phone = try phone(.make(profiles: [beast]), at: at("2026-11-23 09:00"))
        phone.perform(StartSession(profile: "beast", origin: .manual, plan: .until(at("2026-11-23 10:00"))), as: .inApp("start"))
        #expect(phone.deviceRestrictions == .locked)
        #expect(
            throws: SimulatorError.notAllowed(
                "The clock is set automatically while Beast Mode is on (Settings › General › Date & Time is locked).")
        ) {
            try phone.setClock(to: at("2026-11-23 13:00"))
        }
        #expect(phone.clock.wall == at("2026-11-23 09:00"))
        #expect(throws: SimulatorError.self) { try phone.deleteApp("maps") }
        #expect(phone.catalogue.app(named: "maps") != nil, "denyAppRemoval covers every app, not only Threshold")

        phone.killApp()
        phone.advance(to: at("2026-11-23 10:00"))
        #expect(phone.deviceRestrictions == .none, "the monitor lifts them when the session ends")
        try phone.setClock(to: at("2026-11-23 13:00"))
        try phone.deleteApp("maps")
        #expect(phone.catalogue.app(named: "maps") == nil)
    }

    @Test func aBeastModeSession_refusesInstallingApps_untilItEnds() throws {
        let phone = try phone(.make(profiles: [beast]), at: at("2026-11-23 09:00"))
        try phone.installApp("duolingo")
        phone.perform(StartSession(profile: "beast", origin: .manual, plan: .until(at("2026-11-23 10:00"))), as: .inApp("start"))
        #expect(phone.deviceRestrictions.denyAppInstallation)
        #expect(throws: SimulatorError.self) { try phone.installApp("headspace") }
        #expect(phone.catalogue.app(named: "headspace") == nil)
        phone.killApp()
        phone.advance(to: at("2026-11-23 10:00"))
        try phone.installApp("headspace")
        #expect(phone.catalogue.app(named: "headspace") != nil && phone.catalogue.app(named: "duolingo") != nil)
    }

    @Test func safari_showsTheFilteredAndTypedWebsitesAsRestricted_whileTheProfileShields() throws {
        let reading = Profile.make(
            "reading", path: .key, selection: .apps("youtube"),
            strict: StrictOptions(filtersAdultWebsites: true, blockedWebsites: [try TypedWebsite("reddit.com")]))
        let phone = try phone(.make(profiles: [reading]), at: at("2026-11-23 09:00"))
        #expect(phone.visit("reddit.com").blocked == nil)
        phone.perform(StartSession(profile: "reading", origin: .manual), as: .inApp("start"))
        #expect(phone.visit("www.reddit.com").blocked == .restricted)
        #expect(phone.visit("adult.example").blocked == .restricted)
        #expect(phone.visit("example.org").blocked == nil)
        phone.authorization = .denied
        #expect(phone.visit("reddit.com").blocked == nil, "without Screen Time access iOS enforces nothing")
    }

    @Test func aFocus_holdsBackPlainNotifications_andLetsTimeSensitiveOnesThrough() throws {
        let phone = try phone(.make(profiles: [work]), at: at("2026-11-23 08:00"))
        phone.openThreshold()
        phone.setFocus(true)
        phone.advance(to: at("2026-11-23 09:00"))
        #expect(phone.notifications.inbox.isEmpty)
        #expect(!phone.notifications.held.isEmpty, "the session's start waits in the Notification Center")
        guard case .notified(let note) = try phone.pressShield(.secondary, on: "instagram") else {
            Issue.record("Unlock? should post the follow-up notification")
            return
        }
        #expect(note.interruption == .timeSensitive)
        phone.advance(by: 10)
        #expect(phone.notifications.inbox.map(\.id) == [note.id], "the shield's way into the app breaks through the Focus")
        let held = phone.notifications.held.map(\.id)
        phone.setFocus(false)
        #expect(phone.notifications.held.isEmpty)
        #expect(Set(phone.notifications.inbox.map(\.id)) == Set(held + [note.id]))
    }

    @Test func withNotificationsOff_nothingPostedIsShown_andTheShieldSaysToOpenThreshold() throws {
        let phone = try phone(.make(profiles: [work]), at: at("2026-11-23 09:30"))
        phone.notifications.permission = .denied
        phone.openThreshold()
        #expect(try phone.store.read().applied.notificationPermission == .denied)
        let shield = try #require(try phone.open("instagram").content)
        #expect(shield.opensThresholdByHand)
        _ = try phone.pressShield(.secondary, on: "instagram")
        #expect(phone.notifications.inbox.isEmpty)
    }

    @Test func aSnapshot_keepsRestrictionsFocusAndHeldNotifications() throws {
        let phone = try phone(.make(profiles: [beast]), at: at("2026-11-23 09:00"))
        phone.perform(StartSession(profile: "beast", origin: .manual, plan: .until(at("2026-11-23 10:00"))), as: .inApp("start"))
        phone.setFocus(true)
        let data = try JSONEncoder().encode(phone.snapshot)
        let again = SimulatedPhone(
            snapshot: try JSONDecoder().decode(SimulatedPhone.Snapshot.self, from: data), store: phone.store,
            ids: .counting(prefix: "again-"))
        #expect(again.deviceRestrictions == .locked && again.focus.isOn && again.liveActivities.startedAt == phone.liveActivities.startedAt)
        #expect(throws: SimulatorError.self) { try again.setClock(to: at("2026-11-23 13:00")) }
    }
}

@Suite struct ProcessTableDocumentationTests {
    @Test func theReadme_showsTheTableTheCodeEnforces() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for row in ProcessRules.table {
            #expect(readme.contains(row + "\n"), "README.md lacks the row \(row)")
        }
    }
}
