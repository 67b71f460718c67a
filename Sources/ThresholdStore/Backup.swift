import Foundation
import GRDB
import StoreClient
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
    }
}

/// Why a backup could not be imported. Nothing was changed.
public enum BackupError: Error, Equatable, Sendable, CustomStringConvertible {
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
        case .newerFormat(let found, let supported): "This backup comes from a newer Threshold (format \(found); this version reads up to \(supported)). Update the app, then import it."
        case .unknownField(let path): "This backup has a field this version does not know: \(path). Nothing was imported."
        case .invalid(let detail): "This backup is damaged: \(detail). Nothing was imported."
        case .inconsistent(let detail): "This backup does not add up: \(detail). Nothing was imported."
        case .storeNotEmpty(let detail): "Threshold already holds data here (\(detail)); a backup can only be imported into a fresh install."
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

extension ThresholdStore {
    /// The whole store as a backup document (pretty-printed JSON). Events of kinds from a
    /// newer build are left out; everything else is in.
    public func export(deviceID: String? = nil) throws -> Data {
        let cutoff = clock.workingSetCutoff()
        let now = clock.now()
        let backup = try translatingFailures {
            try database.read { db in
                let state = try WorkingSet.load(db, cutoff: cutoff)
                let liveSessions = Set(state.engine.sessions.map(\.id)), liveGrants = Set(state.engine.grants.map(\.id))
                let history = Backup.History(
                    sessions: try History.sessions(db, from: .distantPast, until: .distantFuture).filter { !liveSessions.contains($0.id) },
                    grants: try History.grants(db, from: .distantPast, until: .distantFuture).filter { !liveGrants.contains($0.id) })
                return Backup(deviceID: deviceID, exportedAt: now, state: state, history: history,
                              events: try EventLog.read(.all, db))
            }
        }
        let encoder = StoreJSON.encoder
        encoder.outputFormatting.insert(.prettyPrinted)
        return try translatingFailures { try encoder.encode(backup) }
    }

    /// Imports a backup into this store, which must be empty (a fresh install): afterwards it
    /// reads as the store that exported it. The backup is decoded strictly (an unknown field or
    /// a wrong type is refused) and checked whole before anything is written; on any error
    /// nothing changes.
    ///
    /// - Parameter deviceID: this device's identifier; when it matches the backup's, tokens
    ///   still work and nothing needs re-picking.
    public func importBackup(_ data: Data, deviceID: String? = nil) throws -> ImportReport {
        let backup = try BackupReader.read(data)
        let cutoff = clock.workingSetCutoff()
        try translatingFailures {
            try database.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try BackupReader.requireEmpty(db)
                    let current = try WorkingSet.load(db, cutoff: cutoff)
                    // A backup is a file anyone can edit: it brings the schedules the plan keeps
                    // paused, never Pro itself. The app's next read of the App Store says the plan.
                    var state = backup.state
                    state.plan.status = .free
                    state.plan.refreshedAt = nil
                    try WorkingSet.save(from: current, to: state, db)
                    for session in backup.history.sessions {
                        try SessionRecord(session, inState: false).insert(db)
                        for pause in session.breaks { try BreakRecord(pause, session: session.id).insert(db) }
                    }
                    for grant in backup.history.grants { try GrantRecord(grant, inState: false).insert(db) }
                    try EventLog.insert(backup.events, db)
                    _ = try WorkingSet.load(db, cutoff: cutoff)
                    _ = try LedgerAudit.verify(db)
                    return .commit
                }
            }
        }
        let engine = backup.state.engine
        let sameDevice = deviceID != nil && deviceID == backup.deviceID
        var repick: [ImportReport.Repick] = []
        if !sameDevice {
            repick += engine.profiles.filter { !$0.selection.isEmpty }.map { .init(kind: .profile, id: $0.id.rawValue, name: $0.name) }
            repick += engine.gates.map { .init(kind: .gate, id: $0.id.rawValue, name: $0.name) }
            repick += engine.intentions.map { .init(kind: .intention, id: $0.id.rawValue, name: $0.id.rawValue) }
        }
        return ImportReport(
            profiles: engine.profiles.count, gates: engine.gates.count, intentions: engine.intentions.count,
            sessions: engine.sessions.count + backup.history.sessions.count,
            grants: engine.grants.count + backup.history.grants.count, events: backup.events.count,
            needsRepick: repick)
    }
}

/// Strict reading of a backup document.
enum BackupReader {
    static func read(_ data: Data) throws -> Backup {
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
            throw BackupError.inconsistent("the \(account.rawValue) balance is \(backup.state.balances[account]) but its ledger events add up to \(totals[account, default: 0])")
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

    /// Refuses a store that holds anything a person made or did.
    static func requireEmpty(_ db: Database) throws {
        for (table, what) in [("profile", "profiles"), ("gate", "gates"), ("intention", "intentions"), ("session", "sessions"),
                              ("access_grant", "grants"), ("streak_freeze", "streak freezes"), ("tutorial", "the tutorial"),
                              ("event", "events")] {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
            if count > 0 { throw BackupError.storeNotEmpty("\(count) \(what)") }
        }
    }
}
