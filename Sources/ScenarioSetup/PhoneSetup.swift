import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
@_spi(Setup) import ThresholdRuntime
import StoreClient
import ThresholdCore
import Yams

/// How a scenario's phone starts: its time zone and clock, its apps, what Threshold already holds
/// (gates, profiles, intentions, credits, settings) and how often callbacks misbehave.
///
/// This is the only place outside the app's screens and iOS's entry points that writes
/// Threshold's state, and it does so once, before the first step: `makePhone(store:)`. The step
/// runner (`ScenarioSteps`) cannot reach the store at all (see `Documentation/Scenarios.md`).
///
/// A fresh install (`fresh-install: true`) holds nothing and has not been through onboarding, so
/// a journey starts where a person does; any other setup stands for a person who finished
/// onboarding with what it names.
public struct PhoneSetup: Sendable {
    public var timeZone = TimeZone(identifier: "America/New_York")!
    public var start = Date(timeIntervalSince1970: 1_795_438_800)  // Mon 2026-11-23 08:00 New York
    public var catalogue = AppCatalogue.standard
    public var state = ThresholdState.empty
    public var faults = FaultSettings()
    public var authorization = AuthorizationStatus.approved
    public var tutorial = false
    /// Focus Bank credits already earned.
    public var credits = 0
    /// The person's settings (daily reminders, screen time).
    public var settings = Settings()
    /// Nothing set up and onboarding not yet done: the app opens on onboarding.
    public var freshInstall = false
    /// The plan (`plan: free|trial|pro`): Pro unless said, so a scenario means what it did before
    /// Pro existed; a fresh install is Free, as a new person's phone is.
    public var plan: SetupPlan = .pro
    /// Whether the device reads and writes NFC tags (`nfc: false`: an iPad).
    public var readsNFCTags = true
    /// The device (`device: ipad`): an iPad has no NFC, so keys are links and QR codes there.
    public var device = SimulatedDevice.iPhone
    /// The language the app's words are shown in (`language: pseudo`; `threshold run --language`).
    public var language = PhoneLanguage.english
    /// What peers' users saw on real phones and not every phone does (`setup:` switches; see
    /// `Documentation/Scenarios.md`, "What some phones do").
    public var quirks = PhoneQuirks()
    /// `push-notifications: true`: a Together journey whose server pushes partners' messages (APNs,
    /// a stand-in in the server's tests), each phone's app registering for them.
    public var pushNotifications = false

    public init() {}

    /// A new device at the same time and place: a fresh install holding nothing, with the same
    /// apps, faults and NFC (a person's second iPhone in a Together scenario). Its Screen Time
    /// tokens are its own (``AppCatalogue/onDevice(_:)``), so what another iPhone picked shields
    /// nothing on it until picked again.
    public var newIPhone: PhoneSetup {
        var setup = PhoneSetup()
        setup.timeZone = timeZone
        setup.start = start
        setup.catalogue = catalogue.onDevice(Self.newIPhoneDevice)
        setup.faults = faults
        setup.readsNFCTags = readsNFCTags
        setup.device = device
        setup.language = language
        setup.quirks = quirks
        setup.pushNotifications = pushNotifications
        setup.freshInstall = true
        setup.authorization = .notDetermined
        return setup
    }

    /// The device a ``newIPhone`` is, as its tokens and its backups name it.
    public static let newIPhoneDevice = "new-iphone"

