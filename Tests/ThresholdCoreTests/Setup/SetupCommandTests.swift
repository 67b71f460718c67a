import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct SetupCommandTests {
    let rig = CommandRig()
    let now = at("2026-11-23 10:00")
    let beast = Profile.make("beast", name: "Beast", emoji: "🦁", path: .present, strictness: .locked)
    let work = Profile.make("work", name: "Work", emoji: "💼", path: .key, selection: .apps("slack"))

    @Test func savingAProfile_addsItOrReplacesTheOneWithItsID_keepingItsPlace() throws {
        var state = ThresholdState.make(profiles: [work, beast])
        try rig.apply(SaveProfile(.make("study", path: .key)), to: &state, at: now)
        #expect(state.profiles.map(\.id) == ["work", "beast", "study"])
        try rig.apply(SaveProfile(.make("work", name: "Deep work", selection: .apps("mail"))), to: &state, at: now)
        #expect(state.profiles.map(\.id) == ["work", "beast", "study"])
        #expect(state.profile("work")?.name == "Deep work")
    }

    @Test func aLockedProfile_cannotBeChangedOrDeleted_whileItsSessionRuns_andCanAfterItsGoal() throws {
        var state = ThresholdState.make(profiles: [beast])
        try rig.apply(StartSession(profile: "beast", plan: .goal(minutes: 30)), to: &state, at: now)
        let softer = Profile.make("beast", name: "Beast", emoji: "🦁", path: .present, strictness: .gentle)
        #expect(
            rig.refusal(SaveProfile(softer), on: state, at: now.adding(minutes: 10))
                == "Beast Mode is on: 🦁 Beast cannot be changed until it ends at 10:30 AM, in 20 min.")
        #expect(
            rig.refusal(DeleteProfile("beast"), on: state, at: now.adding(minutes: 10))
                == "Beast Mode is on: 🦁 Beast cannot be deleted until it ends at 10:30 AM, in 20 min.")
        // Past the goal (extra time) the rules let go, as EndSession does.
        #expect(rig.refusal(SaveProfile(softer), on: state, at: now.adding(minutes: 31)) == nil)
    }

    @Test func aLockedScheduledSpan_holdsItsProfile_untilTheSpanEnds() throws {
        let sleep = Profile.make(
            "sleep", name: "Sleep", emoji: "🌙", strictness: .locked,
            schedules: [.on(Weekday.everyDay, "23:00", "07:00")])
        let state = ThresholdState.make(profiles: [sleep])
        #expect(rig.refusal(DeleteProfile("sleep"), on: state, at: at("2026-11-24 02:00"))?.contains("until it ends at 7:00 AM") == true)
        #expect(rig.refusal(SaveProfile(sleep), on: state, at: at("2026-11-24 12:00")) == nil)
    }

    @Test func aGentleProfile_canBeEditedWhileOn_butNotDeletedUntilEnded() throws {
        var state = ThresholdState.make(profiles: [work])
        try rig.apply(StartSession(profile: "work"), to: &state, at: now)
        #expect(rig.refusal(SaveProfile(.make("work", name: "Focus", selection: .apps("slack"))), on: state, at: now) == nil)
        #expect(rig.refusal(DeleteProfile("work"), on: state, at: now) == "💼 Work is on now; end it before deleting it.")
        try rig.apply(EndSession(profile: "work"), to: &state, at: now.adding(minutes: 5))
        try rig.apply(DeleteProfile("work"), to: &state, at: now.adding(minutes: 6))
        #expect(state.profiles.isEmpty && state.sessions.isEmpty)
    }

    @Test func deletingWhatDoesNotExist_isRefusedByName() {
        let state = ThresholdState.make()
        #expect(rig.refusal(DeleteProfile("ghost"), on: state, at: now)?.contains("There is no such profile") == true)
        #expect(rig.refusal(DeleteGate("ghost"), on: state, at: now) == "There is no such gate.")
        #expect(rig.refusal(DeleteIntention("ghost"), on: state, at: now) == "There is no such intention.")
    }

    @Test func gatesAndIntentions_saveAndDelete_andADeletedIntentionTakesItsOpensWithIt() throws {
        var state = ThresholdState.make()
        try rig.apply(SaveGate(.make("selah")), to: &state, at: now)
        try rig.apply(SaveGate(.make("selah", name: "Pray", selection: .apps("tiktok"))), to: &state, at: now)
        #expect(state.gates.map(\.name) == ["Pray"])
        try rig.apply(SaveIntention(.make("ig", app: "instagram", opens: 2)), to: &state, at: now)
        try rig.apply(OpenIntention(intention: "ig"), to: &state, at: now)
        #expect(state.grants.count == 1)
        #expect(rig.refusal(SaveIntention(.make("ig2", app: "instagram")), on: state, at: now)?.contains("appTaken") == true)
        try rig.apply(DeleteIntention("ig"), to: &state, at: now)
        #expect(state.intentions.isEmpty && state.grants.isEmpty)
        try rig.apply(DeleteGate("selah"), to: &state, at: now)
        #expect(state.gates.isEmpty)
    }

    @Test func theTutorial_shieldsEveryApp_untilFinished_whichEarnsFiveXP() throws {
        var state = ThresholdState.make()
        try rig.apply(StartTutorial(), to: &state, at: now)
        #expect(evaluate(state, at: now, calendar: rig.calendar).rules.map(\.rule) == [.tutorial])
        #expect(rig.refusal(StartTutorial(), on: state, at: now) != nil)
        let events = try rig.apply(FinishTutorial(), to: &state, at: now.adding(minutes: 1))
        #expect(ledger(events) == [.xp: FinishTutorial.xp])
        #expect(evaluate(state, at: now, calendar: rig.calendar).rules.isEmpty)
        #expect(rig.refusal(FinishTutorial(), on: state, at: now) == "The tutorial is not on, so there is nothing to finish.")
    }

    /// Settings' "Show the tutorial again" runs the same shield, but its XP is earned once: a
    /// replay earns none, so the tutorial cannot be farmed for XP.
    @Test func aReplayedTutorial_shieldsTheSame_butEarnsNoXP() throws {
        var state = ThresholdState.make()
        try rig.apply(StartTutorial(), to: &state, at: now)
        #expect(evaluate(state, at: now, calendar: rig.calendar).rules.map(\.rule) == [.tutorial])
        let events = try rig.apply(FinishTutorial(earnsXP: false), to: &state, at: now.adding(minutes: 1))
        #expect(ledger(events).isEmpty)
        #expect(evaluate(state, at: now, calendar: rig.calendar).rules.isEmpty)
    }
}

