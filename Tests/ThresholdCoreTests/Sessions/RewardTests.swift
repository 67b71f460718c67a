import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct XPTests {
    static let boundaries: [(minutes: Int, xp: Int)] = [
        (14, 3), (15, 3), (16, 5), (29, 5), (30, 5), (31, 8), (44, 8), (45, 8), (46, 10),
        (59, 10), (60, 10), (61, 15), (89, 15), (90, 15), (91, 25), (119, 25), (120, 25), (121, 25),
    ]

    @Test(arguments: boundaries)
    func everyTierBoundary_byGoal(minutes: Int, xp: Int) {
        #expect(XPTable.xp(forGoalMinutes: minutes) == xp)
    }

    /// The same boundaries through a real session: a goal completed earns its tier as XP and coins.
    @Test(arguments: boundaries.filter { SessionLimits.manualGoalMinutes.contains($0.minutes) })
    func everyTierBoundary_throughACompletedSession(minutes: Int, xp: Int) throws {
        let rig = CommandRig()
        let start = at("2026-11-23 08:00")
        var state = ThresholdState.make(profiles: [.make("deep", path: .present)])
        try rig.apply(StartSession(profile: "deep", plan: .goal(minutes: minutes)), to: &state, at: start)
        let events = try rig.apply(EndSession(profile: "deep"), to: &state, at: start.adding(minutes: Double(minutes)))
        #expect(ledger(events)[.xp] == xp)
        #expect(ledger(events)[.coins] == xp)
    }

    /// Without a goal, XP goes by whole minutes focused, and nothing under five.
    @Test(arguments: [(4, 0), (5, 3), (15, 3), (16, 5), (120, 25), (121, 25), (480, 25)])
    func withoutAGoal_byMinutesFocused(minutes: Int, xp: Int) {
        let start = at("2026-11-23 08:00")
        let session = Session.make("s", profile: "p", start: start)
        let reward = SessionReward(
            for: session, ending: .init(at: start.adding(minutes: Double(minutes) + 0.5), state: .completed), profile: nil)
        #expect(reward.xp == xp && reward.coins == xp)
    }
}

@Suite struct FocusBankTests {
    let rig = CommandRig()
    let start = at("2026-11-24 08:00")

    func reward(_ origin: SessionOrigin = .manual, breaks: [Break] = [], minutes: Double, _ state: EndState) -> SessionReward {
        let session = Session.make("s", profile: "p", origin: origin, start: start, breaks: breaks)
        return SessionReward(for: session, ending: .init(at: start.adding(minutes: minutes), state: state), profile: nil)
    }

    @Test func creditsAreFullMinutesFocused_halfWhenGivenUp_noneWhenCanceled() {
        #expect(reward(minutes: 45.9, .completed).credits == 45)
        #expect(reward(minutes: 45.9, .gaveUp).credits == 22)
        #expect(reward(minutes: 0.1, .canceled).credits == 0)
    }

    @Test func breaksDoNotEarn_norDoSchedulesOwnSpans_andASessionEarnsAtMostTwelveHours() {
        #expect(reward(breaks: [.make("b", from: start.adding(minutes: 10), minutes: 5)], minutes: 60, .completed).credits == 55)
        #expect(reward(.schedule, minutes: 480, .completed).credits == 0)
        #expect(reward(.key, minutes: 480, .completed).credits == 480)
        #expect(reward(.key, minutes: 24 * 60, .completed).credits == FocusBank.maximumPerSession)
    }

    // MARK: Spending

    let work = Profile.make(
        "work", name: "Work", path: .earnedAccess, selection: .apps("instagram", "tiktok"), unlockPolicy: .earnedAccess,
        schedules: [.on(Weekday.weekdays, "09:00", "17:00")])

    @Test func spending_costsAMinuteACredit_whenGentle_andTwiceThatWhenFirm() throws {
        for (strictness, price) in [(Strictness.gentle, 15), (.firm, 30)] {
            var state = ThresholdState.make(profiles: [
                .make(
                    "work", path: .earnedAccess, selection: .apps("instagram"), strictness: strictness,
                    unlockPolicy: .earnedAccess, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
            ])
            let events = try rig.apply(SpendCredits(minutes: 15, scope: .app("instagram")), to: &state, at: at("2026-11-24 10:00"))
            #expect(ledger(events) == [.credits: -price])
            #expect(!evaluate(state, at: at("2026-11-24 10:14"), calendar: rig.calendar).shields(app: AppToken("instagram")))
            #expect(evaluate(state, at: at("2026-11-24 10:15"), calendar: rig.calendar).shields(app: AppToken("instagram")))
        }
    }

    @Test func spending_isRefused_whenNothingInForceTakesCredits() {
        let locked = Profile.make(
            "work", path: .earnedAccess, strictness: .locked, unlockPolicy: .earnedAccess,
            schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
        let cases: [(ThresholdState, Date)] = [
            (.make(profiles: [work]), at("2026-11-24 20:00")),  // the mode is off
            (.make(profiles: [locked]), at("2026-11-24 10:00")),  // locked takes nothing
            (.make(gates: [.make("selah")]), at("2026-11-24 10:00")),  // prayer only
        ]
        for (state, instant) in cases {
            #expect(rig.refusal(SpendCredits(minutes: 5), on: state, at: instant) == "Nothing shielded now takes Focus Bank credits.")
        }
    }

    @Test func aShortBalance_saysHowMuchFocusPaysForIt() throws {
        let balances = try Balances().applying(LedgerEntry(account: .credits, amount: 12, memo: "earned"))
        #expect(throws: ValidationError("credits", .notEnoughCredits(cost: 15, have: 12))) {
            try balances.applying(LedgerEntry(account: .credits, amount: -15, memo: "spent"))
        }
    }
}

@Suite struct SettlementTests {
    let rig = CommandRig()

