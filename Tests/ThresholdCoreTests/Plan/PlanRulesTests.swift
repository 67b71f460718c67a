import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// Runs commands as the store does: the plan's permit, the command, then the plan's admit.
struct PlanRig {
    let calendar = TestSupport.calendar()
    let ids = IDGenerator.counting()

    func run(_ command: any Command, _ state: inout ThresholdState, _ plan: inout PlanRecord, at now: Date) throws {
        try PlanRules.permit(command, in: state, plan: plan)
        var after = state
        _ = try command.apply(to: &after, at: now, calendar: calendar, ids: ids)
        state = try PlanRules.admit(after, from: state, plan: &plan)
    }

    func refusal(_ command: any Command, _ state: ThresholdState, _ plan: PlanRecord, at now: Date) -> ValidationError? {
        var state = state, plan = plan
        do { try run(command, &state, &plan, at: now); return nil } catch let error as ValidationError { return error } catch {
            Issue.record("unexpected \(error)"); return nil
        }
    }

    func change(to status: PlanStatus, _ state: inout ThresholdState, _ plan: inout PlanRecord, at now: Date) throws {
        try PlanRules.change(to: status, state: &state, plan: &plan, at: now, calendar: calendar, ids: ids)
    }
}

@Suite struct PlanRulesTests {
    let rig = PlanRig()
    let now = at("2026-11-23 10:00")  // a Monday
    let pro = PlanRecord(status: .pro(until: at("2026-12-23 10:00")))
    let beast = Profile.make("beast", name: "Beast", emoji: "🦁", path: .present, strictness: .locked)
    // Present's sessions: Free's one scheduled session is theirs (seed 001 §4).
    let work = Profile.make("work", name: "Work", emoji: "💼", path: .present, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
    let sleep = Profile.make("sleep", name: "Sleep", emoji: "🌙", path: .present, schedules: [.on(Weekday.everyDay, "22:00", "07:00")])
    let gym = Profile.make("gym", name: "Gym", emoji: "🏃", path: .present, schedules: [.on([.saturday], "08:00", "10:00")])

    func scheduled(_ state: ThresholdState) -> [String] { PlanRules.schedules(in: state).map(\.description) }

    // MARK: Free and Pro

    @Test func beastMode_isRefusedOnFree_withAReasonNamingWhatProAdds_andAllowedOnEveryProStatus() throws {
        var state = ThresholdState.empty, plan = PlanRecord.free
        let refusal = try #require(rig.refusal(SaveProfile(beast), state, plan, at: now))
        #expect(ProFeature.isProRefusal(refusal))
        #expect(refusal.refusal == .needsPro(.beastMode))
        for status: PlanStatus in [
            .trial(until: now.adding(minutes: 60)), .pro(until: now.adding(minutes: 60)), .billingGrace(until: now.adding(minutes: 60)),
        ] {
            #expect(rig.refusal(SaveProfile(beast), state, PlanRecord(status: status), at: now) == nil)
        }
        #expect(rig.refusal(SaveProfile(beast), state, PlanRecord(status: .lapsed(since: now)), at: now) != nil)
        // Gentle and Firm are free.
        try rig.run(SaveProfile(.make("firm", path: .present, strictness: .firm)), &state, &plan, at: now)
        #expect(state.profile("firm") != nil)
    }

    @Test func startingABeastModeProfile_isRefusedOnFree_andEditingItToGentleIsNot() throws {
        let state = ThresholdState.make(profiles: [beast])
        let free = PlanRecord.free
        #expect(
            rig.refusal(StartSession(profile: "beast", plan: .goal(minutes: 30)), state, free, at: now)?.subject
                == ProFeature.refusalSubject)
        #expect(rig.refusal(StartSession(profile: "beast", plan: .goal(minutes: 30)), state, pro, at: now) == nil)
        // Nothing locks a person in: a Beast profile kept from Pro can be made Gentle, renamed or deleted.
        #expect(rig.refusal(SaveProfile(.make("beast", name: "Calm", path: .present, strictness: .gentle)), state, free, at: now) == nil)
        #expect(rig.refusal(SaveProfile(beast), state, free, at: now) == nil)
        #expect(rig.refusal(DeleteProfile("beast"), state, free, at: now) == nil)
    }

