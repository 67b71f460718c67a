import Foundation
import ScenarioSteps
import ScreenTimeSimulator
import SwiftUI

/// How far and how hard a crawl goes.
package struct CrawlOptions: Sendable {
    /// Actions after the state's own steps: screens this many actions away are reached and read;
    /// those nearer have every control used.
    package var depth = 3
    /// Seconds of the process's CPU one action may take.
    package var cpuLimit = 1.0
    /// What the person types into a field: a short text and an over-long one.
    package var texts = ["12", String(repeating: "An over-long text that goes on ", count: 12)]
    /// Tries not to make again (their ids): the parent passes those a crashed worker was making.
    package var skip: Set<String> = []
    /// The language the app speaks: under the pseudolanguage, plain English words are reported
    /// as escaped from the catalogs (``Finding/Kind/escaped``).
    package var language = PhoneLanguage.english

    package init() {}
}

/// What the crawl has seen of a screen, read once after an action.
@MainActor
package struct Observation {
    /// Everything the app's screen shows, every layer; `nil` when the app is not on screen.
    package let screen: Screen?
    /// Each layer as drawn (words, controls and their state): compared before and after.
    let visible: [String]
    /// The screen as the crawl tells screens apart: its layers and the top layer's controls
    /// (without their values or the numbers in their words).
    package let key: String
    let saved: AnyHashable
    let outside: AnyHashable

    /// The top layer's name (`sheet unlock gate`), or where the person is without the app.
    package var name: String { screen?.top.name ?? "outside Threshold" }

    init(_ subject: any CrawlSubject) throws {
        screen = try subject.screen()
        saved = subject.saved()
        outside = subject.outside()
        guard let screen else {
            visible = []
            key = "outside"
            return
        }
        visible = screen.layers.map { layer in
            [
                "\(layer.kind)", layer.name, layer.title ?? "", layer.message ?? "", layer.words.joined(separator: " · "),
                layer.controls().map(\.description).joined(separator: " "),
            ].joined(separator: " | ")
        }
        let layers = screen.layers.map { "\($0.kind) \($0.name) “\($0.title ?? "")”" }
        let controls = Set(
            screen.top.controls().map { control in
                "\(Self.kindWord(control.kind)) \(Self.withoutNumbers(control.name))\(control.isDisabled ? " (disabled)" : "")"
            })
        key = (layers + controls.sorted()).joined(separator: "\n")
    }

    static func kindWord(_ kind: Control.Kind) -> String {
        switch kind {
        case .button: "button"
        case .toggle: "toggle"
        case .link: "link"
        case .share: "share"
        case .tab: "tab"
        case .back: "back"
        case .option(let picker, _): "option of \(withoutNumbers(picker))"
        case .field: "field"
        case .stepper: "stepper"
        case .datePicker: "time picker"
        case .longPress: "press and hold"
        case .swipeAction(let row): "swipe on \(withoutNumbers(row))"
        case .accessibilityAction: "VoiceOver action"
        }
    }

    static func withoutNumbers(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d+"#, with: "#", options: .regularExpression)
    }

    /// Whether the action changed anything: on screen, saved, or outside the app.
    func differs(from other: Observation) -> Bool {
        visible != other.visible || saved != other.saved || outside != other.outside
    }
}

/// What a crawl tells as it goes: a worker writes each as a line for the parent.
package enum CrawlEvent: Sendable {
    /// A try begins: if the process dies now, this try is what killed it.
    case trying(id: String, path: [CrawlAction], screen: String)
    case finding(Finding)
}

/// A crawl's figures.
package struct CrawlSummary: Codable, Sendable {
    /// The screens reached, by name.
    package var screens: Set<String> = []
    /// Screens as the crawl tells them apart (a screen with other controls counts again).
    package var screenStates = 0
    /// Controls used, each once per screen (a control tried on two screens counts twice).
    package var controls: Set<String> = []
    /// Actions done, each from a fresh copy of the state.
    package var tries = 0
    /// Controls the crawl could not name uniquely for a step (their words name several of a kind
    /// a step cannot tell apart): not used.
    package var unaddressable: Set<String> = []
    /// Paths that did not replay the same way twice: the crawl did not go on from them.
    package var diverged: [String] = []

    package init() {}

    package mutating func add(_ other: CrawlSummary) {
        screens.formUnion(other.screens)
        screenStates += other.screenStates
        controls.formUnion(other.controls)
        tries += other.tries
        unaddressable.formUnion(other.unaddressable)
        diverged += other.diverged
    }
}

