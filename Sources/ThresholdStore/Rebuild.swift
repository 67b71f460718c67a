import Foundation
import GRDB
import StoreClient
import ThresholdCore

/// What `ThresholdStore.rebuild` carried over and what it could not.
public struct RebuildReport: Hashable, Sendable, CustomStringConvertible {
    /// Where the old database files were kept (`threshold.sqlite.damaged-<time>`), if any.
    public var damagedCopy: URL?
    /// How many of each kind of record were carried over: `profiles`, `gates`, `intentions`,
    /// `sessions`, `grants`, `streak freezes`, `tutorial`, `documents`, `events`.
    public var kept: [String: Int]
    /// What could not be read or did not fit, in words.
    public var lost: [String]
    /// Entries added to the ledger because its events and the cached balances disagreed (or
    /// some were lost): each balance was set to the lower of the two, never raised.
    public var ledgerCorrections: [LedgerEntry]

    public var description: String {
        let keptText = kept.keys.sorted().filter { kept[$0]! > 0 }.map { "\(kept[$0]!) \($0)" }.joined(separator: ", ")
        var lines = ["Kept: \(keptText.isEmpty ? "nothing" : keptText)."]
        if !lost.isEmpty { lines.append("Lost: " + lost.joined(separator: "; ") + ".") }
        for entry in ledgerCorrections { lines.append("\(entry.memo): \(entry.amount) \(entry.account.rawValue).") }
        if let damagedCopy { lines.append("The old file is kept as \(damagedCopy.lastPathComponent).") }
        return lines.joined(separator: "\n")
    }
}

extension ThresholdStore {
    /// Repairs the store in `directory`: keeps a copy of the old files, builds a fresh database
    /// and carries over every record and event that can still be read.
    ///
    /// The old database may be damaged, truncated, not a database at all, missing, or have a
    /// ledger that does not add up; a balance is then set to the lower of its cache and its
    /// events (a correction entry keeps the log adding up), so a repair never unlocks more
    /// than before. Nothing changes if the rebuild fails, and a database from a newer build
    /// is refused (`StoreError.newerVersion`): updating the app is the repair for that.
    ///
    /// Run it while no other process has the store open (the app's repair screen).
    public static func rebuild(directory: URL, clock: StoreClock = .system) throws -> RebuildReport {
        try translatingFailures {
            let url = try databaseFile(in: directory)
            return try coordinated(url) {
                var rebuilder = Rebuilder(url: url, clock: clock)
                return try rebuilder.run()
            }
        }
    }
}

/// One rebuild: copy aside, salvage, build anew, swap.
private struct Rebuilder {
    let url: URL
    let clock: StoreClock
    var report = RebuildReport(damagedCopy: nil, kept: [:], lost: [], ledgerCorrections: [])

    init(url: URL, clock: StoreClock) {
        self.url = url
        self.clock = clock
    }

    mutating func run() throws -> RebuildReport {
        let fileManager = FileManager.default
        var salvage = Salvage()
        if fileManager.fileExists(atPath: url.path) {
            let copy = try copyAside()
            report.damagedCopy = copy
            do {
                salvage = try Salvage(reading: copy)
            } catch let error as StoreError {
                if case .newerVersion = error { try? removeFiles(copy) }
                throw error
            }
        }
        report.lost = salvage.lost

        let fresh = URL(fileURLWithPath: url.path + ".rebuilding")
        try removeFiles(fresh)
        do {
            try build(fresh, from: salvage)
        } catch {
            try? removeFiles(fresh)
            if let copy = report.damagedCopy { try? removeFiles(copy) }
            throw error
        }
        // Swap: the old write-ahead log must never meet the new file.
        for companion in companionFiles(of: url).dropFirst() where fileManager.fileExists(atPath: companion.path) {
            try fileManager.removeItem(at: companion)
        }
        try replaceFile(at: url, with: fresh)
        return report
    }

