import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import Testing
import TestSupport
import ThresholdCore

@Suite struct SimulatedPhoneTests {
    let ny = TimeZone(identifier: "America/New_York")!

    func phone(_ state: ThresholdState, at start: Date, faults: FaultSwitch = .none) throws -> SimulatedPhone {
        try SimulatedPhone(start: start, timeZone: ny, setup: state, faults: faults)
    }

    @Test func theMonitorAndTheApp_runTheReconcilerOverOneStore() throws {
        let phone = try phone(.make(gates: [.make("selah")]), at: at("2026-11-23 10:00"))
        phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
        phone.killApp()
        phone.advance(by: 600)
        #expect(phone.outcomes.map(\.process).contains(.monitor))
        #expect(phone.shieldedApps == ["instagram"])
        let stored = try phone.store.read()
        #expect(stored.applied.appliedAt == at("2026-11-23 10:10"))
    }

    @Test func openingAShieldedApp_answersWithTheReasonAndTheShieldContent() throws {
        let phone = try phone(.make(gates: [.make("selah")]), at: at("2026-11-23 10:00"))
        phone.openThreshold()
        let result = try phone.open("instagram")
        #expect(result.shielded)
        guard case .gated(let label)? = result.reason else { Issue.record("expected a gate"); return }
        #expect(label.rule == .gate("selah"))
        #expect(result.content?.title == .selahPause)
        #expect(try !phone.open("maps").shielded)
        #expect(throws: SimulatorError.self) { try phone.open("nonexistent") }
    }

    @Test func aRestart_keepsShieldsAndRegistrations_andStartsUptimeAgain() throws {
        let phone = try phone(.make(gates: [.make("selah")]), at: at("2026-11-23 10:00"))
        phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
        let registered = phone.activityCentre.registrations
        let boot = phone.clock.bootID
        phone.reboot()
        #expect(phone.clock.bootID != boot && phone.clock.uptime < 60 && !phone.appRunning)
        #expect(phone.activityCentre.registrations == registered)
        phone.advance(to: at("2026-11-23 10:10"))
        #expect(phone.shieldedApps == ["instagram"])
    }

    @Test func aDelayedCallback_arrivesNoLaterThanTheNextUseOfThePhone() throws {
        var faults = FaultSwitch()
        faults.maximumDelay = 3_600
        faults.scripted = [.delay, .delay]
        let phone = try phone(.make(gates: [.make("selah")]), at: at("2026-11-23 10:00"), faults: .none)
        phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
        // NB: Threshold in the background, so that the window's end notification (shown at 10:10) is
        // not presented to the app, which would reconcile.
        phone.leaveThreshold()
        phone.faults = faults
        phone.advance(by: 660)
        #expect(phone.shieldedApps.isEmpty, "both callbacks at 10:10 are held back")
        #expect(try phone.open("instagram").shielded, "picking the phone up delivers them first")
    }

    @Test func theShieldsIntentionButton_opensTheAppInTheShieldActionProcess() throws {
        let phone = try phone(.make(intentions: [.make("ig", app: "instagram", opens: 2, minutes: 5)]), at: at("2026-11-23 10:00"))
        phone.openThreshold()
        #expect(try phone.pressShield(.secondary, on: "instagram") == .opened)
        #expect(phone.outcomes.contains { $0.process == .shieldAction && !$0.outcome.events.isEmpty })
        #expect(try !phone.open("instagram").shielded)
        #expect(phone.notifications.pending.contains { $0.id.hasPrefix("intention-open.") }, "iOS holds it back ten seconds")
        phone.advance(by: 10)
        #expect(phone.notifications.inbox.map(\.id).contains { $0.hasPrefix("intention-open.") })
    }

