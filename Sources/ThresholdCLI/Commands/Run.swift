import ArgumentParser
import Foundation
import ScenarioSetup
import ScenarioSteps
import ScreenPictures
import ScreenTimeSimulator

/// `threshold run FILE|DIR…`
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenario files on the simulated phone; stop at the first failed expectation.",
        discussion: """
            A scenario is YAML with a name, a setup and steps:

              name: A prayer unlocks for ten minutes
              setup:
                timezone: America/New_York
                start: 2026-11-23 10:00
                gates:
                  - {id: selah, path: selah, apps: [instagram, tiktok], unlock: prayer}
                profiles:
                  - id: work
                    apps: [instagram]
                    breaks: {count: 1, per: hour, minutes: 5}
                    schedules: [{days: weekdays, start: "09:00", end: "17:00"}]
                intentions: [{app: instagram, opens: 3, minutes: 5}]
              steps:
                - open: {app: instagram, shielded: true, reason: gated}
                - pray
                - kill-app
                - advance: 10m
                - expect: {shielded: [instagram, tiktok], reason: gated}

            The person acts only through Threshold's screens and iOS's entry points. A journey starts \
            from a fresh install and taps what the screens show, by their words:

              name: Selah from a fresh install
              setup: {fresh-install: true, start: 2026-11-23 07:30}
              steps:
                - open-threshold
                - expect: {screen: "onboarding: welcome"}
                - tap: Continue
                - tap: Allow Screen Time access
                - tap: Continue
                - tap: Selah
                - tap: Continue
                - pick-apps: [instagram, tiktok]
                - tap: Continue
                - expect: {see: Unlock for 10 min}
                …
                - tap: Pray to unlock
                - tap: Anxious
                - tap: Amen

            A step that taps what the screen does not show fails with the file, the line and what the \
            screen does show (exit 1). `pray`, `credits`, `start`, `end` and the other compact steps go \
            through the same screens in one go.

            Steps:
            \(StepReader.vocabulary.map { "  \($0.verb.padding(toLength: Self.verbWidth, withPad: " ", startingAt: 0))\($0.usage)" }.joined(separator: "\n"))

            The phone refuses what an iPhone refuses. What each of Threshold's processes may do \
            (ScreenTimeSimulator.ProcessRules):
            \(ProcessRules.table.map { "  " + $0 }.joined(separator: "\n"))
            While Beast Mode's device restrictions are applied, set-clock and delete-app are refused \
            (expect: {refused: …}); under a Focus only time-sensitive notifications (the shield's \
            follow-up) are shown, the rest wait (held-notification) until focus: off; with \
            notifications: denied nothing posted is shown.

            Every file is read before any runs: an unknown step, app, profile or expectation stops the \
            run with the file, the line and the problem (exit 2). A failed expectation stops it with \
            the file and line of the step (exit 1).

            Pictures: with --pictures DIR, what the phone shows after each step is drawn as a PNG \
            (DIR/<scenario>/<step>.png, and DIR/index.html showing them in order): Threshold's screen \
            with every sheet, alert or dialog over it, or, with Threshold not on screen, the lock \
            screen with its widgets, Live Activity and notifications; the widgets and the Live \
            Activity at their real sizes whenever they change. The pages are the app's real views \
            in iOS's idiom (Documentation/Screens.md says what a picture is and is not), drawn by \
            headless Chromium (Debian's chromium package; a missing one is exit 2).

              threshold run Scenarios/journeys --pictures /tmp/pictures

            Language: with --language pseudo (or setup: {language: pseudo}) the app's views show \
            every String Catalog word in Xcode's accented, double-length pseudolanguage ("Continue" \
            reads "[Çóñťíñúé ~~]"; numbers, dates and names go in as they are), and everything else \
            as it is. The steps keep their English words: the person reads the pseudolanguage back \
            as English (Documentation/Screens.md, "The pseudolanguage").

              threshold run Scenarios/journeys --language pseudo
              threshold run Scenarios/journeys/selah-01-onboarding-to-the-first-shield.yaml \
                --pictures /tmp/dark --appearance dark --text-size accessibility
            """)

    /// The longest verb and a space, so every usage starts in one column.
    static let verbWidth = (StepReader.vocabulary.map(\.verb.count).max() ?? 16) + 1

    @Argument(help: "Scenario files, or directories to search for .yaml files.")
    var paths: [String] = []

    @Flag(name: .shortAndLong, help: "Tell each scenario's story as it runs.")
    var verbose = false

    @Option(help: ArgumentHelp(LanguageHelp.option + " Default: each scenario's setup (english unless it says language: pseudo)."))
    var language: PhoneLanguage?

    @OptionGroup(title: "Pictures (a PNG of what the phone shows after each step)")
    var pictureOptions: PictureOptions

    @Flag(help: "Print the steps and expect's keys as Markdown tables (Documentation/Scenarios.md holds them), and run nothing.")
    var stepsTable = false

    func validate() throws {
        if paths.isEmpty, !stepsTable {
            throw ArgumentParser.ValidationError("Name at least one scenario file or directory, e.g. `threshold run Scenarios`.")
        }
    }

    @MainActor
    func run() async throws {
        let console = Console.current
        if stepsTable { return console.line(StepReader.documentation) }
        let files = try Scenario.files(in: paths)
        guard !files.isEmpty else {
            throw ScenarioProblem.malformed(paths.joined(separator: " "), 0, "no .yaml scenario files here")
        }
        let scenarios = try files.map(Scenario.load).map { scenario in language.map(scenario.speaking) ?? scenario }
        let book = try pictureOptions.folder().map { PictureBook(folder: $0, style: pictureOptions.style) }
        for scenario in scenarios {
            if verbose { console.line("▶ \(scenario.name)  (\(scenario.file))") }
            if let book {
                try await Self.run(scenario, drawingInto: book, narrate: verbose, pictures: pictureOptions)
            } else {
                try await scenario.run(narrate: verbose)
            }
            console.line("ok    \(scenario.file)  —  \(scenario.name)")
        }
        console.line("\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") passed")
        if let book {
            let started = Date()
            let count = try book.draw()
            console.line(
                "\(count) pictures drawn in \(String(format: "%.0f", Date().timeIntervalSince(started))) s: \(book.folder.path)/index.html")
        }
    }

    /// Runs a scenario, writing the page of what the phone shows after each step.
    @MainActor
    private static func run(_ scenario: Scenario, drawingInto book: PictureBook, narrate: Bool, pictures: PictureOptions) async throws {
        let runner = try scenario.makeRunner()
        runner.person.colorScheme = pictures.style.colorScheme
        runner.person.dynamicTypeSize = pictures.style.dynamicTypeSize
        let folder = ((scenario.file as NSString).lastPathComponent as NSString).deletingPathExtension
        let lines = try String(contentsOfFile: scenario.file, encoding: .utf8).components(separatedBy: "\n")
        var number = 0
        try await scenario.play(on: runner, narrate: narrate) { line, _ in
            number += 1
            let written = lines.indices.contains(line - 1) ? lines[line - 1].trimmingCharacters(in: .whitespaces) : "line \(line)"
            try book.take(
                runner, group: "\(scenario.file): \(scenario.name)", title: "\(number). \(written)",
                name: "\(folder)/\(String(format: "%03d", number))")
        }
    }
}
