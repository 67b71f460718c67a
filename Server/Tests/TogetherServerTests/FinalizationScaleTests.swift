import Foundation
import Logging
import PostgresNIO
import ServerTestSupport
import Testing
import ThresholdCore
import TogetherCore
@testable import TogetherServer

/// Finalizing a week of many accounts, for the figure in README.md. Seeding 100,000 accounts takes
/// a while, so it runs only when TOGETHER_FINALIZE_ACCOUNTS says how many (e.g. 100000).
@Suite struct FinalizationScaleTests {
    static let accounts = ProcessInfo.processInfo.environment["TOGETHER_FINALIZE_ACCOUNTS"].flatMap(Int.init)

    @Test(.enabled(if: accounts != nil, "set TOGETHER_FINALIZE_ACCOUNTS=100000 to measure"))
    func finalizingAWeekOfManyAccounts_ranksEveryLeague_andReportsTheTime() async throws {
        let n = try #require(Self.accounts)
        try await TestDatabase.withFresh { database in
            try await TestDatabase.withClient(database) { (db: PostgresClient) async throws in
                try await Migrations.apply(to: db, logger: TestDatabase.logger)
                let seeding = ContinuousClock.now
                try await db.query(
                    """
                    INSERT INTO accounts (id, public_key, display_name, tier, created_at)
                    SELECT gen_random_uuid(), sha256(i::text::bytea), 'P' || i, 0, now() FROM generate_series(1, \(n)) i
                    """)
                try await db.query("INSERT INTO leagues (week, tier) SELECT '2026-11-23', 0 FROM generate_series(1, (\(n) + 29) / 30)")
                try await db.query(
                    """
                    WITH a AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM accounts),
                         l AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM leagues)
                    INSERT INTO memberships (account_id, week, league_id)
                    SELECT a.id, '2026-11-23', l.id FROM a JOIN l ON l.k = a.n / 30 ORDER BY a.n
                    """)
                try await db.query(
                    """
                    INSERT INTO day_summaries (account_id, day, week, xp, screen_time_points, updated_at)
                    SELECT a.id, '2026-11-23'::date + d, '2026-11-23', (random() * 100)::int, 55, now()
                    FROM accounts a CROSS JOIN generate_series(0, 6) d
                    """)
                try await db.query("ANALYZE")
                let seeded = ContinuousClock.now - seeding

                let store = TogetherStore(client: db, logger: TestDatabase.logger)
                let week = try LeagueWeek(monday: LocalDate(parsing: "2026-11-23"))
                let start = ContinuousClock.now
                let done = try await store.finalize(week, at: week.closesAt)
                let took = ContinuousClock.now - start
                print("finalize: \(n) accounts in \((n + 29) / 30) leagues took \(took) (seeding \(seeded))")

                #expect(done.accounts == n && !done.alreadyFinalized)
                #expect(try await TestDatabase.count("week_results", in: db) == n)
                let full = n / 30, rest = n % 30
                #expect(try await TestDatabase.count("accounts WHERE tier = 1", in: db) == full * 5 + rest / 6)
                #expect(took < .seconds(60), "issue 16's target")
            }
        }
    }
}
