import Crypto
import Foundation
import Logging
import PostgresNIO
import ThresholdCore
import TogetherCore

/// Everything Together keeps, in PostgreSQL: the one source of truth, so any number of server
/// instances can run side by side.
public struct TogetherStore: Sendable {
    /// The database, watched (``Database``): its pool now, and whether it can be reached.
    public let database: Database
    let logger: Logger

    /// The pool to use now (a fresh one after the database came back).
    public var client: PostgresClient { database.client }

    public init(database: Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// A store over a pool nothing watches (for code that only builds routes).
    public init(client: PostgresClient, logger: Logger) {
        self.init(database: Database(client: client, logger: logger), logger: logger)
    }

    public struct Account: Sendable, Equatable {
        public let id: UUID
        public let publicKey: [UInt8]
        public let displayName: String
        public let tier: Tier
    }

    /// A transaction whose errors come out as thrown (PostgresNIO's `withTransaction` wraps them).
    func transaction<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let value = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return value
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    // MARK: Accounts

    public func account(id: UUID) async throws -> Account? {
        let rows = try await client.query("SELECT id, public_key, display_name, tier FROM accounts WHERE id = \(id)", logger: logger)
        for try await (id, key, name, tier) in rows.decode((UUID, ByteBuffer, String, Int).self) {
            return Account(id: id, publicKey: Array(buffer: key), displayName: name, tier: Tier(rawValue: tier) ?? .bronze)
        }
        return nil
    }

    /// Registers a key; refuses a key already registered.
    public func register(publicKey: [UInt8], displayName: String, at now: Date) async throws -> Account {
        let id = UUID()
        let rows = try await client.query(
            """
            INSERT INTO accounts (id, public_key, display_name, tier, created_at)
            VALUES (\(id), \(ByteBuffer(bytes: publicKey)), \(displayName), \(Tier.starting.rawValue), \(now))
            ON CONFLICT (public_key) DO NOTHING RETURNING id
            """, logger: logger)
        var inserted = false
        for try await _ in rows.decode(UUID.self) { inserted = true }
        guard inserted else {
            throw TogetherRefusal(.alreadyRegistered, "This key is already registered; use its account, or delete it first.")
        }
        return Account(id: id, publicKey: publicKey, displayName: displayName, tier: .starting)
    }

    /// Deletes the account and everything held for it; returns whether there was one.
    public func deleteAccount(_ id: UUID) async throws -> Bool {
        try await transaction { connection in
            // Summaries, memberships and results go with it (ON DELETE CASCADE).
            let rows = try await connection.query("DELETE FROM accounts WHERE id = \(id) RETURNING id", logger: logger)
            var deleted = false
            for try await _ in rows.decode(UUID.self) { deleted = true }
            return deleted
        }
    }

    // MARK: Nonces

    /// Records a nonce as used by `publicKey`; refuses one already used. Forgets nonces older than
    /// ``SignedRequest/nonceRetention`` as it goes.
    public func useNonce(_ nonce: String, publicKey: [UInt8], at now: Date) async throws {
        let digest = Array(SHA256.hash(data: publicKey + Array(nonce.utf8)))
        let cutoff = now.addingTimeInterval(-SignedRequest.nonceRetention)
        // One round trip: forgetting old nonces and recording this one in one statement.
        let rows = try await client.query(
            """
            WITH forgotten AS (DELETE FROM used_nonces WHERE seen_at < \(cutoff))
            INSERT INTO used_nonces (digest, seen_at) VALUES (\(ByteBuffer(bytes: digest)), \(now))
            ON CONFLICT (digest) DO NOTHING RETURNING seen_at
            """, logger: logger)
        var inserted = false
        for try await _ in rows.decode(Date.self) { inserted = true }
        guard inserted else {
            throw TogetherRefusal(.replayedNonce, "This nonce was already used; sign every request with a fresh one.")
        }
    }

    // MARK: Summaries

    /// Stores a day's summary (replacing an earlier one for the same day) and places the account in
    /// the week's league; returns the week's points so far.
    public func save(_ summary: DailySummary, for account: Account, at now: Date) async throws -> Int {
        let week = summary.week
        try await client.query(
            """
            INSERT INTO day_summaries (account_id, day, week, xp, screen_time_points, updated_at)
            VALUES (\(account.id), \(summary.day.description)::date, \(week.description)::date, \(summary.xp), \(summary.screenTimePoints), \(now))
            ON CONFLICT (account_id, day) DO UPDATE
            SET xp = excluded.xp, screen_time_points = excluded.screen_time_points, updated_at = excluded.updated_at
            """, logger: logger)
        _ = try await place(account.id, in: week, at: now)
        return try await weekPoints(account.id, week: week)
    }

    func weekPoints(_ account: UUID, week: LeagueWeek) async throws -> Int {
        let rows = try await client.query(
            """
            SELECT coalesce(sum(xp + screen_time_points), 0)::bigint FROM day_summaries
            WHERE account_id = \(account) AND week = \(week.description)::date
            """, logger: logger)
        for try await points in rows.decode(Int.self) { return points }
        return 0
    }

    // MARK: Leagues

    /// The account's league for `week`, placing it in one of its tier if it has none yet and its
    /// tier for the week is settled (every earlier week it took part in is finalized) and the week
    /// is still open. Returns the league id, or `nil` when it cannot be placed yet.
    func place(_ account: UUID, in week: LeagueWeek, at now: Date) async throws -> Int64? {
        if let league = try await membership(account, week: week) { return league }
        guard now < week.closesAt else { return nil }
        return try await transaction { connection in
            try await Self.place(account, in: week, connection: connection, logger: logger)
        }
    }

    func membership(_ account: UUID, week: LeagueWeek) async throws -> Int64? {
        let rows = try await client.query(
            "SELECT league_id FROM memberships WHERE account_id = \(account) AND week = \(week.description)::date",
            logger: logger)
        for try await league in rows.decode(Int64.self) { return league }
        return nil
    }

    /// Places inside a transaction, under an advisory lock for the week and tier so that instances
    /// placing people at once never fill a league past 30.
    static func place(_ account: UUID, in week: LeagueWeek, connection: PostgresConnection, logger: Logger) async throws -> Int64? {
        let unsettled = try await connection.query(
            """
            SELECT 1 FROM memberships m WHERE m.account_id = \(account) AND m.week < \(week.description)::date
            AND NOT EXISTS (SELECT 1 FROM finalized_weeks f WHERE f.week = m.week) LIMIT 1
            """, logger: logger)
        for try await _ in unsettled.decode(Int.self) { return nil }
        var tier: Int?
        for try await value in try await connection.query("SELECT tier FROM accounts WHERE id = \(account) FOR UPDATE", logger: logger)
            .decode(Int.self)
        {
            tier = value
        }
        guard let tier else { return nil }
        try await connection.query("SELECT pg_advisory_xact_lock(16, (\(week.monday.dayNumber * 8 + tier))::int)", logger: logger)
        for try await league in try await connection.query(
            "SELECT league_id FROM memberships WHERE account_id = \(account) AND week = \(week.description)::date", logger: logger
        ).decode(Int64.self) { return league }
        var league: Int64?
        for try await id in try await connection.query(
            """
            SELECT l.id FROM leagues l LEFT JOIN memberships m ON m.league_id = l.id
            WHERE l.week = \(week.description)::date AND l.tier = \(tier)
            GROUP BY l.id HAVING count(m.account_id) < \(League.capacity) ORDER BY l.id LIMIT 1
            """, logger: logger
        ).decode(Int64.self) { league = id }
        if league == nil {
            for try await id in try await connection.query(
                "INSERT INTO leagues (week, tier) VALUES (\(week.description)::date, \(tier)) RETURNING id", logger: logger
            ).decode(Int64.self) { league = id }
        }
        guard let league else { return nil }
        try await connection.query(
            "INSERT INTO memberships (account_id, week, league_id) VALUES (\(account), \(week.description)::date, \(league))",
            logger: logger)
        return league
    }

    public struct Member: Sendable, Equatable {
        public let account: UUID
        public let displayName: String
        public let points: Int
        public let rank: Int
    }

    public struct LeagueView: Sendable, Equatable {
        public let week: LeagueWeek
        public let tier: Tier
        public let members: [Member]
        public let finalized: Bool
        public let result: (outcome: League.Outcome, tierAfter: Tier)?

        public static func == (a: Self, b: Self) -> Bool {
            a.week == b.week && a.tier == b.tier && a.members == b.members && a.finalized == b.finalized
                && a.result?.outcome == b.result?.outcome && a.result?.tierAfter == b.result?.tierAfter
        }
    }

    /// The account's league for `week`, placing it first if it can be placed; `nil` if it is in none.
    public func league(for account: Account, week: LeagueWeek, at now: Date) async throws -> LeagueView? {
        // Someone already placed is read in one query; someone not yet is placed first.
        if let view = try await leagueView(for: account, week: week, league: nil) { return view }
        guard let league = try await place(account.id, in: week, at: now) else { return nil }
        return try await leagueView(for: account, week: week, league: league)
    }

    /// One query: the league's tier, every member's week, whether the week is finalized, and the
    /// caller's result once it is; for `league`, or the caller's league that week when nil. `nil`
    /// when there is no such league.
    func leagueView(for account: Account, week: LeagueWeek, league: Int64?) async throws -> LeagueView? {
        let rows = try await client.query(
            """
            SELECT m.account_id, a.display_name, m.joined, coalesce(p.points, 0)::bigint, l.tier,
                   EXISTS (SELECT 1 FROM finalized_weeks f WHERE f.week = m.week), r.outcome, r.tier_after
            FROM memberships m
            JOIN leagues l ON l.id = m.league_id
            JOIN accounts a ON a.id = m.account_id
            LEFT JOIN LATERAL (SELECT sum(s.xp + s.screen_time_points) AS points FROM day_summaries s
                               WHERE s.account_id = m.account_id AND s.week = m.week) p ON true
            LEFT JOIN week_results r ON r.account_id = m.account_id AND r.week = m.week AND m.account_id = \(account.id)
            WHERE m.league_id = coalesce(\(league)::bigint, (SELECT league_id FROM memberships
                                                              WHERE account_id = \(account.id) AND week = \(week.description)::date))
            """, logger: logger)
        var tier = account.tier
        var finalized = false
        var result: (League.Outcome, Tier)?
        var entries: [League.Entry] = []
        var names: [String: String] = [:]
        for try await (id, name, joined, points, leagueTier, weekFinalized, outcome, after) in rows.decode(
            (UUID, String, Int64, Int, Int, Bool, String?, Int?).self
        ) {
            entries.append(League.Entry(account: id.uuidString, points: points, joined: Int(joined)))
            names[id.uuidString] = name
            tier = Tier(rawValue: leagueTier) ?? tier
            finalized = weekFinalized
            if let outcome, let after {
                result = (League.Outcome(rawValue: outcome) ?? .stayed, Tier(rawValue: after) ?? tier)
            }
        }
        guard !entries.isEmpty else { return nil }
        let members = League.ranked(entries).enumerated().map { index, entry in
            Member(
                account: UUID(uuidString: entry.account)!, displayName: names[entry.account] ?? "", points: entry.points, rank: index + 1)
        }
        return LeagueView(week: week, tier: tier, members: members, finalized: finalized, result: result)
    }

    // MARK: Finalization

    public struct Finalization: Sendable, Equatable {
        public let week: LeagueWeek
        public let finalizedAt: Date
        public let accounts: Int
        /// False when this call did the work; true when an earlier one (here or on another
        /// instance) had.
        public let alreadyFinalized: Bool
    }

    /// Finalizes `week`: ranks every league, moves the top up and the bottom down, and records each
    /// person's result. Idempotent, and safe with several instances at once: the week's row in
    /// `finalized_weeks` is inserted in the same transaction as the results, so a second caller
    /// waits on it and then finds the week done.
    public func finalize(_ week: LeagueWeek, at now: Date) async throws -> Finalization {
        guard now >= week.closesAt else {
            throw TogetherRefusal(
                .weekOpen,
                "The week of \(week) is open until its Sunday has ended everywhere (\(ISO8601DateFormatter().string(from: week.closesAt)))."
            )
        }
        return try await transaction { connection in
            let claimed = try await connection.query(
                """
                INSERT INTO finalized_weeks (week, finalized_at, accounts) VALUES (\(week.description)::date, \(now), 0)
                ON CONFLICT (week) DO NOTHING RETURNING 1
                """, logger: logger)
            var ours = false
            for try await _ in claimed.decode(Int.self) { ours = true }
            guard ours else {
                for try await (at, accounts) in try await connection.query(
                    "SELECT finalized_at, accounts FROM finalized_weeks WHERE week = \(week.description)::date", logger: logger
                ).decode((Date, Int).self) {
                    return Finalization(week: week, finalizedAt: at, accounts: accounts, alreadyFinalized: true)
                }
                throw TogetherRefusal(.weekOpen, "The week of \(week) is being finalized; ask again in a moment.")
            }
            for try await earlier in try await connection.query(
                """
                SELECT DISTINCT m.week::text FROM memberships m
                WHERE m.week < \(week.description)::date AND NOT EXISTS (SELECT 1 FROM finalized_weeks f WHERE f.week = m.week)
                ORDER BY 1 LIMIT 1
                """, logger: logger
            ).decode(String.self) {
                throw TogetherRefusal(.weekOpen, "The week of \(earlier) is not finalized yet; finalize weeks in order.")
            }
            var waiting: [UUID] = []
            // Everyone who sent a day of this week but was waiting for an earlier week's result
            // joins a league now, in the order they first sent one.
            for try await account in try await connection.query(
                """
                SELECT s.account_id FROM day_summaries s
                WHERE s.week = \(week.description)::date
                AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.account_id = s.account_id AND m.week = s.week)
                GROUP BY s.account_id ORDER BY min(s.updated_at), s.account_id
                """, logger: logger
            ).decode(UUID.self) {
                waiting.append(account)
            }
            for account in waiting {
                _ = try await Self.place(account, in: week, connection: connection, logger: logger)
            }
            // Every member's week, league by league.
            let rows = try await connection.query(
                """
                SELECT m.league_id, l.tier, m.account_id, m.joined, coalesce(p.points, 0)::bigint
                FROM memberships m JOIN leagues l ON l.id = m.league_id
                LEFT JOIN (SELECT account_id, sum(xp + screen_time_points) AS points FROM day_summaries
                           WHERE week = \(week.description)::date GROUP BY account_id) p ON p.account_id = m.account_id
                WHERE m.week = \(week.description)::date
                """, logger: logger)
            var leagues: [Int64: (tier: Tier, entries: [League.Entry])] = [:]
            for try await (league, tier, account, joined, points) in rows.decode((Int64, Int, UUID, Int64, Int).self) {
                leagues[league, default: (Tier(rawValue: tier) ?? .bronze, [])].entries
                    .append(League.Entry(account: account.uuidString, points: points, joined: Int(joined)))
            }
            // Every result in one statement, and every tier that changed in another: a handful of
            // round trips whatever the number of leagues.
            var ids: [UUID] = [], leagueIDs: [Int64] = [], ranks: [Int] = [], points: [Int] = []
            var before: [Int] = [], after: [Int] = [], outcomes: [String] = []
            var movedIDs: [UUID] = [], movedTiers: [Int] = []
            for (league, members) in leagues {
                for standing in League.standings(members.entries, tier: members.tier) {
                    let id = UUID(uuidString: standing.entry.account)!
                    ids.append(id)
                    leagueIDs.append(league)
                    ranks.append(standing.rank)
                    points.append(standing.entry.points)
                    before.append(members.tier.rawValue)
                    after.append(standing.tierAfter.rawValue)
                    outcomes.append(standing.outcome.rawValue)
                    if standing.tierAfter != members.tier {
                        movedIDs.append(id)
                        movedTiers.append(standing.tierAfter.rawValue)
                    }
                }
            }
            let count = ids.count
            try await connection.query(
                """
                INSERT INTO week_results (account_id, week, league_id, rank, points, tier_before, tier_after, outcome)
                SELECT r.account_id, \(week.description)::date, r.league_id, r.rank, r.points, r.tier_before, r.tier_after, r.outcome
                FROM unnest(\(ids)::uuid[], \(leagueIDs)::bigint[], \(ranks)::int[], \(points)::int[], \(before)::int[], \(after)::int[],
                            \(outcomes)::text[])
                     AS r(account_id, league_id, rank, points, tier_before, tier_after, outcome)
                """, logger: logger)
            try await connection.query(
                """
                UPDATE accounts a SET tier = r.tier_after
                FROM unnest(\(movedIDs)::uuid[], \(movedTiers)::int[]) AS r(account_id, tier_after)
                WHERE a.id = r.account_id
                """, logger: logger)
            try await connection.query(
                "UPDATE finalized_weeks SET accounts = \(count) WHERE week = \(week.description)::date", logger: logger)
            return Finalization(week: week, finalizedAt: now, accounts: count, alreadyFinalized: false)
        }
    }
}
