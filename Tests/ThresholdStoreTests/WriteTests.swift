import Foundation
import GRDB
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

@Suite struct WriteTests {
    struct Refused: Error, Equatable {}

    @Test func aThrowingBody_changesNothing_andItsErrorComesBackUnchanged() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.write { transaction in
            transaction.state = Fixture.state
            try transaction.post(Fixture.entry(.credits, 30), at: Fixture.now)
        }
        let before = try store.read()
        let eventsBefore = try store.events(.all)

        #expect(throws: Refused()) {
            try store.write { transaction in
                transaction.state.settings.onboardingCompleted = false
                transaction.state.engine = .empty
                try transaction.post(Fixture.entry(.credits, 5), at: Fixture.now)
                transaction.record(.streakFreezeUsed(day: day("2026-11-23")), at: Fixture.now)
                throw Refused()
            }
        }
        #expect(try store.read() == before)
        #expect(try store.events(.all) == eventsBefore)
    }

    @Test func write_returnsTheBodysValue() throws {
        let store = try TemporaryDirectory().open()
        let answer = try store.write { transaction in
            transaction.state.settings.onboardingCompleted = true
            return 42
        }
        #expect(answer == 42)
        #expect(try store.read().settings.onboardingCompleted)
    }

    @Test func aWrite_savesOnlyTheRowsThatChanged() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.replace(with: Fixture.state)
        // Count every row SQLite touches from here on, table by table.
        try store.database.write { db in
            try db.execute(sql: "CREATE TABLE touched (name TEXT NOT NULL)")
            for table in [
                "profile", "schedule", "gate", "intention", "session", "session_break", "access_grant",
                "streak_freeze", "tutorial", "balance", "document",
            ] {
                for operation in ["INSERT", "UPDATE", "DELETE"] {
                    try db.execute(
                        sql: """
                            CREATE TRIGGER touched_\(table)_\(operation) AFTER \(operation) ON \(table)
                            BEGIN INSERT INTO touched VALUES ('\(table)'); END
                            """)
                }
            }
        }
        func touched() throws -> [String] {
            try store.database.read { db in try String.fetchAll(db, sql: "SELECT name FROM touched") }
        }

        try store.write { _ in }
        #expect(try touched() == [])

        try store.write { $0.state.settings.onboardingCompleted = false }
        #expect(try touched() == ["document"])

        try store.database.write { db in try db.execute(sql: "DELETE FROM touched") }
        let ended = try Session(
            id: "live", profileID: "deep", origin: .manual, start: Fixture.sessions[2].start,
            plan: .goal(minutes: 45), breaks: Fixture.sessions[2].breaks,
            ending: Session.Ending(at: Fixture.now, state: .completed))
        try store.write { transaction in
            var sessions = transaction.state.engine.sessions
            sessions[sessions.firstIndex { $0.id == "live" }!] = ended
            transaction.state.engine = try transaction.state.engine.with(sessions: sessions)
        }
        // The session row, and its two breaks rewritten.
        #expect(try touched().sorted() == ["session", "session_break", "session_break", "session_break", "session_break"])
    }

    @Test func aDocumentEncodedAlone_isByteForByteTheMemberOfTheWholeState() throws {
        var state = Fixture.state
        state.progress.recordScreenTime(minutes: 25, on: day("2026-11-23"))
        let whole = try Documents.whole(state).filter { !Documents.tableFields.contains($0.key) }
        let alone = Dictionary(uniqueKeysWithValues: try Documents.fields.map { ($0.name, try $0.encode(state)) })
        #expect(alone == whole)
        #expect(Set(whole.keys) == ["settings", "applied", "progress", "rituals", "plan", "together"])
    }

    /// A field added to `StoredState` without a document (or a table) would not be saved.
    @Test func everyFieldOfTheStoredState_isADocumentOrATable() {
        let properties = Set(Mirror(reflecting: StoredState.initial).children.compactMap(\.label))
        let documents = Documents.fields.map(\.name)
        #expect(Set(documents).union(Documents.tableFields) == properties)
        #expect(Set(documents).isDisjoint(with: Documents.tableFields))
        #expect(documents == documents.sorted(), "in name order, as they are saved")
    }

    @Test func onlyTheDocumentsThatChanged_areEncoded() throws {
        var after = Fixture.state
        #expect(try Documents.changed(from: Fixture.state, to: after).isEmpty)
        after.applied.appliedAt = Fixture.now.addingTimeInterval(1)
        after.settings.quips.toggle()
        #expect(try Documents.changed(from: Fixture.state, to: after).map(\.name) == ["applied", "settings"])
    }

    @Test func aDatabaseMissingADocument_readsItsInitialValue() throws {
        let state = try Documents.decode(["settings": try Documents.fields.first { $0.name == "settings" }!.encode(Fixture.state)])
        #expect(state.settings == Fixture.state.settings)
        #expect(state.applied == StoredState.initial.applied && state.plan == StoredState.initial.plan)
        #expect(state.progress == StoredState.initial.progress && state.rituals == StoredState.initial.rituals)
    }

    @Test func aNewSessionWithAnIdFromTheHistory_isRefused_andChangesNothing() throws {
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Fixture.state)
        let later = try folder.open(at: Fixture.now.adding(minutes: 3 * 24 * 60))
        let before = try later.read()
        let reused = Session.make("scheduled", profile: "work", start: Fixture.now.adding(minutes: 3 * 24 * 60))
        #expect(throws: StoreError.failed("session scheduled is already in the history; give the new session its own id")) {
            try later.write { transaction in
                transaction.state.settings.onboardingCompleted = false
                transaction.state.engine = try transaction.state.engine.with(sessions: transaction.state.engine.sessions + [reused])
            }
        }
        #expect(try later.read() == before)
    }

    @Test func writesFromManyThreads_loseNoUpdate() async throws {
        let store = try TemporaryDirectory().open()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<50 {
                        try! store.write { try $0.post(Fixture.entry(.xp, 1), at: Fixture.now) }
                    }
                }
            }
        }
        #expect(try store.read().balances.xp == 200)
        #expect(try store.events(EventQuery(kinds: ["ledger"])).count == 200)
        #expect(try store.verifyLedger().xp == 200)
    }
}
