import Foundation
import ScreenTimeClient
import ScreenTimeSimulator
import StoreClient
import ThresholdCore
import Yams

/// A scenario file: a phone to set up, steps to take on it and what to expect along the way.
///
/// ```yaml
/// name: A prayer unlocks for ten minutes; the shield returns with the app killed
/// setup:
///   timezone: America/New_York
///   start: 2026-11-23 10:00
///   gates:
///     - {id: selah, path: selah, apps: [instagram, tiktok], unlock: prayer}
/// steps:
///   - open: {app: instagram, shielded: true, reason: gated}
///   - pray
///   - kill-app
///   - advance: 10m
///   - expect: {shielded: [instagram, tiktok], reason: gated}
/// ```
public struct Scenario: Sendable {
    public let file: String
    public let name: String
    public let setup: Setup
    public let steps: [(line: Int, step: Step)]

    public struct Setup: Sendable {
        public var timeZone = TimeZone(identifier: "America/New_York")!
        public var start = Date(timeIntervalSince1970: 1_795_438_800)  // Mon 2026-11-23 08:00 New York
        public var catalogue = AppCatalogue.standard
        public var state = ThresholdState.empty
        public var faults = FaultSettings()
        public var authorization = AuthorizationStatus.approved
        public var tutorial = false
    }

    /// A phone set up as the scenario says, over `store` (a new in-memory one by default).
    public func makePhone(store: (any StoreClient)? = nil) throws -> SimulatedPhone {
        var state = setup.state
        if setup.tutorial { state = try state.with(tutorial: .some(Tutorial(startedAt: setup.start))) }
        var faults = FaultSwitch(seed: setup.faults.seed)
        faults.dropRate = setup.faults.drop
        faults.duplicateRate = setup.faults.duplicate
        faults.delayRate = setup.faults.delay
        faults.maximumDelay = setup.faults.maximumDelay
        let phone = try SimulatedPhone(start: setup.start, timeZone: setup.timeZone, catalogue: setup.catalogue, setup: state,
                                       store: store, faults: faults)
        phone.authorization = setup.authorization
        return phone
    }

    /// Reads a scenario; everything it names (apps, profiles, intentions, steps, expectations) is
    /// checked here, so a run fails only on what happens.
    public static func parse(_ text: String, file: String) throws -> Scenario {
        let reader = YAMLReader(file: file)
        let root = try reader.root(text)
        var name = file, setupNode: Node?, stepsNode: Node?
        for (key, value, _) in try reader.entries(root, "the scenario", allowed: ["name", "description", "seed", "setup", "steps"]) {
            switch key {
            case "name": name = try reader.string(value, "name")
            case "setup": setupNode = value
            case "steps": stepsNode = value
            default: break
            }
        }
        let setup = try setupNode.map { try SetupReader(reader: reader).read($0) } ?? Setup()
        guard let stepsNode, let list = stepsNode.sequence, !list.isEmpty else {
            throw reader.fail(stepsNode ?? root, "a scenario needs `steps:`, a list of things to do and check")
        }
        let steps = StepReader(reader: reader, setup: setup)
        return Scenario(file: file, name: name, setup: setup, steps: try list.map { (line: $0.mark?.line ?? 1, step: try steps.read($0)) })
    }
}

/// Reads `setup:`.
struct SetupReader {
    let reader: YAMLReader

    func read(_ node: Node) throws -> Scenario.Setup {
        var setup = Scenario.Setup()
        var startNode: Node?
        var gates: [Gate] = [], profiles: [Profile] = [], intentions: [Intention] = [], freezes: Set<LocalDate> = []
        let entries = try reader.entries(node, "setup", allowed: [
            "timezone", "start", "apps", "gates", "profiles", "intentions", "streak-freeze-days", "tutorial", "faults", "authorization",
        ])
        // Apps and the time zone first: the rest refers to them.
        for (key, value, _) in entries {
            switch key {
            case "timezone":
                let id = try reader.string(value, "timezone")
                guard let zone = TimeZone(identifier: id) else { throw reader.fail(value, "“\(id)” is not a time zone; use an IANA name such as Europe/London") }
                setup.timeZone = zone
            case "apps": try readApps(value, into: &setup.catalogue)
            case "start": startNode = value
            default: break
            }
        }
        if let startNode {
            guard case .local(let day, let seconds)? = Format.parseClock(try reader.string(startNode, "start")) else {
                throw reader.fail(startNode, "start should be a local date and time, like 2026-11-23 10:00")
            }
            setup.start = ClockSpec.reading(day, seconds, setup.timeZone)
        }
        for (key, value, _) in entries {
            switch key {
            case "gates": gates = try list(value, "gates").map { try gate($0, setup.catalogue) }
            case "profiles": profiles = try list(value, "profiles").map { try profile($0, setup.catalogue) }
            case "intentions": intentions = try list(value, "intentions").map { try intention($0, setup.catalogue) }
            case "streak-freeze-days":
                freezes = Set(try reader.strings(value, "streak-freeze-days").map { text in
                    do { return try LocalDate(parsing: text) } catch { throw reader.fail(value, "\(error)") }
                })
            case "tutorial": setup.tutorial = try reader.bool(value, "tutorial")
            case "faults": setup.faults = try StepReader.faultSettings(value, reader)
            case "authorization": setup.authorization = try reader.choice(value, "authorization", as: AuthorizationStatus.self)
            default: break
            }
        }
        do {
            setup.state = try ThresholdState(profiles: profiles, gates: gates, intentions: intentions, streakFreezeDays: freezes)
        } catch {
            throw reader.fail(node, "the setup is inconsistent: \(error)")
        }
        return setup
    }

