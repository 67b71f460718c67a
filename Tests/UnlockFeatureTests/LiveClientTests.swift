import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
import InMemoryClients
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore
@testable import UnlockFeature

/// The live client on the simulated iPhone: a finished ritual goes through the reconciler, so
/// the shield lifts in the same step and comes back by itself.
@MainActor
@Suite struct LiveClientTests {
    func phone(_ setup: ThresholdState, store: InMemoryStore = InMemoryStore()) throws -> (SimulatedPhone, RitualClient) {
        let phone = try SimulatedPhone(start: monday.wall, timeZone: ny.timeZone, setup: setup, store: store)
        phone.openThreshold()
        let runtime = Runtime(reconciler: phone.reconciler(for: .app), restrictions: DeviceRestrictionsClient { _ in })
        return (phone, AppClient(runtime: runtime, authorization: .approved, library: { bundledLibrary }).rituals)
    }

    @Test func aPrayer_liftsTheSelahShieldForTenMinutes_andItReturns() throws {
        let (phone, client) = try phone(.make(gates: [selahGate]))
        #expect(try phone.open("instagram").shielded)
        let prayer = PrayerModel(client: client)
        prayer.open()
        prayer.choose(.grateful)
        prayer.amen()
        guard case .unlocked(let until?, _, let letThrough)? = prayer.outcome else {
            Issue.record("the prayer should unlock, got \(String(describing: prayer.outcome))")
            return
        }
        #expect(letThrough == [.app(AppToken("instagram"))], "the screen names what the reconcile lifted")
        #expect(try !phone.open("instagram").shielded)
        phone.advance(to: until)
        #expect(try phone.open("instagram").shielded)
    }

    @Test func aRefusedCompletion_leavesTheShieldUp() throws {
        let store = InMemoryStore()
        let (phone, client) = try phone(.make(profiles: [workMode]), store: store)
        #expect(try phone.open("instagram").shielded)
        let credits = try CreditsModel(terms: .make(.app("instagram"), creditsPerMinute: 0), label: "Instagram", client: client)
        store.failNextCalls(with: .busy)
        credits.spend(minutes: 5)
        guard case .refused? = credits.outcome else {
            Issue.record("a store that fails refuses the unlock, got \(String(describing: credits.outcome))")
            return
        }
        store.failNextCalls(with: nil)
        #expect(try phone.open("instagram").shielded)
        #expect(try store.read().engine.grants.isEmpty)
    }
}
