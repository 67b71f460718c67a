import Foundation
import PropertyBased
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
        .make(
            profiles: (0..<profiles).map { Profile.make(ProfileID("p\($0)"), path: .key, selection: .apps("p\($0)")) },
            gates: (0..<gates).map { Gate.make(GateID("g\($0)"), selection: .apps("g\($0)")) },
            intentions: (0..<intentions).map { Intention.make(IntentionID("i\($0)"), app: "i\($0)") })
    }

    @Test func the201stProfileGateOrIntention_isRefused_andEditingOrDeletingStillWorks() throws {
        let full = state(profiles: 100, gates: 50, intentions: 50)
        let reason =
            "Threshold keeps at most 200 profiles, gates and intentions together, so that its monitor always fits in the memory iOS gives it; you have 200. Delete one you no longer use to add another."
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
        #expect(
            rig.refusal(SaveGate(.make("g", selection: .apps("one", "two"))), on: state, at: now)
                == "Threshold's profiles and gates select at most 2,500 apps, categories and websites together, so that its monitor always fits in the memory iOS gives it; this would make 2,501. Choose a category instead of many single apps, or remove some."
        )

        let schedules = (0..<200).map { Schedule.on([.monday], "09:00", "10:00", id: ScheduleID("s\($0)")) }
        let scheduled = ThresholdState.make(profiles: [
            .make("a", path: .key, selection: .apps("a"), schedules: Array(schedules.prefix(100))),
            .make("b", path: .key, selection: .apps("b"), schedules: Array(schedules.suffix(100))),
        ])
        #expect(
            rig.refusal(
                SaveProfile(.make("c", path: .key, selection: .apps("c"), schedules: [.on([.friday], "09:00", "10:00")])), on: scheduled,
                at: now)
                == "Threshold keeps at most 200 schedules across all profiles, so that its monitor always fits in the memory iOS gives it; this would make 201. Remove a schedule you no longer use, or give one schedule more days."
        )
    }

    /// The heap figure of the largest accepted set-up is measured on the 1,600-rule workload
    /// (Benchmarks/README.md, issue 17): it must hold at least as much of every count as the
    /// budget allows, or the budget was raised without measuring again.
    @Test func theMeasuredWorkload_holdsMoreThanTheBudgetAcceptsInEveryCount() {
        let counts = SetupBudget.counts(ScaledUser.state(rules: 1_600), at: ScaledUser.now, calendar: ScaledUser.calendar)
        #expect(
            counts.rules >= SetupBudget.rules && counts.schedules >= SetupBudget.schedules
                && counts.selectedItems >= SetupBudget.selectedItems && counts.grants >= SetupBudget.grants, "\(counts)")
    }

    @Test func the301stUnlockSinceYesterday_isRefused_andYesterdaysLeaveTheCountAtMidnight() throws {
        // 300 unlocks of a minute each, from the start of yesterday (Sunday 00:00) on.
        let sunday = at("2026-11-22 00:00")
        let grants = (0..<300).map {
            Grant.make(GrantID("old\($0)"), from: sunday.adding(minutes: Double(2 * $0)), minutes: 1, origin: .ritual(.prayer))
        }
        var state = ThresholdState.make(intentions: [.make("ig", app: "instagram")], grants: grants)
        let reason =
            "Threshold has already let things through 300 times since yesterday, the most its monitor keeps; nothing was unlocked. Yesterday's unlocks leave the count at midnight."
        #expect(rig.refusal(IssueGrant(minutes: 5, origin: .ritual(.prayer)), on: state, at: now) == reason)
        #expect(rig.refusal(OpenIntention(intention: "ig"), on: state, at: now) == reason)
        // On Tuesday, Sunday's unlocks no longer count.
        try rig.apply(IssueGrant(minutes: 5, origin: .ritual(.prayer)), to: &state, at: at("2026-11-24 00:01"))
    }
}

/// No sequence of set-up commands and unlocks, from an empty set-up, gets past the budget.
@Suite struct SetupBudgetPropertyTests {
    enum Step: Sendable, CustomStringConvertible {
        case profile(Int, apps: Int, schedules: Int)
        case gate(Int, apps: Int)
        case intention(Int)
        case deleteProfile(Int), deleteGate(Int), deleteIntention(Int)
        case unlocks(Int)
        case open(Int)
        case wait(minutes: Int)

