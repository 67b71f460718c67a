import FeatureModels
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
        #expect(model.joinRefusal == "Choose the name others in your league will see.")
        model.displayName = "   "
        #expect(model.joinRefusal == "Choose the name others in your league will see.")
        model.displayName = String(repeating: "a", count: 31)
        #expect(model.joinRefusal == "A name is at most 30 characters.")
        model.displayName = " Alice "
        #expect(model.joinRefusal == nil)
    }
}
