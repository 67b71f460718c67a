import Foundation
import InMemoryClients
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

/// The in-memory twin behaves as the SQLite store does, so tests and previews built on it
/// hold for the app.
@Suite struct ParityTests {
    func exercise(_ store: some StoreClient) throws -> (StoredState, [LoggedEvent], [Session]) {
        try store.write { transaction in
            transaction.state = Fixture.state
            transaction.record(.sessionStarted(Fixture.sessions[2]), at: Fixture.now)
            try transaction.post(Fixture.entry(.credits, 15), at: Fixture.now)
        }
        try store.write { transaction in
            let kept = transaction.state.engine.sessions.filter { $0.id != "ended-last-night" }
            transaction.state.engine = try transaction.state.engine.with(sessions: kept)
            try transaction.post(Fixture.entry(.credits, -5), at: Fixture.now)
        }
        #expect(throws: StoreError.failed("the balances changed without a ledger entry (post an entry instead)")) {
            try store.write { transaction in
                transaction.state.balances = try transaction.state.balances.applying(Fixture.entry(.coins, 1))
            }
        }
        return (
            try store.read(), try store.events(EventQuery(kinds: ["ledger"], limit: 1)),
            try store.sessions(startingFrom: at("2026-11-22 00:00"), until: at("2026-11-23 10:00"))
        )
    }

    @Test func theInMemoryTwin_readsWritesAndKeepsHistoryAsTheStoreDoes() throws {
        let memory = try exercise(InMemoryStore())
        let sqlite = try exercise(try TemporaryDirectory().open())
        #expect(memory.0 == sqlite.0)
        #expect(memory.1 == sqlite.1)
        #expect(memory.2 == sqlite.2)
        #expect(sqlite.2.map(\.id) == ["ended-last-night", "scheduled"])
    }
}