    @Test func aSessionPastItsEnd_isEndedCompletedAtThatEnd_once() throws {
        let start = at("2026-11-24 13:00")
        var state = ThresholdState.make(
            profiles: [.make("work")],
            sessions: [.make("s", profile: "work", start: start, plan: .until(at("2026-11-24 14:30")))])
        let events = try rig.apply(SettleSessions(since: nil), to: &state, at: at("2026-11-24 16:00"))
        #expect(events.first == .sessionEnded(id: "s", ending: .init(at: at("2026-11-24 14:30"), state: .completed)))
        #expect(ledger(events) == [.xp: 15, .coins: 15, .credits: 90])
        #expect(try rig.apply(SettleSessions(since: at("2026-11-24 16:00")), to: &state, at: at("2026-11-24 16:05")).isEmpty)
    }

    @Test func aScheduledSpanThatRanItsCourse_isRecorded_earningXPButNoCredits() throws {
        let sleep = Profile.make("sleep", name: "Sleep", emoji: "🌙", schedules: [.on(Weekday.everyDay, "23:00", "07:00")])
        let mode = Profile.make(
            "mode", path: .earnedAccess, unlockPolicy: .earnedAccess, schedules: [.on(Weekday.everyDay, "23:00", "07:00")])
        var state = ThresholdState.make(profiles: [sleep, mode])
        let events = try rig.apply(SettleSessions(since: at("2026-11-24 06:00")), to: &state, at: at("2026-11-24 07:00"))
        let record = try #require(state.sessions.first)
        #expect(state.sessions.count == 1, "a mode's spans are not sessions")
        #expect(record.origin == .schedule && record.occurrence?.day == day("2026-11-23"))
        #expect(record.ending == .init(at: at("2026-11-24 07:00"), state: .completed))
        #expect(ledger(events) == [.xp: 25, .coins: 25])
        #expect(try rig.apply(SettleSessions(since: at("2026-11-24 06:30")), to: &state, at: at("2026-11-24 07:01")).isEmpty)
        // A span ended early stays as it was.
        var early = ThresholdState.make(profiles: [sleep])
        try rig.apply(EndSession(profile: "sleep"), to: &early, at: at("2026-11-24 03:00"))
        #expect(try rig.apply(SettleSessions(since: at("2026-11-24 02:00")), to: &early, at: at("2026-11-24 08:00")).isEmpty)
    }

    @Test func withoutALastReconcile_noSpanIsInvented() throws {
        var state = ThresholdState.make(profiles: [.make("sleep", schedules: [.on(Weekday.everyDay, "23:00", "07:00")])])
        #expect(try rig.apply(SettleSessions(since: nil), to: &state, at: at("2026-11-24 08:00")).isEmpty)
    }

    @Test func afterALongGap_onlySpansFromYesterdayOn_areRecorded() throws {
        // Older spans could have been ended early by a record the store no longer loads: they are
        // left unrecorded rather than recorded twice.
        var state = ThresholdState.make(profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])])
        let events = try rig.apply(SettleSessions(since: at("2026-11-01 08:00")), to: &state, at: at("2026-11-24 08:00"))
        #expect(state.sessions.map(\.occurrence?.day) == [day("2026-11-23")])
        #expect(endings(events) == [.completed])
    }
}

@Suite struct PresetTests {
    @Test func presets_areValidKeyProfiles_withTheirAllowancesAndSchedules() throws {
        let pick = Selection.apps("instagram", "tiktok")
        let work = try ProfilePreset.work.profile(named: "Work", selection: pick)
        #expect(work.path == .key && work.breakPolicy == .fivePerHour && work.listMode == .blockList)
        #expect(work.schedules == [.on(Weekday.weekdays, "09:00", "17:00", id: "work-suggested")])
        let study = try ProfilePreset.study.profile(named: "Study", selection: pick, withSchedule: false)
        #expect(study.schedules.isEmpty && study.breakPolicy == .fivePerHour)
        let sleep = try ProfilePreset.sleep.profile(named: "Sleep", selection: .apps("phone", "calm"))
        #expect(sleep.breakPolicy == .none && sleep.listMode == .allowList)
        #expect(sleep.schedules.first?.start == time("23:00") && sleep.schedules.first?.end == time("07:00"))
        #expect(sleep.schedules.first?.weekdays == Weekday.everyDay)
    }

    @Test func sleep_allowsNoBreak() {
        let rig = CommandRig()
        let sleep = try! ProfilePreset.sleep.profile(named: "Sleep", selection: .apps("phone"))
        #expect(
            rig.refusal(TakeBreak(profile: "sleep"), on: .make(profiles: [sleep]), at: at("2026-11-24 01:00"))
                == "🌙 Sleep allows no breaks.")
    }
}
