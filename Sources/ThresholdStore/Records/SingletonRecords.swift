import Foundation
import GRDB
import StoreClient
import ThresholdCore

// Small tables: streak-freeze days, the tutorial, the cached balances and the JSON documents.

struct StreakFreezeRecord: StoredRecord {
    static let databaseTableName = "streak_freeze"
    var day: String

    init(_ day: LocalDate) { self.day = day.description }

    init(row: Row) throws { day = try column(row, "day") }

    func model() throws -> LocalDate { try readingRow("streak freeze \(day)") { try storedDay(day) } }
}

struct TutorialRecord: StoredRecord {
    static let databaseTableName = "tutorial"

    var id = 1
    var startedAt: Double

    init(_ tutorial: Tutorial) { startedAt = tutorial.startedAt.storedSeconds }

    init(row: Row) throws {
        id = try column(row, "id")
        startedAt = try column(row, "started_at")
    }

    func model() -> Tutorial { Tutorial(startedAt: Date(storedSeconds: startedAt)) }
}

/// The one row of cached balances; SQL keeps each column non-negative.
struct BalanceRecord: Encodable, PersistableRecord {
    static let databaseTableName = "balance"

    var id = 1
    var credits: Int
    var xp: Int
    var coins: Int

    init(_ balances: Balances) {
        credits = balances.credits
        xp = balances.xp
        coins = balances.coins
    }

    /// The cached balances, decoded by `Balances`' own `Codable` straight from the row.
    static func fetch(_ db: Database) throws -> Balances {
        guard let row = try Row.fetchOne(db, sql: "SELECT credits, xp, coins FROM balance WHERE id = 1") else {
            throw StoreError.corrupt("the balances row is missing")
        }
        let balances = try readingRow("balance") { try Decoded(row: row).balances }
        guard Account.allCases.allSatisfy({ balances[$0] >= 0 }) else {
            throw StoreError.corrupt("a cached balance is negative (\(balances))")
        }
        return balances
    }

    private struct Decoded: Decodable, FetchableRecord {
        let balances: Balances
        init(from decoder: any Decoder) throws { balances = try Balances(from: decoder) }
    }
}

/// One singleton of the stored state (`settings`, `applied`, …) as JSON.
struct DocumentRecord: StoredRecord {
    static let databaseTableName = "document"

    var name: String
    /// The document format's own version: raised only when a change is not additive.
    var version: Int
    var body: String

    init(name: String, version: Int, body: String) {
        self.name = name
        self.version = version
        self.body = body
    }

    init(row: Row) throws {
        name = try column(row, "name")
        version = try column(row, "version")
        body = try column(row, "body")
    }
}