@Suite struct ShieldCapacityTests {
    let now = at("2026-11-23 10:00")
    let calendar = TestSupport.calendar()

    func problem(_ selection: Selection, _ mode: ListMode = .blockList, alongside state: ThresholdState = .make()) -> String? {
        do {
            try ShieldCapacity.check(selection, listMode: mode, alongside: state, at: now, calendar: calendar)
            return nil
        } catch let error as ValidationError {
            return said(error.refusal)
        } catch {
            return "\(error)"
        }
    }

    @Test func anEmptyPick_isRefused() {
        #expect(problem(.empty) == "Choose at least one app, category or website to block.")
    }

    @Test func whatFitsInFiftyStoresOfFifty_isAccepted_andOneMoreIsNot() {
        let fits = Selection.apps((0..<2_500).map { "app\($0)" })
        #expect(problem(fits) == nil)
        let tooMany = Selection.apps((0..<2_501).map { "app\($0)" })
        #expect(problem(tooMany)?.hasPrefix("That is more than iOS can shield.") == true)
        #expect(problem(tooMany)?.contains("1 selected item cannot be shielded") == true)
    }

    @Test func anAllowList_keepsAtMostFiftyAppsOpen_andNoCategories() {
        #expect(problem(.apps((0..<51).map { "app\($0)" }), .allowList)?.contains("at most 50 apps") == true)
        #expect(problem(Selection(categories: [CategoryToken("games")]), .allowList)?.contains("cannot exempt a whole category") == true)
    }

    @Test func whatIsAlreadyShielded_countsToo() {
        let held = ThresholdState.make(gates: [.make("g", selection: .apps((0..<2_450).map { "held\($0)" }))])
        #expect(problem(.apps((0..<60).map { "new\($0)" }), alongside: held) != nil)
        #expect(problem(.apps((0..<40).map { "new\($0)" }), alongside: held) == nil)
    }
}
