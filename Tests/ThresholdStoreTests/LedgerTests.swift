import Foundation
import GRDB
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

@Suite struct LedgerTests {
    @Test func posting_movesTheCachedBalance_andLogsTheEntry() throws {
        let store = try TemporaryDirectory().open()
        try store.write { transaction in
            try transaction.post(Fixture.entry(.credits, 30, "Deep work (30 min)"), at: Fixture.now)
            try transaction.post(Fixture.entry(.xp, 45), at: Fixture.now)
            try transaction.post(Fixture.entry(.coins, 3), at: Fixture.now)
        }
        try store.write { try $0.post(Fixture.entry(.credits, -10, "Unlocked Instagram for 10 min"), at: Fixture.now) }
        let balances = try store.read().balances
        #expect([balances.credits, balances.xp, balances.coins] as [Int] == [20, 45, 3])
        #expect(try store.verifyLedger() == balances)
        #expect(
            try store.events(EventQuery(kinds: ["ledger"])).last?.event
                == .ledger(Fixture.entry(.credits, -10, "Unlocked Instagram for 10 min")))
    }

    @Test func aSpendBeyondTheBalance_isRefusedWhole() throws {
        let store = try TemporaryDirectory().open()
        try store.write { try $0.post(Fixture.entry(.credits, 10), at: Fixture.now) }
        #expect(throws: ValidationError("credits", .notEnoughCredits(cost: 20, have: 13))) {
            try store.write { transaction in
                try transaction.post(Fixture.entry(.credits, 3), at: Fixture.now)
                try transaction.post(Fixture.entry(.credits, -20), at: Fixture.now)
            }
        }
        #expect(try store.read().balances.credits == 10)
        #expect(try store.events(.all).count == 1)
    }

    @Test func balancesChangedWithoutAnEntry_areRefused() throws {
        let store = try TemporaryDirectory().open()
        #expect(throws: StoreError.failed("the balances changed without a ledger entry (post an entry instead)")) {
            try store.write { transaction in
                transaction.state.balances = try transaction.state.balances.applying(Fixture.entry(.credits, 100))
            }
        }
        #expect(try store.read().balances == Balances())
    }

    @Test func sql_refusesANegativeBalance() throws {
        let store = try TemporaryDirectory().open()
        #expect {
            try store.database.write { db in try db.execute(sql: "UPDATE balance SET credits = -1") }
        } throws: { error in
            (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT
        }
    }

    @Test func aCacheThatDisagreesWithTheLog_isARepairState_notAFixUp() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.write { try $0.post(Fixture.entry(.credits, 10), at: Fixture.now) }
        try store.database.write { db in try db.execute(sql: "UPDATE balance SET credits = 500") }

        #expect(throws: StoreError.corrupt("the ledger does not add up: credits cached 500 but logged 10")) {
            try store.verifyLedger()
        }
        try store.close()
        #expect(throws: StoreError.corrupt("the ledger does not add up: credits cached 500 but logged 10")) {
            try folder.open()
        }
    }
}
