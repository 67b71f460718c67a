import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// Usage activities: what is registered while something is let through, and what its event proves.
@Suite struct UsageTriggerTests {
    let ny = calendar("America/New_York")
    let ten = at("2026-11-23 10:00")

    /// A Selah gate on Instagram, an intention on TikTok, a Work profile on YouTube.
    func setUp(grants: [Grant] = [], sessions: [Session] = []) -> ThresholdState {
        .make(
            profiles: [.make("work", selection: .apps("youtube"), breakPolicy: .fivePerHour)], gates: [.make("selah")],
            intentions: [.make("ig", app: "tiktok")], sessions: sessions, grants: grants)
    }

    @Test func anOpenGrant_getsAUsageActivity_countingEveryAppThresholdCanShield_fromRegistrationOn() throws {
        let state = setUp(grants: [.make("g", from: ten, minutes: 10)])
        let usage = UsageTrigger.registrations(state, at: TrustedTime(agreed: ten.adding(seconds: 30)), timeZone: ny.timeZone)
        let registration = try #require(usage.first)
        #expect(usage.count == 1)
        #expect(registration.name == "threshold.use.\(Int(ten.timeIntervalSince1970)).10")
        let interval = try #require(registration.interval(deviceZone: ny.timeZone))
        #expect(interval.end == ten.adding(minutes: 25), "it outlasts the grant's own wake-up")
        #expect(
            interval.end.timeIntervalSince(interval.start) == ActivityPlanner.maximumInterval,
            "it reaches a week back: a clock moved back that far is still inside it")
        #expect(registration.start.hasFullDate && registration.end.hasFullDate && !registration.repeats)
        #expect(
            registration.events == [
                ActivityEvent(
                    name: "threshold.used", minutes: 10, selection: .apps("instagram", "tiktok", "youtube"),
                    includesPastActivity: false)
            ])
    }

    @Test func aBreak_andAnIntentionsOpen_getOneEach_andAPartMinuteRoundsUp() throws {
        let open = Grant.make("o", .app("tiktok"), from: ten, minutes: 5, origin: .intentionOpen("ig"))
        let session = Session.make(
            "s", profile: "work", start: ten.adding(minutes: -30),
            breaks: [try Break(id: "b", start: ten.adding(minutes: 1), end: ten.adding(minutes: 4.5))])
        let usage = UsageTrigger.registrations(
            setUp(grants: [open], sessions: [session]), at: TrustedTime(agreed: ten.adding(minutes: 2)),
            timeZone: ny.timeZone)
        #expect(
            usage.map(\.name) == [
                "threshold.use.\(Int(ten.adding(minutes: 1).timeIntervalSince1970)).4",
                "threshold.use.\(Int(ten.timeIntervalSince1970)).5",
            ], "those ending first come first")
        #expect(usage.map { $0.events.map(\.minutes) } == [[4], [5]])
    }

    @Test func atMostTwo_thoseEndingFirst_andNoneWhenNothingIsOpenOrNothingCouldBeCounted() {
        let grants = (0..<4).map { Grant.make(GrantID("g\($0)"), from: ten, minutes: 10 + $0) }
        let usage = UsageTrigger.registrations(setUp(grants: grants), at: TrustedTime(agreed: ten), timeZone: ny.timeZone)
        #expect(usage.map { $0.events[0].minutes } == [10, 11])
        #expect(
            UsageTrigger.registrations(setUp(grants: grants), at: TrustedTime(agreed: ten.adding(minutes: 20)), timeZone: ny.timeZone)
                .isEmpty)
        let nothingSelected = ThresholdState.make(profiles: [.make("p", selection: .empty, listMode: .allowList)])
        #expect(UsageTrigger.countedSelection(nothingSelected).isEmpty)
    }

    @Test func aLargeSetUp_countsAtMostFiftyAppsAnEvent_whatTheLiftLetsThroughFirst() throws {
        let many = (0..<120).map { String(format: "app%03d", $0) }
        let intentions = (0..<3).map { Intention.make(IntentionID("i\($0)"), app: "zz\($0)") }
        let state = ThresholdState.make(
            profiles: [.make("work", selection: .apps(many))], gates: [.make("selah", selection: .apps("instagram"))],
            intentions: intentions,
            grants: [.make("o", .app("zz2"), from: ten, minutes: 5, origin: .intentionOpen("i2"))])
        let usage = try #require(UsageTrigger.registrations(state, at: TrustedTime(agreed: ten), timeZone: ny.timeZone).first)
        let counted = try #require(usage.events.first?.selection)
        #expect(counted.applications.count == UsageTrigger.maximumTokensPerKind)
        #expect(counted.applications.contains(AppToken("zz2")), "the app the open lets through is counted, though it sorts last")
        // The same registration at every reconcile while it is open.
        #expect(UsageTrigger.registrations(state, at: TrustedTime(agreed: ten.adding(minutes: 3)), timeZone: ny.timeZone).first == usage)
    }

    @Test func withTheClockMoved_onlyLiftsOpenAtBothInstantsCount_asOnlyTheyLetAnythingThrough() {
        let state = setUp(grants: [.make("g", from: ten, minutes: 10)])
        // Moved back an hour: the grant is open only at the trusted time, so it lifts nothing.
        let movedBack = TrustedTime(wall: ten.adding(minutes: -58), trusted: ten.adding(minutes: 2))
        #expect(UsageTrigger.registrations(state, at: movedBack, timeZone: ny.timeZone).isEmpty)
        #expect(evaluate(state, at: movedBack, calendar: ny).activeGrants.isEmpty)
        // Moved back three minutes inside it: open at both.
        let inside = TrustedTime(wall: ten.adding(minutes: 2), trusted: ten.adding(minutes: 5))
        #expect(UsageTrigger.registrations(state, at: inside, timeZone: ny.timeZone).count == 1)
    }

    @Test func theActivityPlanner_putsUsageFirst_withinTheTwenty() throws {
        let state = setUp(grants: [.make("g", from: ten, minutes: 10)])
        let plan = ActivityPlanner.plan(state, at: ten, calendar: ny)
        #expect(plan.registrations.contains { UsageTrigger.isUsageActivity($0.name) })
        let reserved = (0..<19).map {
            ActivityPlanner.startActivity("threshold.other.\($0)", at: ten.adding(minutes: Double(60 + $0)), timeZone: ny.timeZone)
        }
        let full = ActivityPlanner.plan(state, at: TrustedTime(agreed: ten), calendar: ny, reserved: reserved)
        #expect(full.registrations.count == ActivityPlanner.maximumActivities)
        #expect(full.registrations.contains { UsageTrigger.isUsageActivity($0.name) }, "the usage activity comes before the boundaries")
        let none = ActivityPlanner.plan(
            state, at: TrustedTime(agreed: ten), calendar: ny,
            reserved: reserved + [ActivityPlanner.startActivity("threshold.other.x", at: ten.adding(hours: 9), timeZone: ny.timeZone)])
        #expect(
            none.registrations.count == ActivityPlanner.maximumActivities
                && !none.registrations.contains { UsageTrigger.isUsageActivity($0.name) })
        #expect(ActivityPlanner.isPlanned(try #require(plan.registrations.first { UsageTrigger.isUsageActivity($0.name) }).name))
    }

    @Test func evidence_isTheLiftsStartPlusItsMinutes_onlyForAUsageActivitysEvent() {
        let name = "threshold.use.\(Int(ten.timeIntervalSince1970)).10"
        #expect(UsageTrigger.evidence(activity: name, event: "threshold.used") == ten.adding(minutes: 10))
        #expect(UsageTrigger.evidence(of: .eventDidReachThreshold(activity: name, event: "threshold.used")) == ten.adding(minutes: 10))
        #expect(UsageTrigger.evidence(of: .intervalDidStart(name)) == nil)
        #expect(UsageTrigger.evidence(activity: name, event: "threshold.screen.60") == nil)
        #expect(UsageTrigger.evidence(activity: "threshold.screen.2026-11-23", event: "threshold.used") == nil)
        for malformed in [
            "threshold.use.", "threshold.use.12", "threshold.use.x.10", "threshold.use.12.0", "threshold.use.12.-3", "threshold.use.1.2.3",
        ] {
            #expect(UsageTrigger.evidence(activity: malformed, event: "threshold.used") == nil, "\(malformed)")
        }
    }

    /// Whatever a lift's start and length, its minutes of use reach its end: the event never
    /// proves less than the lift, so the reconcile it wakes always finds the lift over.
    @Test func evidence_isAlwaysAtOrAfterTheLiftsEnd_andWithinAMinuteOfIt() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...86_399_000), Gen.int(in: 1...(12 * 3_600))) { startMillis, length in
            let start = ten.addingTimeInterval(TimeInterval(startMillis) / 1_000)
            let grant = Grant.make("g", from: ten, minutes: 1)
            let lift = try! Grant(
                id: grant.id, scope: .allGated, start: start, end: start.addingTimeInterval(TimeInterval(length)), origin: grant.origin)
            let state = setUp(grants: [lift])
            let registration = UsageTrigger.registrations(state, at: TrustedTime(agreed: start), timeZone: ny.timeZone).first
            guard let registration, let evidence = UsageTrigger.evidence(activity: registration.name, event: UsageTrigger.eventName) else {
                Issue.record("no usage activity for \(lift)"); return
            }
            #expect(evidence >= lift.end && evidence < lift.end.addingTimeInterval(61))
            #expect(!lift.isValid(at: evidence))
            #expect(registration.events.first?.minutes == Int((evidence.timeIntervalSince(start.roundedDownToSecond) / 60)))
            let interval = registration.interval(deviceZone: ny.timeZone)
            #expect(interval.map { $0.start <= start && lift.end < $0.end } == true, "its interval holds the whole lift")
        }
    }

    /// Whatever the clocks read when a lift's usage event arrives (the last anchor before or after
    /// a restart, the wall clock set anywhere from 20 minutes before the lift to an hour after), the reconcile it wakes either
    /// finds the lift over, or finds it ending within the tolerance on the wall clock, at a change
    /// it plans a wake-up for: the "+ 2" of the bound.
    @Test func whenItsEventArrives_aLiftEndsAtOnce_orWithinTheTolerance() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...60), Gen.int(in: 0...3_600), Gen.int(in: -1_200...4_200), Gen.int(in: 0...1))
        {
            minutes, anchorOffset, wallOffset, restart in
            let grant = Grant.make("g", from: ten, minutes: minutes)
            let state = setUp(grants: [grant])
            let anchor = ClockAnchor(
                trusted: ten.addingTimeInterval(TimeInterval(min(anchorOffset, minutes * 60))), uptime: 5_000, bootID: "b1")
            let reading = ClockReading(
                wall: ten.addingTimeInterval(TimeInterval(wallOffset)), uptime: restart == 1 ? 30 : 5_000 + 60,
                bootID: restart == 1 ? "b2" : "b1")
            let name = UsageTrigger.registrations(state, at: TrustedTime(agreed: ten), timeZone: ny.timeZone)[0].name
            let time = TrustedTime(reading, since: anchor, atLeast: UsageTrigger.evidence(activity: name, event: UsageTrigger.eventName))
            let enforcement = evaluate(state, at: time, calendar: ny)
            guard enforcement.activeGrants.contains(grant.id) else { return }
            let next = enforcement.nextChange ?? .distantFuture
            #expect(
                next <= time.wall.addingTimeInterval(TrustedTime.tolerance),
                "\(minutes) min grant still open at wall \(time.wall), trusted \(time.trusted), next change \(next)")
        }
    }
}

