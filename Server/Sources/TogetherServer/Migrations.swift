import Logging
import PostgresNIO

/// The database's schema, as numbered migrations applied in order from empty.
///
/// Each migration runs in its own transaction with its row in `schema_migrations`; the whole run
/// holds an advisory lock, so several instances starting at once apply each migration exactly once.
/// A migration once shipped is never edited: a change is a new one.
public enum Migrations {
    public struct Migration: Sendable {
        public let version: Int
        public let name: String
        public let sql: [String]
    }

    public static let all: [Migration] = [
        Migration(version: 1, name: "accounts, nonces, summaries, leagues, results", sql: [
            """
            CREATE TABLE accounts (
                id uuid PRIMARY KEY,
                public_key bytea NOT NULL UNIQUE CHECK (length(public_key) = 32),
                display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 40),
                tier integer NOT NULL DEFAULT 0 CHECK (tier BETWEEN 0 AND 4),
                created_at timestamptz NOT NULL
            )
            """,
            // A used nonce, as SHA-256(public key ‖ nonce): no account id, so deleting an account
            // leaves nothing that names it, while its last requests still cannot be replayed.
            """
            CREATE TABLE used_nonces (
                digest bytea PRIMARY KEY CHECK (length(digest) = 32),
                seen_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX used_nonces_seen_at ON used_nonces (seen_at)",
            """
            CREATE TABLE day_summaries (
                account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                day date NOT NULL,
                week date NOT NULL CHECK (extract(isodow FROM week) = 1 AND day - week BETWEEN 0 AND 6),
                xp integer NOT NULL CHECK (xp BETWEEN 0 AND 925),
                screen_time_points integer NOT NULL CHECK (screen_time_points BETWEEN 0 AND 100),
                updated_at timestamptz NOT NULL,
                PRIMARY KEY (account_id, day)
            )
            """,
            "CREATE INDEX day_summaries_week ON day_summaries (week, account_id)",
            """
            CREATE TABLE leagues (
                id bigserial PRIMARY KEY,
                week date NOT NULL CHECK (extract(isodow FROM week) = 1),
                tier integer NOT NULL CHECK (tier BETWEEN 0 AND 4)
            )
            """,
            "CREATE INDEX leagues_week_tier ON leagues (week, tier)",
            """
            CREATE TABLE memberships (
                account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                week date NOT NULL,
                league_id bigint NOT NULL REFERENCES leagues (id),
                joined bigserial NOT NULL,
                PRIMARY KEY (account_id, week)
            )
            """,
            "CREATE INDEX memberships_league ON memberships (league_id)",
            """
            CREATE TABLE finalized_weeks (
                week date PRIMARY KEY,
                finalized_at timestamptz NOT NULL,
                accounts integer NOT NULL
            )
            """,
            """
            CREATE TABLE week_results (
                account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                week date NOT NULL REFERENCES finalized_weeks (week),
                league_id bigint NOT NULL REFERENCES leagues (id),
                rank integer NOT NULL CHECK (rank BETWEEN 1 AND 30),
                points integer NOT NULL,
                tier_before integer NOT NULL,
                tier_after integer NOT NULL,
                outcome text NOT NULL CHECK (outcome IN ('promoted', 'stayed', 'demoted')),
                PRIMARY KEY (account_id, week)
            )
            """,
        ]),
    ]

    /// The advisory lock key the migration run holds.
    static let lockKey = 0x7467_6574_6865_72  // "tgether"

    /// Applies every migration not yet applied; returns the versions it applied.
    @discardableResult
    public static func apply(to client: PostgresClient, logger: Logger) async throws -> [Int] {
        try await client.withConnection { connection in
            try await connection.query("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
            do {
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                var applied = Set<Int>()
                for try await version in try await connection.query("SELECT version FROM schema_migrations", logger: logger).decode(Int.self) {
                    applied.insert(version)
                }
                var done: [Int] = []
                for migration in all where !applied.contains(migration.version) {
                    try await connection.query("BEGIN", logger: logger)
                    do {
                        for statement in migration.sql {
                            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                        }
                        try await connection.query("INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                                                   logger: logger)
                        try await connection.query("COMMIT", logger: logger)
                    } catch {
                        _ = try? await connection.query("ROLLBACK", logger: logger)
                        throw error
                    }
                    logger.info("applied migration \(migration.version): \(migration.name)")
                    done.append(migration.version)
                }
                try await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
                return done
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
                throw error
            }
        }
    }
}