        var description: String {
            switch self {
            case .profile(let n, let apps, let schedules): "profile p\(n) apps=\(apps) schedules=\(schedules)"
            case .gate(let n, let apps): "gate g\(n) apps=\(apps)"
            case .intention(let n): "intention i\(n)"
            case .deleteProfile(let n): "delete p\(n)"
            case .deleteGate(let n): "delete g\(n)"
            case .deleteIntention(let n): "delete i\(n)"
            case .unlocks(let n): "\(n) unlocks"
            case .open(let n): "open i\(n)"
            case .wait(let minutes): "wait \(minutes) min"
            }
        }
    }

    static let steps = Generator(run: { rng -> [Step] in
        (0..<Int.random(in: 200...500, using: &rng)).map { _ in
            switch Int.random(in: 0..<20, using: &rng) {
            case 0..<6:
                .profile(
                    Int.random(in: 0..<130, using: &rng), apps: Int.random(in: 1...60, using: &rng),
                    schedules: Int.random(in: 0...6, using: &rng))
            case 6..<9: .gate(Int.random(in: 0..<60, using: &rng), apps: Int.random(in: 1...60, using: &rng))
            case 9..<12: .intention(Int.random(in: 0..<100, using: &rng))
            case 12: .deleteProfile(Int.random(in: 0..<130, using: &rng))
            case 13: .deleteGate(Int.random(in: 0..<60, using: &rng))
            case 14: .deleteIntention(Int.random(in: 0..<100, using: &rng))
            case 15, 16: .unlocks(Int.random(in: 1...60, using: &rng))
            case 17: .open(Int.random(in: 0..<100, using: &rng))
            default: .wait(minutes: Int.random(in: 1...240, using: &rng))
            }
        }
    })

    @Test func noSequenceOfSetUpCommands_getsPastTheBudget() async {
        await propertyCheck(count: 20, input: Self.steps) { steps in
            let rig = CommandRig()
            var state = ThresholdState.empty
            var now = at("2026-11-23 08:00")
            var reached = SetupBudget.Counts(rules: 0, schedules: 0, selectedItems: 0, grants: 0)
            for step in steps {
                switch step {
                case .profile(let n, let apps, let schedules):
                    let hours = (0..<schedules).map { Schedule.on([.monday], "\(10 + $0):00", "\(11 + $0):00", id: ScheduleID("s\($0)")) }
                    rig.attempt(
                        SaveProfile(
                            .make(
                                ProfileID("p\(n)"), path: .key, selection: .apps((0..<apps).map { "p\(n)-\($0)" }),
                                schedules: hours)), on: &state, at: now)
                case .gate(let n, let apps):
                    rig.attempt(SaveGate(.make(GateID("g\(n)"), selection: .apps((0..<apps).map { "g\(n)-\($0)" }))), on: &state, at: now)
                case .intention(let n):
                    rig.attempt(SaveIntention(.make(IntentionID("i\(n)"), app: "i\(n)", minutes: 1)), on: &state, at: now)
                case .deleteProfile(let n): rig.attempt(DeleteProfile(ProfileID("p\(n)")), on: &state, at: now)
                case .deleteGate(let n): rig.attempt(DeleteGate(GateID("g\(n)")), on: &state, at: now)
                case .deleteIntention(let n): rig.attempt(DeleteIntention(IntentionID("i\(n)")), on: &state, at: now)
                case .unlocks(let count):
                    for _ in 0..<count {
                        rig.attempt(IssueGrant(minutes: 1, origin: .ritual(.prayer)), on: &state, at: now)
                        now = now.adding(minutes: 1)
                    }
                case .open(let n):
                    rig.attempt(OpenIntention(intention: IntentionID("i\(n)"), confirmedBeyondLimit: true), on: &state, at: now)
                case .wait(let minutes): now = now.adding(minutes: Double(minutes))
                }
                let counts = SetupBudget.counts(state, at: now, calendar: rig.calendar)
                #expect(
                    counts.rules <= SetupBudget.rules && counts.schedules <= SetupBudget.schedules
                        && counts.selectedItems <= SetupBudget.selectedItems && counts.grants <= SetupBudget.grants,
                    "\(counts) after \(step)")
                reached = .init(
                    rules: max(reached.rules, counts.rules), schedules: max(reached.schedules, counts.schedules),
                    selectedItems: max(reached.selectedItems, counts.selectedItems), grants: max(reached.grants, counts.grants))
            }
            // The sequences reach the limits, so the property is not vacuous.
            #expect(reached.selectedItems > SetupBudget.selectedItems / 2 || reached.rules > SetupBudget.rules / 2, "\(reached)")
        }
    }
}
