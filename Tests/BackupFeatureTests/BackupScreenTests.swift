@testable import BackupFeature
import FeatureClient
import FeatureTestSupport
import Foundation
import OnboardingFeature
import SessionsFeature
import SettingsFeature
import StoreClient
import Testing
import ThresholdCore

/// Settings › Backup and onboarding's "Restore from a backup" (issue 14, item 8).
@MainActor @Suite struct BackupScreenTests {
    /// An iPhone set up with Work and Selah, a session behind it, and its backup.
    func olderIPhone() throws -> (device: Device, file: BackupModel.File) {
        let device = try Device(ThresholdState(profiles: [workMode], gates: [selahGate]), deviceID: "older-iphone")
        let session = SessionModel(client: device.client)
        session.load()
        let backup = BackupModel(client: device.client)
        backup.export()
        return (device, try #require(backup.exported))
    }

    @Test func export_namesTheFileByTheDay_andHoldsWhatTheStoreHolds() throws {
        let (device, file) = try olderIPhone()
        #expect(file.name == "Threshold backup 2026-03-02.json")
        let backup = try BackupReader.read(file.data)
        #expect(backup.deviceID == "older-iphone")
        #expect(backup.state == device.stored)
    }

    @Test func restoreOnANewIPhone_bringsEverythingBack_andNamesWhatToPickAgain() throws {
        let (older, file) = try olderIPhone()
        let newer = try Device()
        let onboarding = OnboardingModel(client: newer.client)
        onboarding.restore(file.data)
        #expect(onboarding.step == .restored)
        #expect(onboarding.backup.restored.map { [$0.profiles, $0.gates, $0.intentions, $0.sessions] } == [1, 1, 0, 0])
        #expect(onboarding.backup.restored?.repick == ["Work", "Selah"])
        #expect(newer.stored.engine == older.stored.engine)
        #expect(newer.stored.settings.onboardingCompleted == older.stored.settings.onboardingCompleted)
        onboarding.close()
        #expect(onboarding.step == .done)
    }

    @Test func restoreOnTheSameIPhone_needsNoPicking() throws {
        let (_, file) = try olderIPhone()
        let reinstalled = try Device(deviceID: "older-iphone")
        let backup = BackupModel(client: reinstalled.client)
        #expect(backup.restore(file.data))
        #expect(backup.restored?.repick == [])
    }

    /// Each bad file is refused with its reason, and the phone holds what it held before.
    @Test(arguments: [
        ("not JSON", "This file is not a Threshold backup (it is not JSON)."),
        ("not a backup", "This file is not a Threshold backup."),
        ("newer", "This backup comes from a newer Threshold (format 2; this version reads up to 1). Update the app, then import it."),
        ("cut short", "This file is not a Threshold backup (it is not JSON)."),
    ])
    func aBadFile_isRefusedSayingWhy_andChangesNothing(kind: String, reason: String) throws {
        let (_, file) = try olderIPhone()
        let bytes: Data
        switch kind {
        case "not JSON": bytes = Data("PK\u{3}\u{4} a photo".utf8)
        case "not a backup": bytes = Data(#"{"items": ["oat milk"]}"#.utf8)
        case "newer":
            var tree = try #require(try JSONSerialization.jsonObject(with: file.data) as? [String: Any])
            tree["version"] = 2
            bytes = try JSONSerialization.data(withJSONObject: tree)
        default: bytes = file.data.prefix(file.data.count / 2)
        }
        let fresh = try Device()
        let before = (fresh.stored, try fresh.store.events(.all))
        let onboarding = OnboardingModel(client: fresh.client)
        onboarding.restore(bytes)
        #expect(onboarding.step == .welcome)
        #expect(onboarding.backup.problem?.said == reason)
        #expect(onboarding.backup.restored == nil)
        #expect(fresh.stored == before.0)
        #expect(try fresh.store.events(.all) == before.1)
    }

    @Test func importIntoAPhoneAlreadySetUp_isRefused_andChangesNothing() throws {
        let (device, file) = try olderIPhone()
        let before = device.stored
        let settings = SettingsModel(client: device.client)
        #expect(!settings.backup.restore(file.data))
        #expect(
            settings.backup.problem?.said
                == "Threshold already holds data here (1 profile); a backup can only be imported into a fresh install.")
        #expect(device.stored == before)
    }
}