    @Test func theStreakFreeze_isProOnly() throws {
        let state = ThresholdState.make(intentions: [.make("ig", app: "instagram")])
        #expect(rig.refusal(UseStreakFreeze(), state, .free, at: now)?.refusal == .needsPro(.streakFreeze))
        #expect(rig.refusal(UseStreakFreeze(), state, pro, at: now) == nil)
    }

    @Test func everythingElseStaysFree() throws {
        var state = ThresholdState.empty, plan = PlanRecord.free
        let intention = Intention.make("ig", app: "instagram")
        try rig.run(SaveIntention(intention), &state, &plan, at: now)
        try rig.run(SaveGate(.make("selah")), &state, &plan, at: now)
        try rig.run(SaveProfile(.make("focus", path: .present, strictness: .firm)), &state, &plan, at: now)
        try rig.run(StartSession(profile: "focus", plan: .goal(minutes: 30)), &state, &plan, at: now)
        try rig.run(OpenIntention(intention: "ig"), &state, &plan, at: now)
        #expect(state.sessions.count == 1 && state.grants.count == 1 && state.gates.count == 1)
    }

    /// Issue 35 item 9: a Key profile's schedule and an Earned Access mode's hours are their paths'
    /// own; on Free they all run beside Present's one scheduled session.
    @Test func onFree_keysAndModesSchedules_neverUseUpPresentsOne() throws {
        var state = ThresholdState.empty, plan = PlanRecord.free
        let desk = Profile.make("desk", path: .key, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
        let night = Profile.make("night", path: .key, schedules: [.on(Weekday.everyDay, "22:00", "07:00")])
        let mode = Profile.make(
            "mode", path: .earnedAccess, unlockPolicy: .earnedAccess, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
        for profile in [work, desk, night, mode] { try rig.run(SaveProfile(profile), &state, &plan, at: now) }
        #expect(scheduled(state) == ["work/main", "desk/main", "night/main", "mode/main"] && plan.paused.isEmpty && plan.notice.isEmpty)
        try rig.run(SaveProfile(sleep), &state, &plan, at: now)
        #expect(plan.paused.map(\.ref.description) == ["sleep/main"], "a second of Present's is still saved paused")
    }

    /// A Key schedule paused before Free counted only Present's comes back with the next change.
    @Test func aKeySchedulePausedBefore_comesBack() throws {
        let night = Profile.make("night", path: .key, schedules: [.on(Weekday.everyDay, "22:00", "07:00")])
        var state = try ThresholdState.empty.with(profiles: [try night.with(schedules: [])]), plan = PlanRecord.free
        plan.paused = [PausedSchedule(profileID: "night", schedule: night.schedules[0], position: 0)]
        try rig.run(SaveProfile(work), &state, &plan, at: now)
        #expect(scheduled(state) == ["night/main", "work/main"] && plan.paused.isEmpty)
    }

    @Test func onFree_oneScheduleRuns_andAPresetPastItIsSavedWithItsSchedulePaused() throws {
        var state = ThresholdState.empty, plan = PlanRecord.free
        try rig.run(SaveProfile(work), &state, &plan, at: now)
        #expect(scheduled(state) == ["work/main"] && plan.paused.isEmpty && plan.notice.isEmpty)
        try rig.run(SaveProfile(sleep), &state, &plan, at: now)
        #expect(scheduled(state) == ["work/main"])
        #expect(state.profile("sleep") != nil, "the profile is created")
        #expect(plan.paused.map(\.ref.description) == ["sleep/main"])
        #expect(
            plan.notice == [
                .savedPaused([
                    ScheduleName(
                        profile: ProfileTitle(emoji: "🌙", name: "Sleep"), start: try LocalTime(hour: 22), end: try LocalTime(hour: 7))
                ])
            ])
        // On Pro both run.
        var proState = ThresholdState.empty, proPlan = pro
        try rig.run(SaveProfile(work), &proState, &proPlan, at: now)
        try rig.run(SaveProfile(sleep), &proState, &proPlan, at: now)
        #expect(scheduled(proState) == ["work/main", "sleep/main"] && proPlan.paused.isEmpty)
    }

    @Test func aPausedSchedule_doesNotShield() throws {
        var state = ThresholdState.empty, plan = PlanRecord.free
        try rig.run(SaveProfile(work), &state, &plan, at: now)
        try rig.run(SaveProfile(sleep), &state, &plan, at: now)
        let night = at("2026-11-23 23:00")
        #expect(!evaluate(state, at: night, calendar: rig.calendar).shields(app: AppToken("instagram")))
        #expect(evaluate(state, at: at("2026-11-24 10:00"), calendar: rig.calendar).shields(app: AppToken("instagram")))
    }

    // MARK: Paused by the person

    func setSchedules(_ profile: ProfileID, paused: Bool, _ state: inout ThresholdState, _ plan: inout PlanRecord, at instant: Date) throws
    {
        try PlanRules.setSchedules(
            of: profile, paused: paused, state: &state, plan: &plan, at: instant, calendar: rig.calendar, ids: rig.ids)
    }

    /// Seed 004: a preset switched off keeps its schedule and starts nothing; back on, it is where
    /// it was and runs again.
    @Test func aScheduleThePersonPauses_isKept_startsNothing_andComesBackInPlace() throws {
        let night = Profile.make("night", path: .key, schedules: [.on(Weekday.everyDay, "22:00", "07:00")])
        var state = ThresholdState.make(profiles: [night]), plan = PlanRecord.free
        try setSchedules("night", paused: true, &state, &plan, at: now)
        #expect(scheduled(state).isEmpty && plan.paused.map(\.byPerson) == [true] && plan.notice.isEmpty)
        #expect(!evaluate(state, at: at("2026-11-23 23:00"), calendar: rig.calendar).shields(app: AppToken("instagram")))
        try setSchedules("night", paused: false, &state, &plan, at: now)
        #expect(state == ThresholdState.make(profiles: [night]) && plan.paused.isEmpty)
        #expect(evaluate(state, at: at("2026-11-23 23:00"), calendar: rig.calendar).shields(app: AppToken("instagram")))
    }

    /// Pausing never lifts what is on: the span in force runs to its end.
    @Test func pausingDuringASpan_letsItRunToItsEnd() throws {
        let night = Profile.make("night", path: .key, schedules: [.on(Weekday.everyDay, "22:00", "07:00")])
        var state = ThresholdState.make(profiles: [night]), plan = PlanRecord.free
        try setSchedules("night", paused: true, &state, &plan, at: at("2026-11-23 23:00"))
        #expect(evaluate(state, at: at("2026-11-24 06:59"), calendar: rig.calendar).shields(app: AppToken("instagram")))
        #expect(!evaluate(state, at: at("2026-11-24 22:30"), calendar: rig.calendar).shields(app: AppToken("instagram")))
    }

    /// Neither pause resumes the other's: Pro, a change and Free's choice leave the person's
    /// paused, and the person's resume stays within Free's one.
    @Test func thePersonsPause_andThePlans_areEachTheirOwn() throws {
        var state = ThresholdState.make(profiles: [work, sleep]), plan = pro
        try setSchedules("sleep", paused: true, &state, &plan, at: now)
        try rig.change(to: .lapsed(since: now), &state, &plan, at: now)
        #expect(
            scheduled(state) == ["work/main"] && plan.notice == [.proEnded], "only one of Present's was on: nothing for the lapse to pause")
        #expect(throws: ValidationError.self, "Free's choice is among the plan's paused only") {
            try PlanRules.keep(
                ScheduleRef(profileID: "sleep", scheduleID: "main"), state: &state, plan: &plan, at: now, calendar: rig.calendar,
                ids: rig.ids)
        }
        try rig.run(SaveProfile(gym), &state, &plan, at: now)
        try rig.change(to: .pro(until: now.adding(minutes: 60 * 24 * 30)), &state, &plan, at: now)
        #expect(
            scheduled(state) == ["work/main", "gym/main"] && plan.paused.map(\.ref.description) == ["sleep/main"],
            "Pro resumes the plan's pause, not the person's")
        try rig.change(to: .lapsed(since: now), &state, &plan, at: now)
        try setSchedules("sleep", paused: false, &state, &plan, at: now)
        #expect(
            scheduled(state) == ["work/main"] && plan.paused.map(\.byPerson) == [false, false],
            "on Free a resumed second of Present's is saved paused by the plan")
        #expect(plan.notice.contains { if case .savedPaused = $0 { true } else { false } })
    }

    // MARK: Lapse

    @Test func aLapse_pausesTheSchedulesPastFreesOne_withANotice_andARenewalResumesThem_inPlace() throws {
        var state = ThresholdState.make(profiles: [work, sleep, gym]), plan = pro
        let before = state
        try rig.change(to: .lapsed(since: now), &state, &plan, at: now)
        #expect(scheduled(state) == ["work/main"])
        #expect(plan.paused.map(\.ref.description) == ["sleep/main", "gym/main"])
        #expect(state.profiles.map(\.id) == ["work", "sleep", "gym"], "nothing is deleted")
        guard case .proEndedPaused(let kept, let paused)? = plan.notice.first else { Issue.record("no notice: \(plan.notice)"); return }
        #expect(kept.map(\.profile.name) == ["Work"] && paused.map(\.profile.name) == ["Sleep", "Gym"])
        let (nine, five) = (try LocalTime(hour: 9), try LocalTime(hour: 17))
        #expect(kept.first?.start == nine && kept.first?.end == five)
        try rig.change(to: .pro(until: now.adding(minutes: 60 * 24 * 30)), &state, &plan, at: now.adding(minutes: 60))
        #expect(state == before)
        #expect(plan.paused.isEmpty && plan.notice.isEmpty)
    }

    @Test func aLapse_neverEndsARunningBeastModeSession() throws {
        var state = ThresholdState.make(profiles: [beast]), plan = pro
        try rig.run(StartSession(profile: "beast", plan: .goal(minutes: 60)), &state, &plan, at: now)
        try rig.change(to: .lapsed(since: now.adding(minutes: 10)), &state, &plan, at: now.adding(minutes: 10))
        #expect(evaluate(state, at: now.adding(minutes: 59), calendar: rig.calendar).shields(app: AppToken("instagram")))
        var ended = state
        #expect(throws: ValidationError.self) {
            _ = try EndSession(profile: "beast").apply(to: &ended, at: now.adding(minutes: 20), calendar: rig.calendar, ids: rig.ids)
        }
        // A new one is refused with its reason.
        try rig.run(EndSession(profile: "beast"), &state, &plan, at: now.adding(minutes: 61))
        #expect(rig.refusal(StartSession(profile: "beast"), state, plan, at: now.adding(minutes: 62))?.subject == ProFeature.refusalSubject)
    }

    @Test func aLapse_whileAPausedSchedulesSpanRuns_letsThatSpanRunToItsEnd() throws {
        let night = at("2026-11-23 23:00")
        var state = ThresholdState.make(profiles: [work, sleep]), plan = pro
        try rig.change(to: .lapsed(since: night), &state, &plan, at: night)
        #expect(scheduled(state) == ["work/main"])
        #expect(evaluate(state, at: at("2026-11-24 06:59"), calendar: rig.calendar).shields(app: AppToken("instagram")))
        #expect(!evaluate(state, at: at("2026-11-24 07:00"), calendar: rig.calendar).shields(app: AppToken("instagram")))
        #expect(!evaluate(state, at: at("2026-11-24 23:00"), calendar: rig.calendar).shields(app: AppToken("instagram")))
    }

    @Test func onFree_thePersonChoosesWhichScheduleStaysOn() throws {
        var state = ThresholdState.make(profiles: [work, sleep, gym]), plan = pro
        try rig.change(to: .lapsed(since: now), &state, &plan, at: now)
        try PlanRules.keep(
            ScheduleRef(profileID: "gym", scheduleID: "main"), state: &state, plan: &plan, at: now, calendar: rig.calendar, ids: rig.ids)
        #expect(scheduled(state) == ["gym/main"])
        #expect(Set(plan.paused.map(\.ref.description)) == ["work/main", "sleep/main"])
        #expect(plan.notice.isEmpty)
        // The span of Work in force at 10:00 keeps going to 17:00.
        #expect(evaluate(state, at: at("2026-11-23 16:59"), calendar: rig.calendar).shields(app: AppToken("instagram")))
        #expect(throws: ValidationError.self) {
            try PlanRules.keep(
                ScheduleRef(profileID: "nope", scheduleID: "main"), state: &state, plan: &plan, at: now, calendar: rig.calendar,
                ids: rig.ids)
        }
        try rig.change(to: .trial(until: now.adding(minutes: 60 * 24 * 7)), &state, &plan, at: now)
        #expect(Set(scheduled(state)) == ["work/main", "sleep/main", "gym/main"])
    }

    @Test func freeToFree_andProToPro_changeNothingButTheStatus() throws {
        var state = ThresholdState.make(profiles: [work, sleep]), plan = PlanRecord.free
        try rig.change(to: .free, &state, &plan, at: now)
        #expect(scheduled(state) == ["work/main", "sleep/main"] && plan.notice.isEmpty)
        plan = pro
        try rig.change(to: .billingGrace(until: now.adding(minutes: 60)), &state, &plan, at: now)
        #expect(scheduled(state) == ["work/main", "sleep/main"] && plan.status.includesPro)
    }

    @Test func planRecord_decodesWithDefaults_andRoundTrips() throws {
        let empty = try JSONDecoder().decode(PlanRecord.self, from: Data("{}".utf8))
        #expect(empty == .free)
        let record = PlanRecord(
            status: .trial(until: now), paused: [PausedSchedule(profileID: "sleep", schedule: sleep.schedules[0], position: 0)],
            notice: [.relayed("n")])
        #expect(try JSONDecoder().decode(PlanRecord.self, from: JSONEncoder().encode(record)) == record)
        let stored = try JSONDecoder().decode(StoredState.self, from: Data("{}".utf8))
        #expect(stored.plan == .free, "an install from before Pro reads as Free")
    }

    // MARK: Properties

    static let histories = Generator(run: { rng -> [Int] in
        (0..<Int.random(in: 1...12, using: &rng)).map { _ in Int.random(in: 0..<6, using: &rng) }
    })

    /// Whatever the plan does (trials, renewals, lapses, swaps), no schedule is ever lost, Free never
    /// runs more than one it paused, a running session is never ended, and Pro runs them all again.
    @Test func planChanges_neverLoseASchedule_neverEndARunningSession_andProRestoresAll() async {
        let rig = self.rig, work = self.work, sleep = self.sleep, gym = self.gym, beast = self.beast, now = self.now
        await propertyCheck(count: 200, input: Self.histories) { steps in
            do {
                var state = ThresholdState.make(profiles: [work, sleep, gym, beast]),
                    plan = PlanRecord(status: .pro(until: now.adding(minutes: 600)))
                try rig.run(StartSession(profile: "beast", plan: .goal(minutes: 120)), &state, &plan, at: now)
                let everything = Set(PlanRules.schedules(in: state))
                for (index, step) in steps.enumerated() {
                    let instant = now.adding(minutes: Double(index * 10))
                    switch step {
                    case 0, 1: try rig.change(to: .lapsed(since: instant), &state, &plan, at: instant)
                    case 2: try rig.change(to: .pro(until: instant.adding(minutes: 600)), &state, &plan, at: instant)
                    case 3: try rig.change(to: .free, &state, &plan, at: instant)
                    case 4:
                        if let ref = plan.paused.randomElement() {
                            try PlanRules.keep(ref.ref, state: &state, plan: &plan, at: instant, calendar: rig.calendar, ids: rig.ids)
                        }
                    default: try rig.change(to: .billingGrace(until: instant.adding(minutes: 60)), &state, &plan, at: instant)
                    }
                    let active = PlanRules.schedules(in: state)
                    #expect(Set(active).union(plan.paused.map(\.ref)) == everything, "\(steps)")
                    #expect(Set(active).isDisjoint(with: plan.paused.map(\.ref)))
                    if !plan.status.includesPro, !plan.paused.isEmpty { #expect(active.count <= PlanRules.freeSchedules) }
                    if plan.status.includesPro { #expect(plan.paused.isEmpty) }
                    #expect(state.sessions.contains { $0.profileID == "beast" && $0.isRunning(at: instant) }, "\(steps)")
                }
            } catch {
                Issue.record("a plan change threw: \(error)")
            }
        }
    }
}
