import Foundation
import InMemoryClients
import ScenarioSetup
@testable import ScenarioSteps
import ScreenTimeSimulator
import Testing
import TogetherClient

/// Together scenarios (several people, one phone each; `Server/Scenarios`, which the server's
/// package runs against its server) are read here without one: whose each step is, what only
/// time may do for everyone, and what `{NAME.invitation}` may name. The `type` step with them, and
/// Settings › Together's join form with a server that cannot be reached.
@Suite @MainActor struct TogetherScenarioReaderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let header = """
        name: two people
        people: [alice, bob]
        setup: {timezone: America/New_York, start: 2026-11-25 09:00}
        steps:

        """

    @Test func everyTogetherScenarioInTheServersFolder_reads() throws {
        let files = try Scenario.files(in: [Self.root.appendingPathComponent("Server/Scenarios").path])
        #expect(files.count >= 4)
        for file in files {
            let scenario = try TogetherScenario.load(file)
            #expect(scenario.people.count >= 2, "\(file)")
        }
    }

    @Test func eachStepIsAPersons_andOnlyTimeIsEveryones() throws {
        let scenario = try TogetherScenario.parse(
            Self.header + """
                  - alice: open-threshold
                  - bob: [open-threshold, {tap: Settings}]
                  - advance: 1h
                  - note: the story
                  - alice: {type: {field: Display name, text: "  Alice "}}
                  - bob: {link: "{alice.invitation}"}

                """, file: "t.yaml")
        #expect(scenario.people == ["alice", "bob"])
        #expect(scenario.turns.map(\.person) == ["alice", "bob", "bob", nil, nil, "alice", "bob"])
        #expect(scenario.turns.map(\.line) == [5, 6, 6, 7, 8, 9, 10])
        #expect(scenario.turns[5].step == .type(field: "Display name", text: "  Alice "))
        #expect(scenario.turns[6].step == .link("{alice.invitation}"))
    }

    @Test(arguments: [
        ("  - open-threshold\n", 5, "say whose step this is"),
        ("  - alice: {advance: 1h}\n", 5, "time passes for everyone"),
        ("  - carl: open-threshold\n", 5, "“carl” is neither one of the people (alice, bob) nor a step"),
        ("  - bob: {link: \"{carl.invitation}\"}\n", 5, "{NAME.invitation} names one of the people"),
        ("  - alice: {type: {field: Display name}}\n", 5, "type needs the field's words and the text"),
        ("  - alice: {type: {field: Display name, text: A, into: B}}\n", 5, "unknown key “into”"),
    ])
    func malformed_namesTheLineAndTheProblem(step: String, line: Int, problem: String) {
        let error = #expect(throws: ScenarioProblem.self) { _ = try TogetherScenario.parse(Self.header + step, file: "t.yaml") }
        #expect(error?.kind == .malformed)
        #expect(error?.line == line)
        #expect(error?.problem.contains(problem) == true, "\(error?.problem ?? "")")
    }

    @Test func peopleMustBeNamedOnce_andNotAsSteps() {
        for people in ["[alice, alice]", "[tap, bob]", "[Alice]", "[]"] {
            #expect(throws: ScenarioProblem.self, "\(people)") {
                _ = try TogetherScenario.parse(
                    Self.header.replacingOccurrences(of: "[alice, bob]", with: people) + "  - note: hi\n", file: "t.yaml")
            }
        }
    }

    @Test func aRootScenarioWithPeople_isSentToTheServersTests() {
        let error = #expect(throws: ScenarioProblem.self) {
            _ = try Scenario.parse(Self.header + "  - alice: open-threshold\n", file: "t.yaml")
        }
        #expect(error?.problem.contains("Together scenario") == true)
    }

    /// Nothing listens on loopback's port 9: every request fails, as offline.
    nonisolated static func offline(_ person: String, _ phone: SimulatedPhone) -> TogetherAccess {
        TogetherAccess(keychain: .inMemory()) {
            TogetherClient(baseURL: URL(string: "http://127.0.0.1:9")!, identity: $0, clock: { phone.clock.wall })
        }
    }

    @Test func theJoinForm_typedInto_failsClosedOffline_andSaysWhy() async throws {
        let scenario = try TogetherScenario.parse(
            Self.header + """
                  - alice: [open-threshold, {tap: Settings}, {tap: Together}]
                  - alice: {expect: {screen: together, see: [Weekly leaderboard, "Choose the name others in your league will see."], disabled: Join Together}}
                  - alice: {type: {field: Display name, text: "  Alice "}}
                  - alice: {expect: {not-see: "Choose the name others in your league will see."}}
                  - alice: {tap: Join Together}
                  - alice: {expect: {refused: "You did not join Together: Together cannot be reached", see: Join Together}}

                """, file: "t.yaml")
        var times: [Date] = []
        let story = Console.capturing()
        try await scenario.run(together: Self.offline, serverTime: { times.append($0) }, narrate: true, console: story)
        #expect(times.count == 8 && times.first == scenario.setup.start, "the server's clock is told before every person's step")
        #expect(story.captured.contains("types “  Alice ” into “Display name” on together"), "\(story.captured)")
    }

    @Test func aLinkToAnInvitationNoOneShared_failsTheStep_namingThePerson() async throws {
        let scenario = try TogetherScenario.parse(
            Self.header + "  - advance: 1h\n  - bob: {link: \"{alice.invitation}\"}\n", file: "t.yaml")
        let error = await #expect(throws: ScenarioProblem.self) {
            try await scenario.run(together: Self.offline, serverTime: { _ in })
        }
        #expect(error?.kind == .failed && error?.line == 6)
        #expect(error?.problem.hasPrefix("bob: alice has shared no invitation yet") == true, "\(error?.problem ?? "")")
    }

    @Test func typingWhereTheScreenHasNoSuchField_failsWithWhatItShows() async throws {
        let scenario = try Scenario.parse(
            """
            name: t
            setup: {timezone: America/New_York, start: 2026-11-25 09:00}
            steps:
              - open-threshold
              - type: {field: Display name, text: Alice}
            """, file: "t.yaml")
        let error = await #expect(throws: ScenarioProblem.self) { try await scenario.run(narrate: false, console: .capturing()) }
        #expect(error?.line == 5)
        #expect(
            error?.problem.contains("there is no “Display name” field to type in; Threshold shows the home screen") == true,
            "\(error?.problem ?? "")")
    }

    /// iOS refreshes only an app that is not on screen, and only one that declares the `fetch`
    /// background mode: a build without Together declares none, so it gets no refresh at all
    /// (Server/Scenarios/06 refreshes a build with Together).
    @Test func aBackgroundRefresh_comesOnlyToAnAppNotOnScreen_withTogether() async throws {
        let onScreen = try Scenario.parse(
            """
            name: t
            setup: {timezone: America/New_York, start: 2026-11-25 09:00}
            steps:
              - open-threshold
              - background-refresh
            """, file: "t.yaml")
        let error = await #expect(throws: ScenarioProblem.self) { try await onScreen.run(narrate: false, console: .capturing()) }
        #expect(error?.line == 5)
        #expect(error?.problem.contains("only to an app that is not on screen") == true, "\(error?.problem ?? "")")

        let withoutTogether = try Scenario.parse(
            """
            name: t
            setup: {timezone: America/New_York, start: 2026-11-25 09:00}
            steps:
              - open-threshold
              - leave-threshold
              - background-refresh
            """, file: "t.yaml")
        let refused = await #expect(throws: ScenarioProblem.self) { try await withoutTogether.run(narrate: false, console: .capturing()) }
        #expect(refused?.line == 6)
        #expect(refused?.problem.contains("no background refresh to a build without Together") == true, "\(refused?.problem ?? "")")
    }
}
