import Foundation
import GRDB
import StoreClient
import ThresholdCore

extension ThresholdStore {
    /// The whole store as a backup document (pretty-printed JSON). Events of kinds from a
    /// newer build are left out; everything else is in.
    public func exportBackup(deviceID: String?) throws -> Data {
        let cutoff = clock.workingSetCutoff()
        let now = clock.now()
        let backup = try translatingFailures {
            try database.read { db in
                let state = try WorkingSet.load(db, cutoff: cutoff)
                let history = Backup.History(
                    all: try History.sessions(db, from: .distantPast, until: .distantFuture),
                    try History.grants(db, from: .distantPast, until: .distantFuture), besides: state)
                return Backup(
                    deviceID: deviceID, exportedAt: now, state: state, history: history,
                    events: try EventLog.read(.all, db))
            }
        }
        return try translatingFailures { try backup.encoded() }
    }

    /// Imports a backup into this store, which must hold nothing a person made or did (a fresh
    /// install; its reconciles' own records do not count): afterwards it reads as the store that
    /// exported it. The backup is decoded strictly (an unknown field or a wrong type is refused)
    /// and checked whole before anything is written; on any error nothing changes.
    ///
    /// - Parameter deviceID: this device's identifier; when it matches the backup's, tokens
    ///   still work and nothing needs re-picking.
    public func importBackup(_ data: Data, deviceID: String?) throws -> ImportReport {
        let backup = try BackupReader.read(data)
        let cutoff = clock.workingSetCutoff()
        try translatingFailures {
            try database.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try Self.requireEmpty(db)
                    let current = try WorkingSet.load(db, cutoff: cutoff)
                    try WorkingSet.save(from: current, to: backup.importedState, db)
                    for session in backup.history.sessions {
                        try SessionRecord(session, inState: false).insert(db)
                        for pause in session.breaks { try BreakRecord(pause, session: session.id).insert(db) }
                    }
                    for grant in backup.history.grants { try GrantRecord(grant, inState: false).insert(db) }
                    let last = try Int64.fetchOne(db, sql: "SELECT max(sequence) FROM event") ?? 0
                    try EventLog.insert(backup.events(after: last), db)
                    _ = try WorkingSet.load(db, cutoff: cutoff)
                    _ = try LedgerAudit.verify(db)
                    return .commit
                }
            }
        }
        return ImportReport(backup, deviceID: deviceID)
    }

    /// Refuses a store that holds anything a person made or did.
    private static func requireEmpty(_ db: Database) throws {
        func count(_ table: String, _ condition: String = "1") throws -> Int {
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(condition)") ?? 0
        }
        try Backup.requireEmpty([
            "profiles": try count("profile"), "gates": try count("gate"), "intentions": try count("intention"),
            "sessions": try count("session"), "grants": try count("access_grant"), "streak freezes": try count("streak_freeze"),
            "tutorial": try count("tutorial"), "events": try count("event", "kind <> 'triggered'"),
        ])
    }
}
