import Foundation
import GRDB
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

/// iOS kills an extension (and a suspended app) with SIGKILL whenever it likes, often in the
/// middle of a write. A writer that earns credits and spends them on an unlock, as the unlock gate
/// does, is killed at 200 random moments — while opening, between writes and inside them — and
/// after each the database is sound, every write is whole or absent, and the next reconcile works.
@Suite(.serialized) struct KilledWriterTests {
    static let kills = 200

    @Test func aWriterKilledAt200RandomMoments_leavesEveryUnlockWholeOrAbsent() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["THRESHOLD_KILL_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
        var random = SplitMix64(seed: seed)
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Fixture.state)
        var unlocks = 0
        var killedMidOpen = 0

        for kill in 1...Self.kills {
            let writer = try StressHelper("unlock", folder.url.path)
            // Half the time the kill lands anywhere from launch on (opening included); otherwise
            // once writing has begun, up to a few transactions in.
            if random.next() % 2 == 0 {
                Thread.sleep(forTimeInterval: Double(random.next() % 40) / 1_000)
            } else {
                try writer.waitFor("wrote")
                Thread.sleep(forTimeInterval: Double(random.next() % 15) / 1_000)
            }
            writer.killNine()

            let context = "kill \(kill) of \(Self.kills), seed \(seed) (THRESHOLD_KILL_SEED=\(seed) repeats it)"
            let store = try folder.open()  // the app's open: SQLite's quick check and the ledger check
            #expect(
                try store.database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } == ["ok"],
                Comment(rawValue: context))
            let balances = try store.verifyLedger()
            let memos = try store.events(EventQuery(kinds: ["ledger"])).compactMap { logged -> String? in
                if case .ledger(let entry) = logged.event { return entry.memo }
                return nil
            }
            let earned = memos.filter { $0 == "earned" }.count
            let spent = memos.filter { $0.hasPrefix("Unlocked stress") }.count
            let grants = try store.events(EventQuery(kinds: ["grantIssued"])).count
            let rituals = try store.events(EventQuery(kinds: ["ritualCompleted"])).count
            // Each write earns 5, spends 5 on a ritual and issues its grant: all four or none.
            #expect(earned == spent && spent == grants && grants == rituals, Comment(rawValue: context))
            #expect(balances.credits == Fixture.state.balances.credits, Comment(rawValue: context))
            #expect(earned >= unlocks, "a committed unlock vanished; \(context)")
            if earned == unlocks { killedMidOpen += 1 }
            unlocks = earned

            // The next reconcile (the app opening) reads and writes the store as if nothing happened,
            // at the helper's clock (its unlocks run ahead of the wall clock, 15 minutes apart).
            let lastEnd = try store.read().engine.grants.map(\.end).max() ?? .distantPast
            let phone = SimulatedPhone(
                snapshot: .init(clock: VirtualClock(wall: max(Date(), lastEnd), timeZone: TimeZone(identifier: Fixture.zone)!)),
                store: store, ids: .counting(prefix: "after-kill-\(kill)-"))
            let outcome = phone.openThreshold()
            #expect(outcome.storeFailure == nil, "\(outcome.storeFailure.map(String.init(describing:)) ?? ""); \(context)")
            if outcome.storeFailure != nil { return }
        }
        // The kills really landed in different places: some before any write, most after some.
        #expect(unlocks > Self.kills / 2)
        #expect(killedMidOpen > 0)
    }
}