    private func list(_ node: Node, _ what: String) throws -> [Node] {
        guard let sequence = node.sequence else { throw reader.fail(node, "\(what) should be a list") }
        return Array(sequence)
    }

    private func readApps(_ node: Node, into catalogue: inout AppCatalogue) throws {
        if node.mapping != nil {
            for (name, category, _) in try reader.entries(node, "apps") {
                catalogue.install(.init(name: name, category: try reader.string(category, "the category of \(name)")))
            }
        } else {
            for name in try reader.strings(node, "apps") { catalogue.install(.init(name: name, category: nil)) }
        }
    }

    /// The selection keys shared by gates and profiles: apps, categories, websites.
    private func selection(_ fields: [String: Node], _ catalogue: AppCatalogue) throws -> Selection {
        var selection = Selection()
        if let apps = fields["apps"] {
            for name in try reader.strings(apps, "apps") {
                guard let app = catalogue.app(named: name) else {
                    throw reader.fail(apps, "unknown app “\(name)”; this phone has: \(catalogue.names.joined(separator: ", ")) (add it under setup.apps)")
                }
                selection.applications.insert(app.token)
            }
        }
        if let categories = fields["categories"] {
            selection.categories = Set(try reader.strings(categories, "categories").map(CategoryToken.init))
        }
        if let sites = fields["websites"] {
            selection.webDomains = Set(try reader.strings(sites, "websites").map(WebDomainToken.init))
        }
        return selection
    }

    private func fields(_ node: Node, _ what: String, allowed: [String]) throws -> [String: Node] {
        Dictionary(uniqueKeysWithValues: try reader.entries(node, what, allowed: allowed).map { ($0.key, $0.value) })
    }

    private func validated<T>(_ node: Node?, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ScenarioProblem { throw error } catch { throw reader.fail(node, "\(error)") }
    }