    /// Copies the database and its companions to `threshold.sqlite.damaged-<time>`, while
    /// holding the write lock when the file still allows it, so the copy is one snapshot.
    private func copyAside() throws -> URL {
        let stamp = ISO8601DateFormatter.string(
            from: clock.now(), timeZone: TimeZone(identifier: "UTC")!,
            formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        var copy = URL(fileURLWithPath: url.path + ".damaged-" + stamp)
        var suffix = 1
        while FileManager.default.fileExists(atPath: copy.path) {
            suffix += 1
            copy = URL(fileURLWithPath: url.path + ".damaged-" + stamp + "-\(suffix)")
        }
        let target = copy
        let copyFiles = {
            for (from, to) in zip(companionFiles(of: url), companionFiles(of: target))
            where FileManager.default.fileExists(atPath: from.path) {
                try FileManager.default.copyItem(at: from, to: to)
            }
        }
        if let queue = try? DatabaseQueue(path: url.path) {
            do {
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    defer { try? db.execute(sql: "ROLLBACK") }
                    try copyFiles()
                }
            } catch {
                try copyFiles()
            }
            try? queue.close()
        } else {
            try copyFiles()
        }
        return target
    }

    private func removeFiles(_ base: URL) throws {
        for file in companionFiles(of: base) where FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
    }

    /// Writes what was salvaged into a new database at `fresh`, then checks that it loads and
    /// that its ledger adds up.
    private mutating func build(_ fresh: URL, from salvage: Salvage) throws {
        let queue = try DatabaseQueue(path: fresh.path)
        defer { try? queue.close() }
        try Schema.migrator.migrate(queue)
        var kept: [String: Int] = [:]
        var lost: [String] = []
        var corrections: [LedgerEntry] = []
        let now = clock.now()
        let cutoff = clock.workingSetCutoff()
        try queue.write { db in
            /// Inserts one record, or notes why it did not fit.
            func keep(_ kind: String, _ name: String, _ insert: () throws -> Void) {
                do {
                    try insert()
                    kept[kind, default: 0] += 1
                } catch {
                    lost.append("\(name): \(StoreError(reading: error))")
                }
            }
            for (position, profile) in salvage.profiles.enumerated() {
                keep("profiles", "profile \(profile.id)") {
                    try ProfileRecord(profile, position: position).insert(db)
                    for (index, schedule) in profile.schedules.enumerated() {
                        try ScheduleRecord(schedule, profile: profile.id, position: index).insert(db)
                    }
                }
            }
            for (position, gate) in salvage.gates.enumerated() {
                keep("gates", "gate \(gate.id)") { try GateRecord(gate, position: position).insert(db) }
            }
            var apps = Set<AppToken>()
            for (position, intention) in salvage.intentions.enumerated() {
                keep("intentions", "intention \(intention.id)") {
                    guard apps.insert(intention.app).inserted else {
                        throw StoreError.corrupt("another intention already covers its app")
                    }
                    try IntentionRecord(intention, position: position).insert(db)
                }
            }
            for (session, inState) in salvage.sessions {
                keep("sessions", "session \(session.id)") {
                    try SessionRecord(session, inState: inState).insert(db)
                    for pause in session.breaks { try BreakRecord(pause, session: session.id).insert(db) }
                }
            }
            for (grant, inState) in salvage.grants {
                keep("grants", "grant \(grant.id)") { try GrantRecord(grant, inState: inState).insert(db) }
            }
            for day in salvage.streakFreezeDays {
                keep("streak freezes", "streak freeze \(day)") { try StreakFreezeRecord(day).insert(db) }
            }
            if let tutorial = salvage.tutorial {
                keep("tutorial", "the tutorial") { try TutorialRecord(tutorial).insert(db) }
            }
            for document in salvage.documents {
                keep("documents", "the \(document.name) document") { try document.insert(db) }
            }
            let insertEvent = try db.cachedStatement(sql: "INSERT INTO event (sequence, at, kind, payload) VALUES (?, ?, ?, ?)")
            for event in salvage.events {
                keep("events", "event \(event.sequence)") {
                    try insertEvent.execute(arguments: [event.sequence, event.at, event.kind, event.payload])
                }
            }

            // The ledger: never more than both the cache and the events confirm.
            let logged = try LedgerAudit.loggedTotals(db)
            var balances: [Account: Int] = [:]
            for account in Account.allCases {
                let fromLog = logged[account, default: 0]
                let cached = salvage.cachedBalances?[account]
                let target = max(0, min(cached ?? fromLog, fromLog))
                balances[account] = target
                if let cached, cached != target {
                    lost.append("\(account.rawValue): \(cached) cached, \(fromLog) in the log; kept \(target)")
                }
                var difference = target - fromLog
                while difference != 0 {
                    let step = max(-1_000_000, min(1_000_000, difference))
                    corrections.append(
                        try LedgerEntry(
                            account: account, amount: step,
                            memo: "Repair: balance set to what the saved data confirms"))
                    difference -= step
                }
            }
            try EventLog.append(corrections.map { (at: now, event: Event.ledger($0)) }, db)
            try db.execute(
                sql: "UPDATE balance SET credits = ?, xp = ?, coins = ?",
                arguments: [balances[.credits], balances[.xp], balances[.coins]])

            _ = try WorkingSet.load(db, cutoff: cutoff)
            _ = try LedgerAudit.verify(db)
        }
        report.kept = kept
        report.lost += lost
        report.ledgerCorrections = corrections
    }
}

