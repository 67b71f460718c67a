import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct CommandTests {
    let ny = calendar("America/New_York")
    let work = Profile.make("work", breakPolicy: .fivePerHour, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
    let sleep = Profile.make("sleep", selection: .apps("tiktok"))
    let rig = CommandRig()

    func apply(_ command: any Command, to state: inout ThresholdState, at instant: Date) throws -> [Event] {
        try rig.apply(command, to: &state, at: instant)
    }

    /// Runs a command that must be refused; checks the state is untouched and returns the message.
    func refusal(_ command: any Command, on state: ThresholdState, at instant: Date) -> String? {
        rig.refusal(command, on: state, at: instant)
    }

    // MARK: Start

    @Test func manualStart_outsideAnySpan_isItsOwnSession() throws {
        var state = ThresholdState.make(profiles: [sleep])
        let events = try apply(StartSession(profile: "sleep", origin: .key), to: &state, at: at("2026-11-23 22:00"))
        let session = try #require(state.sessions.first)
        #expect(events == [.sessionStarted(session)])
        #expect(session.origin == .key && session.plan == .openEnded && session.occurrence == nil)
        #expect(evaluate(state, at: at("2026-11-23 22:01"), calendar: ny).shields(app: AppToken("tiktok")))
    }

    @Test func manualStartDuringASpan_isRecordedAgainstThatSpan() throws {
        var state = ThresholdState.make(profiles: [work])
        _ = try apply(StartSession(profile: "work"), to: &state, at: at("2026-11-23 10:00"))
        let session = try #require(state.sessions.first)
        #expect(session.occurrence == OccurrenceKey(profileID: "work", scheduleID: "main", day: day("2026-11-23")))
        #expect(session.plan == .until(at("2026-11-23 17:00")))
    }

    @Test func manualStartJustBeforeASpan_joinsIt_andEndingItEndsTheSpan() throws {
        var state = ThresholdState.make(profiles: [work])
        _ = try apply(StartSession(profile: "work", origin: .key), to: &state, at: at("2026-11-23 08:50"))
        #expect(state.sessions.first?.occurrence?.day == day("2026-11-23"))
        _ = try apply(EndSession(profile: "work"), to: &state, at: at("2026-11-23 10:00"))
        #expect(!evaluate(state, at: at("2026-11-23 11:00"), calendar: ny).shields(app: AppToken("instagram")))
        #expect(evaluate(state, at: at("2026-11-24 09:00"), calendar: ny).shields(app: AppToken("instagram")))
    }

    @Test func startWithAGoal_doesNotJoinASpan() throws {
        var state = ThresholdState.make(profiles: [work])
        _ = try apply(StartSession(profile: "work", plan: .goal(minutes: 30)), to: &state, at: at("2026-11-23 08:50"))
        #expect(state.sessions.first?.occurrence == nil)
    }

    @Test func start_isRefused_forAnUnknownProfile_orOneAlreadyOn() throws {
        let state = ThresholdState.make(profiles: [sleep])
        #expect(refusal(StartSession(profile: "nope"), on: state, at: at("2026-11-23 22:00"))?.contains("choose one of: sleep") == true)
        var on = state
        _ = try apply(StartSession(profile: "sleep"), to: &on, at: at("2026-11-23 22:00"))
        #expect(refusal(StartSession(profile: "sleep"), on: on, at: at("2026-11-23 22:05"))?.contains("already on") == true)
    }

    // MARK: A schedule started early

    /// Seed 002 Flow A: set up on a Saturday, Work mode (weekdays 9–5) is put on from now until
    /// its next end, Monday 17:00; it is the schedule's time, so it earns nothing; the span still
    /// comes on its own, so ending the early start leaves Monday's hours to come.
    @Test func aScheduleStartedEarly_runsToItsNextEnd_earnsNothing_andLeavesTheSpanToCome() throws {
        let saturday = at("2026-11-28 10:00")
        var state = ThresholdState.make(profiles: [work])
        let events = try apply(StartScheduleEarly(profile: "work"), to: &state, at: saturday)
        let session = try #require(state.sessions.first)
        #expect(events == [.sessionStarted(session)])
        #expect(session.origin == .schedule && session.plan == .until(at("2026-11-30 17:00")) && session.occurrence == nil)
        #expect(evaluate(state, at: at("2026-11-29 22:00"), calendar: ny).shields(app: AppToken("instagram")))
        #expect(!evaluate(state, at: at("2026-11-30 17:00"), calendar: ny).shields(app: AppToken("instagram")))
        #expect(SessionReward(for: session, ending: .init(at: at("2026-11-30 17:00"), state: .completed), profile: work).credits == 0)
        #expect(
            refusal(StartScheduleEarly(profile: "work"), on: state, at: saturday.adding(minutes: 5))?
                .hasSuffix("Work is already on; end it or take a break instead.") == true)
        _ = try apply(EndSession(profile: "work"), to: &state, at: at("2026-11-29 08:00"))
        #expect(!evaluate(state, at: at("2026-11-29 09:00"), calendar: ny).shields(app: AppToken("instagram")))
        #expect(evaluate(state, at: at("2026-11-30 09:00"), calendar: ny).shields(app: AppToken("instagram")), "Monday's hours still come")
    }

    @Test func aProfileWithoutASchedule_cannotStartOneEarly() {
        #expect(
            refusal(StartScheduleEarly(profile: "sleep"), on: .make(profiles: [sleep]), at: at("2026-11-28 10:00"))?
                .hasSuffix("has no schedule to start early.") == true)
    }

    // MARK: End

    @Test func endingAScheduledSpan_endsThatOccurrenceOnly() throws {
        var state = ThresholdState.make(profiles: [work])
        let events = try apply(EndSession(profile: "work"), to: &state, at: at("2026-11-23 11:00"))
        #expect(events.count == 2)
        let record = try #require(state.sessions.first)
        #expect(record.origin == .schedule && record.ending == .init(at: at("2026-11-23 11:00"), state: .gaveUp))
        #expect(!evaluate(state, at: at("2026-11-23 11:00"), calendar: ny).shields(app: AppToken("instagram")))
        #expect(evaluate(state, at: at("2026-11-24 09:00"), calendar: ny).shields(app: AppToken("instagram")))
    }

    @Test func endStates_followTheGoal() throws {
        var state = ThresholdState.make(profiles: [sleep])
        _ = try apply(StartSession(profile: "sleep", plan: .goal(minutes: 30)), to: &state, at: at("2026-11-23 10:00"))
        var early = state, late = state
        _ = try apply(EndSession(profile: "sleep"), to: &early, at: at("2026-11-23 10:29"))
        _ = try apply(EndSession(profile: "sleep"), to: &late, at: at("2026-11-23 10:30"))
        #expect(early.sessions.first?.ending?.state == .gaveUp)
        #expect(late.sessions.first?.ending?.state == .completed)
    }

    @Test func end_isRefused_whenNothingIsOn() {
        let state = ThresholdState.make(profiles: [work])
        #expect(refusal(EndSession(profile: "work"), on: state, at: at("2026-11-23 18:00"))?.contains("not on") == true)
    }

    // MARK: Breaks

    @Test func breakInASpan_createsItsRecord_andLastsThePolicysMinutes() throws {
        var state = ThresholdState.make(profiles: [work])
        let events = try apply(TakeBreak(profile: "work"), to: &state, at: at("2026-11-23 10:00"))
        let session = try #require(state.sessions.first)
        #expect(session.breaks.first?.end == at("2026-11-23 10:05"))
        #expect(events.count == 2)
        #expect(!evaluate(state, at: at("2026-11-23 10:04"), calendar: ny).shields(app: AppToken("instagram")))
        #expect(evaluate(state, at: at("2026-11-23 10:05"), calendar: ny).shields(app: AppToken("instagram")))
    }

    @Test func breaks_areRefusedWithTheirReason() throws {
        let state = ThresholdState.make(profiles: [work, sleep])
        #expect(refusal(TakeBreak(profile: "sleep"), on: state, at: at("2026-11-23 10:00"))?.contains("allows no breaks") == true)
        #expect(refusal(TakeBreak(profile: "work"), on: state, at: at("2026-11-23 18:00"))?.contains("not on") == true)
        var onBreak = state
        _ = try apply(TakeBreak(profile: "work"), to: &onBreak, at: at("2026-11-23 10:00"))
        #expect(
            refusal(TakeBreak(profile: "work"), on: onBreak, at: at("2026-11-23 10:02"))?.contains("already on a break until 10:05") == true
        )
    }

    // MARK: Grants and intentions

    @Test func issueGrant_validatesItsLength_andOrigin() throws {
        let state = ThresholdState.make(gates: [.make("selah")], intentions: [.make("ig", app: "instagram")])
        #expect(refusal(IssueGrant(minutes: 0, origin: .ritual(.prayer)), on: state, at: at("2026-11-23 10:00")) != nil)
        #expect(refusal(IssueGrant(minutes: 721, origin: .ritual(.prayer)), on: state, at: at("2026-11-23 10:00")) != nil)
        #expect(
            refusal(IssueGrant(scope: .app("instagram"), minutes: 5, origin: .intentionOpen("ig")), on: state, at: at("2026-11-23 10:00"))?
                .contains("intentionOpenNotCounted") == true)
        var granted = state
        let events = try apply(IssueGrant(minutes: 10, origin: .ritual(.prayer)), to: &granted, at: at("2026-11-23 10:00"))
        #expect(granted.grants.first?.end == at("2026-11-23 10:10"))
        #expect(events == [.grantIssued(granted.grants[0])])
    }

    @Test func openIntention_countsOpens_andPastTheLimitNeedsConfirmation() throws {
        var state = ThresholdState.make(intentions: [.make("ig", app: "instagram", opens: 1, minutes: 5)])
        _ = try apply(OpenIntention(intention: "ig"), to: &state, at: at("2026-11-23 10:00"))
        #expect(
            refusal(OpenIntention(intention: "ig"), on: state, at: at("2026-11-23 10:02"))?.contains("already open until 10:05") == true)
        #expect(refusal(OpenIntention(intention: "ig"), on: state, at: at("2026-11-23 11:00"))?.contains("used all 1 open today") == true)
        _ = try apply(OpenIntention(intention: "ig", confirmedBeyondLimit: true), to: &state, at: at("2026-11-23 11:00"))
        #expect(state.grants.count == 2)
        // A new day, a new allowance.
        _ = try apply(OpenIntention(intention: "ig"), to: &state, at: at("2026-11-24 09:00"))
        #expect(state.grants.count == 3)
    }

    @Test func pruning_dropsOnlyWhatFinishedLongAgo() {
        let state = ThresholdState.make(
            profiles: [sleep], gates: [.make("selah")],
            sessions: [
                .make("old", profile: "sleep", start: at("2026-11-01 10:00"), plan: .until(at("2026-11-01 11:00"))),
                .make("new", profile: "sleep", start: at("2026-11-22 10:00")),
            ],
            grants: [.make("old", from: at("2026-11-01 10:00"), minutes: 10), .make("new", from: at("2026-11-23 09:00"), minutes: 10)])
        let pruned = state.pruned(at: at("2026-11-23 10:00"))
        #expect(pruned.sessions.map(\.id) == ["new"])
        #expect(pruned.grants.map(\.id) == ["new"])
    }
}