    @Test func movingTheClockForward_deliversTheCallbacksItSkipped() throws {
        let phone = try phone(
            .make(profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])]), at: at("2026-11-23 08:00"))
        phone.openThreshold()
        phone.killApp()
        try phone.setClock(to: at("2026-11-23 09:30"))
        #expect(phone.wakeUps.contains { $0.scheduled == at("2026-11-23 09:00") })
        let stored = try phone.store.read()
        #expect(stored.applied.repairs.map(\.kind) == [.clockMoved])
    }

    @Test func aSnapshotRestoresThePhone_overTheSameStore() throws {
        let original = try phone(.make(gates: [.make("selah")]), at: at("2026-11-23 10:00"))
        original.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
        let saved = try JSONEncoder().encode(original.snapshot)
        let restored = SimulatedPhone(
            snapshot: try JSONDecoder().decode(SimulatedPhone.Snapshot.self, from: saved),
            store: original.store, ids: .counting(prefix: "run2-"))
        #expect(restored.snapshot == original.snapshot)
        #expect(restored.shieldedApps.isEmpty)
        restored.advance(by: 600)
        #expect(restored.shieldedApps == ["instagram"])
    }

    // MARK: Boundaries honoured, wake-ups counted

    @Test func overFourteenDays_everyBoundaryIsHonouredWithinOneSecond() throws {
        let state = Self.busyState(from: at("2026-11-23 00:00"))
        let phone = try phone(state, at: at("2026-11-23 00:00"))
        phone.openThreshold()
        phone.killApp()
        let end = at("2026-12-07 00:00")
        var checked = 0
        while let boundary = upcomingBoundaries(
            try phone.store.read().engine, after: phone.clock.wall, calendar: phone.clock.calendar, limit: 1
        ).first,
            boundary.at <= end
        {
            phone.advance(to: boundary.at)
            let expected = evaluate(try phone.store.read().engine, at: boundary.at, calendar: phone.clock.calendar)
            for app in phone.catalogue.apps.values {
                #expect(
                    phone.shields.shields(app: app.token, category: app.category)
                        == expected.shields(app: app.token, category: app.category),
                    "\(app.name) at \(boundary.at)")
            }
            #expect(phone.activityCentre.registrations.count <= 20)
            checked += 1
        }
        #expect(checked > 300, "checked \(checked) boundaries")
        let late = phone.shields.changes.filter { change in
            phone.wakeUps.contains { $0.at == change.at } == false && change.at > at("2026-11-23 00:00")
        }
        #expect(late.isEmpty, "every shield change happened at a callback's instant")
    }

    @Test func theMonitorWakesOncePerBoundary_andOnlyAtBoundariesOrNotifications() throws {
        let start = at("2026-11-23 00:00")
        let state = Self.busyState(from: start)
        let phone = try phone(state, at: start)
        phone.openThreshold()
        phone.killApp()
        let boundaries = Set(
            upcomingBoundaries(state, after: start, calendar: phone.clock.calendar, limit: 10_000, horizon: 7 * 86_400).map(\.at))
        let notes = Set(
            dueNotifications(state, from: start, through: start.addingTimeInterval(7 * 86_400), calendar: phone.clock.calendar).map(\.at))
        phone.advance(to: start.addingTimeInterval(7 * 86_400))
        let woke = Set(phone.wakeUps.map(\.at).filter { $0 > start })
        #expect(boundaries.isSubset(of: woke), "missed: \(boundaries.subtracting(woke).sorted())")
        #expect(woke.isSubset(of: boundaries.union(notes)), "extra: \(woke.subtracting(boundaries.union(notes)).sorted())")
        let enforcementWakeUps = Double(woke.intersection(boundaries).count)
        #expect(enforcementWakeUps / Double(boundaries.count) == 1.0)
    }

    /// Ten profiles with daily and weekday schedules, intentions with opens, gates with grants,
    /// a session with breaks: a few hundred boundaries a fortnight.
    static func busyState(from start: Date) -> ThresholdState {
        let apps = ["instagram", "tiktok", "x", "youtube", "netflix", "reddit", "chess", "candycrush", "safari", "music"]
        let profiles = apps.enumerated().map { i, app -> Profile in
            let s1 = String(format: "%02d:%02d", 6 + i, (i * 7) % 60), e1 = String(format: "%02d:%02d", 8 + i, (i * 11) % 60)
            let s2 = String(format: "%02d:%02d", 18 + i % 5, 5 * i), e2 = String(format: "%02d:%02d", (22 + i) % 24, 3 * i)
            return .make(
                ProfileID("p\(i)"), selection: .apps(app), unlockPolicy: .prayer, breakPolicy: .fivePerHour,
                schedules: [.on(Weekday.everyDay, s1, e1, id: "a"), .on(Weekday.weekdays, s2, e2, id: "b")])
        }
        let grants = (0..<10).map {
            Grant.make(GrantID("g\($0)"), from: start.addingTimeInterval(TimeInterval($0) * 86_400 + 7.5 * 3_600), minutes: 10 + $0)
        }
        let opens = (0..<6).map {
            Grant.make(
                GrantID("o\($0)"), .app("maps"), from: start.addingTimeInterval(TimeInterval($0) * 43_200 + 3_600), minutes: 5,
                origin: .intentionOpen("maps"))
        }
        return .make(
            profiles: profiles,
            gates: [.make("selah", selection: .apps("notes", "mail"))],
            intentions: [.make("maps", app: "maps", opens: 3, minutes: 5)],
            sessions: [
                .make(
                    "s", profile: "p0", start: start.addingTimeInterval(13 * 3_600), plan: .until(start.addingTimeInterval(16 * 3_600)),
                    breaks: [
                        .make("b1", from: start.addingTimeInterval(14 * 3_600), minutes: 5),
                        .make("b2", from: start.addingTimeInterval(15 * 3_600 + 1_795), minutes: 7),
                    ])
            ],
            grants: grants + opens)
    }
}
