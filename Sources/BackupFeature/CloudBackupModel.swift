import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore
import TogetherClient
import TogetherCore

/// The encrypted backup (issue 16, item 5; seed 004's optional sync, done privately): Settings ›
/// Together › iCloud backup, and onboarding's "Restore from iCloud" on a new iPhone.
///
/// The backup is the store's own backup document (``StoreClient/exportBackup(deviceID:)``, what
/// Settings › Backup saves as a file), sealed on this iPhone with a key (``SealedBackup``) kept
/// beside the Together account in the iCloud Keychain, and stored by Together as an opaque,
/// versioned blob it cannot read. A new iPhone signed in to the same Apple Account finds the
/// account and the key through the iCloud Keychain, fetches the blob, opens it and restores it
/// through ``BackupModel/restore(_:)``, as a file would be.
///
/// Fails closed: the key is kept before anything is stored, so no blob is ever stored that nothing
/// can open; a backup another iPhone stored meanwhile is never overwritten without the person
/// saying so (``conflict``); a blob that does not open restores nothing.
@MainActor @Observable
public final class CloudBackupModel {
    /// Another iPhone stored a newer backup than this one knows of: replacing it is the person's call.
    public struct Conflict: Equatable, Sendable {
        /// The version Together holds.
        public let storedVersion: Int64
    }

    /// The backup as the Keychain keeps it; `nil` while it is off (or Together is not joined).
    public private(set) var state: CloudBackup?
    /// Why the last thing asked of the backup did not happen; nothing changed.
    public private(set) var problem: CloudBackupProblem?
    public private(set) var conflict: Conflict?
    /// A request is under way: the buttons wait.
    public private(set) var working = false
    let client: AppClient

    public init(client: AppClient) {
        self.client = client
        load()
    }

    /// Reads what the Keychain holds.
    public func load() {
        state = account()?.backup
    }

    /// The longest a daily backup waits: a day, less an hour, so a person who opens Threshold at
    /// about the same time each day backs up each day.
    public static let dailyInterval: TimeInterval = 23 * 3_600

    /// Whether this iPhone can restore from iCloud: the iCloud Keychain brought a Together account
    /// whose backup has been stored at least once.
    public var canRestore: Bool { (state?.version ?? 0) > 0 }

    /// Turns the backup on: a new key, kept in the Keychain first, then the first backup.
    public func turnOn() async {
        guard var account = account(), account.backup == nil, !working else { return }
        account.backup = CloudBackup(daily: true)
        guard keep(account, failing: .turnOn) else { return }
        await backUp()
    }

    /// The daily backup on or off.
    public func setDaily(_ daily: Bool) {
        guard var account = account(), account.backup != nil else { return }
        account.backup?.daily = daily
        _ = keep(account, failing: .saveDaily)
    }

    /// What a backup came to.
    public enum Outcome: Sendable, Equatable {
        /// Stored (or found stored, when an earlier send's answer was lost).
        case stored
        /// Not due, or nothing to do.
        case skipped
        /// Together can only be tried later (busy, without its database, offline): the backup waits.
        case later
        /// Refused, or it could not be made; ``problem`` says why.
        case failed
    }

    /// Seals everything Threshold holds now and stores it as the next version. A newer backup from
    /// another iPhone is replaced only when `replacing` names its version (the person said so).
    /// `quietly` (the daily backup): when Together can only be tried later, nothing is said; the
    /// backup waits for the next foreground or refresh.
    @discardableResult
    public func backUp(replacing: Int64? = nil, quietly: Bool = false) async -> Outcome {
        guard let account = account(), let backup = account.backup, !working,
            let connection = connect(account, failing: .backUp)
        else { return .failed }
        working = true
        defer { working = false }
        let blob: Data
        do {
            let document = try client.runtime.store.exportBackup(deviceID: client.deviceID)
            blob = try SealedBackup.seal(document, with: try backup.backupKey())
        } catch {
            problem = .failed(.backUp, detail: "\(error)")
            return .failed
        }
        let version = (replacing ?? backup.version) + 1
        do {
            let stored = try await connection.storeBackup(blob, version: version, account: account.accountID)
            return confirmStored(account, version: stored.version, at: stored.storedAt, bytes: stored.bytes)
        } catch TogetherError.refused(_, "backupVersionConflict", _) {
            return await noteConflict(connection, account: account)
        } catch let error as TogetherError where error.isLater {
            // NB: the blob may have reached Together, its answer lost: noted, so that the refusal of
            // this version next time shows whether the backup Together holds is this one.
            var kept = account
            kept.backup?.unconfirmed = CloudBackup.Unconfirmed(version: version, blob: Fingerprint(of: Array(blob)), bytes: blob.count)
            let said = problem
            _ = keep(kept, failing: .backUp)
            problem = quietly ? said : .failed(.backUp, detail: TogetherError.detail(of: error))
            return .later
        } catch {
            problem = .failed(.backUp, detail: TogetherError.detail(of: error))
            return .failed
        }
    }