/// Uses every enabled control of every screen it reaches, breadth first, each try from a fresh
/// copy of the state (the path replayed from the start, as a person would do it), and reports what
/// a person should not meet (``Finding``).
@MainActor
package final class Crawler {
    private let world: any CrawlWorld
    private let state: String
    private let options: CrawlOptions
    private let tell: (CrawlEvent) -> Void
    /// Called with each screen state first reached, and the subject showing it (for a picture).
    private let reached: (Observation, any CrawlSubject, [CrawlAction]) throws -> Void

    private var summary = CrawlSummary()
    private var seen: Set<String> = []
    private var told: Set<String> = []
    private var missingKeys = Catalogs.missingKeys
    /// The phone's zone, in which a time picker is turned, and the apps the person picks.
    private var timeZone = TimeZone(identifier: "UTC")!
    private var apps: [String] = []

    package init(
        world: any CrawlWorld, state: String, options: CrawlOptions, tell: @escaping (CrawlEvent) -> Void,
        reached: @escaping (Observation, any CrawlSubject, [CrawlAction]) throws -> Void = { _, _, _ in }
    ) {
        self.world = world
        self.state = state
        self.options = options
        self.tell = tell
        self.reached = reached
    }

    /// The crawl. Throws when the state itself cannot be reached (its steps fail) or a picture
    /// cannot be written; everything the app does wrong is a finding.
    package func run() async throws -> CrawlSummary {
        let start = try await world.fresh()
        timeZone = start.timeZone
        apps = start.apps
        let root = try Observation(start)
        guard root.screen != nil else {
            throw CrawlError.state("\(state): Threshold is not on screen after the state's steps (end them with open-threshold)")
        }
        try arrive(at: root, on: start, path: [])
        var frontier: [(path: [CrawlAction], observation: Observation)] = [([], root)]
        for _ in 0..<options.depth {
            var next: [(path: [CrawlAction], observation: Observation)] = []
            for node in frontier {
                next += try await expand(node.path, node.observation)
            }
            frontier = next
        }
        return summary
    }

    /// Every action `observation`'s top layer offers, each from a fresh copy; the screens they
    /// lead to that are new, to expand next.
    private func expand(_ path: [CrawlAction], _ observation: Observation) async throws -> [(path: [CrawlAction], observation: Observation)]
    {
        guard let screen = observation.screen else { return [] }
        let top = screen.top
        let offered = actions(on: top)
        var next: [(path: [CrawlAction], observation: Observation)] = []
        var leaves = false
        var judged = 0
        for action in offered {
            let tried = path + [action]
            let id = Self.id(tried)
            if options.skip.contains(id) { continue }
            tell(.trying(id: id, path: tried, screen: top.name))
            guard let (before, after, subject) = try await attempt(action, after: path, from: observation) else { continue }
            judged += 1
            summary.controls.insert("\(top.name): \(action.control)")
            if let after {
                if Self.leaves(screen.layers.count - 1, before: before, after: after) { leaves = true }
                if !after.differs(from: before) {
                    report(
                        .noEffect, on: top.name, subject: action.control,
                        detail: "\(action.description) changes nothing on screen, nothing saved and nothing outside the app", path: tried)
                }
                if seen.insert(after.key).inserted {
                    try arrive(at: after, on: subject, path: tried)
                    if after.screen != nil { next.append((tried, after)) }
                }
            }
        }
        if top.kind != .app, !leaves, judged == offered.count {
            report(
                .noWayOut, on: top.name, subject: top.title ?? top.name,
                detail: offered.isEmpty
                    ? "nothing on it can be used, and it cannot be swiped away"
                    : "none of its \(offered.count) actions closes it, and it cannot be swiped away", path: path)
        }
        return next
    }

    /// One try: a fresh copy, the path replayed, the action. `nil` when the path did not replay
    /// (the app is not deterministic there); `after` is `nil` when the action failed (reported).
    private func attempt(
        _ action: CrawlAction, after path: [CrawlAction], from expected: Observation
    ) async throws
        -> (before: Observation, after: Observation?, subject: any CrawlSubject)?
    {
        let subject = try await world.fresh()
        for (index, step) in path.enumerated() {
            do {
                try await subject.perform(step)
            } catch {
                summary.diverged.append("\(Self.id(Array(path.prefix(index + 1)))): \(error)")
                return nil
            }
        }
        let before = try Observation(subject)
        guard before.key == expected.key else {
            summary.diverged.append("\(Self.id(path)): reached another screen the second time (\(before.name), not \(expected.name))")
            return nil
        }
        summary.tries += 1
        let started = Self.cpuSeconds()
        var failure: (any Error)?
        do { try await subject.perform(action) } catch { failure = error }
        let spent = Self.cpuSeconds() - started
        let where_ = before.name
        if spent > options.cpuLimit {
            report(
                .slow, on: where_, subject: action.control,
                detail:
                    "\(action.description) took \(String(format: "%.2f", spent)) s of the process's CPU (the limit is \(options.cpuLimit) s)",
                path: path + [action])
        }
        if let failure {
            report(.failed, on: where_, subject: action.control, detail: "\(action.description) failed: \(failure)", path: path + [action])
            return (before, nil, subject)
        }
        do {
            var after = try Observation(subject)
            // NB: on a busy machine, work a tap started off the main actor (a system request the
            // app awaits) can finish after the screen first stood still, as a phone's can: before
            // calling the tap one that changes nothing, the crawl gives it a little real time.
            for _ in 0..<5 where !after.differs(from: before) {
                try await Task.sleep(for: .milliseconds(20))
                try await subject.settle()
                after = try Observation(subject)
            }
            return (before, after, subject)
        } catch {
            report(
                .failed, on: where_, subject: action.control, detail: "after \(action.description) the screen cannot be drawn: \(error)",
                path: path + [action])
            return (before, nil, subject)
        }
    }

    /// A screen state reached for the first time: its words read, its picture taken.
    private func arrive(at observation: Observation, on subject: any CrawlSubject, path: [CrawlAction]) throws {
        seen.insert(observation.key)
        summary.screenStates += 1
        guard let screen = observation.screen else { return }
        summary.screens.insert(observation.name)
        let names = options.language == .english ? [] : subject.names.union(options.texts)
        // A Spanish screen's titles as drawn, for the look for English left on it.
        let drawn = options.language == .spanish ? try Reading.$asDrawn.withValue(true) { try subject.screen() } : nil
        for refused in screen.refused {
            report(
                .stacked, on: observation.name, subject: refused,
                detail: "the \(refused) was asked for while another was up from the same screen: iOS refuses it (already presenting)",
                path: path)
        }
        for (index, layer) in screen.layers.enumerated() {
            var problems = TextAudit.problems(in: layer) + TextAudit.truncated(in: layer)
            if options.language == .pseudo { problems += TextAudit.escaped(in: layer, names: names) }
            if options.language == .spanish {
                let shown = drawn?.layers.indices.contains(index) == true ? drawn?.layers[index] : nil
                problems += TextAudit.untranslated(in: layer, drawnTitle: shown?.title, drawnMessage: shown?.message, names: names)
            }
            for problem in problems {
                report(problem.kind, on: layer.name, subject: problem.hit, detail: "“\(problem.text)”: \(problem.why)", path: path)
            }
        }
        let missing = Catalogs.missingKeys.subtracting(missingKeys)
        missingKeys.formUnion(missing)
        for key in missing.sorted() {
            report(
                .missingKey, on: observation.name,
                subject: String(key.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces),
                detail: "\(key) has no entry in its String Catalog, so iOS shows the key", path: path)
        }
        try reached(observation, subject, path)
    }

    private func report(_ kind: Finding.Kind, on screen: String, subject: String, detail: String, path: [CrawlAction]) {
        let finding = Finding(kind: kind, state: state, screen: screen, subject: subject, detail: detail, path: path)
        guard told.insert(finding.identity).inserted else { return }
        tell(.finding(finding))
    }

    /// Whether the layer at `index` (a sheet, cover, dialog) is gone after the action.
    private static func leaves(_ index: Int, before: Observation, after: Observation) -> Bool {
        guard let screen = after.screen, let was = before.screen else { return false }
        guard screen.layers.count > index else { return true }
        let old = was.layers[index], new = screen.layers[index]
        return old.kind != new.kind || old.name != new.name
    }

    /// A try's id: its steps in order.
    package static func id(_ path: [CrawlAction]) -> String { path.map(\.step).joined(separator: " ▸ ") }

    /// Seconds of CPU the process has used, every thread.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: What a screen offers

    /// Every action the top layer offers a person: each enabled control used in each way it can
    /// be (a stepper up and down, a field typed into short and long, each choice of a picker not
    /// chosen), the sheet swiped away, iOS's own sheets answered.
    func actions(on layer: Screen.Layer) -> [CrawlAction] {
        let controls = layer.controls()
        var actions: [CrawlAction] = []
        for (index, control) in controls.enumerated() where !control.isDisabled {
            let description = "\(control.description) \(control.place)"
            // A step names a control in English, as a journey does (the pseudolanguage read back).
            let name = PseudoLanguage.english(control.name)
            func addressed(where kind: (Control) -> Bool) -> Bool {
                let same = Words.find(control.name, in: controls.filter(kind))
                guard same.count == 1 else {
                    summary.unaddressable.insert("\(layer.name): \(description) (its words name \(same.count) of its kind)")
                    return false
                }
                return true
            }
            switch control.kind {
            case .tab(isSelected: true), .option(_, isSelected: true):
                // Chosen already: choosing it again is nothing, by design.
                continue
            case .field(let current):
                guard addressed(where: { if case .field = $0.kind { true } else { false } }) else { continue }
                // NB: typing what the field already holds is nothing, by design (as choosing the chosen option).
                actions += options.texts.filter { $0 != current }.map { CrawlAction(kind: .type($0), label: name, control: description) }
            case .stepper:
                if control.increment != nil, let tap = tap(control, index, in: controls, layer: layer) { actions.append(tap) }
                let valued: (Control) -> Bool = {
                    switch $0.kind {
                    case .stepper, .datePicker: true;
                    default: false
                    }
                }
                if control.decrement != nil, let number = Person.number(in: name), addressed(where: valued) {
                    // NB: named by its words on one side of the number ("Opens for" of "Opens for 10 min"), as a
                    // step finds a run of words, not words with a gap.
                    let sides = name.components(separatedBy: String(number)).map { $0.trimmingCharacters(in: .whitespaces) }
                    let label = sides.max { Words.tokens($0).count < Words.tokens($1).count } ?? ""
                    actions.append(CrawlAction(kind: .decrease(to: number - 1), label: label.isEmpty ? name : label, control: description))
                }
            case .datePicker:
                let valued: (Control) -> Bool = {
                    switch $0.kind {
                    case .stepper, .datePicker: true;
                    default: false
                    }
                }
                guard case .datePicker(let picker)? = control.element?.kind, addressed(where: valued) else { continue }
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = timeZone
                let later = picker.date.addingTimeInterval(90 * 60)
                let parts = calendar.dateComponents([.hour, .minute], from: later)
                actions.append(
                    CrawlAction(
                        kind: .setTime(String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)),
                        label: name, control: description))
            case .longPress:
                let pressed: (Control) -> Bool = {
                    switch $0.kind {
                    case .longPress, .accessibilityAction: true;
                    default: false
                    }
                }
                guard addressed(where: pressed) else { continue }
                actions.append(CrawlAction(kind: .longPress, label: name, control: description))
            default:
                if let tap = tap(control, index, in: controls, layer: layer) { actions.append(tap) }
            }
        }
        switch layer.kind {
        case .sheet, .confirmationDialog, .system:
            if layer.dismiss != nil { actions.append(CrawlAction(kind: .swipeAway, label: "", control: "the \(layer.name)")) }
        case .app, .fullScreenCover, .alert:
            break
        }
        if layer.kind == .system("Screen Time picker"), layer.answer != nil {
            actions.append(CrawlAction(kind: .pickApps(apps), label: "", control: "iOS's Screen Time picker"))
        }
        if layer.kind == .system("Save to Files"), layer.answer != nil {
            actions.append(CrawlAction(kind: .saveFile, label: "", control: "iOS's Save to Files sheet"))
        }
        return actions
    }

    /// A tap on `control`, by its words and, where they name several, which of them.
    private func tap(_ control: Control, _ index: Int, in controls: [Control], layer: Screen.Layer) -> CrawlAction? {
        let description = "\(control.description) \(control.place)"
        let found = Words.find(control.name, in: controls)
        let same: (Control) -> Bool = {
            $0.description == control.description && $0.place == control.place && $0.element?.path == control.element?.path
        }
        guard let position = found.firstIndex(where: same) else {
            summary.unaddressable.insert("\(layer.name): \(description) (its words find another control)")
            return nil
        }
        // As a step finds it: the screen's own control before a tab of the same words.
        let content = found.filter { if case .tab = $0.kind { false } else { true } }
        let unique = found.count == 1 || (content.count == 1 && same(content[0]))
        return CrawlAction(kind: .tap, label: PseudoLanguage.english(control.name), nth: unique ? nil : position + 1, control: description)
    }
}
