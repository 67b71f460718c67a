import Foundation
import InMemoryClients
import ScreenTimeClient
import StoreClient
import Testing
import TestSupport
import ThresholdCore
import ThresholdRuntime

@Suite struct ReconcilerTests {
    let selah = ThresholdState.make(gates: [.make("selah", selection: .apps("instagram", "tiktok"))])

    @Test func firstReconcile_appliesShields_registersWakeUps_andRecordsTheTrigger() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        let outcome = rig.reconciler.reconcile(.appForeground)
        #expect(rig.device.shields("instagram") && rig.device.shields("tiktok"))
        #expect(outcome.shieldChanges == ["threshold.0"])
        let log = try rig.store.events(.all)
        #expect(log.map(\.event) == [.triggered(.appForeground)])
        let stored = try rig.store.read()
        #expect(stored.applied.stores == rig.device.stores.values.map(AppliedStore.init))
        #expect(stored.lastEnforcement(deviceZone: rig.clock.zone) == outcome.enforcement, "the enforcement shown is the one applied")
    }

    @Test func reconcilingAgain_changesNothingAndCallsNothingButTheReads() {
        let rig = Rig(
            .make(
                profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])],
                gates: [.make("selah")], grants: [.make("g", from: at("2026-11-23 10:00"), minutes: 10)]),
            at: at("2026-11-23 10:01"))
        rig.reconciler.reconcile(.appForeground)
        rig.device.resetCalls()
        rig.clock.pass(120)
        let again = rig.reconciler.reconcile(.intervalDidStart("threshold.at.1"))
        #expect(rig.device.calls.isEmpty, "no shield, activity or notification call: \(rig.device.calls)")
        #expect(again.registered.isEmpty && again.stopped.isEmpty && again.shieldChanges.isEmpty)
    }

    @Test func aDuplicatedOrLateCallback_changesNothingThatMatters() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        #expect(!rig.device.shields("instagram"))
        rig.clock.pass(600)
        rig.reconciler.reconcile(.intervalDidEnd("threshold.at.x"))
        let afterFirst = try rig.store.read()
        rig.reconciler.reconcile(.intervalDidEnd("threshold.at.x"))
        rig.clock.pass(300)
        rig.reconciler.reconcile(.intervalDidEnd("threshold.at.x"))
        let afterLate = try rig.store.read()
        #expect(rig.device.shields("instagram"))
        #expect(afterLate.engine == afterFirst.engine && afterLate.applied.stores == afterFirst.applied.stores)
    }

    @Test func whenTheStoreFails_nothingIsTouched_andTheFailureIsReported() {
        let store = InMemoryStore(StoredState(engine: selah))
        store.failNextCalls(with: .corrupt("bad page"))
        // Every Screen Time endpoint traps if called: failing closed must not touch any.
        let reconciler = Reconciler(
            store: store, screenTime: .unimplemented, clock: ManualClock(at("2026-11-23 10:00")).client, ids: .counting())
        let outcome = reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        #expect(outcome.failedClosed)
        #expect(outcome.storeFailure == .corrupt("bad page"))
        #expect(outcome.enforcement == nil)
    }

    @Test func storeFailsAfterShieldsWereApplied_theyStayAsLastApplied() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.appForeground)
        let before = rig.device.stores
        rig.store.failNextCalls(with: .busy)
        rig.device.resetCalls()
        let outcome = rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        #expect(outcome.failedClosed && rig.device.calls.isEmpty)
        #expect(rig.device.stores == before && rig.device.shields("instagram"))
    }

    @Test func refusedShield_isReportedForRepair_andRetriedByTheNextReconcile() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.device.refuseShields = true
        let outcome = rig.reconciler.reconcile(.appForeground)
        #expect(outcome.repairs.map(\.kind) == [.shieldsNotApplied])
        let stored = try rig.store.read()
        #expect(stored.applied.repairs.map(\.kind) == [.shieldsNotApplied])
        #expect(stored.applied.stores.isEmpty, "the record follows only what succeeded")
        rig.device.refuseShields = false
        let retry = rig.reconciler.reconcile(.intervalDidStart("x"))
        #expect(retry.repairs.isEmpty && rig.device.shields("instagram"))
    }

    @Test func refusedClear_leavesTheStoreShielding_andSaysSo() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.appForeground)
        rig.device.refuseClears = true
        let outcome = rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        #expect(rig.device.shields("instagram"))
        #expect(outcome.repairs.map(\.kind) == [.shieldsNotApplied])
        let stored = try rig.store.read()
        #expect(stored.applied.stores.map(\.name) == ["threshold.0"], "still recorded as held, so it is cleared later")
        rig.device.refuseClears = false
        rig.reconciler.reconcile(.appForeground)
        #expect(!rig.device.shields("instagram"))
    }

    @Test func refusedRegistration_isReportedForRepair() {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.device.refuseMonitoring = true
        let outcome = rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        #expect(outcome.repairs.contains { $0.kind == .monitoringFailed })
        #expect(!rig.device.shields("instagram"), "the grant itself still applies")
    }

    @Test func refusedCommand_isUndone_andTheReconcileStillRuns() throws {
        let rig = Rig(.make(profiles: [.make("sleep")]), at: at("2026-11-23 10:00"))
        let outcome = rig.reconciler.reconcile(.inApp("break"), command: TakeBreak(profile: "sleep"))
        #expect(outcome.refusal?.refusal == .noBreaksAllowed(ProfileTitle(emoji: "🎯", name: "Sleep")))
        #expect(outcome.events.isEmpty)
        let stored = try rig.store.read()
        #expect(stored.engine.sessions.isEmpty)
        #expect(try rig.store.events(.all).map(\.event) == [.triggered(.inApp("break"))])
    }

    @Test func staleActivities_areStopped_byName_neverAll() {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        #expect(rig.device.activities.count == 3, "the grant's end twice, and its usage activity")
        rig.clock.pass(600)
        let outcome = rig.reconciler.reconcile(.intervalDidEnd("x"))
        #expect(outcome.stopped.count == 3)
        #expect(rig.device.activities.isEmpty)
    }

    @Test func activitiesOfOtherApps_areLeftAlone() {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        let foreign = ActivityRegistration(name: "someone.else", start: .timeOnly(hour: 1, minute: 0), end: .timeOnly(hour: 2, minute: 0))
        _ = try? rig.device.client.startMonitoring(foreign)
        rig.reconciler.reconcile(.appForeground)
        #expect(rig.device.activities["someone.else"] != nil)
    }

    @Test func notifications_areHandedToIOSOnce_withTheirFireDate() {
        let start = at("2026-11-23 10:00")
        let rig = Rig(
            .make(
                profiles: [.make("deep", path: .present)],
                sessions: [.make("s", profile: "deep", start: start, plan: .goal(minutes: 30))]), at: start)
        let opened = rig.reconciler.reconcile(.appForeground)
        #expect(opened.scheduled == ["goal.s"] && opened.notified.isEmpty)
        #expect(rig.device.pending["goal.s"]?.fireDate == start.adding(minutes: 30), "iOS shows it at the goal, with no wake-up")
        rig.clock.pass(600)
        #expect(rig.reconciler.reconcile(.appForeground).scheduled.isEmpty, "unchanged, it is not handed over again")
        rig.clock.pass(1_200)
        rig.reconciler.reconcile(.intervalDidEnd("a"))
        rig.reconciler.reconcile(.intervalDidStart("b"))
        rig.clock.pass(60)
        let after = rig.reconciler.reconcile(.appForeground)
        #expect(after.notified.isEmpty && after.withdrawn.isEmpty, "shown by iOS at its time, not posted again")
        #expect(rig.device.notifications.map(\.id) == ["goal.s"])
    }

    @Test func aNotificationNoLongerDue_isWithdrawn() {
        let start = at("2026-11-23 10:00")
        let rig = Rig(
            .make(
                profiles: [.make("deep", path: .present)],
                sessions: [.make("s", profile: "deep", start: start, plan: .goal(minutes: 30))]), at: start)
        rig.reconciler.reconcile(.appForeground)
        #expect(rig.device.pending["goal.s"] != nil)
        rig.clock.pass(600)
        let ended = rig.reconciler.reconcile(.inApp("end"), command: EndSession(profile: "deep"))
        #expect(ended.refusal == nil)
        #expect(ended.withdrawn == ["goal.s"])
        #expect(rig.device.pending["goal.s"] == nil, "a session given up does not congratulate at its goal")
    }

    /// Issue 34 item 1: a notification shown that announced something with an end leaves the
    /// lock screen at the first reconcile after it is over, once; one still news stays.
    @Test func aShownNotification_isWithdrawnOnceWhatItAnnouncedIsOver() {
        let start = at("2026-11-23 10:00")
        let rig = Rig(
            .make(
                profiles: [.make("deep", path: .present)],
                sessions: [.make("s", profile: "deep", start: start, plan: .goal(minutes: 30))]), at: start)
        rig.reconciler.reconcile(.appForeground)
        rig.clock.pass(31 * 60)
        rig.reconciler.reconcile(.appForeground)
        rig.clock.pass(20 * 60)
        rig.reconciler.reconcile(.appForeground)
        #expect(!rig.device.calls.contains("withdraw goal.s"), "twenty minutes after the goal it is still news")
        rig.clock.pass(40 * 60)
        rig.reconciler.reconcile(.appForeground)
        #expect(rig.device.calls.filter { $0 == "withdraw goal.s" }.count == 1, "\(rig.device.calls)")
        rig.clock.pass(60)
        rig.reconciler.reconcile(.appForeground)
        #expect(rig.device.calls.filter { $0 == "withdraw goal.s" }.count == 1, "withdrawn once")
    }

    @Test func liveActivity_followsTheSession() throws {
        let rig = Rig(.make(profiles: [.make("work", breakPolicy: .fivePerHour)]), at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.universalLink("key"), command: StartSession(profile: "work", origin: .key))
        #expect(rig.device.live?.phase == .focusing)
        rig.reconciler.reconcile(.liveActivityButton("break"), command: TakeBreak(profile: "work"))
        #expect(rig.device.live?.phase == .onBreak && rig.device.live?.breakUntil == at("2026-11-23 10:05"))
        rig.reconciler.reconcile(.liveActivityButton("end"), command: EndSession(profile: "work"))
        #expect(rig.device.live == nil)
        #expect(rig.device.calls.filter { $0.hasPrefix("live") } == ["live start", "live update", "live end"])
    }

    @Test func liveActivity_isRecordedAsApplied_onlyWhenTheProcessMayChangeIt() throws {
        let rig = Rig(
            .make(profiles: [.make("work", breakPolicy: .fivePerHour, schedules: [.on(Weekday.weekdays, "11:00", "12:00")])]),
            at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.appForeground)
        rig.device.liveActivityForbidden = true
        rig.clock.pass(3_600)
        let started = rig.reconciler.reconcile(.intervalDidStart("threshold.from"))
        #expect(rig.device.live == nil)
        var stored = try rig.store.read()
        #expect(stored.applied.liveActivity == nil, "the app owes the start")
        #expect(stored.applied.session?.profileID == "work")
        #expect(started.repairs.isEmpty, "iOS's rules are not a failure to repair")
        #expect(started.reloadedWidgets, "the widget carries the session meanwhile")
        // Made after the commit and refused: written back, with nothing else owed and the quiet
        // period kept (iOS's rule is no repair).
        #expect(stored.applied.owed == nil)
        #expect(stored.applied.quiet != nil, "the monitor's next echo still finds a quiet period")

        rig.device.liveActivityForbidden = false
        rig.reconciler.reconcile(.appForeground)
        #expect(rig.device.live?.profileID == "work" && rig.device.live?.allowsBreaks == true)
        stored = try rig.store.read()
        #expect(stored.applied.liveActivity == stored.applied.session)
    }

    @Test func notificationPermission_isRecorded_andKeptWhenIOSCannotTell() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.device.notificationPermission = .denied
        rig.reconciler.reconcile(.appForeground)
        #expect(try rig.store.read().applied.notificationPermission == .denied)
        rig.device.notificationPermission = nil
        rig.clock.pass(60)
        rig.reconciler.reconcile(.appForeground)
        #expect(try rig.store.read().applied.notificationPermission == .denied)
    }

    @Test func notAuthorized_isReported() {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.device.status = .denied
        #expect(rig.reconciler.reconcile(.appForeground).repairs.map(\.kind) == [.notAuthorized])
    }

    // MARK: Clock tampering

    @Test func clockMovedForward_doesNotEndALockedSessionEarly() throws {
        let start = at("2026-11-23 09:00")
        let rig = Rig(.make(profiles: [.make("beast", path: .present, strictness: .locked)]), at: start)
        rig.reconciler.reconcile(.inApp("start"), command: StartSession(profile: "beast", plan: .until(start.adding(minutes: 60))))
        rig.clock.pass(600)
        rig.clock.setWall(start.adding(minutes: 180))
        let outcome = rig.reconciler.reconcile(.intervalDidEnd("threshold.at.x"))
        #expect(rig.device.shields("instagram"))
        #expect(outcome.repairs.map(\.kind) == [.clockMoved])
        #expect(outcome.time?.trusted == start.adding(minutes: 10))
        // The real end still ends it, on the moved clock.
        rig.clock.pass(3_000)
        rig.reconciler.reconcile(.intervalDidEnd("threshold.at.y"))
        #expect(!rig.device.shields("instagram"))
    }

    @Test func clockMovedBack_doesNotExtendAGrant() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        rig.clock.pass(600)
        rig.clock.setWall(at("2026-11-23 10:02"))
        let outcome = rig.reconciler.reconcile(.significantTimeChange)
        #expect(rig.device.shields("instagram"))
        #expect(outcome.repairs.map(\.kind) == [.clockMoved])
        // Grants issued while the clock is wrong are stamped with the trusted time.
        rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        let grant = try #require(try rig.store.read().engine.grants.last)
        #expect(grant.start == at("2026-11-23 10:10"))
    }

    @Test func aUsageEvent_endsAGrant_afterARestartWithTheClockSetBackInsideIt() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        let usage = try #require(rig.device.activities.values.first { UsageTrigger.isUsageActivity($0.name) })
        #expect(usage.events.map(\.minutes) == [10])
        rig.clock.pass(8 * 60)
        rig.clock.reboot()
        rig.clock.setWall(at("2026-11-23 10:01"))
        // Any other callback finds the wall clock inside the grant and after the last trusted instant.
        let other = rig.reconciler.reconcile(.intervalDidStart(usage.name))
        #expect(!rig.device.shields("instagram") && other.repairs.isEmpty)
        rig.clock.pass(3 * 60)
        let reached = rig.reconciler.reconcile(.eventDidReachThreshold(activity: usage.name, event: UsageTrigger.eventName))
        #expect(rig.device.shields("instagram"), "ten minutes of use since 10:00 prove the grant is over")
        #expect(reached.time?.trusted == at("2026-11-23 10:10") && reached.repairs.map(\.kind) == [.clockMoved])
        #expect(rig.device.activities[usage.name] == nil, "the lift is over: its usage activity is stopped")
        // The evidence stays a lower bound, counted on, until the wall clock reaches it.
        rig.clock.pass(60)
        rig.reconciler.reconcile(.appForeground)
        #expect(rig.device.shields("instagram"))
    }

    @Test func aUsageEventOfAnotherActivity_provesNothing() {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.reconciler.reconcile(.inApp("amen"), command: IssueGrant(minutes: 10, origin: .ritual(.prayer)))
        rig.clock.pass(60)
        let outcome = rig.reconciler.reconcile(.eventDidReachThreshold(activity: "threshold.screen.2026-11-23", event: "threshold.used"))
        #expect(!rig.device.shields("instagram") && outcome.time?.isJumped == false)
    }

    @Test func duringAJump_theWakeUpsCoverTheTrustedBoundariesToo() throws {
        let start = at("2026-11-23 09:00")
        let rig = Rig(.make(profiles: [.make("beast", path: .present, strictness: .locked)]), at: start)
        rig.reconciler.reconcile(.inApp("start"), command: StartSession(profile: "beast", plan: .until(start.adding(minutes: 60))))
        rig.clock.setWall(start.adding(minutes: 120))
        let outcome = rig.reconciler.reconcile(.significantTimeChange)
        // The session's real end (10:00) happens at 11:00 on the moved clock.
        #expect(outcome.plan?.wakeUps.first == start.adding(minutes: 120 + 60))
    }
}

