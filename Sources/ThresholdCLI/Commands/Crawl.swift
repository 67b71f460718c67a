import ArgumentParser
import Foundation
import ScenarioSetup
import ScenarioSteps
import ScreenCrawler
import ScreenPictures
import ScreenTimeSimulator

/// `threshold crawl [STATE…]`
struct Crawl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Use every enabled control of every screen reached from each state, and report what no person should meet.",
        discussion: """
            A journey checks the paths someone thought to write; a person taps everything. From each \
            state (a scenario file: its setup: makes the phone, its steps: bring the person where the \
            crawl begins; Crawl/states/ holds one for each state a person can be in) the crawler uses \
            every enabled control of the screen shown, breadth first, to --depth actions: each button, \
            switch, tab, back button, link, swipe and VoiceOver action, each choice of a picker not \
            chosen, a stepper up and down, a time picker turned, a short and an over-long text typed \
            into each field, each sheet swiped away, iOS's own sheets answered. Every try starts from \
            a fresh phone in the state and replays its path as scenario steps, through the app's real \
            views: the journeys' one front door.

            It reports, each once with a scenario file that reproduces it (in --findings):
              no-effect      an enabled control whose use changes nothing on screen, nothing saved and
                             nothing outside the app
              no-way-out     a sheet, cover, dialog or system sheet nothing on it closes
              identifier     an identifier or enum case's name on screen (earnedAccess, gate:selah)
              missing-key    a String Catalog key with no entry (iOS shows the key)
              placeholder    a format placeholder left unfilled (%lld, %@)
              plural         a count with the wrong plural (1 breaks, 3 minute)
              empty-label    a control with no words and no VoiceOver label
              unexplained    a disabled control that does not say why: nothing beside it, under
                             its group or in its label, no hint, no problem the screen shows
              stacked        a sheet, alert or dialog asked for while its presenter already
                             showed one, which iOS refuses (the one up stays)
              truncated      words a lineLimit cuts short on a 320-point iPhone at the first
                             accessibility text size (an estimate: TextAudit.Truncation)
              locale         a date or time not in the phone's locale, en_US (17:00, 2026-11-23)
              escaped        with --language pseudo: two or more plain English words, which came
                             from no String Catalog (content, ContentText, and the names the person
                             gave or picked are not reported)
              untranslated   with --language es: English on a Spanish screen, words no catalog gave
                             in Spanish (a text with two English words Spanish does not have, such
                             as “the” or “until”, or one where the person reads it as drawn)
              crash          the app crashed or trapped during an action
              slow           one action took more than --cpu-limit seconds of the process's CPU
              failed         an action could not finish (the screen never settled)
            A finding that is right by design goes in --allowed, with its reason. Text findings' \
            scenarios end with expect: {not-see: …}, so `threshold run` fails on them until fixed.

            Each state is crawled in a process of its own (--jobs at a time), so a crash is reported \
            with the try that caused it and the crawl goes on without it.

            Examples:
              threshold crawl                                   every state in Crawl/states, depth 3
              threshold crawl Crawl/states/02-selah.yaml --depth 2
              threshold crawl --depth 1 --pictures /tmp/shots   a PNG of every screen reached
              threshold crawl --journeys Scenarios/journeys     and check it reaches every screen they do
              threshold crawl --depth 1 --language pseudo       words that escaped the String Catalogs
              threshold crawl --depth 2 --language es           English left on the Spanish screens

            Exit codes: 0 no findings; 1 findings (or screens the journeys reach that the crawl did \
            not); 2 a state or allowances file is malformed (file and line), or the command was misused.
            """)

    @Argument(help: "State files, or folders of them.")
    var states: [String] = ["Crawl/states"]

    @Option(help: "Actions after each state's own steps: screens this far are reached; nearer ones have every control used.")
    var depth = 3

    @Option(help: "States crawled at once, each in a process of its own.")
    var jobs = 2

    @Option(help: "Findings that are right by design, each with its reason (default: Crawl/allowed.yaml where it exists).")
    var allowed: String?

    @Option(help: "Where each finding's reproducing scenario is written.")
    var findings = ".build/crawl/findings"

    @OptionGroup(title: "Pictures (a PNG of each screen the crawl reaches, the first time it reaches it)")
    var pictureOptions: PictureOptions

    @Option(name: .customLong("cpu-limit"), help: "Seconds of the process's CPU one action may take.")
    var cpuLimit = 1.0

    @Option(help: "Scenarios (a folder or files) whose screens the crawl must reach: those it does not are reported.")
    var journeys: String?

    @Option(
        help: ArgumentHelp(
            LanguageHelp.option
                + " Under pseudo, plain English words are reported (escaped); in es, English on a Spanish screen (untranslated)."))
    var language: PhoneLanguage = .english

    @Flag(name: .customLong("in-process"), help: "Crawl every state in this process: a crash then ends the crawl unreported.")
    var inProcess = false

    @Option(help: .hidden)
    var worker: String?

    @Option(help: .hidden)
    var skip: [String] = []

    func validate() throws {
        guard depth >= 0 else { throw ValidationError("--depth is a number of actions, 0 or more") }
        guard jobs >= 1 else { throw ValidationError("--jobs is at least 1") }
        guard cpuLimit > 0 else { throw ValidationError("--cpu-limit is a number of seconds above 0") }
    }

    private var options: CrawlOptions {
        var options = CrawlOptions()
        options.depth = depth
        options.cpuLimit = cpuLimit
        options.skip = Set(skip)
        options.language = language
        return options
    }

    func run() async throws {
        if let worker { return await Self.work(worker, options: options, pictures: pictureOptions.pictures, style: pictureOptions.style) }
        let console = Console.current
        let started = Date()
        let files = try CrawlState.files(in: states)
        guard !files.isEmpty else { throw ScenarioProblem.malformed(states.joined(separator: " "), 0, "no .yaml state files here") }
        // Every file is read first: a typo stops the crawl before it starts (exit 2).
        let loaded = try files.map(CrawlState.load)
        let allowances = try loadAllowances()
        let findingsFolder = URL(fileURLWithPath: findings)
        try Output.prepare(findingsFolder, for: "--findings")
        let picturesFolder = try pictureOptions.folder()

        console.line(
            "Crawling \(files.count) state\(files.count == 1 ? "" : "s") to depth \(depth)\(language == .english ? "" : " in the \(language.rawValue) language")\(inProcess ? ", in this process" : ", \(jobs) at a time")…"
        )
        let crawls: [StateCrawl]
        if inProcess {
            var results: [StateCrawl] = []
            for state in loaded {
                let result = await Self.crawlHere(state, options: options, pictures: pictureOptions.pictures, style: pictureOptions.style)
                Self.tell(result, console: console)
                results.append(result)
            }
            crawls = results
        } else {
            let executable = try Output.executable()
            let (depth, cpuLimit, pictures, language) = (depth, cpuLimit, pictureOptions, language)
            let pool = WorkerPool { state, skip in
                var arguments = [
                    "crawl", "--worker", state, "--depth", String(depth), "--cpu-limit", String(cpuLimit), "--language", language.rawValue,
                ]
                if let folder = pictures.pictures {
                    arguments += [
                        "--pictures", folder, "--appearance", pictures.appearance.rawValue, "--text-size", pictures.textSize.rawValue,
                    ]
                }
                for id in skip { arguments += ["--skip", id] }
                return (executable, arguments)
            }
            crawls = await pool.crawl(files, jobs: jobs) { Self.tell($0, console: console) }
        }

        var report = CrawlReport(crawls, allowances: allowances)
        let texts = Dictionary(uniqueKeysWithValues: loaded.map { ($0.file, $0.text) })
        try report.writeReproducers(to: findingsFolder) { state in
            guard let text = texts[state] else { throw CrawlError.state("no state file \(state)") }
            return text
        }
        var missed: [String] = []
        if let journeys {
            let reached = try await JourneyScreens.reached(by: journeys)
            missed = reached.subtracting(report.summary.screens).sorted()
        }
        if let picturesFolder {
            let count = try CrawlPictures.draw(crawls, in: picturesFolder, style: pictureOptions.style)
            console.line("\(count) pictures in \(picturesFolder.path)/index.html")
        }
        Self.print(report, missed: missed, language: language, seconds: Date().timeIntervalSince(started), console: console)
        if !report.failedStates.isEmpty {
            throw ScenarioProblem.failed(report.failedStates[0].state, 0, "the state could not be crawled: \(report.failedStates[0].why)")
        }
        if !report.findings.isEmpty || !missed.isEmpty { throw ExitCode.failure }
    }

    private func loadAllowances() throws -> Allowances {
        if let allowed { return try Allowances.load(allowed) }
        let standard = "Crawl/allowed.yaml"
        return FileManager.default.fileExists(atPath: standard) ? try Allowances.load(standard) : Allowances()
    }

    // MARK: One state

    /// A worker: crawls one state and writes each event as a JSON line.
    @MainActor
    static func work(_ file: String, options: CrawlOptions, pictures: String?, style: PictureStyle) async {
        func write(_ line: WorkerLine) { FileHandle.standardOutput.write(Data((line.json + "\n").utf8)) }
        let state: CrawlState
        do { state = try CrawlState.load(file) } catch { return write(.stateFailed("\(error)")) }
        let result = await crawlHere(state, options: options, pictures: pictures, style: style, tell: write)
        if let failure = result.failure { write(.stateFailed(failure)) }
    }

    /// Crawls one state in this process; `tell` hears each line as a worker would write it.
    @MainActor
    static func crawlHere(
        _ state: CrawlState, options: CrawlOptions, pictures: String?, style: PictureStyle,
        tell: @escaping (WorkerLine) -> Void = { _ in }
    ) async -> StateCrawl {
        let started = Date()
        let state = state.speaking(options.language)
        var result = StateCrawl(state: state.file)
        let drawer = pictures.map { CrawlPictures(folder: URL(fileURLWithPath: $0), state: state.file, style: style) }
        let crawler = Crawler(
            world: AppWorld(state), state: state.file, options: options,
            tell: { event in
                switch event {
                case .trying(let id, let path, let screen): tell(.trying(id: id, screen: screen, path: path))
                case .finding(let finding):
                    result.findings.append(finding)
                    tell(.finding(finding))
                }
            },
            reached: { observation, subject, path in
                guard let drawer, let file = try drawer.take(observation, subject, path) else { return }
                result.pictures.append((file, observation.name, path))
                tell(.picture(file: file, screen: observation.name, path: path))
            })
        do {
            result.summary = try await crawler.run()
            tell(.summary(result.summary))
        } catch {
            result.failure = "\(error)"
        }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    // MARK: Telling

    private static func tell(_ crawl: StateCrawl, console: Console) {
        let figures = "\(crawl.summary.screens.count) screens, \(crawl.summary.controls.count) controls, \(crawl.summary.tries) tries"
        let found = crawl.findings.isEmpty ? "" : ", \(crawl.findings.count) finding\(crawl.findings.count == 1 ? "" : "s")"
        let status = crawl.failure.map { "FAILED \(crawl.state): \($0)" } ?? "crawled \(crawl.state)  —  \(figures)\(found)"
        console.line("\(status)  (\(String(format: "%.1f", crawl.seconds)) s)")
    }

    private static func print(_ report: CrawlReport, missed: [String], language: PhoneLanguage, seconds: Double, console: Console) {
        let summary = report.summary
        console.line("")
        for entry in report.findings {
            let finding = entry.finding
            console.line("FINDING \(finding.kind.rawValue) on \(finding.screen): \(finding.subject)")
            console.line("  \(finding.detail)")
            console.line(
                "  reached from \(finding.state)"
                    + (entry.states.count > 1 ? " (and \(entry.states.count - 1) other state\(entry.states.count == 2 ? "" : "s"))" : "")
                    + (finding.path.isEmpty ? "" : ": " + finding.path.map(\.description).joined(separator: "; ")))
            if let file = entry.reproducer { console.line("  reproduce: threshold run \(file)") }
        }
        for screen in missed { console.line("NOT REACHED the \(screen) screen, which the journeys reach") }
        // Escaped words are looked for only under the pseudolanguage, untranslated ones in Spanish.
        for entry in report.unusedAllowances where entry.kind.language.map({ $0 == language.rawValue }) ?? true {
            console.line(
                "note: the allowance at \(report.allowedFile ?? "the allowances"):\(entry.line) (\(entry.kind.rawValue)) allowed nothing this time"
            )
        }
        if !summary.diverged.isEmpty {
            console.line(
                "note: \(summary.diverged.count) path\(summary.diverged.count == 1 ? "" : "s") did not replay the same way twice; the crawl did not go on from them:"
            )
            for path in summary.diverged.prefix(10) { console.line("  \(path)") }
        }
        if !summary.unaddressable.isEmpty {
            console.line(
                "note: \(summary.unaddressable.count) control\(summary.unaddressable.count == 1 ? "" : "s") could not be named for a step, so were not used:"
            )
            for control in summary.unaddressable.sorted().prefix(20) { console.line("  \(control)") }
        }
        console.line("")
        console.line(
            "\(summary.screens.count) screens reached (\(summary.screenStates) screen states), \(summary.controls.count) controls used in \(summary.tries) tries, "
                + "\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")"
                + (report.allowed.isEmpty ? "" : " (\(report.allowed.count) more allowed by design)")
                + " in \(String(format: "%.0f", seconds)) s")
    }
}
