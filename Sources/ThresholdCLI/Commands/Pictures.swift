import ArgumentParser
import Foundation
import ScenarioSetup
import ScenarioSteps
import ScreenPictures

/// `threshold pictures [NAME…] [--check]`
struct Pictures: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Draw the README's pictures from the journey steps they are named by, or check that each still shows what its step shows.",
        discussion: """
            Every picture the README shows is named in one manifest, \(PictureManifest.standard), by a \
            journey and the step it is taken after:

              pictures:
                - name: home-selah
                  journey: Scenarios/journeys/selah-23-selah-alone-home-is-selahs.yaml
                  after: {expect: {screen: home, see: Pray to unlock}}
                - name: prayer
                  journey: Scenarios/journeys/selah-03-shield-prayer-unlock-relock.yaml
                  after: {tap: Anxious}
                - name: settings
                  journey: Scenarios/journeys/selah-16-settings-shows-the-paths-in-use.yaml
                  step: 15

            after: is a step written as the journey writes it (tap: Anxious, pray, note: …); an \
            expect: names the step whose checks include all those it names. It must name one step of \
            the journey, or say which with nth: (nth: 2 is the second such step), so a step added \
            earlier in the journey moves no picture. step: N (the Nth step, as threshold run \
            --pictures numbers them) is the fallback for a step with nothing of its own to name it by. \
            Journey paths are from the repository root, where the command runs.

            Drawing: each journey runs once, on a fresh simulated phone, up to the last of its \
            pictures' steps; after each picture's step what Threshold shows (every layer) is drawn as \
            NAME.png beside the manifest, by headless Chromium (Debian's chromium; a missing one is \
            exit 2), light, at the default text size. Beside it NAME.words.txt keeps the words the \
            screen shows, one run of words a line, read as an expect's see: reads them (the top \
            layer's words, each once).

            Checking (--check, no Chromium): each journey runs again up to the pictures' steps and \
            the words shown are compared with NAME.words.txt. A picture whose words differ is stale, \
            printed with what changed (- kept, + shown now); a missing PNG or words file, or a PNG \
            the manifest does not name, is reported too. swift test runs the same check \
            (ThresholdCLITests.ReadmePicturesTests), so CI fails on a stale picture.

            Examples:
              threshold pictures                   draw every picture and its words
              threshold pictures home-key prayer   only these two
              threshold pictures --check           are the pictures' words what their steps show now?

            Exit codes: 0 drawn, or every picture current; 1 a picture is stale or missing, or a \
            journey fails before its step; 2 the manifest is malformed (a journey or step that does \
            not exist, a step named twice over: its file and line), an unknown picture name, or \
            Chromium is not installed.
            """)

    @Argument(help: "Only these pictures, by their names in the manifest (default: all).")
    var names: [String] = []

    @Flag(help: "Draw nothing: check that each picture's words file is what its step's screen shows now.")
    var check = false

    @Option(help: "The manifest naming the pictures; they are drawn beside it.")
    var manifest = PictureManifest.standard

    @MainActor
    func run() async throws {
        let console = Console.current
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let manifest = try PictureManifest.load(self.manifest, root: root)
        let unknown = names.filter { name in !manifest.pictures.contains { $0.name == name } }
        guard unknown.isEmpty else {
            throw ValidationError(
                "\(self.manifest) names no picture \(unknown.joined(separator: ", ")); it has: \(manifest.pictures.map(\.name).joined(separator: ", "))"
            )
        }
        let chosen = names.isEmpty ? manifest.pictures : manifest.pictures.filter { names.contains($0.name) }
        if check {
            let problems = await manifest.problems(chosen)
            for problem in problems { console.error(problem.description) }
            guard problems.isEmpty else {
                console.error("\(problems.count) problem\(problems.count == 1 ? "" : "s") with the pictures \(manifest.file) names")
                throw ExitCode.failure
            }
            console.line(
                "\(chosen.count) picture\(chosen.count == 1 ? "" : "s") show\(chosen.count == 1 ? "s" : "") the words \(chosen.count == 1 ? "its step shows" : "their steps show")"
            )
        } else {
            try await draw(chosen, of: manifest, console: console)
        }
    }

    /// Draws each picture into a scratch book, then puts its PNG and words beside the manifest.
    @MainActor
    private func draw(_ chosen: [PictureManifest.Picture], of manifest: PictureManifest, console: Console) async throws {
        guard Chromium.executable() != nil else { throw ValidationError(Chromium.Problem.notInstalled.description) }
        try Output.prepare(manifest.folder, for: "--manifest's folder")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("threshold-pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let book = PictureBook(folder: scratch, style: PictureManifest.style)
        let started = Date()
        var words: [String: PictureWords] = [:]
        try await manifest.play(chosen) { picture, runner in
            words[picture.name] = try PictureManifest.words(of: picture, on: runner)
            try book.take(
                runner, group: manifest.file, title: "\(picture.name): after \(picture.after)", name: picture.name, widgets: false)
        }
        try book.draw()
        for picture in chosen {
            guard let shown = words[picture.name] else { continue }
            let png = manifest.png(picture)
            if FileManager.default.fileExists(atPath: png.path) { try FileManager.default.removeItem(at: png) }
            try FileManager.default.copyItem(at: scratch.appendingPathComponent(picture.name + ".png"), to: png)
            let kept = (try? String(contentsOf: manifest.wordsFile(picture), encoding: .utf8)).map(PictureWords.init(file:))
            try shown.file.write(to: manifest.wordsFile(picture), atomically: true, encoding: .utf8)
            let change = kept.map { shown.changes(from: $0).count } ?? shown.lines.count
            console.line(
                "drew  \(manifest.folderName)/\(picture.name).png  after \(picture.after)"
                    + (change == 0 ? "" : kept == nil ? "  (new words)" : "  (\(change) line\(change == 1 ? "" : "s") of words changed)"))
        }
        console.line(
            "\(chosen.count) picture\(chosen.count == 1 ? "" : "s") drawn in \(String(format: "%.0f", Date().timeIntervalSince(started))) s"
        )
    }
}
