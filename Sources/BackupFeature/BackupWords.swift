import SwiftUI

// The backups' words for the values their models return (issue 25), said once here from the
// module's String Catalog, for Settings and onboarding alike. A problem's detail is the system's or
// Together's words, shown as they came.

extension Text {
    /// Why the last thing asked of the iCloud backup did not happen, or happened only in part.
    public static func cloudBackup(_ problem: CloudBackupProblem) -> Text {
        switch problem {
        case .keychainRefused(let step, let detail):
            Text("\(Text.cloudBackupStep(step)): the Keychain refused (\(Text(verbatim: detail))).", bundle: .module)
        case .keyUnreadable(let step, let detail):
            Text("\(Text.cloudBackupStep(step)): your Together key could not be read (\(Text(verbatim: detail))).", bundle: .module)
        case .failed(let step, let detail):
            Text("\(Text.cloudBackupStep(step)): \(Text(verbatim: detail))", bundle: .module)
        case .noBackupStored:
            Text("Nothing was restored: your Together account has no backup stored.", bundle: .module)
        case .deletedElsewhere:
            Text("Nothing was backed up: your backup was deleted from another iPhone.", bundle: .module)
        case .newerElsewhere(let version):
            Text("Nothing was backed up: another iPhone stored a newer backup (version \(version)).", bundle: .module)
        case .accountUnreadable(let detail):
            togetherAccountUnreadable(detail)
        }
    }

    /// The Together account in the Keychain could not be read: one wording for the backup and
    /// Settings › Together.
    public static func togetherAccountUnreadable(_ detail: String) -> Text {
        Text("Your Together account could not be read from the Keychain: \(Text(verbatim: detail))", bundle: .module)
    }

    /// What did not happen, as a problem's first half.
    static func cloudBackupStep(_ step: CloudBackupProblem.Step) -> Text {
        switch step {
        case .turnOn: Text("The backup was not turned on", bundle: .module)
        case .saveDaily: Text("The setting was not saved", bundle: .module)
        case .backUp: Text("Nothing was backed up", bundle: .module)
        case .turnOff: Text("The backup was not deleted", bundle: .module)
        case .restore: Text("Nothing was restored", bundle: .module)
        case .forgetKey: Text("The backup is deleted, but this iPhone could not forget its key", bundle: .module)
        case .noteStored: Text("Your backup is stored, but this iPhone could not note it", bundle: .module)
        }
    }

    /// "Saved “Threshold backup 2026-11-24.json”.": the export the person kept, by its file's name.
    public static func backupSaved(_ fileName: String) -> Text {
        Text("Saved “\(Text(verbatim: fileName))”.", bundle: .module)
    }

    /// "Restored 2 profiles and 14 sessions.", leaving out what the backup had none of.
    static func restored(_ restored: BackupModel.Restored) -> Text {
        let parts = [
            RestoredPart.profiles(restored.profiles), .gates(restored.gates), .intentions(restored.intentions),
            .sessions(restored.sessions),
        ].filter { $0.count > 0 }
        return Text("Restored \(Text.restoredList(parts)).", bundle: .module)
    }

    /// "2 profiles, 1 gate and 14 sessions": the counts as one list.
    private static func restoredList(_ parts: [RestoredPart]) -> Text {
        switch parts.count {
        case 0: Text("nothing set up yet", bundle: .module)
        case 1: Text.restoredPart(parts[0])
        case 2: Text("\(Text.restoredPart(parts[0])) and \(Text.restoredPart(parts[1]))", bundle: .module)
        case 3: Text("\(Text.restoredPart(parts[0])), \(Text.restoredPart(parts[1])) and \(Text.restoredPart(parts[2]))", bundle: .module)
        default:
            Text(
                "\(Text.restoredPart(parts[0])), \(Text.restoredPart(parts[1])), \(Text.restoredPart(parts[2])) and \(Text.restoredPart(parts[3]))",
                bundle: .module)
        }
    }

    /// One count of what a restore brought in: "2 profiles", "1 gate".
    private static func restoredPart(_ part: RestoredPart) -> Text {
        switch part {
        case .profiles(let count): Text("\(count) profiles", bundle: .module)
        case .gates(let count): Text("\(count) gates", bundle: .module)
        case .intentions(let count): Text("\(count) intentions", bundle: .module)
        case .sessions(let count): Text("\(count) sessions", bundle: .module)
        }
    }
}

/// One kind of thing a restore brought in, with its count.
private enum RestoredPart {
    case profiles(Int), gates(Int), intentions(Int), sessions(Int)

    var count: Int {
        switch self {
        case .profiles(let count), .gates(let count), .intentions(let count), .sessions(let count): count
        }
    }
}
