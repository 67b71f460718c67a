import Foundation
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

/// A reconcile makes its system calls after its transaction commits (issue 38). iOS may kill the
/// process between the two: the store then says what should be applied, and the next reconcile
/// applies it. A second OS process reconciles over a store whose gate shields Instagram and is
/// killed with SIGKILL right after the commit; the phone's device never got the shield.
@Suite(.serialized) struct KilledReconcileTests {
    static let state = StoredState(
        engine: .make(gates: [.make("selah")]), plan: PlanRecord(status: .pro(until: Date().addingTimeInterval(86_400))))

    /// The phone as the helper left it: a device that applied nothing, over the helper's store.
    func phone(over folder: TemporaryDirectory) throws -> (SimulatedPhone, ThresholdStore) {
        let store = try folder.open(at: Date())
        let phone = SimulatedPhone(
            snapshot: .init(clock: VirtualClock(wall: Date(), timeZone: TimeZone(identifier: "America/New_York")!)),
            store: store, ids: .counting(prefix: "after-"))
        return (phone, store)
    }

    func instagram(on phone: SimulatedPhone) throws -> AppToken {
        try #require(phone.catalogue.apps.values.first { $0.name == "instagram" }).token
    }

    @Test func killedBetweenTheCommitAndTheCalls_theNextReconcileAppliesWhatTheStoreSays() throws {
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Self.state)

        let helper = try StressHelper("reconcile", folder.url.path, "killed")
        helper.process.waitUntilExit()
        #expect(helper.process.terminationReason == .uncaughtSignal && helper.process.terminationStatus == SIGKILL)

        let (phone, store) = try phone(over: folder)
        let left = try store.read().applied
        let owed = try #require(left.owed, "the decision was saved with the calls it owes")
        #expect(!owed.stores.isEmpty)
        #expect(!left.stores.isEmpty, "the record says the gate's store is applied")
        #expect(store.effects.lastApplied(epoch: owed.epoch) == nil, "the helper died before any call")

        let outcome = phone.openThreshold()
        #expect(!outcome.shieldChanges.isEmpty)
        #expect(phone.shields.shields(app: try instagram(on: phone), category: nil), "the gate shields Instagram again")
        #expect(try store.read().applied.owed?.revision != owed.revision)
        #expect(store.effects.lastApplied(epoch: owed.epoch) == owed.revision + 1)
    }

    @Test func notKilled_theCallsAreNotedMade_andTheNextReconcileLeavesThemAlone() throws {
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Self.state)

        let helper = try StressHelper("reconcile", folder.url.path)
        #expect(helper.finish() == 0)

        let (phone, store) = try phone(over: folder)
        let owed = try #require(try store.read().applied.owed)
        #expect(store.effects.lastApplied(epoch: owed.epoch) == owed.revision, "the helper's calls were all made")
        // Nothing owed is made again. NB: a reconcile that does not read the shields back (not an
        // entry of the person's), as this phone's device is not the helper's and holds nothing.
        #expect(phone.run(.appInBackground, .significantTimeChange).shieldChanges.isEmpty)
    }
}
