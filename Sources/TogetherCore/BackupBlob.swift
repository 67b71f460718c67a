import Foundation

/// The rules for a person's encrypted backup (seed 004's optional sync, issue 16 item 5): an
/// opaque blob the app encrypts with a key the server never sees, one per account, versioned.
///
/// The server never parses it: it keeps the bytes, their count and a version. Each store names its
/// version, which must be exactly the one after the stored one (1 for the first), so a phone
/// holding an older backup cannot overwrite a newer one by accident; the version is in the signed
/// path (`PUT /v1/backup?version=N`), never in an unsigned header.
public enum BackupBlob {
    /// The largest blob: 1 MiB (a backup of the store's JSON, encrypted, is a few kilobytes).
    public static let maximumBytes = 1_048_576
    /// The first version an account stores.
    public static let firstVersion: Int64 = 1
    /// The highest version: far past any phone's lifetime of backups, and within PostgreSQL's bigint.
    public static let maximumVersion: Int64 = 1_000_000_000_000

    /// Refuses an empty or oversized blob.
    public static func checkSize(_ bytes: Int) throws {
        guard bytes > 0 else {
            throw TogetherRefusal(.malformed, "A backup holds at least one byte.")
        }
        guard bytes <= maximumBytes else {
            throw TogetherRefusal(.bodyTooLarge, "A backup is at most \(maximumBytes) bytes; this one is larger.")
        }
    }

    /// Refuses storing `version` over `stored` (nil when there is none): it must be the next one.
    public static func checkVersion(_ version: Int64, over stored: Int64?) throws {
        let expected = (stored ?? 0) + 1
        guard (firstVersion...maximumVersion).contains(version) else {
            throw TogetherRefusal(.malformed, "A backup's version is a whole number from \(firstVersion) to \(maximumVersion).")
        }
        guard version == expected else {
            let held = stored.map { "version \($0)" } ?? "no backup"
            throw TogetherRefusal(
                .backupVersionConflict,
                "The server holds \(held), so the next backup is version \(expected), not \(version); fetch it first if another phone stored it."
            )
        }
    }
}
