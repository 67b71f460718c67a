import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// Runs commands the way the reconciler does and reads their refusals; shared by the session suites.
struct CommandRig {
    let calendar: Calendar
    let ids = IDGenerator.counting()

    init(_ zone: String = "America/New_York") { calendar = TestSupport.calendar(zone) }

    @discardableResult
    func apply(_ command: any Command, to state: inout ThresholdState, at instant: Date) throws -> [Event] {
        try command.apply(to: &state, at: instant, calendar: calendar, ids: ids)
    }

    /// Applies a command that may be refused (a refusal is an answer here, not a failure); any
    /// other error is an issue.
    func attempt(_ command: any Command, on state: inout ThresholdState, at instant: Date) {
        do {
            _ = try apply(command, to: &state, at: instant)
        } catch is ValidationError {
            return
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The message a command is refused with (checking the state is untouched), or `nil` when accepted.
    func refusal(_ command: any Command, on state: ThresholdState, at instant: Date) -> String? {
        var copy = state
        do {
            _ = try apply(command, to: &copy, at: instant)
            return nil
        } catch let error as ValidationError {
            #expect(copy == state, "a refused command changes nothing")
            return said(error.refusal)
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }
}

/// The ledger entries among events, as (account, amount).
func ledger(_ events: [Event]) -> [Account: Int] {
    events.reduce(into: [:]) { sums, event in
        if case .ledger(let entry) = event { sums[entry.account, default: 0] += entry.amount }
    }
}

func endings(_ events: [Event]) -> [EndState] {
    events.compactMap { if case .sessionEnded(_, let ending) = $0 { ending.state } else { nil } }
}

@Suite struct SessionLengthTests {
    let rig = CommandRig()
    let deep = Profile.make("deep", name: "Deep work", emoji: "🌿", path: .present)
    let start = at("2026-11-23 14:00")

    @Test(arguments: [(4, false), (5, true), (120, true), (121, false)])
    func manualGoal_runsFromFiveMinutesToTwoHours(minutes: Int, accepted: Bool) {
        let message = rig.refusal(StartSession(profile: "deep", plan: .goal(minutes: minutes)), on: .make(profiles: [deep]), at: start)
        #expect((message == nil) == accepted, "\(minutes) min: \(message ?? "accepted")")
    }

    @Test func goalsOutsideTheRange_sayWhatIsAllowed() {
        let state = ThresholdState.make(profiles: [deep])
        #expect(
            rig.refusal(StartSession(profile: "deep", plan: .goal(minutes: 3)), on: state, at: start)
                == "A session's goal is at least 5 minutes; 3 minutes is too short.")
        #expect(
            rig.refusal(StartSession(profile: "deep", plan: .goal(minutes: 150)), on: state, at: start)
                == "A session you start lasts at most 2 hours; for 2 hr, 30 min, schedule it instead (up to 12 hours).")
    }

    @Test func endTimes_mustBeAheadByFiveMinutesToTwelveHours() {
        let state = ThresholdState.make(profiles: [deep])
        #expect(
            rig.refusal(StartSession(profile: "deep", plan: .until(at("2026-11-23 13:00"))), on: state, at: start)
                == "That end time (1:00 PM) has passed; choose a later one.")
        #expect(
            rig.refusal(StartSession(profile: "deep", plan: .until(at("2026-11-23 14:04"))), on: state, at: start)
                == "A session lasts at least 5 minutes; 2:04 PM is only 4 min away.")
        #expect(
            rig.refusal(StartSession(profile: "deep", plan: .until(at("2026-11-24 02:01"))), on: state, at: start)
                == "A session lasts at most 12 hours; 2:01 AM is 12 hr, 1 min away.")
        #expect(rig.refusal(StartSession(profile: "deep", plan: .until(at("2026-11-24 02:00"))), on: state, at: start) == nil)
        #expect(rig.refusal(StartSession(profile: "deep", plan: .until(at("2026-11-23 14:05"))), on: state, at: start) == nil)
    }

    @Test(arguments: [("09:00", "09:19", false), ("09:00", "09:20", true), ("20:00", "08:00", true), ("20:00", "08:01", false)])
    func scheduledSessions_runTwentyMinutesToTwelveHours(start: String, end: String, accepted: Bool) {
        let schedule = Schedule.on(Weekday.weekdays, start, end)
        for path in [Pathway.present, .key] {
            let made = Result { try Profile(id: "p", name: "P", emoji: "🎯", path: path, selection: .apps("x"), schedules: [schedule]) }
            switch made {
            case .success: #expect(accepted, "\(path) \(start)–\(end) was accepted")
            case .failure(let error):
                #expect(!accepted, "\(path) \(start)–\(end): \(error)")
                let words = said((error as? ValidationError)?.refusal ?? .unexpected("\(error)"))
                #expect(words.contains("A scheduled session lasts 20 minutes to 12 hours"))
            }
        }
    }

    @Test func modes_mayRunAnyLength() throws {
        let short = Schedule.on(Weekday.weekdays, "09:00", "09:10")
        let long = Schedule.on(Weekday.weekdays, "06:00", "23:00", id: "long")
        _ = try Profile(id: "m", name: "Mode", emoji: "💼", path: .earnedAccess, selection: .apps("x"), schedules: [short, long])
    }
}

