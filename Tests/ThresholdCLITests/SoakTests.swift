import Foundation
@_spi(Setup) import ScreenTimeSimulator
@testable import ScenarioSteps
import Testing
import ThresholdCore
@testable import ThresholdCLI

/// The soak's CI part (a few seeds over a few days; the 90-day run stays out of CI) and proof
/// that its checks can fail.
@Suite @MainActor struct SoakTests {
    func run(_ arguments: String...) async -> (code: Int32, output: String) {
        let console = Console.capturing()
        let code = await ThresholdCLI.main(arguments, console: console)
        return (code, console.captured)
    }

    @Test func aFewSeedsOverAFewDays_keepEveryPromise() async {
        let (code, output) = await run("soak", "--days", "3", "--seed", "1", "--seeds", "4")
        #expect(code == 0, "\(output)")
        #expect(output.contains("4 seeds kept every promise"), "\(output)")
        #expect(output.contains("ok    seed 4"), "\(output)")
    }

    @Test func seedsSoakedInWorkers_tellWhatTheyTellInThisProcess() async {
        let here = await run("soak", "--days", "0.5", "--seed", "3", "--seeds", "2", "--jobs", "1")
        let workers = await run("soak", "--days", "0.5", "--seed", "3", "--seeds", "2", "--jobs", "2")
        #expect(here.code == 0 && workers.code == 0, "\(here.output)\n\(workers.output)")
        #expect(workers.output.contains("2 seeds kept every promise") && workers.output.contains("2 at a time"), "\(workers.output)")
        // The same figures, seed by seed in the seeds' order; only the seconds differ.
        func figures(_ output: String) -> [String] {
            output.split(separator: "\n").filter { !$0.contains("kept every promise") }
                .map { String($0.replacing(#/  [0-9.]+ s$/#, with: "")) }
        }
        #expect(figures(here.output) == figures(workers.output))
        #expect(figures(workers.output).first?.hasPrefix("ok    seed 3") == true, "\(workers.output)")
    }

    @Test func aWorkerThatEndsWithoutItsFigures_breaksTheRun_withWhatItSaid() async throws {
        let line = try await SoakWorker.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo lost; exit 3"], seed: 5)
        guard case .broke(_, let description) = line else {
            Issue.record("a worker that said nothing of use was taken as keeping its promises")
            return
        }
        #expect(description.contains("seed 5's worker ended (status 3)") && description.contains("lost"), "\(description)")
    }

    @Test func aSeedRepeatsExactly() async throws {
        let first = try Soak(seed: 11)
        let second = try Soak(seed: 11)
        let a = try await first.run(days: 0.5)
        let b = try await second.run(days: 0.5)
        #expect(a.steps == b.steps && a.refused == b.refused && a.eventsChecked == b.eventsChecked)
        #expect(first.phone.timeline.map(\.text) == second.phone.timeline.map(\.text))
    }

    @Test func anAppLeftOpenThatTheEngineShields_failsTheSoak_withItsSeedAndTimeline() async throws {
        let soak = try Soak(seed: 7)
        soak.phone.faults = .none
        for step in ["open-threshold", "pray", "open: instagram"] { try await soak.perform(step) }
        #expect(!soak.phone.shieldedApps.contains("instagram"), "the prayer opened instagram")
        // A wrong shield: the saved state loses the prayer's grant, but the phone's shields do
        // not follow (nothing reconciles), so instagram stays open while the engine shields it.
        try soak.phone.store.write { $0.state.engine = try $0.state.engine.with(grants: []) }
        let failure = await #expect(throws: Soak.Failure.self) { try await soak.perform("advance: 1m") }
        #expect(
            failure?.problem.contains("instagram is open, but the engine shields it") == true,
            "\(failure.map(String.init(describing:)) ?? "")")
        #expect(failure?.seed == 7)
        #expect(failure?.timeline.count == min(Soak.timelineShown, soak.phone.timeline.count))
        #expect(failure?.description.contains("seed 7, step 4 (advance: 1m)") == true)
    }

    @Test func aScreenThatNeverFinishesItsWork_breaksAPromise_aRefusedStepDoesNot() {
        let broken = Soak.brokenPromise(in: StepError.neverSettles("the screen did not settle: a spinner still running"))
        #expect(broken?.contains("never finished its work") == true && broken?.contains("a spinner still running") == true)
        #expect(Soak.brokenPromise(in: StepError.notOffered("there is no Pray button")) == nil)
        #expect(Soak.brokenPromise(in: ScreenMismatch("there is no “Done” to tap", shown: "Home")) == nil)
    }

    @Test func anEventRecordedTwice_failsTheSoak() async throws {
        let soak = try Soak(seed: 8)
        soak.phone.faults = .none
        for step in ["open-threshold", "pray"] { try await soak.perform(step) }
        let grant = try #require(try soak.phone.savedState().engine.grants.first)
        try soak.phone.store.write { $0.record(.grantIssued(grant), at: soak.phone.clock.wall) }
        let failure = #expect(throws: Soak.Failure.self) { try soak.checkEvents(after: "a check") }
        #expect(failure?.problem.contains("recorded twice") == true, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func soak_explainsItself_andRefusesNonsense() async {
        let help = await run("soak", "--help")
        #expect(help.code == 0)
        for text in ["--days", "--seeds", "Exit codes", "last 50 lines", "holds back"] { #expect(help.output.contains(text), "\(text)") }
        #expect(await run("soak", "--days", "0").code == 2)
        #expect(await run("soak", "--seeds", "0").code == 2)
        #expect(await run("soak", "--jobs", "0").code == 2)
    }
}
