import AppFeature
import FeatureClient
import FeatureTestSupport
import Foundation
import InMemoryClients
import Testing
import TestSupport
import ThresholdCore
import TogetherClient
import TogetherSync

/// Settings › Together without a server: the app works fully, and nothing reaches the network.
/// (With the server: Server/Tests/TogetherJourneyTests/TogetherAppTests.swift.)
@MainActor @Suite struct TogetherModelTests {
    @Test func withoutTogether_theScreenSaysSo_andAForegroundSendsNothing() async throws {
        let device = try Device()
        let app = AppModel(client: device.client)
        #expect(app.together.status == .unavailable)
        await app.foreground()
        app.together.displayName = "Alice"
        await app.together.join()
        #expect(app.together.status == .unavailable && app.together.league == nil && app.together.problem == nil)
    }

    @Test func theNameToJoinWith_isOneOthersCanRead() throws {
        let model = AppModel(client: try Device().client).together
        #expect(model.joinRefusal == .noName)
        model.displayName = "   "
        #expect(model.joinRefusal == .noName)
        model.displayName = String(repeating: "a", count: 31)
        #expect(model.joinRefusal == .tooLong(limit: 30))
        model.displayName = " Alice "
        #expect(model.joinRefusal == nil)
    }

    /// A partner's invitation link goes through the app's router to Settings › Together, which asks
    /// first; a code of the wrong shape is a bad link, like a forged key tag's.
    @Test func anInvitationLink_opensSettings_andAnEditedShapeIsABadLink() async throws {
        let app = AppModel(client: try Device().client)
        app.open(URL(string: "https://threshold.app/p/7k3m9qxr2t5v")!)
        #expect(app.tab == .settings)
        #expect(app.together.receivedInvitation == "https://threshold.app/p/7K3M9QXR2T5V")
        await app.together.acceptReceived()
        #expect(app.together.problem == .invitationWithoutTogether)

        let other = AppModel(client: try Device().client)
        other.open(URL(string: "https://threshold.app/p/7K3M9QXR2TIV")!)
        guard case .badLink = other.presented else {
            Issue.record("an invitation code with an I is no code, got \(String(describing: other.presented))")
            return
        }
        #expect(other.together.receivedInvitation == nil && other.tab == .home)
    }

    /// An account kept by a build before the sync's bookkeeping moved into the saved state: the
    /// first look moves how far it got there, once, and the Keychain keeps only the account and
    /// its keys from then on.
    @Test func anOlderBuildsBookkeeping_movesFromTheKeychainIntoTheSavedState() async throws {
        struct Older: Encodable {
            let key = TogetherIdentity().rawRepresentation
            let accountID = UUID()
            let displayName = "Alice"
            let sentThrough = day("2026-03-01")
            let messageCursor: Int64 = 41
            let streaks = [IntentionStreak(intentionID: "ig", days: 4, through: day("2026-03-01"))]
            let finalizedShown = day("2026-02-23")
        }
        let older = Older()
        let account = try JSONDecoder().decode(TogetherAccount.self, from: try JSONEncoder().encode(older))
        let keychain = TogetherKeychain.inMemory(account)
        let offline = TogetherAccess(keychain: keychain) { identity in
            TogetherClient(
                baseURL: URL(string: "https://together.test")!, identity: identity,
                transport: TogetherTransport { _ in throw TogetherError.unreachable("offline") })
        }
        let device = try Device(together: offline)
        let sync = TogetherSync(client: device.client)
        #expect(sync.account()?.accountID == older.accountID)
        let moved = TogetherRecord(
            sentThrough: older.sentThrough, messageCursor: 41, streaks: older.streaks, finalizedShown: older.finalizedShown)
        #expect(device.stored.together == moved)
        let kept = try #require(try keychain.load())
        #expect(kept.legacy == nil && kept.accountID == older.accountID && kept.displayName == "Alice")
        let saved = try JSONSerialization.jsonObject(with: JSONEncoder().encode(kept)) as? [String: Any]
        #expect(
            Set(saved?.keys.map { $0 } ?? []) == ["key", "accountID", "displayName"], "the Keychain keeps the account, not how far it got")

        let app = AppModel(client: device.client)
        #expect(app.together.status == .joined(displayName: "Alice"))
        #expect(device.stored.together == moved, "moved once: looking again changes nothing")
    }
}
