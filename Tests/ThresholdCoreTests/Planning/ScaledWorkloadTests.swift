import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// The benchmarks' workload (`ScaledUser`), the naive plan they compare against, and the
/// engine entry the `nextChange` benchmark times.
@Suite struct ScaledWorkloadTests {
    @Test func theScaledUser_hasExactlyTheRulesAsked_inTheDocumentedMix() {
        for rules in [0, 1, 7, 10, 100, 1_000] {
            let census = ScaledUser.census(ScaledUser.state(rules: rules))
            #expect(census.profiles + census.gates + census.intentions + census.grants == rules)
        }
        let block = ScaledUser.census(ScaledUser.state(rules: 100))
        #expect(
            block.profiles == 40 && block.schedules == 40 && block.gates == 20 && block.intentions == 20 && block.grants == 20, "\(block)")
        #expect(ScaledUser.state(rules: 100).sessions.count == 10)
        #expect(ScaledUser.state(rules: 37) == ScaledUser.state(rules: 37), "the same on every call")
    }

    @Test func theScaledUser_atItsInstant_hasTheWorkdayTheSessionAndTheGrantsInForce() {
        let enforcement = evaluate(ScaledUser.state(rules: 10), at: ScaledUser.now, calendar: ScaledUser.calendar)
        let inForce = Set(enforcement.rules.map(\.rule))
        #expect(inForce.contains(.profile("r1")) && inForce.contains(.profile("r7")), "Work and Deep work")
        #expect(!inForce.contains(.profile("r0")) && !inForce.contains(.profile("r5")), "not Sleep, not Evening")
        #expect(Set(enforcement.activeGrants) == ["r4", "r9"])
    }

    @Test func theNaivePlan_needsAnActivityPerTimedThing_andCutsOvernightOnesAtMidnight() {
        let state = ScaledUser.state(rules: 10)
        let plan = NaivePlanner.plan(state, at: ScaledUser.now, calendar: ScaledUser.calendar)
        // 4 schedules, the session and its break, 2 grants, 2 intentions.
        #expect(plan.count == 4 + 2 + 2 + 2, "\(plan.map(\.name))")
        #expect(plan.allSatisfy { !$0.start.hasFullDate && !$0.end.hasFullDate })
        #expect(plan.filter(NaivePlanner.isCutAtMidnight).map(\.name) == ["naive.schedule.r0.night"])
        let report = NaivePlanner.Report(NaivePlanner.plan(ScaledUser.state(rules: 100), at: ScaledUser.now, calendar: ScaledUser.calendar))
        #expect(report.activities == 100 && report.refused == 80 && !report.fits && report.cutAtMidnight == 10)
    }

    @Test func ourPlan_staysWithinTwenty_whereTheNaiveOneNeedsHundreds() {
        for rules in [1, 10, 100] {
            let plan = ActivityPlanner.plan(ScaledUser.state(rules: rules), at: ScaledUser.now, calendar: ScaledUser.calendar)
            #expect(plan.registrations.count <= ActivityPlanner.maximumActivities)
            #expect(plan.registrations.allSatisfy { $0.start.hasFullDate && $0.end.hasFullDate })
        }
    }

    @Test func nextChange_isEvaluatesNextChange() async {
        await propertyCheck(count: 300, input: Generator(run: { rng in RandomWorld.draw(using: &rng) })) { world in
            #expect(
                nextChange(world.state, after: world.now, calendar: world.calendar)
                    == evaluate(world.state, at: world.now, calendar: world.calendar).nextChange)
        }
    }
}
