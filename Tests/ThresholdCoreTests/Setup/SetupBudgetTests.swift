import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// Issue 17, item 3: no set-up the app accepts can outgrow the monitor's memory. Past the budget
/// (200 profiles, gates and intentions; 200 schedules; 2,500 selected items; 300 unlocks since
/// the start of yesterday) an addition is refused with a reason the person can act on.
@Suite struct SetupBudgetTests {
    let rig = CommandRig()
    let now = at("2026-11-23 10:00")

    /// `profiles` profiles, `gates` gates and `intentions` intentions, each with one app of its own.
    func state(profiles: Int = 0, gates: Int = 0, intentions: Int = 0) -> ThresholdState {
        .make(profiles: (0..<profiles).map { Profile.make(ProfileID("p\($0)"), path: .key, selection: .apps("p\($0)")) },
              gates: (0..<gates).map { Gate.make(GateID("g\($0)"), selection: .apps("g\($0)")) },
              intentions: (0..<intentions).map { Intention.make(IntentionID("i\($0)"), app: "i\($0)") })
    }

    @Test func the201stProfileGateOrIntention_isRefused_andEditingOrDeletingStillWorks() throws {
        let full = state(profiles: 100, gates: 50, intentions: 50)
        let reason = "Threshold keeps at most 200 profiles, gates and intentions together, so that its monitor always fits in the memory iOS gives it; you have 200. Delete one you no longer use to add another."
        #expect(rig.refusal(SaveProfile(.make("new", path: .key, selection: .apps("new"))), on: full, at: now) == reason)
        #expect(rig.refusal(SaveGate(.make("new", selection: .apps("new"))), on: full, at: now) == reason)
        #expect(rig.refusal(SaveIntention(.make("new", app: "new")), on: full, at: now) == reason)
        // What is already there can still be changed and deleted.
        #expect(rig.refusal(SaveProfile(.make("p0", name: "Renamed", path: .key, selection: .apps("p0"))), on: full, at: now) == nil)
        var state = full
        try rig.apply(DeleteGate("g0"), to: &state, at: now)
        #expect(rig.refusal(SaveIntention(.make("new", app: "new")), on: state, at: now) == nil)
        // One below the budget, the 200th is accepted.
        #expect(rig.refusal(SaveProfile(.make("new", path: .key, selection: .apps("new"))), on: state, at: now) == nil)
    }

    @Test func selectedItemsPast2500_andSchedulesPast200_areRefused() throws {
        let many = Selection(applications: Set((0..<2_499).map { AppToken("app\($0)") }))
        let state = ThresholdState.make(profiles: [.make("big", path: .key, selection: many)])
        #expect(rig.refusal(SaveGate(.make("g", selection: .apps("one"))), on: state, at: now) == nil)
        #expect(rig.refusal(SaveGate(.make("g", selection: .apps("one", "two"))), on: state, at: now)
                == "Threshold's profiles and gates select at most 2,500 apps, categories and websites together, so that its monitor always fits in the memory iOS gives it; this would make 2,501. Choose a category instead of many single apps, or remove some.")

        let schedules = (0..<200).map { Schedule.on([.monday], "09:00", "10:00", id: ScheduleID("s\($0)")) }
        let scheduled = ThresholdState.make(profiles: [.make("a", path: .key, selection: .apps("a"), schedules: Array(schedules.prefix(100))),
                                                       .make("b", path: .key, selection: .apps("b"), schedules: Array(schedules.suffix(100)))])
        #expect(rig.refusal(SaveProfile(.make("c", path: .key, selection: .apps("c"), schedules: [.on([.friday], "09:00", "10:00")])), on: scheduled, at: now)
                == "Threshold keeps at most 200 schedules across all profiles, so that its monitor always fits in the memory iOS gives it; this would make 201. Remove a schedule you no longer use, or give one schedule more days.")
    }

    @Test func the301stUnlockSinceYesterday_isRefused_andYesterdaysLeaveTheCountAtMidnight() throws {
        // 300 unlocks of a minute each, from the start of yesterday (Sunday 00:00) on.
        let sunday = at("2026-11-22 00:00")
        let grants = (0..<300).map { Grant.make(GrantID("old\($0)"), from: sunday.adding(minutes: Double(2 * $0)), minutes: 1, origin: .ritual(.prayer)) }
        var state = ThresholdState.make(intentions: [.make("ig", app: "instagram")], grants: grants)
        let reason = "Threshold has already let things through 300 times since yesterday, the most its monitor keeps; nothing was unlocked. Yesterday's unlocks leave the count at midnight."
        #expect(rig.refusal(IssueGrant(minutes: 5, origin: .ritual(.prayer)), on: state, at: now) == reason)
        #expect(rig.refusal(OpenIntention(intention: "ig"), on: state, at: now) == reason)
        // On Tuesday, Sunday's unlocks no longer count.
        try rig.apply(IssueGrant(minutes: 5, origin: .ritual(.prayer)), to: &state, at: at("2026-11-24 00:01"))
    }
}
