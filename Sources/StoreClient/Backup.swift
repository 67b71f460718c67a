import Foundation
import ThresholdCore

/// The whole store as one versioned JSON document: for backups and for moving to a new phone.
public struct Backup: Codable, Hashable, Sendable {
    /// What the `format` field of every backup says.
    public static let format = "threshold-backup"
    /// The document version this build writes and the highest it reads.
    public static let version = 1

    public var format = Backup.format
    public var version = Backup.version
    /// The device the backup was taken on, when the app passed one: Screen Time tokens only
    /// work on the device that picked them.
    public var deviceID: String?
    public var exportedAt: Date
    /// What `read()` returned when the backup was taken.
    public var state: StoredState
    /// Sessions and grants no longer in `state` (the rest of the history).
    public var history: History
    /// The event log: every event this build can read, in order.
    public var events: [LoggedEvent]

    public struct History: Codable, Hashable, Sendable {
        public var sessions: [Session]
        public var grants: [Grant]

        public init(sessions: [Session], grants: [Grant]) {
            self.sessions = sessions
            self.grants = grants
        }

        /// Every session and grant a store holds, leaving out those `state` already carries, in
        /// the order they started.
        public init(all sessions: some Sequence<Session>, _ grants: some Sequence<Grant>, besides state: StoredState) {
            let liveSessions = Set(state.engine.sessions.map(\.id)), liveGrants = Set(state.engine.grants.map(\.id))
            self.init(
                sessions: sessions.filter { !liveSessions.contains($0.id) }.sorted { ($0.start, $0.id) < ($1.start, $1.id) },
                grants: grants.filter { !liveGrants.contains($0.id) }.sorted { ($0.start, $0.id) < ($1.start, $1.id) })
        }
    }
}

/// Why a backup could not be imported. Nothing was changed.
public enum BackupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not JSON at all.
    case notJSON
    /// The JSON is not a Threshold backup.
    case notABackup
    /// The backup was written by a newer Threshold.
    case newerFormat(found: Int, supported: Int)
    /// A field this version does not know, at a path like `state.engine.profiles[0].colour`.
    case unknownField(String)
    /// A value of the wrong type or one the model refuses, with where and why.
    case invalid(String)
    /// The parts of the backup contradict each other.
    case inconsistent(String)
    /// This store already holds data; a backup goes into an empty one only.
    case storeNotEmpty(String)

    public var description: String {
        switch self {
        case .notJSON: "This file is not a Threshold backup (it is not JSON)."
        case .notABackup: "This file is not a Threshold backup."
        case .newerFormat(let found, let supported):
            "This backup comes from a newer Threshold (format \(found); this version reads up to \(supported)). Update the app, then import it."
        case .unknownField(let path): "This backup has a field this version does not know: \(path). Nothing was imported."
        case .invalid(let detail): "This backup is damaged: \(detail). Nothing was imported."
        case .inconsistent(let detail): "This backup does not add up: \(detail). Nothing was imported."
        case .storeNotEmpty(let detail):
            "Threshold already holds data here (\(detail)); a backup can only be imported into a fresh install."
        }
    }
}

/// What an import brought in, and what the person has to do next.
public struct ImportReport: Hashable, Sendable {
    /// A profile, gate or intention whose apps must be picked again.
    public struct Repick: Hashable, Sendable {
        public enum Kind: String, Sendable { case profile, gate, intention }
        public var kind: Kind
        public var id: String
        public var name: String
    }

    public var profiles: Int
    public var gates: Int
    public var intentions: Int
    public var sessions: Int
    public var grants: Int
    public var events: Int
    /// Screen Time tokens belong to the device that picked them: on another phone these
    /// restrictions shield nothing until their apps are picked again. Empty when the backup
    /// comes from this device.
    public var needsRepick: [Repick]
}

