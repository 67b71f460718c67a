import AppFeature
import FeatureClient
import FeatureTestSupport
import Foundation
import Testing
import ThresholdCore

/// Settings › Together without a server: the app works fully, and nothing reaches the network.
/// (With the server: Server/Tests/TogetherServerTests/TogetherAppTests.swift.)
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
}
