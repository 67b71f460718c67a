import Foundation
import InMemoryClients
import PropertyBased
import ScreenTimeClient
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@_spi(Testing) import ThresholdRuntime

/// A reconcile decides in the store's transaction and makes its system calls after the commit,
/// in commit order across processes (issue 38): no process waits on ManagedSettings,
/// DeviceActivity, notifications or ActivityKit to use the store.
@Suite struct SystemCallsAfterCommitTests {
    let selah = ThresholdState.make(gates: [.make("selah")])

    /// A store that notes when each transaction begins and ends, in the log the device notes its
    /// calls in.
    final class LoggingStore: StoreClient, @unchecked Sendable {
        let inner: InMemoryStore
        let log: Locked<[String]>
        let effects: EffectsJournal
        /// `effects`: the journal beside it (the inner store's own by default).
        init(_ inner: InMemoryStore, log: Locked<[String]>, effects: EffectsJournal? = nil) {
            self.inner = inner
            self.log = log
            self.effects = effects ?? inner.effects
        }
        func read() throws -> StoredState { try inner.read() }
        func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T {
            log.update { $0.append("begin") }
            defer { log.update { $0.append("commit") } }
            return try inner.write(body)
        }
        func events(_ query: EventQuery) throws -> [LoggedEvent] { try inner.events(query) }
        func sessions(startingFrom start: Date, until end: Date) throws -> [Session] { try inner.sessions(startingFrom: start, until: end) }
        func exportBackup(deviceID: String?) throws -> Data { try inner.exportBackup(deviceID: deviceID) }
        func importBackup(_ data: Data, deviceID: String?) throws -> ImportReport { try inner.importBackup(data, deviceID: deviceID) }
    }

