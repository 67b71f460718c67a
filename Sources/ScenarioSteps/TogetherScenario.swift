import Foundation
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import TogetherClient
import Yams

/// A Together scenario: several people, each with Threshold on a phone of their own, sharing one
/// clock and one Together server. Each step is one person's, done through their screens exactly as
/// a root scenario's step is (the same ``StepRunner`` and ``Person``); only time is everyone's.
///
/// ```yaml
/// name: Alice invites Bob
/// people: [alice, bob]            # each on a phone set up as `setup:` says
/// setup: {start: 2026-11-25 09:00, profiles: [{id: focus, apps: [tiktok]}]}
/// steps:
///   - alice: [open-threshold, {tap: Settings}, {tap: Together}]
///   - alice: {type: {field: Display name, text: Alice}}
///   - alice: {tap: Join Together}
///   - alice: [{tap: Invite a partner}, {tap: Share invitation}]
///   - bob: {link: "{alice.invitation}"}   # the link Alice last shared
///   - advance: 1d                          # time passes for everyone
///   - bob: {expect: {notification: Alice}}
/// ```
///
/// A person may be written `{name: alice-new, apple-account: alice, new-iphone: true}`: a second
/// device of someone's, signed in to the same Apple Account (so it shares their iCloud Keychain,
/// where the Together account and the backup's key live), and with `new-iphone` a fresh install
/// that holds nothing yet (setup's time, time zone and apps only).
///
/// `- NAME: STEP` or `- NAME: [STEP, …]` is that person's; `advance`, `advance-to` and `note` are
/// written without a person and are everyone's (every phone's clock moves together). In a `link`,
/// `{NAME.invitation}` is the invitation link NAME last shared from Settings › Together. The server's
/// package runs these against its server live on loopback (`Server/Scenarios`, `Server/README.md`).
public struct TogetherScenario: Sendable {
    public let file: String
    public let name: String
    /// How every person's phone starts.
    public let setup: PhoneSetup
    /// The people, in the order the file names them.
    public let people: [String]
    /// Whose Apple Account each person's device is signed in to (their own unless the file says).
    public let appleAccounts: [String: String]
    /// The people whose device is a new iPhone, not yet set up.
    public let newIPhones: Set<String>
    let turns: [Turn]

    /// One step, and whose it is (`nil`: everyone's).
    struct Turn: Sendable {
        let line: Int
        let person: String?
        let step: Step
    }

