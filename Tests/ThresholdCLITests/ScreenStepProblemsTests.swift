import Foundation
import ScenarioSetup
@testable import ScenarioSteps
import Testing

/// A step that names what the rendered screen does not let a person do fails where it is, saying
/// what the screen shows: a control shown disabled fails with the reason the screen gives beside
/// it; words that name two controls fail listing both, with where each is.
@Suite @MainActor struct ScreenStepProblemsTests {
    func failure(_ steps: String, profiles: String = "") async throws -> ScenarioProblem? {
        let scenario = try Scenario.parse(
            """
            name: t
            setup:
              timezone: America/New_York
              start: 2026-11-23 09:00
            \(profiles)
            steps:
            \(steps)
            """, file: "t.yaml")
        return await #expect(throws: ScenarioProblem.self) { try await scenario.run(narrate: false, console: .capturing()) }
    }

    @Test func tappingADisabledControl_failsWithTheReasonTheScreenGives() async throws {
        let problem = try await failure(
            """
              - start: {profile: work, goal: 30m}
              - open-threshold
              - tap: Session
              - tap: Take a break
            """,
            profiles: """
                  profiles:
                    - {id: work, name: Work, emoji: 💼, path: key, apps: [instagram]}
                """)
        #expect(problem?.line == 11)
        #expect(problem?.problem.hasPrefix("“Take a break” is disabled (💼 Work allows no breaks.)") == true, "\(problem?.problem ?? "")")
    }

    @Test func wordsThatNameTwoControls_failListingBothAndWhereTheyAre() async throws {
        let problem = try await failure(
            """
              - open-threshold
              - tap: Profiles
              - tap: 💼 Work Key
            """,
            profiles: """
                  profiles:
                    - {id: work, name: Work, emoji: 💼, path: key, apps: [instagram]}
                    - {id: desk, name: Work, emoji: 💼, path: key, apps: [tiktok]}
                """)
        let text = problem?.problem ?? ""
        #expect(problem?.line == 11)
        #expect(text.hasPrefix("“💼 Work Key” names 2 things: [💼 Work Key · Gentle] under “Profiles”, the 1st of 2 and "), "\(text)")
        #expect(text.contains("under “Profiles”, the 1st of 2") && text.contains("under “Profiles”, the 2nd of 2"), "\(text)")
    }
}