/// Strict reading of a backup document.
public enum BackupReader {
    /// Reads a backup strictly: a file that is not JSON, not a backup, from a newer Threshold,
    /// with a field this version does not know, a value the model refuses, or parts that
    /// contradict each other is refused, saying which.
    public static func read(_ data: Data) throws -> Backup {
        guard let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw BackupError.notJSON
        }
        guard let object = tree as? [String: Any], object["format"] as? String == Backup.format else {
            throw BackupError.notABackup
        }
        guard let version = object["version"] as? Int else { throw BackupError.invalid("version: expected a whole number") }
        guard version <= Backup.version else { throw BackupError.newerFormat(found: version, supported: Backup.version) }

        let backup: Backup
        do {
            backup = try StoreJSON.decoder.decode(Backup.self, from: data)
        } catch let error as DecodingError {
            throw BackupError.invalid(error.readable)
        }
        // JSONDecoder ignores fields it does not know; a backup must not have any.
        let known = try JSONSerialization.jsonObject(with: StoreJSON.encoder.encode(backup))
        if let unknown = firstUnknownField(in: tree, knownPaths: paths(of: known)) {
            throw BackupError.unknownField(unknown)
        }
        try check(backup)
        return backup
    }

    /// The shape of every field in a JSON tree, list positions left out: `state.engine.profiles[].id`.
    static func paths(of tree: Any, at path: String = "") -> Set<String> {
        var paths: Set<String> = []
        if let object = tree as? [String: Any] {
            for (key, value) in object {
                let here = path.isEmpty ? key : path + "." + key
                paths.insert(here)
                paths.formUnion(Self.paths(of: value, at: here))
            }
        } else if let list = tree as? [Any] {
            for element in list { paths.formUnion(Self.paths(of: element, at: path + "[]")) }
        }
        return paths
    }

    /// The first field of `tree` (with its list positions) whose shape is not known.
    static func firstUnknownField(in tree: Any, knownPaths: Set<String>, at path: String = "", shape: String = "") -> String? {
        if let object = tree as? [String: Any] {
            for key in object.keys.sorted() where !(object[key] is NSNull) {
                let here = path.isEmpty ? key : path + "." + key
                let hereShape = shape.isEmpty ? key : shape + "." + key
                guard knownPaths.contains(hereShape) else { return here }
                if let unknown = firstUnknownField(in: object[key]!, knownPaths: knownPaths, at: here, shape: hereShape) {
                    return unknown
                }
            }
        } else if let list = tree as? [Any] {
            for (index, element) in list.enumerated() {
                if let unknown = firstUnknownField(in: element, knownPaths: knownPaths, at: path + "[\(index)]", shape: shape + "[]") {
                    return unknown
                }
            }
        }
        return nil
    }

    /// What decoding alone does not check: ledger entries and balances as the model would
    /// allow them, the log's order, and that the balances are the log's sum.
    static func check(_ backup: Backup) throws {
        var totals: [Account: Int] = [:]
        var previous: Int64 = 0
        for logged in backup.events {
            guard logged.sequence > previous else {
                throw BackupError.inconsistent("event \(logged.sequence) comes after event \(previous)")
            }
            previous = logged.sequence
            if case .ledger(let entry) = logged.event {
                do {
                    _ = try LedgerEntry(account: entry.account, amount: entry.amount, memo: entry.memo)
                } catch let error as ValidationError {
                    throw BackupError.invalid("event \(logged.sequence): \(error)")
                }
                totals[entry.account, default: 0] += entry.amount
            }
        }
        for account in Account.allCases where backup.state.balances[account] != totals[account, default: 0] {
            throw BackupError.inconsistent(
                "the \(account.rawValue) balance is \(backup.state.balances[account]) but its ledger events add up to \(totals[account, default: 0])"
            )
        }
        let live = Set(backup.state.engine.sessions.map(\.id))
        if let twice = backup.history.sessions.first(where: { live.contains($0.id) }) {
            throw BackupError.inconsistent("session \(twice.id) is both in the state and in the history")
        }
        let liveGrants = Set(backup.state.engine.grants.map(\.id))
        if let twice = backup.history.grants.first(where: { liveGrants.contains($0.id) }) {
            throw BackupError.inconsistent("grant \(twice.id) is both in the state and in the history")
        }
    }
}