/// The device restrictions a monitor callback hands its entry point: decided by the reconcile
/// that evaluated, and handed again by a quiet callback without evaluating.
@Suite struct QuietDeviceRestrictionsTests {
    let beast = Profile.make("beast", path: .present, strictness: .locked, schedules: [.on(Weekday.everyDay, "09:00", "17:00")])

    /// A rig at 10:00 with a locked profile in force, reconciled by the app; then the monitor's
    /// second callback at the same boundary.
    func quietCallback(forgetting: Bool = false) throws -> ReconcileOutcome {
        let rig = Rig(.make(profiles: [beast]), at: at("2026-11-24 10:00"))
        let full = rig.reconciler.reconcile(.appForeground)
        #expect(full.deviceRestrictions == .locked)
        if forgetting {
            // A record saved by a build that did not keep them.
            try rig.store.write { $0.state.applied.deviceRestrictions = nil }
        } else {
            #expect(try rig.store.read().applied.deviceRestrictions == .locked)
        }
        rig.clock.pass(30)
        let registered = try #require(full.plan?.registrations.first?.name)
        return rig.reconciler.reconcile(.intervalDidStart(registered))
    }

    @Test func aQuietCallback_handsTheRestrictionsTheLastEvaluationDecided() throws {
        let quiet = try quietCallback()
        #expect(quiet.wasQuiet)
        #expect(quiet.deviceRestrictions == .locked)
    }

    @Test func aRecordFromBeforeTheyWereKept_stillGivesThem_fromItsEvaluation() throws {
        let quiet = try quietCallback(forgetting: true)
        #expect(quiet.wasQuiet)
        #expect(quiet.deviceRestrictions == .locked)
    }
}