/// iOS 26.2–26.3 fire a usage threshold at the first pickup (FB21267341, FB21560904): an event
/// registered in this boot fewer minutes of uptime ago than it counts is no evidence, so it ends no
/// unlock; one registered in another boot (or by a build that kept no uptime) still is, as after a
/// restart it is what catches a clock set back.
@Suite struct FalseUsageEventTests {
    static let start = at("2026-11-24 12:00")
    static let name = "\(ActivityRegistration.namePrefix)use.\(Int(start.timeIntervalSince1970)).10"
    static let trigger = Trigger.eventDidReachThreshold(activity: name, event: UsageTrigger.eventName)
    static let registered = [name: ClockAnchor(trusted: start, uptime: 1_000, bootID: "b1")]
    static let floor = start.addingTimeInterval(600)

    @Test func tenMinutesOfUse_oneMinuteAfterRegistration_isNoEvidence() {
        let reading = ClockReading(wall: Self.start.addingTimeInterval(60), uptime: 1_060, bootID: "b1")
        #expect(UsageTrigger.evidence(of: Self.trigger, registered: Self.registered, reading: reading) == nil)
        #expect(UsageTrigger.evidence(of: Self.trigger) == Self.floor, "the plain evidence is the lift's end")
    }

    @Test func atItsMinutesLessTheTolerance_itIs() {
        let early = ClockReading(wall: Self.start, uptime: 1_000 + 600 - TrustedTime.tolerance, bootID: "b1")
        #expect(UsageTrigger.evidence(of: Self.trigger, registered: Self.registered, reading: early) == Self.floor)
    }

