import Foundation
import InMemoryClients
import ScreenTimeClient
import StoreClient
import Testing
import TestSupport
import ThresholdCore
import ThresholdRuntime

/// PRODUCT.md principle 2 when the store cannot be read: a lift never outlives its end.
@Suite struct FailClosedTests {
    let noon = at("2026-03-02 12:00")
    let selah = Gate.make("selah", selection: .apps("instagram"), unlockPolicy: .prayer)

    /// The rig with a fail-closed file, a gate on Instagram and a ten-minute window open.
    func windowOpen() throws -> (rig: Rig, reconciler: Reconciler, file: FailClosedFile) {
        let rig = Rig(.make(gates: [selah]), at: noon)
        let file = FailClosedFile.inMemory()
        let reconciler = Reconciler(
            store: rig.store, screenTime: rig.device.client, clock: rig.clock.client, ids: .counting(),
            failClosed: file)
        reconciler.reconcile(.inApp("pray"), command: IssueGrant(scope: .allGated, minutes: 10, origin: .ritual(.prayer)))
        return (rig, reconciler, file)
    }

    @Test func whileALiftIsOpen_itsShieldsAreLeftBesideTheStore_andRemovedAfter() throws {
        let (rig, reconciler, file) = try windowOpen()
        #expect(!rig.device.shields("instagram"))
        let left = try #require(try file.read())
        #expect(left.liftsEndBy == noon.addingTimeInterval(600))
        #expect(left.stores.contains { $0.shields(app: AppToken("instagram"), category: nil) })
        rig.clock.pass(600)
        reconciler.reconcile(.intervalDidEnd("threshold.x"))
        #expect(try file.read() == nil, "nothing lifted: nothing left")
        #expect(rig.device.shields("instagram"))
    }

    @Test func aFailingReconcile_keepsTheWindowUntilItsEnd_thenCloses() throws {
        let (rig, reconciler, file) = try windowOpen()
        rig.store.failNextCalls(with: .corrupt("page 2"))
        rig.clock.pass(300)
        #expect(!reconciler.reconcile(.intervalDidStart("threshold.x")).appliedFailClosed)
        #expect(!rig.device.shields("instagram"), "before its end the window is right")
        rig.clock.pass(300)
        let outcome = reconciler.reconcile(.intervalDidEnd("threshold.x"))
        #expect(outcome.failedClosed && outcome.appliedFailClosed)
        #expect(rig.device.shields("instagram"))
        #expect(try file.read()?.wasApplied == true)

        rig.store.failNextCalls(with: nil)
        let recovered = reconciler.reconcile(.appForeground)
        #expect(!recovered.failedClosed && !recovered.shieldChanges.isEmpty, "every store is applied again")
        #expect(rig.device.shields("instagram"))
        #expect(try file.read() == nil)
    }

    @Test func theClockMovedBack_orARestart_doesNotKeepTheWindowOpen() throws {
        let (rig, reconciler, _) = try windowOpen()
        rig.store.failNextCalls(with: .busy)
        rig.clock.pass(660)
        rig.clock.setWall(noon.addingTimeInterval(60))
        #expect(reconciler.reconcile(.intervalDidEnd("threshold.x")).appliedFailClosed, "eleven minutes passed on the uptime")

        let (again, reconcilerAgain, _) = try windowOpen()
        again.store.failNextCalls(with: .busy)
        again.clock.reboot()
        #expect(reconcilerAgain.reconcile(.intervalDidEnd("threshold.x")).appliedFailClosed, "after a restart elapsed time is unknown")
        #expect(again.device.shields("instagram"))
    }

    @Test func anUnreadableFile_leavesTheShieldsAsTheyWere_sayingWhy() throws {
        let rig = Rig(.make(gates: [selah]), at: noon)
        let broken = FailClosedFile(read: { throw CocoaError(.fileReadCorruptFile) }, write: { _ in })
        let reconciler = Reconciler(
            store: rig.store, screenTime: rig.device.client, clock: rig.clock.client, ids: .counting(),
            failClosed: broken)
        rig.store.failNextCalls(with: .busy)
        let outcome = reconciler.reconcile(.appForeground)
        guard case .unreadable? = outcome.failClosedProblem else {
            Issue.record("expected the fail-closed shields to be unreadable, got \(String(describing: outcome.failClosedProblem))")
            return
        }
        #expect(!outcome.appliedFailClosed)
    }

    @Test func theFile_roundTrips_andNilRemovesIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fail-closed-\(UUID()).json")
        let file = FailClosedFile.file(at: url)
        #expect(try file.read() == nil)
        let record = FailClosedShields(
            stores: [ShieldStore(index: 0)], liftsEndBy: noon, madeAt: ClockReading(wall: noon, uptime: 5, bootID: "b"))
        try file.write(record)
        #expect(try file.read() == record)
        try file.write(nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try Data("{not json".utf8).write(to: url)
        #expect(throws: (any Error).self) { try file.read() }
        try? FileManager.default.removeItem(at: url)
    }

    @Test func anOpeningStore_triesAgainUntilItOpens() throws {
        let attempts = Counter()
        let store = OpeningStore {
            attempts.increment()
            if attempts.value < 3 { throw StoreError.missing("not yet") }
            return InMemoryStore()
        }
        #expect(throws: StoreError.missing("not yet")) { try store.read() }
        #expect(throws: StoreError.missing("not yet")) { try store.read() }
        #expect(try store.read() == .initial)
        _ = try store.read()
        #expect(attempts.value == 3)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
