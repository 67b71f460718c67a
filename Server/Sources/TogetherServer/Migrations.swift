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
        Migration(
            version: 1, name: "accounts, nonces, summaries, leagues, results",
            sql: [
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
        Migration(
            version: 2, name: "accountability partners, their outbox, encrypted backups",
            sql: [
                // An invitation's code is kept only as its SHA-256: the code is a bearer secret for 7 days.
                """
                CREATE TABLE partner_invitations (
                    code_digest bytea PRIMARY KEY CHECK (length(code_digest) = 32),
                    inviter uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    created_at timestamptz NOT NULL,
                    expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
                    accepted_by uuid REFERENCES accounts (id) ON DELETE SET NULL,
                    accepted_at timestamptz
                )
                """,
                "CREATE INDEX partner_invitations_inviter ON partner_invitations (inviter, expires_at)",
                // One row per pair, the smaller account id first, so a pair is never held twice.
                """
                CREATE TABLE partnerships (
                    id uuid PRIMARY KEY,
                    account_a uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    account_b uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    since timestamptz NOT NULL,
                    CHECK (account_a < account_b),
                    UNIQUE (account_a, account_b)
                )
                """,
                "CREATE INDEX partnerships_b ON partnerships (account_b)",
                // The outbox: one row per message and recipient. A push sender added later takes the
                // rows whose pushed_at is null; the recipient's app fetches them by id. Rows go with the
                // partnership, and are deleted 30 days after they were sent.
                """
                CREATE TABLE partner_outbox (
                    id bigserial PRIMARY KEY,
                    message_id uuid NOT NULL,
                    partnership_id uuid NOT NULL REFERENCES partnerships (id) ON DELETE CASCADE,
                    sender uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    recipient uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    kind text NOT NULL CHECK (kind IN ('brokeStreak')),
                    day date NOT NULL,
                    streak_days integer NOT NULL CHECK (streak_days BETWEEN 1 AND 3650),
                    nickname text CHECK (char_length(nickname) BETWEEN 1 AND 30),
                    sent_at timestamptz NOT NULL,
                    pushed_at timestamptz
                )
                """,
                "CREATE INDEX partner_outbox_recipient ON partner_outbox (recipient, id)",
                "CREATE INDEX partner_outbox_sender ON partner_outbox (sender, sent_at, message_id)",
                "CREATE INDEX partner_outbox_sent_at ON partner_outbox (sent_at)",
                "CREATE INDEX partner_outbox_unpushed ON partner_outbox (id) WHERE pushed_at IS NULL",
                // A backup is opaque: bytes, their version and when they came. Never parsed.
                """
                CREATE TABLE backups (
                    account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
                    version bigint NOT NULL CHECK (version >= 1),
                    blob bytea NOT NULL CHECK (length(blob) BETWEEN 1 AND 1048576),
                    stored_at timestamptz NOT NULL
                )
                """,
            ]),
        Migration(
            version: 3, name: "partner messages' keys",
            sql: [
                // A message's key, the sender's own name for it: sent again, it is put in the outbox once.
                "ALTER TABLE partner_outbox ADD COLUMN client_key text CHECK (client_key ~ '^[A-Za-z0-9_-]{16,64}$')",
                "CREATE INDEX partner_outbox_client_key ON partner_outbox (sender, client_key) WHERE client_key IS NOT NULL",
            ]),
        Migration(
            version: 4, name: "push tokens and deliveries",
            sql: [
                // Each install's APNs token, one per account and device, replaced when it changes.
                """
                CREATE TABLE push_tokens (
                    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    device text NOT NULL CHECK (device ~ '^[A-Za-z0-9_.-]{1,64}$'),
                    token text NOT NULL CHECK (token ~ '^([0-9a-f]{2}){32,100}$'),
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (account_id, device)
                )
                """,
                // One push per outbox row and device, at most: made with the message, for the tokens its
                // recipient had then. sending_since marks one on its way: a sender that dies there leaves
                // it, and it is given up rather than sent a second time (the app fetches it anyway).
                """
                CREATE TABLE push_deliveries (
                    outbox_id bigint NOT NULL REFERENCES partner_outbox (id) ON DELETE CASCADE,
                    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    device text NOT NULL,
                    token text NOT NULL,
                    apns_id uuid NOT NULL,
                    attempts integer NOT NULL DEFAULT 0,
                    next_attempt_at timestamptz NOT NULL,
                    sending_since timestamptz,
                    sent_at timestamptz,
                    failed text,
                    PRIMARY KEY (outbox_id, account_id, device)
                )
                """,
                "CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at) WHERE sent_at IS NULL AND failed IS NULL",
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
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                var applied = Set<Int>()
                for try await version in try await connection.query("SELECT version FROM schema_migrations", logger: logger).decode(
                    Int.self)
                {
                    applied.insert(version)
                }
                var done: [Int] = []
                for migration in all where !applied.contains(migration.version) {
                    try await connection.query("BEGIN", logger: logger)
                    do {
                        for statement in migration.sql {
                            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                        }
                        try await connection.query(
                            "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
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