    @Test func registeredInAnotherBoot_orWithNoUptimeKept_itIsBelieved() {
        let restarted = ClockReading(wall: Self.start.addingTimeInterval(-3_600), uptime: 90, bootID: "b2")
        #expect(UsageTrigger.evidence(of: Self.trigger, registered: Self.registered, reading: restarted) == Self.floor)
        let unmarked = ClockReading(wall: Self.start.addingTimeInterval(60), uptime: 1_060, bootID: "b1")
        #expect(UsageTrigger.evidence(of: Self.trigger, registered: [:], reading: unmarked) == Self.floor)
    }

    /// No true event is lost: whatever the wall clock reads, an event that comes once its minutes
    /// of uptime have passed since registration is evidence, and one well before them is not.
    @Test func aTrueEvent_isAlwaysEvidence_andAnEarlyOneNever() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...120), Gen.int(in: -3_600...7_200), Gen.int(in: -86_400...86_400)) {
            minutes, offset, wallOffset in
            let name = "\(ActivityRegistration.namePrefix)use.\(Int(Self.start.timeIntervalSince1970)).\(minutes)"
            let trigger = Trigger.eventDidReachThreshold(activity: name, event: UsageTrigger.eventName)
            let registered = [name: ClockAnchor(trusted: Self.start, uptime: 1_000, bootID: "b1")]
            let elapsed = TimeInterval(minutes * 60 + offset)
            guard elapsed >= 0 else { return }
            let reading = ClockReading(wall: Self.start.addingTimeInterval(TimeInterval(wallOffset)), uptime: 1_000 + elapsed, bootID: "b1")
            let evidence = UsageTrigger.evidence(of: trigger, registered: registered, reading: reading)
            if offset >= 0 { #expect(evidence != nil, "\(minutes) min, \(elapsed) s of uptime") }
            if offset < -Int(TrustedTime.tolerance) { #expect(evidence == nil, "\(minutes) min, \(elapsed) s of uptime") }
        }
    }
}

extension Date {
    fileprivate func adding(hours: Double) -> Date { addingTimeInterval(hours * 3_600) }
}
