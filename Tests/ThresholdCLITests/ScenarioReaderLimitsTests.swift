import Foundation
import Testing
import ScenarioSetup
@testable import ScenarioSteps

/// Inputs the scenario fuzzer found (`Fuzz/run-fuzzer scenario`): a reader refuses them, it
/// does not trap.
@Suite struct ScenarioReaderLimitsTests {
    func scenario(step: String) -> String {
        """
        setup:
          profiles:
            - {id: focus, name: Focus, emoji: "🎯", path: present, apps: [instagram]}
        steps:
          - \(step)
        """
    }

    /// `Int(seconds / 60)` trapped on a goal past `Int.max` minutes (the fuzzer's
    /// `Fuzz/corpus/scenario/crash-huge-goal.yaml`).
    @Test(arguments: [
        "start: {profile: focus, goal: 3999999999999999999990m}",
        "start: {profile: focus, goal: \(String(repeating: "9", count: 400))d}",
        "start: {profile: focus, goal: 3651d}",
        "advance: 99999999999999999999d",
        "set-clock: +99999999999999999999h",
    ])
    func aDurationLongerThanAnyRun_isRefusedOnItsLine(step: String) {
        #expect {
            try Scenario.parse(scenario(step: step), file: "huge.yaml")
        } throws: { error in
            guard let problem = error as? ScenarioProblem else { return false }
            return problem.kind == .malformed && problem.line == 5 && problem.problem.contains("3650d")
        }
    }

    @Test func tenYears_isStillADuration() throws {
        let parsed = try Scenario.parse(scenario(step: "start: {profile: focus, goal: 3650d}"), file: "long.yaml")
        #expect(parsed.steps.map(\.step) == [.start(profile: "focus", origin: .manual, plan: .goal(minutes: 3650 * 24 * 60))])
    }
}
