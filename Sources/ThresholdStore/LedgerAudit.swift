import Foundation
import GRDB
import StoreClient
import ThresholdCore

/// Checks the cached balances against the ledger events in the log, which are the truth.
///
/// A difference is never fixed silently (a higher cache could unlock something): the check
/// throws `StoreError.corrupt`, the reconciler keeps the shields it last applied, and the
/// person repairs from Settings (`ThresholdStore.rebuild`).
enum LedgerAudit {
    /// What the log's ledger events add up to, per account.
    static func loggedTotals(_ db: Database) throws -> [Account: Int] {
        var totals: [Account: Int] = [:]
        let decoder = StoreJSON.decoder
        let rows = try Row.fetchCursor(db, sql: "SELECT sequence, at, kind, payload FROM event WHERE kind = 'ledger' ORDER BY sequence")
        while let row = try rows.next() {
            guard case .ledger(let entry)? = try EventLog.decode(row, decoder)?.event else { continue }
            totals[entry.account, default: 0] += entry.amount
        }
        return totals
    }

    /// The cached balances, when they equal the log's totals.
    static func verify(_ db: Database) throws -> Balances {
        let cached = try BalanceRecord.fetch(db)
        let logged = try loggedTotals(db)
        let differences = Account.allCases.filter { cached[$0] != logged[$0, default: 0] }
        guard differences.isEmpty else {
            let detail = differences.map { "\($0.rawValue) cached \(cached[$0]) but logged \(logged[$0, default: 0])" }
            throw StoreError.corrupt("the ledger does not add up: " + detail.joined(separator: ", "))
        }
        return cached
    }
}
