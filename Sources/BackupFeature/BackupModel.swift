import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore

/// A backup of everything Threshold holds, as a JSON file the person keeps (Settings › Backup),
/// and restoring one on a fresh install (onboarding's first screen): what the store's
/// ``StoreClient/exportBackup(deviceID:)`` and ``StoreClient/importBackup(_:deviceID:)`` do.
///
/// A restore is read strictly and refused whole, saying why, when the file is not a backup, comes
/// from a newer Threshold, is damaged or does not add up, or when this iPhone already holds data;
/// nothing changes then. Screen Time's app choices belong to the iPhone that made them, so a
/// backup from another iPhone names what needs its apps picked again.
@MainActor @Observable
public final class BackupModel {
    /// A backup ready to hand to the share sheet.
    public struct File: Sendable, Identifiable {
        /// "Threshold backup 2026-11-24.json".
        public let name: String
        public let data: Data
        public var id: String { name }
    }

    /// What a restore brought in: how many of each, and what needs its apps picked again.
    public struct Restored: Hashable, Sendable {
        public let profiles: Int
        public let gates: Int
        public let intentions: Int
        public let sessions: Int
        /// The profiles, gates and intentions whose apps must be picked again on this iPhone.
        public let repick: [String]

        public init(profiles: Int, gates: Int, intentions: Int, sessions: Int, repick: [String]) {
            self.profiles = profiles
            self.gates = gates
            self.intentions = intentions
            self.sessions = sessions
            self.repick = repick
        }
    }

    public private(set) var exported: File?
    /// The name of the last export's file the person kept (in Files, iCloud Drive…).
    public private(set) var saved: String?
    public private(set) var restored: Restored?
    /// Why the last export or restore failed; nothing changed.
    public private(set) var problem: Problem?
    let client: AppClient

    public init(client: AppClient) { self.client = client }

    /// Makes the backup file of everything saved now.
    public func export() {
        do {
            let data = try client.runtime.store.exportBackup(deviceID: client.deviceID)
            let day = Clockwork(calendar: client.calendar).localDate(of: client.now)
            exported = File(name: "Threshold backup \(day).json", data: data)
            problem = nil
        } catch {
            exported = nil
            problem = Problem(error)
        }
    }

    /// The Save to Files sheet closed, with the file saved or not.
    public func exportClosed(saved: Bool) {
        if saved, let exported { self.saved = exported.name }
        exported = nil
    }

    /// Restores the backup in `data`, then reconciles, so the restored restrictions take effect
    /// (shielding nothing until their apps are picked again on a new iPhone). Returns whether it did.
    @discardableResult
    public func restore(_ data: Data) -> Bool {
        let report: ImportReport
        do {
            report = try client.runtime.store.importBackup(data, deviceID: client.deviceID)
        } catch {
            restored = nil
            problem = Problem(error)
            return false
        }
        problem = client.runtime.reconcile(.inApp("backup restored")).problem
        restored = Restored(
            profiles: report.profiles, gates: report.gates, intentions: report.intentions, sessions: report.sessions,
            repick: report.needsRepick.map(\.name))
        return true
    }

    /// The file could not be read (iOS's document picker said why).
    public func restoreFailed(_ reason: String) {
        restored = nil
        problem = .refused(.unexpected(reason))
    }
}