    @Test func theCallsAreMade_afterTheTransactionCommits() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        let log = Locked<[String]>([])
        var device = rig.device.client
        let apply = device.applyShield
        device.applyShield = { store in
            log.update { $0.append("apply") }; try apply(store)
        }
        let reconciler = Reconciler(store: LoggingStore(rig.store, log: log), screenTime: device, clock: rig.clock.client, ids: .counting())
        let outcome = reconciler.reconcile(.appForeground)
        #expect(!outcome.shieldChanges.isEmpty)
        #expect(log.value == ["begin", "commit", "apply"], "one transaction, then the call: \(log.value)")
        #expect(rig.device.shields("instagram"))
        let saved = try rig.store.read().applied
        let owed = try #require(saved.owed)
        #expect(rig.store.effects.lastApplied(epoch: owed.epoch) == owed.revision, "the calls are noted made")
    }

    /// The store made anew (a repair, a restore) beside a journal that has counted further: its
    /// revisions start again at 1 in an epoch of its own, and its calls are still made.
    @Test func aStoreMadeAnew_besideAnOlderJournal_stillHasItsCallsMade() throws {
        let journal = EffectsJournal.inMemory()
        let old = Rig(selah, at: at("2026-11-23 10:00"))
        let before = Reconciler(
            store: LoggingStore(old.store, log: Locked([]), effects: journal), screenTime: old.device.client,
            clock: old.clock.client, ids: .counting(prefix: "old-"))
        #expect(before.reconcile(.appForeground).saved?.applied.owed?.revision == 1)
        let fresh = Rig(selah, at: at("2026-11-23 13:00"))
        let after = Reconciler(
            store: LoggingStore(fresh.store, log: Locked([]), effects: journal), screenTime: fresh.device.client,
            clock: fresh.clock.client, ids: .counting(prefix: "new-"))
        let outcome = after.reconcile(.appForeground)
        #expect(!outcome.superseded)
        #expect(fresh.device.shields("instagram"))
        #expect(try fresh.store.read().applied.owed?.revision == 1)
    }

    @Test func aRefusedShield_isOwedAgain_withItsRepair_andTheNextReconcileMakesIt() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        rig.device.refuseShields = true
        let refused = rig.reconciler.reconcile(.appForeground)
        #expect(refused.shieldChanges.isEmpty)
        #expect(refused.repairs.contains { if case .storeNotApplied = $0.message { true } else { false } })
        let saved = try rig.store.read().applied
        #expect(saved.repairs == refused.repairs && !saved.repairs.isEmpty, "the repair is saved, as the screens show it")
        #expect(saved.stores.isEmpty, "the record no longer claims the store applied")
        #expect(saved.quiet == nil)

        rig.device.refuseShields = false
        rig.clock.pass(60)
        let retried = rig.reconciler.reconcile(.intervalDidStart("threshold.at.1"))
        #expect(!retried.wasQuiet)
        #expect(rig.device.shields("instagram"))
        #expect(try rig.store.read().applied.repairs.isEmpty)
    }

    /// Process A commits; before it makes its calls, process B reconciles, finds A's calls owed and
    /// makes them with its own. A's calls, older, are then not made over B's.
    @Test func aDecisionWhoseCallsALaterOneMade_doesNotMakeThemOverIt() throws {
        let rig = Rig(selah, at: at("2026-11-23 10:00"))
        let later = rig.reconciler
        var first = rig.reconciler
        let laterOutcome = Locked<ReconcileOutcome?>(nil)
        first.afterCommit = {
            laterOutcome.value = later.reconcile(.intervalDidStart("threshold.at.1"))
            return true
        }
        let outcome = first.reconcile(.appForeground)
        #expect(outcome.superseded)
        let other = try #require(laterOutcome.value)
        #expect(!other.superseded && !other.shieldChanges.isEmpty, "the later reconcile made the owed calls")
        #expect(rig.device.calls.filter { $0.hasPrefix("apply") }.count == other.shieldChanges.count, "each store applied once")
        #expect(rig.device.shields("instagram"))
        let owed = try #require(other.saved?.applied.owed)
        #expect(rig.store.effects.lastApplied(epoch: owed.epoch) == owed.revision)
    }

    /// Any order of reconciles, boundaries, sessions, refusals and processes killed between their
    /// commit and their calls: every reconcile that lives to make its calls, unrefused, leaves
    /// the device shielding what the store says was applied, and after a clean one at the end
    /// the device and the store agree.
    @Test func anyOrderOfKillsAndRefusals_leavesTheDeviceAsTheStoreSays() async {
        let step = zip(Gen.int(in: 0..<6), Gen.int(in: 1...240))
        await propertyCheck(count: 60, input: step.array(of: 1...25)) { steps throws in
            let work = Profile.make(
                "work", path: .present, selection: .apps("tiktok"), schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
            let focus = Profile.make("focus", path: .present, selection: .apps("youtube"))
            let rig = Rig(.make(profiles: [work, focus], gates: [.make("selah")]), at: at("2026-11-23 08:30"))
            let apps = ["instagram", "tiktok", "youtube"]
            func agree() throws -> Bool {
                let enforcement = try #require(try rig.store.read().lastEnforcement(deviceZone: rig.clock.zone))
                return apps.allSatisfy { rig.device.shields($0) == enforcement.shields(app: AppToken($0)) }
            }
            var reconciler = rig.reconciler
            for (kind, minutes) in steps {
                let dies = kind == 4
                rig.device.refuseShields = kind == 5
                reconciler.afterCommit = { !dies }
                let outcome: ReconcileOutcome =
                    switch kind {
                    case 0: reconciler.reconcile(.appForeground)
                    case 1: reconciler.reconcile(.inApp("start"), command: StartSession(profile: "focus", plan: .goal(minutes: 30)))
                    case 2: reconciler.reconcile(.inApp("end"), command: EndSession(profile: "focus"))
                    default: reconciler.reconcile(.intervalDidStart("threshold.at.\(minutes)"))
                    }
                rig.device.refuseShields = false
                if !dies, kind != 5, outcome.storeFailure == nil {
                    #expect(try agree(), "after \(steps)")
                }
                rig.clock.pass(TimeInterval(minutes * 60))
            }
            reconciler.afterCommit = nil
            reconciler.reconcile(.appForeground)
            #expect(try agree(), "after \(steps) and a clean reconcile")
        }
    }
}
