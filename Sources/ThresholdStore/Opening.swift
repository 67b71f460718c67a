import Foundation
import GRDB
import GRDBSQLite
import StoreClient

extension ThresholdStore {
    /// Opens the store in `directory` (the App Group container on iOS), creating and migrating
    /// the database when `role` is `.app`.
    ///
    /// Opening is coordinated between processes (see `coordinated`), as GRDB's "Sharing a
    /// Database" guide asks: only one process at a time creates or migrates the schema.
    ///
    /// - Throws: `StoreError.missing` when the folder does not exist (or, for an extension,
    ///   the database was never set up); `.corrupt` for a file that is not a sound Threshold
    ///   database or whose ledger does not add up; `.newerVersion` for one written by a newer
    ///   build; `.busy` when another process holds it longer than `busyTimeout` seconds.
    public static func open(
        directory: URL, role: Role = .app, clock: StoreClock = .system,
        busyTimeout: TimeInterval = 5
    ) throws -> ThresholdStore {
        try translatingFailures {
            let url = try databaseFile(in: directory)
            return try coordinated(url) {
                let existed = FileManager.default.fileExists(atPath: url.path)
                if role == .appExtension, !existed {
                    throw StoreError.missing("Threshold has not set up its data yet (no \(fileName))")
                }
                let settings = configuration(for: role, busyTimeout: busyTimeout)
                let database: any DatabaseWriter =
                    switch role {
                    case .app: try DatabasePool(path: url.path, configuration: settings)
                    case .appExtension: try DatabaseQueue(path: url.path, configuration: settings)
                    }
                do {
                    let setUpNow = try prepare(database, role: role)
                    return ThresholdStore(database: database, databaseURL: url, wasCreated: !existed || setUpNow, clock: clock)
                } catch {
                    try? database.close()
                    throw error
                }
            }
        }
    }

    /// A new store in a fresh temporary folder: for tests, previews and the simulator.
    public static func temporary(clock: StoreClock = .system) throws -> ThresholdStore {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("threshold-store-\(UUID().uuidString)", isDirectory: true)
        try translatingFailures {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        return try open(directory: directory, clock: clock)
    }

    /// The database file in `directory`, which must exist.
    static func databaseFile(in directory: URL) throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StoreError.missing("the folder \(directory.path) does not exist")
        }
        return directory.appendingPathComponent(fileName)
    }

    /// The folder the database lives in.
    public var directory: URL { databaseURL.deletingLastPathComponent() }

    /// Tells every open store in this process that the app is about to be suspended: they stop
    /// taking SQLite locks, so iOS does not kill the app for holding one (`0xDEAD10CC`).
    /// Writes fail with `StoreError.busy` until `resumeAll()`. The app calls it through
    /// `StoreSuspension` (EntryPoints) when it goes to the background, and `resumeAll()` while an
    /// App Intent runs there.
    public static func suspendAll() {
        NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
    }

    /// Lets suspended stores take locks again: when the app returns to the foreground, or an
    /// App Intent or Live Activity button runs in the background (`StoreSuspension.whileAwake`).
    public static func resumeAll() {
        NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
    }

    static func configuration(for role: Role, busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        configuration.label = "Threshold"
        // Wait for another process's write instead of failing at once; beyond the timeout the
        // write fails with `StoreError.busy` and the caller keeps the shields as they are.
        configuration.busyMode = .timeout(busyTimeout)
        configuration.observesSuspensionNotifications = role == .app
        // An extension reads and writes once and exits: one connection (GRDB: a DatabaseQueue
        // in WAL mode shares the database as a pool does) and a small page cache.
        configuration.journalMode = .wal
        let cacheKibibytes = role == .app ? 2_000 : 64
        configuration.prepareDatabase { db in
            if !db.configuration.readonly {
                try keepWriteAheadLog(db)
                // A persistent WAL file is never deleted; after each checkpoint SQLite cuts it
                // back to this size, so a burst of writes does not keep megabytes on disk.
                try db.execute(sql: "PRAGMA journal_size_limit = \(1 << 20)")
            }
            try db.execute(sql: "PRAGMA cache_size = -\(cacheKibibytes)")
        }
        return configuration
    }

    /// Persistent WAL: the `-wal` and `-shm` files stay when the last connection closes, so a
    /// process that opens the database read-only still can (GRDB, "Sharing a Database").
    private static func keepWriteAheadLog(_ db: Database) throws {
        var flag: CInt = 1
        let code = withUnsafeMutablePointer(to: &flag) { pointer in
            sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, pointer)
        }
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
    }

    /// Brings the schema up to date (or refuses), then, for the app, checks the file and the
    /// ledger. Returns true when the database had no schema before.
    private static func prepare(_ database: any DatabaseWriter, role: Role) throws -> Bool {
        let migrator = Schema.migrator
        let (applied, superseded, complete) = try database.read { db in
            (try migrator.appliedIdentifiers(db), try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
        }
        if superseded {
            let found = applied.compactMap(Schema.version(of:)).max() ?? 0
            throw StoreError.newerVersion(found: max(found, Schema.version + 1), supported: Schema.version)
        }
        if applied.isEmpty, role == .appExtension {
            throw StoreError.missing("Threshold has not set up its data yet (the database is empty)")
        }
        if !complete {
            do {
                try migrator.migrate(database)
            } catch let error as DatabaseError where ![.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
                throw StoreError.corrupt("upgrading the saved data failed: \(error.message ?? "\(error.resultCode)")")
            }
        }
        if role == .app {
            try database.read { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard problems == ["ok"] else { throw StoreError.corrupt(problems.prefix(3).joined(separator: "; ")) }
                _ = try LedgerAudit.verify(db)
            }
        }
        return applied.isEmpty
    }
}