/// Whatever can still be read from a damaged database, each record through the model's
/// validating initialisers; what cannot is described in `lost`.
private struct Salvage {
    struct RawEvent {
        let sequence: Int64
        let at: Double
        let kind: String
        let payload: String
    }

    var profiles: [Profile] = []
    var gates: [Gate] = []
    var intentions: [Intention] = []
    var sessions: [(Session, inState: Bool)] = []
    var grants: [(Grant, inState: Bool)] = []
    var streakFreezeDays: [LocalDate] = []
    var tutorial: Tutorial?
    var documents: [DocumentRecord] = []
    var events: [RawEvent] = []
    var cachedBalances: [Account: Int]?
    var lost: [String] = []

    init() {}

    /// Reads a copy of the old database (which it may upgrade in place).
    init(reading copy: URL) throws {
        let queue: DatabaseQueue
        do {
            var configuration = Configuration()
            // NB: SQLite refuses a file shorter than its header says unless the schema is
            // writable; with it on, it reads the pages that are there (sqlite.org/pragma.html).
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA writable_schema = ON") }
            queue = try DatabaseQueue(path: copy.path, configuration: configuration)
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        } catch {
            lost.append("the whole file (\(StoreError(reading: error)))")
            return
        }
        defer { try? queue.close() }
        let superseded = (try? queue.read(Schema.migrator.hasBeenSuperseded)) ?? false
        if superseded {
            let found = (try? queue.read(Schema.migrator.appliedIdentifiers))?.compactMap(Schema.version(of:)).max() ?? 0
            throw StoreError.newerVersion(found: max(found, Schema.version + 1), supported: Schema.version)
        }
        do {
            try Schema.migrator.migrate(queue)
        } catch {
            lost.append("upgrading the old file (\(StoreError(reading: error)))")
        }
        queue.inDatabase { db in read(db) }
    }

