import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
import IntentionsFeature
import ProfilesFeature
import SessionsFeature
import StoreClient
import TestSupport
import Testing
import ThresholdCore

@MainActor
@Suite struct UnreadableStoreTests {
    @Test func anUnreadableStore_isReported_andEachScreenKeepsWhatItShowed() throws {
        let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"))
        let device = try Device(.make(profiles: [focus], intentions: [.make("ig", app: "tiktok", opens: 2)]))
        let session = SessionModel(client: device.client)
        let profiles = ProfilesModel(client: device.client)
        let intentions = IntentionsModel(client: device.client)
        for load in [session.load, profiles.load, intentions.load] { load() }
        session.start("focus", .goal(minutes: 25))
        try #require(session.running != nil)
        device.store.failNextCalls(with: .busy)
        for load in [session.load, profiles.load, intentions.load] { load() }
        device.store.failNextCalls(with: nil)
        for problem in [session.problem, profiles.problem, intentions.problem] {
            #expect(problem?.said.contains("busy") == true)
        }
        #expect(session.running?.profileID == "focus" && session.startable.map(\.id) == ["focus"])
        #expect(profiles.rows.map(\.id) == ["focus"])
        #expect(intentions.rows.map(\.id) == ["ig"])
        #expect(try device.shielded("instagram"))
    }
}