    /// A phone set up as the scenario says, over `store` (a new in-memory one by default).
    public func makePhone(store: (any StoreClient)? = nil) throws -> SimulatedPhone {
        var state = self.state
        if tutorial { state = try state.with(tutorial: .some(Tutorial(startedAt: start))) }
        var switches = FaultSwitch(seed: faults.seed)
        switches.dropRate = faults.drop
        switches.duplicateRate = faults.duplicate
        switches.delayRate = faults.delay
        switches.maximumDelay = faults.maximumDelay
        let phone = try SimulatedPhone(
            start: start, timeZone: timeZone, catalogue: catalogue, setup: state,
            plan: freshInstall ? .free : plan.status(from: start), store: store, faults: switches)
        phone.authorization = authorization
        phone.readsNFCTags = readsNFCTags
        phone.device = device
        phone.language = language
        phone.locale = language.locale
        quirks.apply(to: phone)
        // Selah's shield shows the day's verse from the bundled prayers in the phone's language, as
        // the extension does; without them it shows its fallback verse (as the extension does when
        // it cannot read them).
        if case .success(let library) = SimulatedApp.library(in: ContentLanguage(phone.locale)) {
            phone.shieldVerses = ShieldVerses(library: library)
        }
        // A fresh install has not asked for notifications yet.
        if freshInstall { phone.notifications.permission = .notDetermined }
        try phone.reconciler(for: .app).seed(SetUpSettings(settings: settings, onboarded: !freshInstall, credits: credits))
        return phone
    }
}

/// The settings a scenario's phone starts with, whether onboarding is behind it, and the credits
/// earned before it.
struct SetUpSettings: StateCommand {
    let settings: Settings
    let onboarded: Bool
    let credits: Int

    func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.settings = settings
        transaction.state.settings.onboardingCompleted = onboarded
        if credits > 0 {
            try transaction.post(LedgerEntry(account: .credits, amount: credits, memo: "Earned before the scenario"), at: context.now)
        }
    }
}

/// The plan a scenario starts on.
public enum SetupPlan: String, CaseIterable, Sendable {
    case free, trial, pro

    /// The status on a phone that starts at `start`: a trial of 7 days, a yearly subscription.
    public func status(from start: Date) -> PlanStatus {
        switch self {
        case .free: .free
        case .trial: .trial(until: start.addingTimeInterval(7 * 86_400))
        case .pro: .pro(until: start.addingTimeInterval(365 * 86_400))
        }
    }
}

