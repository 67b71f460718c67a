import Foundation
import GRDB
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

/// Two OS processes on one database file, as the app and an extension are.
@Suite(.serialized) struct MultiProcessTests {
    @Test func twoProcesses_10000InterleavedIncrements_loseNoUpdate() throws {
        let folder = TemporaryDirectory()
        // Both start on a folder with no database: opening is coordinated, so one creates it.
        let first = try StressHelper("increment", folder.url.path, "5000", "A")
        let second = try StressHelper("increment", folder.url.path, "5000", "B")
        #expect(first.finish() == 0)
        #expect(second.finish() == 0)

        let store = try folder.open()
        #expect(try store.read().balances.credits == 10_000)
        let entries = try store.events(EventQuery(kinds: ["ledger"])).compactMap { logged -> String? in
            if case .ledger(let entry) = logged.event { return entry.memo }
            return nil
        }
        #expect(entries.count == 10_000)
        #expect(entries.filter { $0 == "A" }.count == 5_000)
        // The two writers really took turns, rather than one finishing before the other began.
        let turns = zip(entries, entries.dropFirst()).filter { $0 != $1 }.count
        #expect(turns > 20)
        #expect(try store.verifyLedger().credits == 10_000)
    }

    @Test func killingAWriterMidTransaction_leavesTheDatabaseAsItWas() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.replace(with: Fixture.state)
        try store.write { try $0.post(Fixture.entry(.credits, 7), at: Fixture.now) }
        let before = try store.read()
        let eventsBefore = try store.events(.all)

        let writer = try StressHelper("hold", folder.url.path)
        try writer.waitFor("holding")
        // While it holds the write lock, readers still see the last committed state.
        #expect(try store.read() == before)
        writer.killNine()

        #expect(try store.read() == before)
        #expect(try store.events(.all) == eventsBefore)
        #expect(try store.database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } == ["ok"])
        // The dead writer's lock is gone: this process can write at once.
        try store.write { try $0.post(Fixture.entry(.credits, 1), at: Fixture.now) }
        #expect(try store.verifyLedger().credits == 8)
    }

    @Test func killingAWriterAtRandomMoments_alwaysLeavesACacheThatMatchesTheLog() throws {
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Fixture.state)
        for delay in [0.05, 0.2, 0.45] {
            let writer = try StressHelper("churn", folder.url.path)
            try writer.waitFor("wrote")
            Thread.sleep(forTimeInterval: delay)
            writer.killNine()

            let store = try folder.open()  // the app's open runs the quick check and the ledger check
            let credits = try store.verifyLedger().credits
            #expect(credits > 0)
            #expect(try store.events(EventQuery(kinds: ["streakFreezeUsed"])).count == credits)
            #expect(try store.read().engine.profiles == Fixture.profiles)
        }
    }

    @Test func aWriterHeldBeyondTheTimeout_isBusy_whileReadsGoOn() throws {
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Fixture.state)
        let writer = try StressHelper("hold", folder.url.path)
        defer { writer.killNine() }
        try writer.waitFor("holding")

        // Opening needs no write lock once the schema is current, for the app as for an extension.
        let app = try folder.open(busyTimeout: 0.2)
        let store = try folder.open(role: .appExtension, busyTimeout: 0.2)
        #expect(try store.read() == app.read())
        let started = Date()
        #expect(throws: StoreError.busy) {
            try store.write { try $0.post(Fixture.entry(.credits, 1), at: Fixture.now) }
        }
        #expect(Date().timeIntervalSince(started) >= 0.2)
    }
}
