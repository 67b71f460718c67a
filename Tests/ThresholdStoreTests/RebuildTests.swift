import Foundation
import GRDB
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

@Suite struct RebuildTests {
    func markers(_ store: ThresholdStore) throws -> [LoggedEvent] {
        try store.events(EventQuery(kinds: ["ledger"])).filter {
            if case .ledger(let entry) = $0.event { return entry.memo.hasPrefix("marker-") }
            return false
        }
    }

    @Test func aDamagedPage_losesOnlyTheEventsOnIt_andKeepsTheRest() throws {
        let folder = TemporaryDirectory()
        try folder.seedAndClose(events: 2_000)
        let original = try markers(try folder.open())
        try folder.damagePage(containing: "marker-1000")

        let report = try ThresholdStore.rebuild(directory: folder.url, clock: Fixture.clock())
        let store = try folder.open()
        let kept = try markers(store)
        // The events on the damaged page are gone, every other one is kept as it was.
        #expect(kept.count > 1_900 && kept.count < 2_000)
        #expect(Set(kept).isSubset(of: Set(original)))
        #expect(!kept.contains { $0.event == .ledger(Fixture.entry(.xp, 1, "marker-1000")) })
        #expect(report.kept["events"] == kept.count + 1)
        #expect(report.lost.contains("\(2_000 - kept.count) events that could not be read"))
        #expect(try store.read().engine == Fixture.engine)

        // The ledger adds up again: xp went down to what the surviving events confirm.
        #expect(try store.verifyLedger().xp == kept.count)
        #expect(report.lost.last == "xp: 2000 cached, \(kept.count) in the log; kept \(kept.count)")
        #expect(report.ledgerCorrections.isEmpty)
        let copy = try #require(report.damagedCopy)
        #expect(FileManager.default.fileExists(atPath: copy.path))
    }

    @Test func aFileOfGarbage_rebuildsAnEmptyStore_keepingTheGarbageAside() throws {
        let folder = TemporaryDirectory()
        let garbage = Data(String(repeating: "garbage ", count: 1_000).utf8)
        try folder.writeDatabaseFile(garbage)
        let report = try ThresholdStore.rebuild(directory: folder.url, clock: Fixture.clock())
        #expect(report.kept.values.allSatisfy { $0 == 0 })
        #expect(
            report.lost == [
                "the whole file (The saved data is damaged (file is not a database). Your shields stay on; repair from Settings.)"
            ])
        #expect(try Data(contentsOf: try #require(report.damagedCopy)) == garbage)
        #expect(try folder.open().read() == .initial)
    }

    @Test func aTruncatedFile_keepsWhatItCanRead() throws {
        let folder = TemporaryDirectory()
        try folder.seedAndClose(events: 2_000)
        let bytes = try Data(contentsOf: folder.databaseURL)
        try bytes.prefix(bytes.count * 3 / 4).write(to: folder.databaseURL)

        let report = try ThresholdStore.rebuild(directory: folder.url, clock: Fixture.clock())
        let store = try folder.open()
        let kept = try markers(store).count
        #expect(kept > 500 && kept < 2_000)
        #expect(report.kept["events"] == kept + 1)
        #expect(report.lost.contains("\(2_000 - kept) events that could not be read"))
        #expect(report.lost.last == "xp: 2000 cached, \(kept) in the log; kept \(kept)")
        #expect(try store.verifyLedger().xp == kept)
        #expect(try store.read().engine == Fixture.engine)
    }

    @Test func aLedgerThatDoesNotAddUp_isSetToTheLowerOfCacheAndLog() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.write { transaction in
            try transaction.post(Fixture.entry(.credits, 50), at: Fixture.now)
            try transaction.post(Fixture.entry(.coins, 5), at: Fixture.now)
        }
        // Someone raised the cached credits, and lowered the coins, behind the log's back.
        try store.database.write { db in try db.execute(sql: "UPDATE balance SET credits = 900, coins = 2") }
        try store.close()

        let report = try ThresholdStore.rebuild(directory: folder.url, clock: Fixture.clock())
        let repaired = try folder.open()
        let balances = try repaired.verifyLedger()
        #expect(balances.credits == 50)
        #expect(balances.coins == 2)
        #expect(report.ledgerCorrections == [Fixture.entry(.coins, -3, "Repair: balance set to what the saved data confirms")])
        #expect(report.lost == ["credits: 900 cached, 50 in the log; kept 50"])
    }

    @Test func aHealthyStore_rebuildsToTheSameState() throws {
        let folder = TemporaryDirectory()
        try folder.seedAndClose(events: 10)
        let before = try folder.open()
        let (state, events) = (try before.read(), try before.events(.all))
        try before.close()

        let report = try ThresholdStore.rebuild(directory: folder.url, clock: Fixture.clock())
        #expect(report.lost.isEmpty)
        #expect(report.ledgerCorrections.isEmpty)
        #expect(
            report.kept == [
                "profiles": 2, "gates": 2, "intentions": 2, "sessions": 3, "grants": 4,
                "streak freezes": 2, "tutorial": 1, "documents": 2, "events": 11,
            ])
        let after = try folder.open()
        #expect(try after.read() == state)
        #expect(try after.events(.all) == events)
    }

    @Test func aDatabaseFromANewerBuild_isNotRebuilt() throws {
        let folder = TemporaryDirectory()
        try folder.seedAndClose()
        try DatabaseQueue(path: folder.databaseURL.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9-future')")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(throws: StoreError.newerVersion(found: 9, supported: 7)) {
            try ThresholdStore.rebuild(directory: folder.url, clock: Fixture.clock())
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == files)
    }

    @Test func aMissingDatabase_rebuildsEmpty() throws {
        let folder = TemporaryDirectory()
        let report = try ThresholdStore.rebuild(directory: folder.url, clock: Fixture.clock())
        #expect(report.damagedCopy == nil)
        #expect(try folder.open().read() == .initial)
    }
}
