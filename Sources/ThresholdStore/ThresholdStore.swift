import Foundation
import GRDB
import StoreClient
import ThresholdCore

/// The App Group's one source of truth: SQLite through GRDB, shared safely by the app and
/// its extensions.
///
/// A `DatabasePool` in WAL mode (for an extension, a single connection in WAL mode, which opens
/// smaller; see `Role`): reads see a consistent snapshot and never wait for writers;
/// each `write` is one IMMEDIATE transaction that loads the state, runs the caller's body,
/// saves what changed and appends the events it recorded, so two processes writing at once
/// are serialised by SQLite and no update is lost. Every failure is a `StoreError`; callers
/// fail closed (the reconciler keeps the shields it last applied).
public final class ThresholdStore: StoreClient, Sendable {
    /// Which process opens the store.
    public enum Role: Sendable {
        /// The app (and the CLI): creates the database, migrates it, and checks it on open
        /// (SQLite's quick check and the ledger).
        case app
        /// An extension (monitor, shield, widget): opens small and fast, and never creates a
        /// database. A missing or never-set-up one is `StoreError.missing`, so an extension
        /// cannot mistake lost data for an empty state that unshields everything.
        case appExtension
    }

    /// The database file's name inside the directory passed to `open`.
    public static let fileName = "threshold.sqlite"

    /// The database file.
    public let databaseURL: URL
    /// True when this `open` created the database (a first launch, or data that went missing:
    /// the app tells them apart).
    public let wasCreated: Bool

    /// A `DatabasePool` for the app; one WAL connection (`DatabaseQueue`) for an extension.
    let database: any DatabaseWriter
    let clock: StoreClock

    /// `effects.journal` beside the database (``EffectsJournal``).
    public let effects: EffectsJournal

    /// The effects journal's file's name, beside the database.
    public static let effectsFileName = "effects.journal"

    init(database: any DatabaseWriter, databaseURL: URL, wasCreated: Bool, clock: StoreClock) {
        self.database = database
        self.databaseURL = databaseURL
        self.wasCreated = wasCreated
        self.clock = clock
        effects = .file(at: databaseURL.deletingLastPathComponent().appendingPathComponent(Self.effectsFileName))
    }

    /// Closes the database; later calls fail. Not needed before exit, but it lets a test or
    /// the repair flow release the file.
    public func close() throws {
        try translatingFailures { try database.close() }
    }

    // MARK: StoreClient

    public func read() throws -> StoredState {
        let cutoff = clock.workingSetCutoff()
        return try translatingFailures { try database.read { db in try WorkingSet.load(db, cutoff: cutoff) } }
    }

    public func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T {
        let cutoff = clock.workingSetCutoff()
        return try translatingFailures {
            try database.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    let before = try WorkingSet.load(db, cutoff: cutoff)
                    var transaction = StoreTransaction(state: before)
                    do {
                        result = try body(&transaction)
                    } catch {
                        throw BodyFailure(underlying: error)
                    }
                    try transaction.checkBalances(from: before.balances)
                    try WorkingSet.save(from: before, to: transaction.state, db)
                    try EventLog.append(transaction.recorded, db)
                    return .commit
                }
                return result!
            }
        }
    }

    public func events(_ query: EventQuery) throws -> [LoggedEvent] {
        try translatingFailures { try database.read { db in try EventLog.read(query, db) } }
    }

    public func sessions(startingFrom start: Date, until end: Date) throws -> [Session] {
        try translatingFailures {
            try database.read { db in try History.sessions(db, from: start, until: end) }
        }
    }

    // MARK: History and checks

    /// Grants that started in `[start, end)`, from the whole history, oldest first.
    public func grants(startingFrom start: Date, until end: Date) throws -> [Grant] {
        try translatingFailures {
            try database.read { db in try History.grants(db, from: start, until: end) }
        }
    }

    /// The cached balances, after checking them against the ledger events in the log; a
    /// difference is `StoreError.corrupt` (a repair state, never fixed silently).
    public func verifyLedger() throws -> Balances {
        try translatingFailures { try database.read { db in try LedgerAudit.verify(db) } }
    }
}

/// Reads of the whole history, for the history screens.
enum History {
    static func sessions(_ db: Database, from start: Date, until end: Date) throws -> [Session] {
        let arguments: StatementArguments = [start.storedSeconds, end.storedSeconds]
        let breaks = Dictionary(
            grouping: try BreakRecord.fetchAll(
                db,
                sql: """
                    SELECT session_break.* FROM session_break JOIN session ON session.id = session_break.session_id
                    WHERE session.start >= ? AND session.start < ? ORDER BY session_break.start, session_break.id
                    """, arguments: arguments), by: \.sessionId)
        return try SessionRecord.fetchAll(
            db, sql: "SELECT * FROM session WHERE start >= ? AND start < ? ORDER BY start, id",
            arguments: arguments
        )
        .map { try $0.model(breaks: breaks[$0.id] ?? []) }
    }

    static func grants(_ db: Database, from start: Date, until end: Date) throws -> [Grant] {
        try GrantRecord.fetchAll(
            db, sql: "SELECT * FROM access_grant WHERE start >= ? AND start < ? ORDER BY start, id",
            arguments: [start.storedSeconds, end.storedSeconds]
        )
        .map { try $0.model() }
    }
}