    private mutating func read(_ db: Database) {
        let schedules = Dictionary(
            grouping: rows("schedules") {
                try ScheduleRecord.fetchAll(db, sql: "SELECT * FROM schedule ORDER BY profile_id, position, id")
            }, by: \.profileId)
        profiles = models(rows("profiles") { try ProfileRecord.fetchAll(db, sql: "SELECT * FROM profile ORDER BY position, id") }) {
            try $0.model(schedules: schedules[$0.id] ?? [])
        }
        gates = models(rows("gates") { try GateRecord.fetchAll(db, sql: "SELECT * FROM gate ORDER BY position, id") }) {
            try $0.model()
        }
        intentions = models(
            rows("intentions") {
                try IntentionRecord.fetchAll(db, sql: "SELECT * FROM intention ORDER BY position, id")
            }
        ) { try $0.model() }
        let breaks = Dictionary(grouping: rows("breaks") { try BreakRecord.fetchAll(db) }, by: \.sessionId)
        sessions = models(rows("sessions") { try SessionRecord.fetchAll(db, sql: "SELECT * FROM session ORDER BY start, id") }) {
            (try $0.model(breaks: breaks[$0.id] ?? []), $0.inState)
        }
        grants = models(rows("grants") { try GrantRecord.fetchAll(db, sql: "SELECT * FROM access_grant ORDER BY start, id") }) {
            (try $0.model(), $0.inState)
        }
        streakFreezeDays = models(rows("streak freezes") { try StreakFreezeRecord.fetchAll(db) }) { try $0.model() }
        tutorial = rows("the tutorial") { try TutorialRecord.fetchAll(db) }.first?.model()
        documents = rows("documents") { try DocumentRecord.fetchAll(db) }.filter { document in
            do {
                guard document.version <= Documents.version else {
                    throw StoreError.newerVersion(found: document.version, supported: Documents.version)
                }
                _ = try Documents.decode([document.name: Data(document.body.utf8)])
                return true
            } catch {
                lost.append("the \(document.name) document (\(StoreError(reading: error)))")
                return false
            }
        }
        if let row = rows("the cached balances", { try Row.fetchAll(db, sql: "SELECT credits, xp, coins FROM balance") }).first {
            cachedBalances = [.credits: row["credits"], .xp: row["xp"], .coins: row["coins"]]
        }
        readEvents(db)
    }

    /// The event log, row by row when a full scan runs into damage.
    private mutating func readEvents(_ db: Database) {
        let select = "SELECT sequence, at, kind, payload FROM event"
        do {
            let rows = try Row.fetchAll(db, sql: select + " ORDER BY sequence")
            events = rows.compactMap { event($0) }
            return
        } catch {
            lost.append("a full read of the event log (\(StoreError(reading: error))); reading it event by event")
        }
        let highest =
            (try? Int64.fetchOne(db, sql: "SELECT max(sequence) FROM event"))
            ?? (try? Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'event'"))
        guard let last = highest.flatMap({ $0 }) else {
            lost.append("the event log (its length cannot be read)")
            return
        }
        var unreadable = 0
        for sequence in 1...max(1, min(last, 5_000_000)) {
            do {
                if let row = try Row.fetchOne(db, sql: select + " WHERE sequence = ?", arguments: [sequence]),
                    let event = event(row)
                {
                    events.append(event)
                }
            } catch {
                unreadable += 1
            }
        }
        if unreadable > 0 { lost.append("\(unreadable) events that could not be read") }
    }

    /// A raw event worth keeping: one this build decodes, or one of a kind from a newer build.
    private mutating func event(_ row: Row) -> RawEvent? {
        let raw = RawEvent(sequence: row["sequence"], at: row["at"], kind: row["kind"], payload: row["payload"])
        do {
            _ = try EventLog.decode(kind: raw.kind, payload: raw.payload, StoreJSON.decoder)
            return raw
        } catch {
            lost.append("event \(raw.sequence) (\(StoreError(reading: error)))")
            return nil
        }
    }

    private mutating func rows<Record>(_ what: String, _ fetch: () throws -> [Record]) -> [Record] {
        do {
            return try fetch()
        } catch {
            lost.append("\(what) (\(StoreError(reading: error)))")
            return []
        }
    }

    private mutating func models<Record, Model>(_ records: [Record], _ model: (Record) throws -> Model) -> [Model] {
        records.compactMap { record in
            do {
                return try model(record)
            } catch {
                lost.append(StoreError(reading: error).detail)
                return nil
            }
        }
    }
}

extension StoreError {
    /// The words of the error without its advice.
    var detail: String {
        switch self {
        case .corrupt(let detail), .missing(let detail), .failed(let detail): detail
        case .newerVersion(let found, let supported): "version \(found) is newer than \(supported)"
        case .busy: "busy"
        }
    }
}
