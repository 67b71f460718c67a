import FeatureClient
import FeatureTestSupport
import AppFeature
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import InMemoryClients
import Testing
import ThresholdCore
import TogetherClient

/// Settings › Together › iCloud backup when something fails before the server could answer: the
/// Keychain refuses, or the iPhone is offline. Each fails closed and says why. (With the server:
/// Server/Tests/TogetherJourneyTests/TogetherAppTests+Backup.swift.)
@MainActor @Suite struct CloudBackupModelTests {
    /// An iPhone with no network: every request fails as URLSession's would, and is counted.
    struct Offline: Sendable {
        private let sent = Locked<[String]>([])

        var requests: [String] { sent.value }

        func access(_ keychain: TogetherKeychain) -> TogetherAccess {
            TogetherAccess(keychain: keychain) { [sent] identity in
                TogetherClient(
                    baseURL: URL(string: "https://together.invalid")!, identity: identity,
                    transport: TogetherTransport { request in
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
        #expect(model.problem == .keychainRefused(.turnOn, detail: "no room") && model.state == nil)
        #expect(offline.requests.isEmpty, "no blob is stored that nothing could open")
    }

    @Test func offline_nothingIsBackedUp_butTheKeyIsKept_forTheNextTry() async throws {
        let offline = Offline()
        let keychain = TogetherKeychain.inMemory(Self.account)
        let model = AppModel(client: try Device(together: offline.access(keychain)).client).together.cloudBackup
        await model.turnOn()
        #expect(
            model.problem
                == .failed(
                    .backUp,
                    detail:
                        "Together cannot be reached (The Internet connection appears to be offline.); your leaderboard and partners wait until it can."
                ))
        let kept = try #require(try keychain.load()?.backup)
        #expect(kept.version == 0 && kept.storedAt == nil && kept.daily)
        #expect(offline.requests == ["PUT /v1/backup"])
    }

    @Test func diagnostics_sayHowFarTogetherHasGone_withoutTheNameOrTheKey() async throws {
        let keychain = TogetherKeychain.inMemory(Self.account)
        let app = AppModel(client: try Device(together: Offline().access(keychain)).client)
        await app.together.cloudBackup.turnOn()
        let together = try #require(app.settings.diagnostics().sections.first { $0.title == "Together" })
        #expect(
            together.lines == [
                "Joined", "Days sent through: none", "Partners' messages shown through: 0", "iCloud backup: version 0, daily",
            ])

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
        guard case .failed(.restore, let detail)? = onboarding.cloudBackup.problem else {
            Issue.record("nothing restored should say why: \(String(describing: onboarding.cloudBackup.problem))")
            return
        }
        #expect(detail.hasPrefix("Together cannot be reached"))
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

/// Together answering only "later" (503: without its database, or busy): the automatic sends of a
/// foreground wait, quietly, and the screen says so once it has lasted a day (issue 27, item 3).
@MainActor @Suite struct TogetherLaterTests {
    /// A server that answers every request 503 with Retry-After, counting them.
    struct Unavailable: Sendable {
        private let sent = Locked<[String]>([])
        var requests: [String] { sent.value }

        func access(_ keychain: TogetherKeychain) -> TogetherAccess {
            TogetherAccess(keychain: keychain) { [sent] identity in
                TogetherClient(
                    baseURL: URL(string: "https://together.test")!, identity: identity,
                    transport: TogetherTransport { request in
                        sent.update { $0.append("\(request.httpMethod ?? "") \(request.url?.path() ?? "")") }
                        let response = HTTPURLResponse(
                            url: request.url!, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": "5"])!
                        return (Data(#"{"error":"unavailable","reason":"Try again in a few seconds."}"#.utf8), response)
                    })
            }
        }
    }

    @Test func aForegroundWhileTogetherIsUnavailable_saysNothing_untilItHasLastedADay() async throws {
        var account = CloudBackupModelTests.account
        account.backup = CloudBackup(daily: true)
        let keychain = TogetherKeychain.inMemory(account)
        let unavailable = Unavailable()
        let device = try Device(together: unavailable.access(keychain), prepare: { $0.settings.onboardingCompleted = true })
        let app = AppModel(client: device.client)
        await app.foreground()
        #expect(app.together.problem == nil && app.together.cloudBackup.problem == nil, "\(String(describing: app.together.problem))")
        #expect(unavailable.requests.contains("POST /v1/summaries") && unavailable.requests.contains("PUT /v1/backup"))
        let first = try #require(try keychain.load())
        let record = device.stored.together
        #expect(
            record.laterSince == device.phone.clock.wall && record.sentThrough == nil,
            "nothing counts as sent; since when Together has waited is kept in the saved state")
        #expect(first.backup?.version == 0 && first.backup?.unconfirmed?.version == 1, "the backup waits, noted as sent without an answer")

        device.phone.advance(by: 23 * 3_600)
        await app.foreground()
        #expect(app.together.problem == nil)
        device.phone.advance(by: 3_600)
        await app.foreground()
        #expect(app.together.problem == .unansweredSince(record.laterSince ?? .distantPast), "\(String(describing: app.together.problem))")
        #expect(device.stored.together.laterSince == record.laterSince)
    }
}
