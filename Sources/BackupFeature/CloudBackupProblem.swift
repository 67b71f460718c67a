import Foundation

/// Why the last thing asked of the iCloud backup did not happen (or happened only in part), as a
/// value: Settings › Together and onboarding's restore say it in their own words, from their
/// String Catalogs (issue 25).
///
/// A `detail` is what the system or Together said (a Keychain error, an unreachable server, the
/// store's words), shown as it came.
public enum CloudBackupProblem: Hashable, Sendable {
    /// What did not happen, or happened only in part.
    public enum Step: Hashable, Sendable {
        /// Turning the backup on.
        case turnOn
        /// The daily backup on or off.
        case saveDaily
        /// A backup.
        case backUp
        /// Turning the backup off (deleting it).
        case turnOff
        /// A restore.
        case restore
        /// The backup is deleted; forgetting its key was not.
        case forgetKey
        /// The backup is stored; noting it on this iPhone was not.
        case noteStored
    }

    /// The Keychain refused to keep the change.
    case keychainRefused(Step, detail: String)
    /// The Together key could not be read.
    case keyUnreadable(Step, detail: String)
    /// Together (or sealing the backup) failed.
    case failed(Step, detail: String)
    /// There is nothing to restore: the account has no backup stored.
    case noBackupStored
    /// Another iPhone deleted the backup (turned it off) meanwhile.
    case deletedElsewhere
    /// Another iPhone stored a newer backup, at `version`; replacing it is the person's call.
    case newerElsewhere(version: Int64)
    /// The Keychain could not give the Together account.
    case accountUnreadable(detail: String)
}