    private func unlockPolicy(_ fields: [String: Node], defaultPreset: String) throws -> UnlockPolicy {
        let presetNode = fields["unlock"]
        let rituals: Set<RitualKind>
        var window: Int?
        switch try presetNode.map({ try reader.strings($0, "unlock") }) ?? [defaultPreset] {
        case ["prayer"]: rituals = UnlockPolicy.prayer.rituals; window = UnlockPolicy.prayer.windowMinutes
        case ["challenge"]: rituals = UnlockPolicy.challenge.rituals; window = UnlockPolicy.challenge.windowMinutes
        case ["earned-access"]: rituals = UnlockPolicy.earnedAccess.rituals; window = UnlockPolicy.earnedAccess.windowMinutes
        case ["none"]: rituals = []
        case let names:
            rituals = Set(try names.map { name in
                guard let kind = RitualKind(rawValue: name) else {
                    throw reader.fail(presetNode, "unlock “\(name)” is not prayer, challenge, earned-access, none or a ritual (\(RitualKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                return kind
            })
        }
        if let node = fields["window"] { window = Int(try reader.duration(node, "window") / 60) }
        let cost = try fields["credits-per-minute"].map { try reader.int($0, "credits-per-minute") }
        return try validated(presetNode ?? fields["window"]) {
            try UnlockPolicy(rituals: rituals, windowMinutes: window ?? 10, creditsPerMinute: cost ?? 1)
        }
    }

    private func gate(_ node: Node, _ catalogue: AppCatalogue) throws -> Gate {
        let f = try fields(node, "a gate", allowed: ["id", "name", "path", "apps", "categories", "websites", "strictness", "unlock", "window", "credits-per-minute"])
        guard let idNode = f["id"] else { throw reader.fail(node, "a gate needs an id") }
        let id = try reader.string(idNode, "id")
        let path = try f["path"].map { try pathway($0) } ?? .selah
        let policy = try unlockPolicy(f, defaultPreset: path == .selah ? "prayer" : path == .challenge ? "challenge" : "earned-access")
        let strictness = try f["strictness"].map { try reader.choice($0, "strictness", as: Strictness.self) } ?? .gentle
        let selection = try self.selection(f, catalogue)
        return try validated(node) {
            try Gate(id: GateID(id), name: try f["name"].map { try reader.string($0, "name") } ?? id.capitalized, path: path,
                     selection: selection, strictness: strictness, unlockPolicy: policy)
        }
    }

    private func profile(_ node: Node, _ catalogue: AppCatalogue) throws -> Profile {
        let f = try fields(node, "a profile", allowed: [
            "id", "name", "emoji", "path", "apps", "categories", "websites", "list", "strictness", "unlock", "window",
            "credits-per-minute", "breaks", "schedules",
        ])
        guard let idNode = f["id"] else { throw reader.fail(node, "a profile needs an id") }
        let id = try reader.string(idNode, "id")
        let path = try f["path"].map { try pathway($0) } ?? .key
        let listMode: ListMode = try f["list"].map { node in
            switch try reader.string(node, "list") {
            case "block": return .blockList
            case "allow": return .allowList
            case let other: throw reader.fail(node, "list “\(other)” should be block or allow")
            }
        } ?? .blockList
        let strictness = try f["strictness"].map { try reader.choice($0, "strictness", as: Strictness.self) } ?? .gentle
        let policy = try unlockPolicy(f, defaultPreset: "none")
        let breaks = try f["breaks"].map { try breakPolicy($0) } ?? .none
        let schedules = try f["schedules"].map { node in try list(node, "schedules").enumerated().map { try schedule($1, index: $0) } } ?? []
        let selection = try self.selection(f, catalogue)
        return try validated(node) {
            try Profile(id: ProfileID(id), name: try f["name"].map { try reader.string($0, "name") } ?? id.capitalized,
                        emoji: try f["emoji"].map { try reader.string($0, "emoji") } ?? "🎯", path: path, selection: selection,
                        listMode: listMode, strictness: strictness, unlockPolicy: policy, breakPolicy: breaks, schedules: schedules)
        }
    }

    private func breakPolicy(_ node: Node) throws -> BreakPolicy {
        if let text = node.scalar?.string {
            switch text {
            case "none": return .none
            case "five-per-hour": return .fivePerHour
            default: throw reader.fail(node, "breaks “\(text)” should be none, five-per-hour or {count, per, minutes}")
            }
        }
        let f = try fields(node, "breaks", allowed: ["count", "per", "minutes"])
        let per: BreakPolicy.Allowance = try f["per"].map { node in
            switch try reader.string(node, "per") {
            case "hour": return .perHour
            case "session": return .perSession
            case let other: throw reader.fail(node, "per “\(other)” should be hour or session")
            }
        } ?? .perSession
        let count = try f["count"].map { try reader.int($0, "count") } ?? 1
        let minutes = try f["minutes"].map { try reader.int($0, "minutes") } ?? 5
        return try validated(node) { try BreakPolicy(count: count, per: per, minutes: minutes) }
    }

    private func schedule(_ node: Node, index: Int) throws -> Schedule {
        let f = try fields(node, "a schedule", allowed: ["id", "days", "start", "end"])
        let id = try f["id"].map { try reader.string($0, "id") } ?? (index == 0 ? "main" : "schedule-\(index + 1)")
        guard let daysNode = f["days"], let startNode = f["start"], let endNode = f["end"] else {
            throw reader.fail(node, "a schedule needs days, start and end")
        }
        var days = Set<Weekday>()
        for name in try reader.strings(daysNode, "days") {
            switch name {
            case "weekdays": days.formUnion(Weekday.weekdays)
            case "every-day", "everyday", "daily": days.formUnion(Weekday.everyDay)
            case "weekend": days.formUnion([.saturday, .sunday])
            default:
                guard let day = Weekday(shortName: name) else { throw reader.fail(daysNode, "“\(name)” is not a day; use mon … sun, weekdays, weekend or every-day") }
                days.insert(day)
            }
        }
        func time(_ node: Node, _ what: String) throws -> LocalTime {
            let text = try reader.string(node, what)
            do { return try LocalTime(parsing: text) } catch { throw reader.fail(node, "\(error)") }
        }
        let start = try time(startNode, "start"), end = try time(endNode, "end")
        return try validated(node) { try Schedule(id: ScheduleID(id), weekdays: days, start: start, end: end) }
    }

    private func intention(_ node: Node, _ catalogue: AppCatalogue) throws -> Intention {
        let f = try fields(node, "an intention", allowed: ["id", "app", "opens", "minutes"])
        guard let appNode = f["app"] else { throw reader.fail(node, "an intention needs an app") }
        let name = try reader.string(appNode, "app")
        guard let app = catalogue.app(named: name) else { throw reader.fail(appNode, "unknown app “\(name)”; this phone has: \(catalogue.names.joined(separator: ", "))") }
        let id = try f["id"].map { try reader.string($0, "id") } ?? name
        let opens = try f["opens"].map { try reader.int($0, "opens") } ?? 3
        let minutes = try f["minutes"].map { try reader.int($0, "minutes") } ?? 5
        return try validated(node) { try Intention(id: IntentionID(id), app: app.token, opensPerDay: opens, minutesPerOpen: minutes) }
    }

    private func pathway(_ node: Node) throws -> Pathway {
        let text = try reader.string(node, "path")
        let names: [String: Pathway] = ["selah": .selah, "present": .present, "earned-access": .earnedAccess, "challenge": .challenge, "key": .key]
        guard let path = names[text] else { throw reader.fail(node, "path “\(text)” should be one of: \(names.keys.sorted().joined(separator: ", "))") }
        return path
    }
}