@Suite struct EndStateTests {
    let rig = CommandRig()
    let deep = Profile.make("deep", name: "Deep work", emoji: "🌿", path: .present)
    let start = at("2026-11-23 14:00")

    func started(_ plan: SessionPlan, profile: Profile? = nil) throws -> ThresholdState {
        var state = ThresholdState.make(profiles: [profile ?? deep])
        try rig.apply(StartSession(profile: (profile ?? deep).id, plan: plan), to: &state, at: start)
        return state
    }

    @Test func endingWithinTenSeconds_cancels_withoutPenaltyOrReward() throws {
        var state = try started(.goal(minutes: 30))
        let events = try rig.apply(EndSession(profile: "deep"), to: &state, at: start.adding(seconds: 9))
        #expect(endings(events) == [.canceled])
        #expect(ledger(events).isEmpty)
    }

    @Test func endingAtTenSeconds_isGivingUp() throws {
        var state = try started(.goal(minutes: 30))
        #expect(endings(try rig.apply(EndSession(profile: "deep"), to: &state, at: start.adding(seconds: 10))) == [.gaveUp])
    }

    @Test func endingBeforeTheGoal_givesUp_keepingHalfTheCreditsAndNoXP() throws {
        var state = try started(.goal(minutes: 45))
        let events = try rig.apply(EndSession(profile: "deep"), to: &state, at: start.adding(minutes: 21.5))
        #expect(endings(events) == [.gaveUp])
        #expect(ledger(events) == [.credits: 10])
    }

    @Test func endingAtOrAfterTheGoal_completes_withXPCoinsAndCredits() throws {
        var state = try started(.goal(minutes: 45))
        let events = try rig.apply(EndSession(profile: "deep"), to: &state, at: start.adding(minutes: 60))
        #expect(endings(events) == [.completed])
        #expect(ledger(events) == [.xp: 8, .coins: 8, .credits: 60])
        let memo = events.compactMap { if case .ledger(let entry) = $0 { entry.memo } else { nil } }.first
        #expect(memo == "Completed 🌿 Deep work · 1 h focused")
    }

    @Test func anOpenEndedKeySession_completesWhenEnded_andEarnsByMinutesFocused() throws {
        let work = Profile.make("work", path: .key, breakPolicy: .fivePerHour)
        var state = try started(.openEnded, profile: work)
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: start.adding(minutes: 10))
        let events = try rig.apply(EndSession(profile: "work"), to: &state, at: start.adding(minutes: 50))
        #expect(endings(events) == [.completed])
        #expect(ledger(events) == [.xp: 8, .coins: 8, .credits: 45], "45 focused minutes, the break left out")
    }

    /// An open-ended session has no goal to miss: it completes once it has held five focused
    /// minutes (the shortest goal offered, and the least that earns XP); ended sooner (after the
    /// ten-second cancel) it is given up, as a five-minute goal would be.
    @Test func anOpenEndedSession_endedBeforeFiveFocusedMinutes_givesUp() throws {
        var state = try started(.openEnded)
        let events = try rig.apply(EndSession(profile: "deep"), to: &state, at: start.adding(minutes: 4))
        #expect(endings(events) == [.gaveUp])
        #expect(ledger(events) == [.credits: 2])
    }

    @Test func anOpenEndedSession_endedAtFiveFocusedMinutes_completesWithThreeXP() throws {
        var state = try started(.openEnded)
        let events = try rig.apply(EndSession(profile: "deep"), to: &state, at: start.adding(minutes: 5))
        #expect(endings(events) == [.completed])
        #expect(ledger(events) == [.xp: 3, .coins: 3, .credits: 5])
    }

    @Test func anOpenEndedSession_countsOnlyFocusedMinutes_towardItsFive() throws {
        let work = Profile.make("work", path: .key, breakPolicy: .fivePerHour)
        var state = try started(.openEnded, profile: work)
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: start.adding(minutes: 1))
        #expect(
            EndSession.endState(of: try #require(state.sessions.first), at: start.adding(minutes: 8)) == .gaveUp,
            "3 focused minutes and a 5-minute break")
        #expect(EndSession.endState(of: try #require(state.sessions.first), at: start.adding(minutes: 10)) == .completed)
    }
}

@Suite struct BeastModeTests {
    let rig = CommandRig()
    let beast = Profile.make("beast", name: "Beast", emoji: "🦁", path: .present, strictness: .locked)
    let start = at("2026-11-23 10:00")