    /// Backs up when the daily backup is on and the last one is at least ``dailyInterval`` old
    /// (or there is none): at each foreground and background refresh, through
    /// ``TogetherModel/foreground()``, which has just read the Keychain. A conflict waits for the
    /// person; Together answering "later" waits, quietly, for the next foreground or refresh.
    @discardableResult
    public func backUpIfDue() async -> Outcome {
        guard let backup = state, backup.daily, conflict == nil else { return .skipped }
        if let storedAt = backup.storedAt, client.now.timeIntervalSince(storedAt) < Self.dailyInterval,
            client.now >= storedAt
        {
            return .skipped
        }
        return await backUp(quietly: true)
    }

    /// Turns the backup off: Together deletes the stored blob, then this iPhone forgets the key.
    public func turnOff() async {
        guard let account = account(), account.backup != nil, !working,
            let connection = connect(account, failing: .turnOff)
        else { return }
        working = true
        defer { working = false }
        do {
            try await connection.deleteBackup(account: account.accountID)
        } catch {
            problem = .failed(.turnOff, detail: TogetherError.detail(of: error))
            return
        }
        var kept = account
        kept.backup = nil
        conflict = nil
        _ = keep(kept, failing: .forgetKey)
    }

    /// The backup's document, fetched and opened with the key the iCloud Keychain brought, for
    /// ``BackupModel/restore(_:)``; `nil`, saying why, when there is none or it does not open.
    public func fetchForRestore() async -> Data? {
        guard let account = account(), let backup = account.backup, !working,
            let connection = connect(account, failing: .restore)
        else { return nil }
        working = true
        defer { working = false }
        do {
            guard let stored = try await connection.fetchBackup(account: account.accountID) else {
                problem = .noBackupStored
                return nil
            }
            let document = try SealedBackup.open(stored.blob, with: try backup.backupKey())
            problem = nil
            return document
        } catch {
            problem = .failed(.restore, detail: TogetherError.detail(of: error))
            return nil
        }
    }

    /// Forgets the conflict without replacing anything: the daily backup waits until the person chooses.
    public func keepTheirs() { conflict = nil }

    // MARK: Helpers

    /// A backup refused as out of turn: reads the version Together holds. When it is the one this
    /// iPhone sent before without hearing back (``CloudBackup/unconfirmed``), it is noted as stored;
    /// otherwise another iPhone stored it, and the person decides.
    private func noteConflict(_ connection: TogetherClient, account: TogetherAccount) async -> Outcome {
        do {
            guard let stored = try await connection.fetchBackup(account: account.accountID) else {
                // Deleted meanwhile (turned off on another iPhone): the next backup starts again at 1.
                conflict = Conflict(storedVersion: 0)
                problem = .deletedElsewhere
                return .failed
            }
            if let sent = account.backup?.unconfirmed, sent.version == stored.version, sent.blob == Fingerprint(of: Array(stored.blob)) {
                return confirmStored(account, version: sent.version, at: client.now, bytes: sent.bytes)
            }
            conflict = Conflict(storedVersion: stored.version)
            problem = .newerElsewhere(version: stored.version)
            return .failed
        } catch {
            problem = .failed(.backUp, detail: TogetherError.detail(of: error))
            return (error as? TogetherError)?.isLater == true ? .later : .failed
        }
    }

    private func account() -> TogetherAccount? {
        guard let together = client.together else { return nil }
        do {
            return try together.keychain.load()
        } catch {
            problem = .accountUnreadable(detail: String(describing: error))
            return nil
        }
    }

    private func connect(_ account: TogetherAccount, failing failure: CloudBackupProblem.Step) -> TogetherClient? {
        guard let together = client.together else { return nil }
        do {
            return together.connect(try account.identity())
        } catch {
            problem = .keyUnreadable(failure, detail: String(describing: error))
            return nil
        }
    }

    /// The server holds the backup at `version`: this iPhone notes it, and nothing is left unconfirmed.
    private func confirmStored(_ account: TogetherAccount, version: Int64, at storedAt: Date, bytes: Int) -> Outcome {
        var kept = account
        kept.backup?.version = version
        kept.backup?.storedAt = storedAt
        kept.backup?.bytes = bytes
        kept.backup?.unconfirmed = nil
        conflict = nil
        _ = keep(kept, failing: .noteStored)
        return .stored
    }

    /// Keeps `account` in the Keychain and shows its backup; says what `failure` left undone, and
    /// why, when it cannot.
    private func keep(_ account: TogetherAccount, failing failure: CloudBackupProblem.Step) -> Bool {
        guard let together = client.together else { return false }
        do {
            try together.keychain.save(account)
        } catch {
            problem = .keychainRefused(failure, detail: String(describing: error))
            return false
        }
        state = account.backup
        problem = nil
        return true
    }
}
