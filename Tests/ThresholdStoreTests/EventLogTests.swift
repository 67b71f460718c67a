import Foundation
import GRDB
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

@Suite struct EventLogTests {
    let monday = Fixture.now

    func seeded() throws -> ThresholdStore {
        let store = try TemporaryDirectory().open()
        try store.write { transaction in
            transaction.state = Fixture.state
            transaction.record(.sessionStarted(Fixture.sessions[2]), at: monday.adding(minutes: -20))
            transaction.record(.breakStarted(session: "live", pause: Fixture.sessions[2].breaks[0]), at: monday.adding(minutes: -15))
            transaction.record(.grantIssued(Fixture.grants[1]), at: monday.adding(minutes: -5))
            try transaction.post(Fixture.entry(.credits, 12, "Focused 12 minutes"), at: monday.adding(minutes: -1))
            transaction.record(.sessionEnded(id: "live", ending: Session.Ending(at: monday, state: .completed)), at: monday)
            transaction.record(.streakFreezeUsed(day: day("2026-11-23")), at: monday.adding(minutes: 1))
        }
        return store
    }

    @Test func events_comeBackInOrder_numbered_andFilteredByKindTimeAndLimit() throws {
        let store = try seeded()
        let all = try store.events(.all)
        #expect(all.map(\.sequence) == [1, 2, 3, 4, 5, 6])
        #expect(all.map(\.event.kind) == ["sessionStarted", "breakStarted", "grantIssued", "ledger", "sessionEnded", "streakFreezeUsed"])
        #expect(all[0].event == .sessionStarted(Fixture.sessions[2]))
        #expect(all[0].at == monday.adding(minutes: -20))

        #expect(try store.events(EventQuery(kinds: ["ledger", "grantIssued"])).map(\.sequence) == [3, 4])
        #expect(try store.events(EventQuery(from: monday.adding(minutes: -5), until: monday)).map(\.sequence) == [3, 4])
        #expect(try store.events(EventQuery(limit: 2)).map(\.sequence) == [5, 6])
        #expect(try store.events(EventQuery(kinds: [])).isEmpty)
    }

    @Test func theLog_refusesUpdatesAndDeletes() throws {
        let store = try seeded()
        #expect {
            try store.database.write { db in try db.execute(sql: "UPDATE event SET kind = 'ledger' WHERE sequence = 1") }
        } throws: { error in
            (error as? DatabaseError)?.message == "the event log is append-only: events cannot be changed"
        }
        #expect {
            try store.database.write { db in try db.execute(sql: "DELETE FROM event WHERE sequence = 1") }
        } throws: { error in
            (error as? DatabaseError)?.message == "the event log is append-only: events cannot be removed"
        }
        #expect(try store.events(.all).count == 6)
    }

    @Test func eventsOfAKindFromANewerBuild_areKept_andSkippedOnRead() throws {
        let store = try seeded()
        try store.database.write { db in
            try db.execute(
                sql: "INSERT INTO event (at, kind, payload) VALUES (?, 'prayerCompleted', ?)",
                arguments: [monday.storedSeconds, #"{"prayerCompleted":{"mood":"joyful","minutes":10}}"#])
        }
        try store.write { $0.record(.streakFreezeUsed(day: day("2026-11-24")), at: monday) }
        #expect(try store.events(.all).map(\.sequence) == [1, 2, 3, 4, 5, 6, 8])
        #expect(try store.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM event") } == 8)
    }

    @Test func aDamagedEventOfAKnownKind_isCorruption() throws {
        let store = try seeded()
        try store.database.write { db in
            try db.execute(
                sql: "INSERT INTO event (at, kind, payload) VALUES (?, 'ledger', ?)",
                arguments: [monday.storedSeconds, #"{"ledger":{"_0":{"account":"credits","amount":"ten"}}}"#])
        }
        #expect {
            try store.events(.all)
        } throws: { error in
            guard case .corrupt(let detail)? = error as? StoreError else { return false }
            return detail.hasPrefix("event of kind ledger: ")
        }
    }
}
