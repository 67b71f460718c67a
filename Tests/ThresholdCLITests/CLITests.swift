import Foundation
import PropertyBased
import Testing
import ScenarioSetup
@testable import ScenarioSteps
@testable import ThresholdCLI

@Suite @MainActor struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func run(_ arguments: String...) async -> (code: Int32, output: String) {
        let console = Console.capturing()
        let code = await ThresholdCLI.main(arguments, console: console)
        return (code, console.captured)
    }

    /// Writes a scenario to a temporary file and returns its path.
    func scenario(_ text: String, name: String = "scenario.yaml") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("threshold-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static let header = """
        name: test
        setup:
          timezone: America/New_York
          start: 2026-11-23 10:00
          gates:
            - {id: selah, path: selah, apps: [instagram], unlock: prayer}
        steps:

        """

    @Test func demo_walksTheFivePaths_andExitsZero() async {
        let (code, output) = await run("demo")
        #expect(code == 0)
        for title in ["Selah", "Present", "Earned Access", "Challenge", "Key"] { #expect(output.contains("━━ \(title)")) }
        #expect(output.contains("✓"))
        #expect(!output.contains("FAILED"))
    }

    @Test func run_passesEveryScenarioInTheRepository() async {
        let (code, output) = await run("run", Self.root.appendingPathComponent("Scenarios").path)
        #expect(code == 0, "\(output.suffix(600))")
        let count = output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count
        #expect(count >= 40)
    }

    /// Every scenario passes on a phone in Spanish too (issue 36): the screens are Spanish, and
    /// the person reads them through the catalogs' English.
    @Test func run_passesEveryScenarioInTheRepository_inSpanish() async {
        let (code, output) = await run("run", "--language", "es", Self.root.appendingPathComponent("Scenarios").path)
        #expect(code == 0, "\(output.suffix(600))")
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count >= 40)
    }

    /// An expectation that names languages is checked only on a phone in one of them.
    @Test func anExpectationForALanguage_isCheckedOnlyOnAPhoneInIt() async throws {
        let path = try scenario(Self.header + "  - open-threshold\n  - expect: {language: es, see: Oración}\n")
        #expect(await run("run", path).code == 0, "an English phone does not check it")
        let spanish = await run("run", "--language", "es", path)
        #expect(spanish.code == 1, "\(spanish.output)")
        #expect(spanish.output.contains("Oración"), "\(spanish.output)")
    }

    @Test func failedExpectation_exitsOne_withTheFileAndLine() async throws {
        let path = try scenario(Self.header + "  - pray\n  - expect: {shielded: [instagram]}\n")
        let (code, output) = await run("run", path)
        #expect(code == 1)
        #expect(output.contains("\(path):9: expected instagram to be shielded"))
    }

    @Test(arguments: [
        ("  - teleport: home\n", 9, "unknown step “teleport”"),
        ("  - open: whatsapp\n", 9, "unknown app “whatsapp”"),
        ("  - expect: {glowing: [instagram]}\n", 9, "unknown key “glowing” in expect"),
        ("  - start: nosuchprofile\n", 9, "unknown profile “nosuchprofile”"),
        ("  - advance: ten minutes\n", 9, "is not a duration"),
        ("  - expect: {shielded: [instagram]\n", 10, "not valid YAML"),
        ("  - credits: 10\n", 9, "credits buy 5, 15, 30 minutes, not 10"),
        ("  - pray: sleepy\n", 9, "mood “sleepy” is not one of: grateful"),
        ("  - pray: {minutes: 20}\n", 9, "minutes"),
        ("  - type: {field: Nickname to share with partners}\n", 9, "type needs the field's words and the text"),
        ("  - type: {into: Name, text: Alice}\n", 9, "unknown key “into”"),
        ("  - expect: {language: klingon, see: Selah}\n", 9, "“klingon” is not one of: english, pseudo, es"),
    ])
    func malformedScenario_exitsTwo_withTheFileLineAndProblem(step: String, line: Int, problem: String) async throws {
        let path = try scenario(Self.header + "  - open-threshold\n" + step)
        let (code, output) = await run("run", path)
        #expect(code == 2, "\(output)")
        #expect(output.contains("\(path):\(line)"), "\(output)")
        #expect(output.contains(problem), "\(output)")
    }

    /// A journey that taps what the screen does not show fails where it says, with what the
    /// screen does show; a verb the vocabulary lacks is a malformed file.
    @Test func tappingWhatTheScreenDoesNotShow_exitsOne_withWhatItShows() async throws {
        let journey = """
            name: a journey
            setup: {fresh-install: true}
            steps:
              - open-threshold
              - tap: Pray to unlock

            """
        let path = try scenario(journey)
        let (code, output) = await run("run", path)
        #expect(code == 1, "\(output)")
        #expect(
            output.contains("\(path):5: there is no “Pray to unlock” to tap; Threshold shows the onboarding: welcome screen"), "\(output)")
        #expect(output.contains("[Continue]"), "what the screen offers instead: \(output)")
        let disabled = try scenario(
            journey.replacingOccurrences(of: "  - tap: Pray to unlock", with: "  - tap: Continue\n  - tap: Continue"))
        let refused = await run("run", disabled)
        #expect(refused.code == 1)
        #expect(
            refused.output.contains(":6: “Continue” is disabled (Threshold cannot shield anything without Screen Time access.)"),
            "\(refused.output)")
        let unknown = try scenario(journey.replacingOccurrences(of: "  - tap: Pray to unlock", with: "  - swipe: left"))
        #expect(await run("run", unknown).code == 2)
        let setupWrites = try scenario(
            journey.replacingOccurrences(of: "setup: {fresh-install: true}", with: "setup: {fresh-install: true, credits: 5}"))
        let malformed = await run("run", setupWrites)
        #expect(malformed.code == 2)
        #expect(malformed.output.contains("a fresh install holds nothing yet"), "\(malformed.output)")
    }

    /// `type` types only into a field the screen in front shows; elsewhere it fails where it says,
    /// with what the screen does show.
    @Test func typingWhereTheScreenHasNoSuchField_exitsOne_withWhatItShows() async throws {
        let path = try scenario(
            Self.header + "  - open-threshold\n  - type: {field: Nickname to share with partners, text: Morning scroll}\n")
        let (code, output) = await run("run", path)
        #expect(code == 1, "\(output)")
        #expect(
            output.contains("\(path):9: there is no “Nickname to share with partners” field to type in; Threshold shows the "), "\(output)")
    }

    @Test func malformedFile_stopsTheRunBeforeAnyScenarioRuns() async throws {
        let good = try scenario(Self.header + "  - open-threshold\n", name: "a.yaml")
        let bad = URL(fileURLWithPath: good).deletingLastPathComponent().appendingPathComponent("b.yaml").path
        try (Self.header + "  - explode\n").write(toFile: bad, atomically: true, encoding: .utf8)
        let (code, output) = await run("run", URL(fileURLWithPath: good).deletingLastPathComponent().path)
        #expect(code == 2)
        #expect(!output.contains("ok "))
    }

    @Test func badUsage_exitsTwo() async {
        #expect(await run("run").code == 2)
        #expect(await run("run", "/no/such/place").code == 2)
        #expect(await run("demo", "--path", "nowhere").code == 2)
        #expect(await run("frobnicate").code == 2)
    }

    @Test func help_teaches() async {
        let (code, output) = await run("--help")
        #expect(code == 0)
        #expect(output.contains("Exit codes") && output.contains("threshold run Scenarios"))
        let runHelp = await run("run", "--help").output
        #expect(runHelp.contains("tap-key") && runHelp.contains("expect"))
    }

    // MARK: play

    func play(_ lines: [String]) async throws -> String {
        let console = Console.capturing()
        let scenario = try Scenario.parse(Walkthroughs.playground, file: "playground")
        let session = PlaySession(scenario: scenario, phone: try scenario.makePhone(), console: console)
        await session.greet()
        for line in lines where !(await session.handle(line)) { break }
        return console.captured
    }

    @Test func play_drivesThePhone() async throws {
        let output = try await play([
            "open tiktok", "pray", "open tiktok", "advance 10m", "expect {shielded: [tiktok]}", "status", "quit", "pray",
        ])
        #expect(output.contains("shows the shield: “Selah — pause”"))
        #expect(output.contains("tiktok opens"))
        #expect(output.contains("✓        shielded: tiktok"))
        #expect(output.contains("of 20 activities"))
        #expect(output.components(separatedBy: "taps “Amen”").count == 2, "nothing runs after quit")
    }

    @Test func play_refusesMalformedInputWithAReason() async throws {
        let output = try await play([
            "open whatsapp", "{[", "advance forever", "link https://evil.example/key/work", "tap-key nobody", "choose end",
            "expect {unshielded: [instagram]}", "start: work: now", "🙂", "set-timezone Mars/Olympus",
        ])
        #expect(output.contains("✗ unknown app “whatsapp”"))
        #expect(output.contains("says: That link does not name anything Threshold does"))
        #expect(output.contains("✗ unknown profile “nobody”"))
        #expect(output.contains("✗ there is no “End or take a break?” question"))
        #expect(output.contains("✗ expected instagram to be open"))
        #expect(output.contains("is not a time zone"))
    }

    @Test func playWithData_keepsThePhoneAndTheRealStoreBetweenRuns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("threshold-play-\(UUID().uuidString)")
        let data = PhoneData(directory: folder)
        let playground = try Scenario.parse(Walkthroughs.playground, file: "playground")
        func session(_ lines: [String]) async throws -> String {
            let console = Console.capturing()
            let (phone, scenario) = try data.open(startingAs: playground)
            let session = PlaySession(scenario: scenario, phone: phone, console: console)
            await session.greet()
            for line in lines { await session.handle(line) }
            try data.save(phone)
            return console.captured
        }
        let first = try await session(["pray", "start work"])
        #expect(first.contains("Mon 09:00"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("threshold.sqlite").path))
        let second = try await session([
            "expect {unshielded: [tiktok], shielded: [instagram]}", "advance 10m", "expect {shielded: [tiktok]}", "end work",
        ])
        #expect(!second.contains("✗"), "\(second)")
        #expect(second.contains("✓        shielded: tiktok"))
        let third = try await session(["status"])
        #expect(third.contains("Mon 09:10"), "the clock carried over: \(third)")
    }

    @Test func play_survivesAnythingTyped() async throws {
        let scenario = try Scenario.parse(Walkthroughs.playground, file: "playground")
        let verbs = StepReader.vocabulary.map(\.verb) + ["", "{", "}", "[", ":", "-", "—", "\u{0}", "null", "~", "&a", "*a", "!!binary"]
        let words = Generator<String, Shrink.None<String>>(run: { rng in
            (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                Bool.random(using: &rng)
                    ? verbs.randomElement(using: &rng)!
                    : String(
                        (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                            Character(UnicodeScalar(UInt8.random(in: 32...126, using: &rng)))
                        })
            }.joined(separator: " ")
        })
        await propertyCheck(count: 300, input: words) { line in
            let console = Console.capturing()
            let session = PlaySession(scenario: scenario, phone: try scenario.makePhone(), console: console)
            _ = await session.handle(line)
            _ = await session.handle("status")
            #expect(console.captured.contains("activities"), "the session still answers after “\(line)”")
        }
    }
}
