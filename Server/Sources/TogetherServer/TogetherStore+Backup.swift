import Foundation
import Logging
import PostgresNIO
import TogetherCore

/// The encrypted backup: one opaque blob per account, versioned, never parsed.
extension TogetherStore {
    public struct Backup: Sendable, Equatable {
        public let version: Int64
        public let blob: [UInt8]
        public let storedAt: Date
    }

    public func backupVersion(of account: UUID) async throws -> Int64? {
        for try await version in try await client.query("SELECT version FROM backups WHERE account_id = \(account)", logger: logger)
            .decode(Int64.self)
        { return version }
        return nil
    }

    /// Stores `blob` as `version`, which must be the one after the stored one; refuses otherwise
    /// and changes nothing. The check and the write are one statement, so two phones storing at once
    /// cannot both win.
    public func storeBackup(_ blob: [UInt8], version: Int64, for account: UUID, at now: Date) async throws -> Backup {
        try BackupBlob.checkSize(blob.count)
        try BackupBlob.checkVersion(version, over: try await backupVersion(of: account))
        var stored = false
        for try await _ in try await client.query(
            """
            INSERT INTO backups (account_id, version, blob, stored_at) VALUES (\(account), \(version), \(ByteBuffer(bytes: blob)), \(now))
            ON CONFLICT (account_id) DO UPDATE SET version = excluded.version, blob = excluded.blob, stored_at = excluded.stored_at
            WHERE backups.version = excluded.version - 1
            RETURNING 1
            """, logger: logger
        ).decode(Int.self) { stored = true }
        guard stored else {
            // Another phone stored in between: say what is held now.
            try BackupBlob.checkVersion(version, over: try await backupVersion(of: account))
            throw TogetherRefusal(.backupVersionConflict, "Another backup was stored at the same moment; fetch it and try again.")
        }
        return Backup(version: version, blob: blob, storedAt: now)
    }

    public func backup(of account: UUID) async throws -> Backup? {
        for try await (version, blob, storedAt) in try await client.query(
            "SELECT version, blob, stored_at FROM backups WHERE account_id = \(account)", logger: logger
        ).decode((Int64, ByteBuffer, Date).self) {
            return Backup(version: version, blob: Array(buffer: blob), storedAt: storedAt)
        }
        return nil
    }

    /// Deletes the account's backup; returns whether there was one.
    @discardableResult
    public func deleteBackup(of account: UUID) async throws -> Bool {
        var deleted = false
        for try await _ in try await client.query("DELETE FROM backups WHERE account_id = \(account) RETURNING 1", logger: logger)
            .decode(Int.self)
        { deleted = true }
        return deleted
    }
}
