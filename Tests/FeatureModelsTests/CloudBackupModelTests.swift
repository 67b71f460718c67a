import FeatureModels
import Foundation
import Testing
import ThresholdCore
import TogetherClient

/// Settings › Together › iCloud backup when something fails before the server could answer: the
/// Keychain refuses, or the iPhone is offline. Each fails closed and says why. (With the server:
/// Server/Tests/TogetherServerTests/TogetherAppTests+Backup.swift.)
@MainActor @Suite struct CloudBackupModelTests {
    /// An iPhone with no network: every request fails as URLSession's would, and is counted.
    struct Offline: Sendable {
        private let sent = Locked<[String]>([])

        var requests: [String] { sent.value }

        func access(_ keychain: TogetherKeychain) -> TogetherAccess {
            TogetherAccess(keychain: keychain) { [sent] identity in
                TogetherClient(baseURL: URL(string: "https://together.invalid")!, identity: identity, transport: TogetherTransport { request in
                    sent.update { $0.append("\(request.httpMethod ?? "") \(request.url?.path() ?? "")") }
                    throw TogetherError.unreachable("The Internet connection appears to be offline.")
                })
            }
        }
    }

    nonisolated static let account = TogetherAccount(key: TogetherIdentity().rawRepresentation, accountID: UUID(), displayName: "Alice")

    @Test func aKeychainThatRefuses_turnsNothingOn_andSendsNothing() async throws {
        let offline = Offline()
        let refusing = TogetherKeychain(load: { Self.account }, save: { _ in throw Refused() }, delete: {})
        let model = AppModel(client: try Device(together: offline.access(refusing)).client).together.cloudBackup
        await model.turnOn()
        #expect(model.problem == "The backup was not turned on: the Keychain refused (no room)." && model.state == nil)
        #expect(offline.requests.isEmpty, "no blob is stored that nothing could open")
    }

    @Test func offline_nothingIsBackedUp_butTheKeyIsKept_forTheNextTry() async throws {
        let offline = Offline()
        let keychain = TogetherKeychain.inMemory(Self.account)
        let model = AppModel(client: try Device(together: offline.access(keychain)).client).together.cloudBackup
        await model.turnOn()
        #expect(model.problem == "Nothing was backed up: Together cannot be reached (The Internet connection appears to be offline.); your leaderboard and partners wait until it can.")
        let kept = try #require(try keychain.load()?.backup)
        #expect(kept.version == 0 && kept.storedAt == nil && kept.daily)
        #expect(offline.requests == ["PUT /v1/backup"])
    }

    @Test func diagnostics_sayHowFarTogetherHasGone_withoutTheNameOrTheKey() async throws {
        let keychain = TogetherKeychain.inMemory(Self.account)
        let app = AppModel(client: try Device(together: Offline().access(keychain)).client)
        await app.together.cloudBackup.turnOn()
        let together = try #require(app.settings.diagnostics().sections.first { $0.title == "Together" })
        #expect(together.lines == ["Joined", "Days sent through: none", "Partners' messages shown through: 0", "iCloud backup: version 0, daily"])

        try keychain.delete()
        #expect(app.settings.diagnostics().sections.first { $0.title == "Together" }?.lines == ["Not joined"])
        let without = AppModel(client: try Device().client)
        #expect(!without.settings.diagnostics().sections.contains { $0.title == "Together" }, "no Together in this build: no section")
    }

    @Test func offline_restoreFromICloud_restoresNothing_andOnboardingStaysWhereItWas() async throws {
        var account = Self.account
        account.backup = CloudBackup(daily: true)
        account.backup?.version = 3
        let app = AppModel(client: try Device(together: Offline().access(.inMemory(account))).client)
        await app.foreground()
        let onboarding = try #require(app.onboarding)
        #expect(onboarding.cloudBackup.canRestore)
        await onboarding.restoreFromCloud()
        #expect(onboarding.step == .welcome && onboarding.backup.restored == nil)
        #expect(onboarding.cloudBackup.problem?.hasPrefix("Nothing was restored: Together cannot be reached") == true)
    }

    @Test func withoutAStoredBackup_onboardingOffersNoICloudRestore() async throws {
        for account in [nil, Self.account] {
            let app = AppModel(client: try Device(together: Offline().access(.inMemory(account))).client)
            await app.foreground()
            #expect(app.onboarding?.cloudBackup.canRestore == false)
        }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "no room" }
    }
}
