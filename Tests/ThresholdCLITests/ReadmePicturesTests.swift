import Foundation
import Testing
import ScenarioSetup
@testable import ScenarioSteps
@testable import ThresholdCLI

/// The README's pictures (`Documentation/pictures/pictures.yaml`) say what their journey steps
/// show now: `threshold pictures --check`'s core, over the manifest, so `swift test` fails on a
/// stale picture; and what it reports when a picture is stale, missing or badly named.
@Suite @MainActor struct ReadmePicturesTests {
    @Test func theReadmesPictures_showTheWordsTheirStepsShowNow() async throws {
        let manifest = try PictureManifest.load(PictureManifest.standard, root: CLITests.root)
        let names = Set(manifest.pictures.map(\.name))
        #expect(names.isSuperset(of: ["home-selah", "home-present", "home-earned-access", "home-challenge", "home-key", "unlock-gate"]))
        let problems = await manifest.problems()
        #expect(
            problems.isEmpty,
            "run `swift run threshold pictures` to draw them again:\n\(problems.map(\.description).joined(separator: "\n"))")
    }

    // MARK: A folder of its own

    /// A repository of one journey (Selah set up; Home after opening Threshold, then Settings)
    /// and a manifest naming `pictures`.
    @MainActor struct Repository {
        let root: URL
        var manifest: String { "pictures/pictures.yaml" }
        var folder: URL { root.appendingPathComponent("pictures") }

        init(pictures: String) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("threshold-pictures-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("journeys"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("pictures"), withIntermediateDirectories: true)
            try Self.journey.write(to: root.appendingPathComponent("journeys/selah-home.yaml"), atomically: true, encoding: .utf8)
            let text = "pictures:\n" + pictures.replacingOccurrences(of: "{root}", with: root.path)
            try text.write(to: root.appendingPathComponent(manifest), atomically: true, encoding: .utf8)
        }

        static let journey = """
            name: Home, then Settings
            setup:
              timezone: America/New_York
              start: 2026-11-23 10:00
              gates:
                - {id: selah, path: selah, apps: [instagram], unlock: prayer}
            steps:
              - open-threshold
              - expect: {screen: home, see: Pray to unlock}
              - tap: Settings
              - expect: {screen: settings}
              - tap: Home
              - tap: Settings

            """

        static let home = """
              - name: home
                journey: journeys/selah-home.yaml
                after: {expect: {screen: home}}

            """

        /// Home, its journey named from `/`: as `threshold pictures --manifest` reads it from
        /// another folder.
        static let homeFromAnywhere = home.replacingOccurrences(of: "journey: journeys/", with: "journey: {root}/journeys/")

        func load() throws -> PictureManifest { try PictureManifest.load(manifest, root: root) }

        /// Writes each picture's PNG (any bytes: the check reads none) and the words its step shows now.
        func drawWithoutChromium() async throws {
            let manifest = try load()
            try await manifest.play(manifest.pictures) { picture, runner in
                try Data([0x89, 0x50, 0x4E, 0x47]).write(to: manifest.png(picture))
                try PictureManifest.words(of: picture, on: runner).file.write(
                    to: manifest.wordsFile(picture), atomically: true, encoding: .utf8)
            }
        }
    }

    @Test func wordsWrittenFromTheStep_areCurrent_andAreWhatSeeReads() async throws {
        let repository = try Repository(pictures: Repository.home)
        try await repository.drawWithoutChromium()
        #expect(try await repository.load().problems().isEmpty)
        let words = try String(contentsOf: repository.folder.appendingPathComponent("home.words.txt"), encoding: .utf8)
        #expect(words.components(separatedBy: "\n").contains("Pray to unlock"), "\(words)")
    }

    @Test func aStaleWordsFile_isReportedWithWhatChanged() async throws {
        let repository = try Repository(pictures: Repository.homeFromAnywhere)
        try await repository.drawWithoutChromium()
        let file = repository.folder.appendingPathComponent("home.words.txt")
        let kept = try String(contentsOf: file, encoding: .utf8)
        try kept.replacingOccurrences(of: "Pray to unlock\n", with: "Math difficulty\n").write(to: file, atomically: true, encoding: .utf8)

        let problems = try await repository.load().problems()
        #expect(problems.count == 1)
        guard case .stale(let picture, _, let step, let changes)? = problems.first else { Issue.record("\(problems)"); return }
        #expect(picture == "home")
        #expect(step.hasSuffix("journeys/selah-home.yaml:9"))
        #expect(changes == ["- Math difficulty", "+ Pray to unlock"])

        let console = Console.capturing()
        let code = await ThresholdCLI.main(
            ["pictures", "--check", "--manifest", repository.root.appendingPathComponent(repository.manifest).path], console: console)
        #expect(code == 1)
        #expect(console.captured.contains("home: the screen after"), "\(console.captured)")
        #expect(console.captured.contains("    - Math difficulty\n    + Pray to unlock"), "\(console.captured)")
    }

    @Test func aMissingPicture_andOneTheManifestDoesNotName_areReported() async throws {
        let repository = try Repository(pictures: Repository.home)
        try await repository.drawWithoutChromium()
        try FileManager.default.removeItem(at: repository.folder.appendingPathComponent("home.png"))
        try Data().write(to: repository.folder.appendingPathComponent("old-gate.png"))
        let problems = try await repository.load().problems().map(\.description)
        #expect(
            problems == [
                "home: pictures/home.png is missing; `threshold pictures home` draws it",
                "pictures/old-gate.png is a picture no entry of pictures/pictures.yaml names: add it there, or delete it",
            ])
    }

    @Test func twoPicturesOfOneJourney_runItOnce_eachAfterItsStep() async throws {
        let repository = try Repository(
            pictures: Repository.home + """
                  - name: settings
                    journey: journeys/selah-home.yaml
                    step: 4

                """)
        try await repository.drawWithoutChromium()
        let settings = try String(contentsOf: repository.folder.appendingPathComponent("settings.words.txt"), encoding: .utf8)
        #expect(settings.contains("Tradition"), "\(settings)")
        #expect(try await repository.load().problems().isEmpty)
    }

    @Test(arguments: [
        (
            "journey: journeys/selah-hom.yaml\n    after: {expect: {screen: home}}", 3,
            "there is no journey journeys/selah-hom.yaml; did you mean journeys/selah-home.yaml?"
        ),
        (
            "journey: journeys/selah-home.yaml\n    after: {expect: {screen: insights}}", 4,
            "has no step `expect: {screen: insights}`; its expect steps are at lines 9, 11"
        ),
        (
            "journey: journeys/selah-home.yaml\n    after: {tap: Profiles}", 4,
            "has no step `tap: Profiles`; its tap steps are at lines 10, 12, 13"
        ),
        ("journey: journeys/selah-home.yaml\n    after: pray", 4, "has no step `pray`; it has no pray step at all"),
        (
            "journey: journeys/selah-home.yaml\n    after: {expect: {screen: home}}\n    nth: 2", 4,
            "has 1 step `expect: {screen: home}` (line 9), not 2"
        ),
        ("journey: journeys/selah-home.yaml\n    after: {tpa: Settings}", 4, "unknown step “tpa”"),
        ("journey: journeys/selah-home.yaml\n    step: 9", 4, "has 6 steps, not 9"),
        ("journey: journeys/selah-home.yaml", 2, "say which step of journeys/selah-home.yaml the picture is taken after"),
        ("journey: journeys/selah-home.yaml\n    after: {expect: {screen: home}}\n    alt: Home", 5, "unknown key “alt” in a picture"),
    ])
    func aManifestEntryNamingWhatDoesNotExist_isMalformed_withItsLine(entry: String, line: Int, problem: String) async throws {
        let repository = try Repository(pictures: "  - name: home\n    " + entry + "\n")
        let error = #expect(throws: ScenarioProblem.self) { try repository.load() }
        #expect(error?.kind == .malformed)
        #expect(error?.file == repository.manifest)
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.problem.contains(problem) == true, "\(String(describing: error))")
    }

    @Test func aStepNamedTwiceOver_mustSayWhichWithNth() async throws {
        let twice = try Repository(pictures: "  - name: settings\n    journey: journeys/selah-home.yaml\n    after: {tap: Settings}\n")
        let error = #expect(throws: ScenarioProblem.self) { try twice.load() }
        #expect(
            error?.problem.contains("`tap: Settings` names 2 steps of journeys/selah-home.yaml (lines 10, 13): say which with nth: 1 to 2")
                == true,
            "\(String(describing: error))")
        let second = try Repository(
            pictures: "  - name: settings\n    journey: journeys/selah-home.yaml\n    after: {tap: Settings}\n    nth: 2\n")
        #expect(try second.load().pictures.map(\.steps) == [6])
    }

    @Test func theCommand_exitsTwo_onAMalformedManifest_orAnUnknownName() async throws {
        let repository = try Repository(pictures: Repository.homeFromAnywhere)
        let manifest = repository.root.appendingPathComponent(repository.manifest).path
        let unknown = Console.capturing()
        #expect(await ThresholdCLI.main(["pictures", "--check", "--manifest", manifest, "gate"], console: unknown) == 2)
        #expect(unknown.captured.contains("names no picture gate; it has: home"), "\(unknown.captured)")
        try "pictures:\n  - name: Home!\n".write(toFile: manifest, atomically: true, encoding: .utf8)
        let console = Console.capturing()
        #expect(await ThresholdCLI.main(["pictures", "--check", "--manifest", manifest], console: console) == 2)
        #expect(console.captured.contains("a picture's name is lowercase letters, digits and dashes"), "\(console.captured)")
    }

    @Test func help_teachesTheManifestAndTheExitCodes() async {
        let console = Console.capturing()
        #expect(await ThresholdCLI.main(["pictures", "--help"], console: console) == 0)
        for words in ["after: {expect: {screen: home, see: Pray to unlock}}", "nth:", "step: N", "--check", "NAME.words.txt", "Exit codes"]
        {
            #expect(console.captured.contains(words), "\(words)")
        }
    }
}