    /// Reads a Together scenario; every name in it (people, apps, profiles, steps) is checked here.
    public static func parse(_ text: String, file: String) throws -> TogetherScenario {
        let reader = YAMLReader(file: file)
        let root = try reader.root(text)
        var name = file, setupNode: Node?, peopleNode: Node?, stepsNode: Node?
        for (key, value, _) in try reader.entries(
            root, "the scenario", allowed: ["name", "description", "seed", "people", "setup", "steps"])
        {
            switch key {
            case "name": name = try reader.string(value, "name")
            case "people": peopleNode = value
            case "setup": setupNode = value
            case "steps": stepsNode = value
            default: break
            }
        }
        guard let peopleNode, let peopleList = peopleNode.sequence else {
            throw reader.fail(peopleNode ?? root, "a Together scenario names its people: `people: [alice, bob]`")
        }
        var people: [String] = [], appleAccounts: [String: String] = [:], newIPhones: Set<String> = []
        for entry in peopleList {
            guard entry.mapping != nil else {
                people.append(try reader.string(entry, "a person"))
                continue
            }
            var name: String?
            for (key, value, _) in try reader.entries(entry, "a person", allowed: ["name", "apple-account", "new-iphone"]) {
                switch key {
                case "name": name = try reader.string(value, "name")
                case "apple-account": appleAccounts[name ?? ""] = try reader.string(value, "apple-account")
                default: if try reader.bool(value, "new-iphone") { newIPhones.insert(name ?? "") }
                }
            }
            guard let name else { throw reader.fail(entry, "a person written as a mapping has a `name:`") }
            if let account = appleAccounts.removeValue(forKey: "") { appleAccounts[name] = account }
            if newIPhones.remove("") != nil { newIPhones.insert(name) }
            people.append(name)
        }
        let verbs = Set(StepReader.vocabulary.map(\.verb))
        for person in people {
            guard person.range(of: #"^[a-z][a-z0-9-]*$"#, options: .regularExpression) != nil, !verbs.contains(person) else {
                throw reader.fail(peopleNode, "“\(person)” cannot name a person: use a lower-case word that is not a step (alice, bob)")
            }
        }
        guard !people.isEmpty, Set(people).count == people.count else {
            throw reader.fail(peopleNode, "people should name each person once")
        }
        for (person, account) in appleAccounts where !people.contains(account) || account == person {
            throw reader.fail(
                peopleNode, "\(person)'s apple-account names another of the people (\(people.joined(separator: ", "))), not “\(account)”")
        }
        let setup = try setupNode.map { try SetupReader(reader: reader).read($0) } ?? PhoneSetup()
        guard let stepsNode, let list = stepsNode.sequence, !list.isEmpty else {
            throw reader.fail(stepsNode ?? root, "a scenario needs `steps:`, a list of things to do and check")
        }
        let steps = StepReader(reader: reader, setup: setup)
        var turns: [Turn] = []
        for node in list {
            if let mapping = node.mapping, mapping.count == 1, let first = mapping.first, let person = first.key.scalar?.string,
                people.contains(person)
            {
                for stepNode in first.value.sequence.map({ Array($0) }) ?? [first.value] {
                    let step = try steps.read(stepNode)
                    if Self.isEveryones(step) {
                        throw reader.fail(stepNode, "time passes for everyone: write `- advance: …` without a person")
                    }
                    try Self.checkLinks(in: step, people: people, reader: reader, at: stepNode)
                    turns.append(Turn(line: stepNode.mark?.line ?? 1, person: person, step: step))
                }
            } else {
                if let key = node.mapping?.first?.key.scalar?.string, !verbs.contains(key) {
                    throw reader.fail(node, "“\(key)” is neither one of the people (\(people.joined(separator: ", "))) nor a step")
                }
                let step = try steps.read(node)
                guard Self.isEveryones(step) || Self.isNote(step) else {
                    throw reader.fail(
                        node, "say whose step this is (`- \(people[0]): …`); only advance, advance-to and note are everyone's")
                }
                turns.append(Turn(line: node.mark?.line ?? 1, person: nil, step: step))
            }
        }
        return TogetherScenario(
            file: file, name: name, setup: setup, people: people, appleAccounts: appleAccounts, newIPhones: newIPhones,
            turns: turns)
    }

