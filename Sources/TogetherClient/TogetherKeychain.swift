import Foundation
import ThresholdCore

/// What this install keeps of its Together account: the signing key, the account the server gave
/// it, the name it chose and the iCloud backup's key. Kept in the Keychain on iOS
/// (``TogetherKeychain``); nothing of it is in the store's backup. How far the daily summaries
/// and messages have gone is the saved state's (`TogetherRecord`).
public struct TogetherAccount: Codable, Sendable, Equatable {
    /// The Curve25519 signing key's 32 raw bytes (``TogetherIdentity/rawRepresentation``).
    public let key: Data
    public let accountID: UUID
    public let displayName: String
    /// The encrypted backup, once the person turned it on: its key and how far it has gone.
    public var backup: CloudBackup?
    /// The sync's bookkeeping as a build before it moved into the saved state (`TogetherRecord`)
    /// kept it here: read to move it there once, never written again.
    public private(set) var legacy: TogetherRecord?

    public init(key: Data, accountID: UUID, displayName: String, backup: CloudBackup? = nil) {
        self.key = key
        self.accountID = accountID
        self.displayName = displayName
        self.backup = backup
    }

    /// The account without what an older build kept beside it (``legacy``): what is saved once
    /// that has moved.
    public var withoutLegacy: TogetherAccount {
        var account = self
        account.legacy = nil
        return account
    }

    private enum CodingKeys: String, CodingKey {
        case key, accountID, displayName, backup
        case sentThrough, messageCursor, streaks, finalizedShown, laterSince
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(Data.self, forKey: .key)
        accountID = try c.decode(UUID.self, forKey: .accountID)
        displayName = try c.decode(String.self, forKey: .displayName)
        backup = try c.decodeIfPresent(CloudBackup.self, forKey: .backup)
        let legacy = TogetherRecord(
            sentThrough: try c.decodeIfPresent(LocalDate.self, forKey: .sentThrough),
            messageCursor: try c.decodeIfPresent(Int64.self, forKey: .messageCursor) ?? 0,
            streaks: try c.decodeIfPresent([IntentionStreak].self, forKey: .streaks),
            finalizedShown: try c.decodeIfPresent(LocalDate.self, forKey: .finalizedShown),
            laterSince: try c.decodeIfPresent(Date.self, forKey: .laterSince))
        self.legacy = legacy == .none ? nil : legacy
    }

    /// The account and its keys only: the bookkeeping is the saved state's.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(accountID, forKey: .accountID)
        try c.encode(displayName, forKey: .displayName)
        try c.encodeIfPresent(backup, forKey: .backup)
    }

    public func identity() throws -> TogetherIdentity { try TogetherIdentity(rawRepresentation: key) }
}

/// The encrypted backup as the Keychain keeps it (issue 16, item 5): the key it is sealed with
/// (``BackupKey``, never sent anywhere but the iCloud Keychain), whether it is made every day, and
/// the last version Together accepted. It travels with the account through the iCloud Keychain, so a
/// new iPhone signed in to the same Apple Account finds both and can open the backup.
public struct CloudBackup: Codable, Sendable, Equatable {
    /// The ``BackupKey``'s 32 bytes.
    public let key: Data
    /// Whether the app backs up by itself, once a day, when it comes forward or refreshes.
    public var daily: Bool
    /// The version Together last accepted from this account (0 before the first).
    public var version: Int64
    /// When Together accepted it, and its size.
    public var storedAt: Date?
    public var bytes: Int?
    /// A backup sent whose answer never came (Together "later"): its version and the
    /// ``Fingerprint`` of its blob. If Together took it after all, storing that version again is
    /// refused as out of turn; the blob Together holds then shows it was this one, not another
    /// iPhone's.
    public var unconfirmed: Unconfirmed?

    public struct Unconfirmed: Codable, Sendable, Equatable {
        public let version: Int64
        public let blob: Fingerprint
        public let bytes: Int

        public init(version: Int64, blob: Fingerprint, bytes: Int) {
            self.version = version
            self.blob = blob
            self.bytes = bytes
        }
    }

    /// A new backup's state: a fresh key, nothing stored yet.
    public init(key: BackupKey = BackupKey(), daily: Bool) {
        self.key = key.rawRepresentation
        self.daily = daily
        version = 0
    }

    public func backupKey() throws -> BackupKey { try BackupKey(rawRepresentation: key) }
}

/// Where the install's ``TogetherAccount`` is kept: the Keychain on iOS (`TogetherLive`), memory in
/// the simulator and tests (InMemoryClients' `inMemory()`). Each operation throws with words the screen can show.
public struct TogetherKeychain: Sendable {
    public var load: @Sendable () throws -> TogetherAccount?
    public var save: @Sendable (TogetherAccount) throws -> Void
    public var delete: @Sendable () throws -> Void

    public init(
        load: @escaping @Sendable () throws -> TogetherAccount?, save: @escaping @Sendable (TogetherAccount) throws -> Void,
        delete: @escaping @Sendable () throws -> Void
    ) {
        self.load = load
        self.save = save
        self.delete = delete
    }
}

/// Together as the app reaches it: where the account is kept and how a client is made for an
/// identity. The app's `AppClient` holds one when Together can be used (`nil`: Together is off and
/// nothing reaches the network). Only the app's process holds one: extensions make no network calls.
public struct TogetherAccess: Sendable {
    public let keychain: TogetherKeychain
    public let connect: @Sendable (TogetherIdentity) -> TogetherClient
    /// iOS's remote notifications, for partners' messages pushed as they come; `nil`: none (they
    /// are fetched at each foreground and refresh, as they are anyway).
    public var push: PushRegistration?

    public init(
        keychain: TogetherKeychain, push: PushRegistration? = nil,
        connect: @escaping @Sendable (TogetherIdentity) -> TogetherClient
    ) {
        self.keychain = keychain
        self.push = push
        self.connect = connect
    }

    /// Together's server over URLSession, the account in `keychain`.
    public static func live(baseURL: URL, keychain: TogetherKeychain) -> TogetherAccess {
        TogetherAccess(keychain: keychain) { TogetherClient(baseURL: baseURL, identity: $0) }
    }
}

/// Asking iOS for this install's APNs device token (`registerForRemoteNotifications()`, answered
/// through the app delegate): the app's in the app, the simulated phone's in its tests.
public struct PushRegistration: Sendable {
    /// Registers for remote notifications and returns the device token iOS gives, in lowercase hex;
    /// `nil` when it gives none (no network, or the app lacks the entitlement).
    public var register: @Sendable () async -> String?

    public init(register: @escaping @Sendable () async -> String?) { self.register = register }

    /// A device token as iOS gives it (`Data`), in lowercase hex, as APNs and Together take it.
    public static func hex(_ token: Data) -> String { token.map { String(format: "%02x", $0) }.joined() }
}