    @Test func beastMode_refusesToGiveUp_sayingWhenItEnds() throws {
        var state = ThresholdState.make(profiles: [beast])
        try rig.apply(StartSession(profile: "beast", plan: .goal(minutes: 60)), to: &state, at: start)
        #expect(
            rig.refusal(EndSession(profile: "beast"), on: state, at: start.adding(minutes: 18))
                == "Beast Mode is on: 🦁 Beast cannot be given up. Its goal is at 11:00 AM, in 42 min; then you can end it, and the apps stay shielded until you do."
        )
        #expect(rig.refusal(EndSession(profile: "beast"), on: state, at: start.adding(seconds: 3)) != nil, "no cancel either")
        let events = try rig.apply(EndSession(profile: "beast"), to: &state, at: start.adding(minutes: 60))
        #expect(endings(events) == [.completed])
    }

    @Test func beastMode_needsAnEnd_toStart() {
        let state = ThresholdState.make(profiles: [beast])
        #expect(
            rig.refusal(StartSession(profile: "beast"), on: state, at: start)
                == "Beast Mode needs an end: give 🦁 Beast a goal or an end time, so it knows when to let go.")
    }

    @Test func aLockedScheduledSpan_cannotBeEndedEarly_butAStartJoinsIt() throws {
        let sleep = Profile.make(
            "sleep", name: "Sleep", emoji: "🌙", strictness: .locked, schedules: [.on(Weekday.everyDay, "23:00", "07:00")])
        var state = ThresholdState.make(profiles: [sleep])
        #expect(
            rig.refusal(EndSession(profile: "sleep"), on: state, at: at("2026-11-24 01:00"))?.contains("It ends at 7:00 AM, in 6 hr")
                == true)
        try rig.apply(StartSession(profile: "sleep", origin: .key), to: &state, at: at("2026-11-23 22:30"))
        #expect(state.sessions.first?.plan == .until(at("2026-11-24 07:00")))
    }
}

@Suite struct BreakQuotaTests {
    let rig = CommandRig()
    let start = at("2026-11-24 09:30")

    func running(_ policy: BreakPolicy, plan: SessionPlan = .openEnded) throws -> ThresholdState {
        var state = ThresholdState.make(profiles: [.make("work", name: "Work", emoji: "💼", breakPolicy: policy)])
        try rig.apply(StartSession(profile: "work", plan: plan), to: &state, at: start)
        return state
    }

    @Test func oneBreakAnHour_theNextAtTheNextHour() throws {
        var state = try running(.fivePerHour)
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: at("2026-11-24 10:00"))
        #expect(
            rig.refusal(TakeBreak(profile: "work"), on: state, at: at("2026-11-24 10:10"))
                == "You have taken your 1 break for this hour; the next is available at 10:30 AM (in 20 min).")
        #expect(rig.refusal(TakeBreak(profile: "work"), on: state, at: at("2026-11-24 10:30")) == nil)
    }

    @Test func breaksNotTaken_carryOver() throws {
        var state = try running(.fivePerHour)
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: at("2026-11-24 10:40"))
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: at("2026-11-24 10:50"))
        #expect(
            rig.refusal(TakeBreak(profile: "work"), on: state, at: at("2026-11-24 11:00"))?.contains("the next is available at 11:30")
                == true)
    }

    @Test func perSession_allowsItsCountInAll() throws {
        var state = try running(try BreakPolicy(count: 2, per: .perSession, minutes: 3))
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: at("2026-11-24 09:40"))
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: at("2026-11-24 09:50"))
        #expect(
            rig.refusal(TakeBreak(profile: "work"), on: state, at: at("2026-11-24 12:00"))
                == "You have taken all 2 breaks this session allows.")
    }

    @Test func whenTheSessionEndsBeforeTheNextHour_itSaysSo() throws {
        var state = try running(.fivePerHour, plan: .until(at("2026-11-24 10:15")))
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: at("2026-11-24 09:40"))
        #expect(
            rig.refusal(TakeBreak(profile: "work"), on: state, at: at("2026-11-24 09:50"))
                == "You have taken your 1 break for this hour; the session ends before the next hour begins.")
    }

    @Test func resume_endsTheBreakNow_andOnlyOnABreak() throws {
        var state = try running(.fivePerHour)
        #expect(rig.refusal(EndBreak(profile: "work"), on: state, at: at("2026-11-24 09:35")) == "You are not on a break from 💼 Work.")
        try rig.apply(TakeBreak(profile: "work"), to: &state, at: at("2026-11-24 09:40"))
        let events = try rig.apply(EndBreak(profile: "work"), to: &state, at: at("2026-11-24 09:42"))
        guard case .breakEnded(_, let pause)? = events.first else { Issue.record("no breakEnded event: \(events)"); return }
        #expect(pause.end == at("2026-11-24 09:42"))
        #expect(evaluate(state, at: at("2026-11-24 09:42"), calendar: rig.calendar).shields(app: AppToken("instagram")))
        #expect(
            rig.refusal(TakeBreak(profile: "work"), on: state, at: at("2026-11-24 09:50"))?.contains("10:30") == true,
            "a break ended early still counts")
    }
}