    /// Reads a Together scenario file.
    public static func load(_ path: String) throws -> TogetherScenario {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ScenarioProblem.malformed(path, 0, "the file cannot be read as UTF-8 text")
        }
        return try parse(text, file: path)
    }

    private static func isEveryones(_ step: Step) -> Bool {
        switch step {
        case .advance, .advanceTo: true
        default: false
        }
    }

    private static func isNote(_ step: Step) -> Bool {
        if case .note = step { true } else { false }
    }

    /// `{NAME.invitation}` in a link must name one of the people.
    private static func checkLinks(in step: Step, people: [String], reader: YAMLReader, at node: Node) throws {
        guard case .link(let url) = step else { return }
        let pattern = try NSRegularExpression(pattern: #"\{([^{}.]*)\.invitation\}"#)
        for match in pattern.matches(in: url, range: NSRange(url.startIndex..., in: url)) {
            guard let range = Range(match.range(at: 1), in: url), people.contains(String(url[range])) else {
                throw reader.fail(node, "{NAME.invitation} names one of the people (\(people.joined(separator: ", ")))")
            }
        }
    }

    // MARK: Running

    /// Runs every step, each person on a phone of their own set up as `setup:` says.
    ///
    /// - Parameters:
    ///   - together: Together for a person's phone: the server, and the Keychain of the Apple Account
    ///     the phone is signed in to (``appleAccount(of:)``: devices of one account share it).
    ///   - serverTime: told the phones' time (real time, which setting a wall clock does not move)
    ///     before every step, so the server's clock follows the phones'.
    ///   - narrate: writes each person's story as it goes, each line after their name.
    @MainActor
    public func run(
        together: (_ appleAccount: String, _ phone: SimulatedPhone) -> TogetherAccess, serverTime: (Date) -> Void,
        narrate: Bool = false, console: Console = Console.current
    ) async throws {
        var runners: [(person: String, runner: StepRunner)] = []
        for person in people {
            let phone: SimulatedPhone
            let setup = newIPhones.contains(person) ? self.setup.newIPhone : self.setup
            do { phone = try setup.makePhone() } catch {
                throw ScenarioProblem.failed(file, 1, "\(person)'s phone could not be set up: \(error)")
            }
            let prompt = AccessPrompt(approvedBefore: setup.authorization == .approved)
            runners.append((person, StepRunner(phone: phone, prompt: prompt, together: together(appleAccount(of: person), phone))))
        }
        let width = people.map(\.count).max() ?? 0
        func tell() {
            guard narrate else { return }
            for (person, runner) in runners {
                for line in runner.newTimeline() { console.line(person.padding(toLength: width, withPad: " ", startingAt: 0) + line) }
            }
        }
        for turn in turns {
            do {
                if let person = turn.person, let runner = runners.first(where: { $0.person == person })?.runner {
                    serverTime(runner.phone.clock.real)
                    try await runner.run(try resolve(turn.step, runners))
                } else {
                    try await everyone(turn.step, runners.map(\.runner), console: narrate ? console : nil)
                }
            } catch {
                tell()
                throw ScenarioProblem.failed(file, turn.line, (turn.person.map { "\($0): " } ?? "") + "\(error)")
            }
            tell()
        }
    }

    /// The Apple Account `person`'s device is signed in to: their own, or the one the file names.
    public func appleAccount(of person: String) -> String { appleAccounts[person] ?? person }

    /// Time passes on every phone alike (`advance-to` reads the first person's clock); a note is
    /// the story's.
    @MainActor
    private func everyone(_ step: Step, _ runners: [StepRunner], console: Console?) async throws {
        guard let first = runners.first else { return }
        let seconds: TimeInterval
        switch step {
        case .advance(let by): seconds = by
        case .advanceTo(let spec):
            let target = spec.instant(from: first.phone.clock.wall, in: first.phone.clock.timeZone)
            guard target >= first.phone.clock.wall else { throw StepError.timeRunsForward(spec.description) }
            seconds = target.timeIntervalSince(first.phone.clock.wall)
        case .note(let text):
            console?.line("— \(text)")
            return
        default: return
        }
        // Every phone reaches the same real time (a step of one person's may have let a little pass
        // on their phone alone: a breathing quest, say).
        let until = (runners.map(\.phone.clock.real).max() ?? first.phone.clock.real).addingTimeInterval(seconds)
        for runner in runners {
            try await runner.run(.advance(seconds: until.timeIntervalSince(runner.phone.clock.real)))
        }
    }

    /// The step with `{NAME.invitation}` replaced by the link NAME last shared.
    @MainActor
    private func resolve(_ step: Step, _ runners: [(person: String, runner: StepRunner)]) throws -> Step {
        guard case .link(var url) = step else { return step }
        for (person, runner) in runners where url.contains("{\(person).invitation}") {
            guard let shared = runner.person.sharedInvitation else {
                throw StepError.notOffered(
                    "\(person) has shared no invitation yet (Settings › Together: Invite a partner, then Share invitation)")
            }
            url = url.replacingOccurrences(of: "{\(person).invitation}", with: shared)
        }
        return .link(url)
    }
}