extension Backup {
    /// A backup of `state`, `history` and `events`, as a store exports it.
    public init(deviceID: String?, exportedAt: Date, state: StoredState, history: History, events: [LoggedEvent]) {
        self.deviceID = deviceID
        self.exportedAt = exportedAt
        self.state = state
        self.history = history
        self.events = events
    }

    /// The document a person keeps: pretty-printed JSON with sorted keys.
    public func encoded() throws -> Data {
        let encoder = StoreJSON.encoder
        encoder.outputFormatting.insert(.prettyPrinted)
        return try encoder.encode(self)
    }

    /// The state an import saves: a backup is a file anyone can edit, so it brings the
    /// schedules the plan keeps paused, never Pro itself (the App Store's next read says the plan).
    public var importedState: StoredState {
        var state = self.state
        state.plan.status = .free
        state.plan.refreshedAt = nil
        return state
    }

    /// The backup's events after the `existing` last sequence number: a fresh install has logged
    /// its own reconciles, and the log is append-only, so the backup's events follow them in order.
    public func events(after existing: Int64) -> [LoggedEvent] {
        guard let first = events.first?.sequence, first <= existing else { return events }
        let shift = existing - first + 1
        return events.map { LoggedEvent(sequence: $0.sequence + shift, at: $0.at, event: $0.event) }
    }

    /// Refuses an import into a store that holds anything a person made or did: `counts` names
    /// each kind of record the store holds ("profiles", "events", …) with how many. The events
    /// counted leave out the reconciles' own `triggered` ones, which every launch logs.
    public static func requireEmpty(_ counts: KeyValuePairs<String, Int>) throws {
        if let (what, count) = counts.first(where: { $0.value > 0 }) {
            throw BackupError.storeNotEmpty("\(count) \(count == 1 && what.hasSuffix("s") ? String(what.dropLast()) : what)")
        }
    }

    /// Whether a logged event is a person's (anything but a reconcile's own record of what woke it).
    public static func isPersonal(_ event: Event) -> Bool {
        if case .triggered = event { return false }
        return true
    }
}

extension ImportReport {
    /// What importing `backup` brought in; what needs its apps picked again unless the backup
    /// comes from this device (`deviceID`): Screen Time tokens only work on the device that picked them.
    public init(_ backup: Backup, deviceID: String?) {
        let engine = backup.state.engine
        let sameDevice = deviceID != nil && deviceID == backup.deviceID
        var repick: [Repick] = []
        if !sameDevice {
            repick += engine.profiles.filter { !$0.selection.isEmpty }.map { .init(kind: .profile, id: $0.id.rawValue, name: $0.name) }
            repick += engine.gates.map { .init(kind: .gate, id: $0.id.rawValue, name: $0.name) }
            repick += engine.intentions.map { .init(kind: .intention, id: $0.id.rawValue, name: $0.id.rawValue) }
        }
        self.init(
            profiles: engine.profiles.count, gates: engine.gates.count, intentions: engine.intentions.count,
            sessions: engine.sessions.count + backup.history.sessions.count,
            grants: engine.grants.count + backup.history.grants.count, events: backup.events.count,
            needsRepick: repick)
    }
}

/// The JSON settings every part of the store shares: sorted keys, so equal values encode to
/// equal bytes, and `Date` as its exact seconds.
public enum StoreJSON {
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static var decoder: JSONDecoder { JSONDecoder() }
}

extension DecodingError {
    /// Where decoding failed and why, in words: `state.engine.profiles[0].emoji: expected a string`.
    public var readable: String {
        func path(_ context: Context) -> String {
            let text = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
                .joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            return text.isEmpty ? "the top level" : text
        }
        switch self {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(Self.name(of: type)) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): a \(Self.name(of: type)) is missing"
        case .keyNotFound(let key, let context):
            return "\(path(context)): the field “\(key.stringValue)” is missing"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: self)
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