/// Reads `setup:`.
package struct SetupReader {
    let reader: YAMLReader

    package init(reader: YAMLReader) { self.reader = reader }

    /// What iOS does on this phone as peers' users report it (`PhoneQuirks`, and push
    /// notifications): the device's, so a fresh install may set them too.
    static let iOSBehaviours = [
        "draws-default-shield-in-use", "keeps-lifted-shield-drawn", "fires-thresholds-at-first-use", "never-calls-monitor",
        "focus-filter-runs", "keeps-no-shields", "grants-nothing", "push-notifications",
    ]

    package func read(_ node: Node) throws -> PhoneSetup {
        var setup = PhoneSetup()
        var startNode: Node?
        var gates: [Gate] = [], profiles: [Profile] = [], intentions: [Intention] = [], freezes: Set<LocalDate> = []
        let entries = try reader.entries(
            node, "setup",
            allowed: [
                "timezone", "start", "apps", "gates", "profiles", "intentions", "streak-freeze-days", "tutorial", "faults", "authorization",
                "credits", "reminders", "screen-time", "fresh-install", "plan", "nfc", "device", "language", "drops-activities",
            ] + Self.iOSBehaviours)
        // Apps and the time zone first: the rest refers to them.
        for (key, value, _) in entries {
            switch key {
            case "timezone":
                let id = try reader.string(value, "timezone")
                guard let zone = TimeZone(identifier: id) else {
                    throw reader.fail(value, "“\(id)” is not a time zone; use an IANA name such as Europe/London")
                }
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
                freezes = Set(
                    try reader.strings(value, "streak-freeze-days").map { text in
                        do { return try LocalDate(parsing: text) } catch { throw reader.fail(value, "\(error)") }
                    })
            case "tutorial": setup.tutorial = try reader.bool(value, "tutorial")
            case "fresh-install": setup.freshInstall = try reader.bool(value, "fresh-install")
            case "nfc":
                setup.readsNFCTags = try reader.bool(value, "nfc")
                if setup.readsNFCTags, entries.contains(where: { $0.key == "device" && $0.value.scalar?.string == "ipad" }) {
                    throw reader.fail(value, "an iPad reads and writes no NFC tags")
                }
            case "device":
                setup.device = try reader.choice(value, "device", as: SimulatedDevice.self)
                if setup.device == .iPad { setup.readsNFCTags = false }
            case "plan": setup.plan = try reader.choice(value, "plan", as: SetupPlan.self)
            case "language": setup.language = try reader.choice(value, "language", as: PhoneLanguage.self)
            case "faults": setup.faults = try SetupReader.faultSettings(value, reader)
            case "drops-activities": try readDrops(value, into: &setup)
            case "draws-default-shield-in-use": setup.quirks.drawsDefaultShieldInUse = try reader.bool(value, key)
            case "keeps-lifted-shield-drawn": setup.quirks.keepsLiftedShieldDrawn = try reader.bool(value, key)
            case "fires-thresholds-at-first-use": setup.quirks.firesThresholdsAtFirstUse = try reader.bool(value, key)
            case "never-calls-monitor": setup.quirks.monitorSleepsFrom = try readSince(value, key, setup: setup)
            case "keeps-no-shields": setup.quirks.stopsKeepingShieldsAt = try readSince(value, key, setup: setup)
            case "grants-nothing": setup.quirks.grantsNothing = try reader.bool(value, key)
            case "focus-filter-runs": setup.quirks.focusFilterRuns = try reader.choice(value, key, as: FocusFilterRuns.self)
            case "push-notifications": setup.pushNotifications = try reader.bool(value, key)
            case "authorization": setup.authorization = try reader.choice(value, "authorization", as: AuthorizationStatus.self)
            case "credits": setup.credits = try reader.int(value, "credits", in: 0...100_000)
            case "screen-time":
                let f = try fields(value, "screen-time", allowed: ["apps", "categories", "goal"])
                let goal = try f["goal"].map { Int(try reader.duration($0, "goal") / 60) }
                let selection = try self.selection(f, setup.catalogue)
                let since = Clockwork(timeZone: setup.timeZone).localDate(of: setup.start)
                setup.settings.screenTime = try validated(value) {
                    try ScreenTimeTracking(selection: selection, goalMinutes: goal, since: since)
                }
            case "reminders":
                for name in try reader.strings(value, "reminders") {
                    switch name {
                    case "daily-review": setup.settings.reminders.dailyReview = true
                    case "evening-prompt": setup.settings.reminders.eveningPrompt = true
                    default: throw reader.fail(value, "reminder “\(name)” should be daily-review or evening-prompt")
                    }
                }
            default: break
            }
        }
        if setup.freshInstall {
            let device =
                ["timezone", "start", "apps", "faults", "authorization", "fresh-install", "nfc", "device", "language", "drops-activities"]
                + Self.iOSBehaviours
            let named = entries.map(\.key).filter { !device.contains($0) }
            if let first = named.first, let entry = entries.first(where: { $0.key == first }) {
                throw reader.fail(
                    entry.value, "a fresh install holds nothing yet; `\(first)` is made through the app's screens (onboarding first)")
            }
            if !entries.contains(where: { $0.key == "authorization" }) { setup.authorization = .notDetermined }
        }
        do {
            setup.state = try ThresholdState(profiles: profiles, gates: gates, intentions: intentions, streakFreezeDays: freezes)
        } catch {
            throw reader.fail(node, "the setup is inconsistent: \(error)")
        }
        return setup
    }

    /// `drops-activities: {share: 0.5, seed: 3, at: 2026-11-24 12:00}`: iOS accepts registrations
    /// and keeps only some (`share` forgotten, from `seed`), and/or forgets every one `at` a time.
    private func readDrops(_ node: Node, into setup: inout PhoneSetup) throws {
        var forgetting = DeviceActivityCentre.Forgetting(), seed: UInt64 = 1, share = 0.0
        for (key, value, _) in try reader.entries(node, "drops-activities", allowed: ["share", "seed", "at"]) {
            switch key {
            case "share": share = try reader.double(value, "share", in: 0...1)
            case "seed": seed = UInt64(try reader.int(value, "seed", in: 0...Int.max))
            default:
                guard case .local(let day, let seconds)? = Format.parseClock(try reader.string(value, "at")) else {
                    throw reader.fail(value, "at should be a local date and time, like 2026-11-24 12:00")
                }
                setup.quirks.forgetsAllActivitiesAt = ClockSpec.reading(day, seconds, setup.timeZone)
            }
        }
        forgetting = DeviceActivityCentre.Forgetting(share: share, seed: seed)
        setup.quirks.forgetting = forgetting
    }

    /// A quirk on from the start (`true`) or from a local date and time (`never-calls-monitor`,
    /// `keeps-no-shields`); `false`: never.
    private func readSince(_ node: Node, _ key: String, setup: PhoneSetup) throws -> Date? {
        if node.scalar?.string == "true" || node.scalar?.string == "false" {
            return try reader.bool(node, key) ? .distantPast : nil
        }
        guard case .local(let day, let seconds)? = Format.parseClock(try reader.string(node, key)) else {
            throw reader.fail(node, "\(key) should be true, false or a local date and time, like 2026-11-24 12:00")
        }
        return ClockSpec.reading(day, seconds, setup.timeZone)
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
                    throw reader.fail(
                        apps, "unknown app “\(name)”; this phone has: \(catalogue.names.joined(separator: ", ")) (add it under setup.apps)")
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
            rituals = Set(
                try names.map { name in
                    guard let kind = RitualKind(rawValue: name) else {
                        throw reader.fail(
                            presetNode,
                            "unlock “\(name)” is not prayer, challenge, earned-access, none or a ritual (\(RitualKind.allCases.map(\.rawValue).joined(separator: ", ")))"
                        )
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
        let f = try fields(
            node, "a gate",
            allowed: ["id", "name", "path", "apps", "categories", "websites", "strictness", "unlock", "window", "credits-per-minute"])
        guard let idNode = f["id"] else { throw reader.fail(node, "a gate needs an id") }
        let id = try reader.string(idNode, "id")
        let path = try f["path"].map { try pathway($0) } ?? .selah
        let policy = try unlockPolicy(f, defaultPreset: path == .selah ? "prayer" : path == .challenge ? "challenge" : "earned-access")
        let strictness = try f["strictness"].map { try reader.choice($0, "strictness", as: Strictness.self) } ?? .gentle
        let selection = try self.selection(f, catalogue)
        return try validated(node) {
            try Gate(
                id: GateID(id), name: try f["name"].map { try reader.string($0, "name") } ?? id.capitalized, path: path,
                selection: selection, strictness: strictness, unlockPolicy: policy)
        }
    }

    private func profile(_ node: Node, _ catalogue: AppCatalogue) throws -> Profile {
        let f = try fields(
            node, "a profile",
            allowed: [
                "id", "name", "emoji", "path", "apps", "categories", "websites", "list", "strictness", "unlock", "window",
                "credits-per-minute", "breaks", "schedules",
            ])
        guard let idNode = f["id"] else { throw reader.fail(node, "a profile needs an id") }
        let id = try reader.string(idNode, "id")
        let path = try f["path"].map { try pathway($0) } ?? .key
        let listMode: ListMode =
            try f["list"].map { node in
                switch try reader.string(node, "list") {
                case "block": return .blockList
                case "allow": return .allowList
                case let other: throw reader.fail(node, "list “\(other)” should be block or allow")
                }
            } ?? .blockList
        let strictness = try f["strictness"].map { try reader.choice($0, "strictness", as: Strictness.self) } ?? .gentle
        let policy = try unlockPolicy(f, defaultPreset: "none")
        let breaks = try f["breaks"].map { try breakPolicy($0) } ?? .none
        let schedules =
            try f["schedules"].map { node in try list(node, "schedules").enumerated().map { try schedule($1, index: $0) } } ?? []
        let selection = try self.selection(f, catalogue)
        return try validated(node) {
            try Profile(
                id: ProfileID(id), name: try f["name"].map { try reader.string($0, "name") } ?? id.capitalized,
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
        let per: BreakPolicy.Allowance =
            try f["per"].map { node in
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
                guard let day = Weekday(shortName: name) else {
                    throw reader.fail(daysNode, "“\(name)” is not a day; use mon … sun, weekdays, weekend or every-day")
                }
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
        guard let app = catalogue.app(named: name) else {
            throw reader.fail(appNode, "unknown app “\(name)”; this phone has: \(catalogue.names.joined(separator: ", "))")
        }
        let id = try f["id"].map { try reader.string($0, "id") } ?? name
        let opens = try f["opens"].map { try reader.int($0, "opens") } ?? 3
        let minutes = try f["minutes"].map { try reader.int($0, "minutes") } ?? 5
        return try validated(node) { try Intention(id: IntentionID(id), app: app.token, opensPerDay: opens, minutesPerOpen: minutes) }
    }

    private func pathway(_ node: Node) throws -> Pathway {
        let text = try reader.string(node, "path")
        let names: [String: Pathway] = [
            "selah": .selah, "present": .present, "earned-access": .earnedAccess, "challenge": .challenge, "key": .key,
        ]
        guard let path = names[text] else {
            throw reader.fail(node, "path “\(text)” should be one of: \(names.keys.sorted().joined(separator: ", "))")
        }
        return path
    }
}

/// What peers' users saw on real phones that not every phone does, each a `setup:` switch, off
/// unless a scenario turns it on.
public struct PhoneQuirks: Sendable {
    /// `drops-activities: {share, seed}`: registrations iOS accepts and does not keep.
    public var forgetting = DeviceActivityCentre.Forgetting()
    /// `drops-activities: {at}`: when iOS forgets every monitored activity at once.
    public var forgetsAllActivitiesAt: Date?
    /// `draws-default-shield-in-use: true`: a shield that returns over an app in use is iOS's
    /// default one until the app is opened again (kingstinct/react-native-device-activity #82).
    public var drawsDefaultShieldInUse = false
    /// `keeps-lifted-shield-drawn: true`: iOS 26 keeps drawing a shield an extension lifted until
    /// the app's own process writes the shields (khi48/intentions #9).
    public var keepsLiftedShieldDrawn = false
    /// `fires-thresholds-at-first-use: true`: iOS 26.2–26.3 fire every usage threshold of an
    /// activity at the first use counted in its interval (FB21267341, FB21560904).
    public var firesThresholdsAtFirstUse = false
    /// `never-calls-monitor: true | DATE`: iOS 26.3.1 keeps the registrations and never calls the
    /// monitor, from then until a restart (``SimulatedPhone/monitorSleepsFrom``).
    public var monitorSleepsFrom: Date?
    /// `focus-filter-runs: both-ways | on-the-way-in | never`: when iOS runs Threshold's Focus filter.
    public var focusFilterRuns = FocusFilterRuns.bothWays
    /// `keeps-no-shields: true | DATE`: Screen Time access reads on and iOS keeps no shield, from
    /// then on (an iPhone restored from a backup, awaseem/foqos#82).
    public var stopsKeepingShieldsAt: Date?
    /// `grants-nothing: true`: iOS's Screen Time prompt ends, allowed, without turning access on
    /// (awaseem/foqos#199).
    public var grantsNothing = false

    public init() {}

    func apply(to phone: SimulatedPhone) {
        phone.forgetting = forgetting
        phone.forgetsAllActivitiesAt = forgetsAllActivitiesAt
        phone.drawsDefaultShieldOverAppInUse = drawsDefaultShieldInUse
        phone.keepsExtensionLiftsDrawn = keepsLiftedShieldDrawn
        phone.firesThresholdsAtFirstUse = firesThresholdsAtFirstUse
        phone.monitorSleepsFrom = monitorSleepsFrom
        phone.focus.filterRuns = focusFilterRuns
        phone.stopsKeepingShieldsAt = stopsKeepingShieldsAt
        phone.grantsNothing = grantsNothing
    }
}
