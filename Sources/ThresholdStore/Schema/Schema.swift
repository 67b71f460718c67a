import GRDB

/// The database schema, as the migrations that build it.
///
/// A migration, once released, never changes: a database written by any earlier build is
/// brought up to date by running the ones it lacks (the tests keep a fixture of every earlier
/// schema). Identifiers read `v<N>-<what>`; `N` is the schema version an error reports.
///
/// Conventions: tables are `STRICT`; instants are `REAL` seconds since 2001-01-01 UTC (what
/// `Date` holds, so they round-trip exactly); local days are `yyyy-MM-dd` text; value types the
/// model nests (selections, policies) are JSON text written by their own `Codable`, so the
/// model's validating initialisers check them again on every read.
enum Schema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-records", migrate: records)
        migrator.registerMigration("v2-event-log", migrate: eventLog)
        migrator.registerMigration("v3-ledger", migrate: ledger)
        migrator.registerMigration("v4-heads-up", migrate: headsUp)
        migrator.registerMigration("v5-shared-nickname", migrate: sharedNickname)
        migrator.registerMigration("v6-strict-options", migrate: strictOptions)
        migrator.registerMigration("v7-rest", migrate: rest)
        return migrator
    }()

    /// The version this build writes and reads: the number of its migrations.
    static var version: Int { migrator.migrations.count }

    /// The version a migration identifier stands for (`v3-ledger` → 3).
    static func version(of identifier: String) -> Int? {
        guard identifier.hasPrefix("v") else { return nil }
        return Int(identifier.dropFirst().prefix { $0.isNumber })
    }

    /// The person's set-up (profiles with their schedules, gates, intentions), the engine's
    /// history (sessions with their breaks, grants), streak freezes, the tutorial, and the
    /// singletons as JSON documents that decode with defaults, so they grow without a migration.
    private static func records(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE document (
                    name TEXT PRIMARY KEY NOT NULL,
                    version INTEGER NOT NULL CHECK (version >= 1),
                    body TEXT NOT NULL CHECK (json_valid(body))
                ) STRICT;

                CREATE TABLE profile (
                    id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    emoji TEXT NOT NULL,
                    path TEXT NOT NULL,
                    selection TEXT NOT NULL CHECK (json_valid(selection)),
                    list_mode TEXT NOT NULL,
                    strictness TEXT NOT NULL,
                    unlock_policy TEXT NOT NULL CHECK (json_valid(unlock_policy)),
                    break_policy TEXT NOT NULL CHECK (json_valid(break_policy))
                ) STRICT;

                CREATE TABLE schedule (
                    profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                    id TEXT NOT NULL CHECK (id <> ''),
                    position INTEGER NOT NULL,
                    weekdays TEXT NOT NULL CHECK (json_valid(weekdays)),
                    start TEXT NOT NULL,
                    "end" TEXT NOT NULL,
                    PRIMARY KEY (profile_id, id)
                ) STRICT;

                CREATE TABLE gate (
                    id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    path TEXT NOT NULL,
                    selection TEXT NOT NULL CHECK (json_valid(selection)),
                    strictness TEXT NOT NULL,
                    unlock_policy TEXT NOT NULL CHECK (json_valid(unlock_policy))
                ) STRICT;

                CREATE TABLE intention (
                    id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
                    position INTEGER NOT NULL,
                    app BLOB NOT NULL,
                    opens_per_day INTEGER NOT NULL,
                    minutes_per_open INTEGER NOT NULL
                ) STRICT;

                -- Sessions are history: a row stays when the session leaves the state, and outlives
                -- its profile (no foreign key). stop_at is when it stops shielding: the earlier of
                -- its ending and its planned end; NULL while it runs until ended. in_state is 0
                -- once a write dropped the session from the state.
                CREATE TABLE session (
                    id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
                    profile_id TEXT NOT NULL,
                    origin TEXT NOT NULL,
                    start REAL NOT NULL,
                    plan_goal_minutes INTEGER,
                    plan_until REAL,
                    occurrence_schedule_id TEXT,
                    occurrence_day TEXT,
                    ending_at REAL,
                    ending_state TEXT,
                    stop_at REAL,
                    in_state INTEGER NOT NULL DEFAULT 1 CHECK (in_state IN (0, 1)),
                    CHECK (plan_goal_minutes IS NULL OR plan_until IS NULL),
                    CHECK ((occurrence_schedule_id IS NULL) = (occurrence_day IS NULL)),
                    CHECK ((ending_at IS NULL) = (ending_state IS NULL))
                ) STRICT;
                CREATE INDEX session_by_stop ON session(stop_at);
                CREATE INDEX session_by_start ON session(start);
                CREATE UNIQUE INDEX session_by_occurrence
                    ON session(profile_id, occurrence_schedule_id, occurrence_day)
                    WHERE occurrence_day IS NOT NULL;

                CREATE TABLE session_break (
                    session_id TEXT NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    id TEXT NOT NULL CHECK (id <> ''),
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    PRIMARY KEY (session_id, id)
                ) STRICT;

                -- Grants are history too (in_state as for sessions). scope_kind is allGated, app,
                -- category or webDomain; the origin is a ritual or an intention's open, never both.
                CREATE TABLE access_grant (
                    id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
                    scope_kind TEXT NOT NULL,
                    scope_token BLOB,
                    origin_ritual TEXT,
                    origin_intention_id TEXT,
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    in_state INTEGER NOT NULL DEFAULT 1 CHECK (in_state IN (0, 1)),
                    CHECK ((scope_kind = 'allGated') = (scope_token IS NULL)),
                    CHECK ((origin_ritual IS NULL) <> (origin_intention_id IS NULL))
                ) STRICT;
                CREATE INDEX access_grant_by_end ON access_grant("end");
                CREATE INDEX access_grant_by_start ON access_grant(start);

                CREATE TABLE streak_freeze (
                    day TEXT PRIMARY KEY NOT NULL
                ) STRICT;

                CREATE TABLE tutorial (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    started_at REAL NOT NULL
                ) STRICT;
                """)
    }

    /// The append-only event log: SQL itself refuses to change or remove an event. Balances
    /// kept before the log existed enter it as one opening ledger event per account, so the
    /// log adds up to the cache from the start.
    private static func eventLog(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE event (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    at REAL NOT NULL,
                    kind TEXT NOT NULL,
                    payload TEXT NOT NULL CHECK (json_valid(payload))
                ) STRICT;
                CREATE INDEX event_by_kind ON event(kind, at);
                CREATE INDEX event_by_at ON event(at);
                CREATE TRIGGER event_refuses_update BEFORE UPDATE ON event
                BEGIN SELECT RAISE(ABORT, 'the event log is append-only: events cannot be changed'); END;
                CREATE TRIGGER event_refuses_delete BEFORE DELETE ON event
                BEGIN SELECT RAISE(ABORT, 'the event log is append-only: events cannot be removed'); END;

                INSERT INTO event (at, kind, payload)
                    SELECT (julianday('now') - 2451910.5) * 86400.0, 'ledger',
                           json_object('ledger', json_object('_0', json_object(
                               'account', account, 'amount', amount, 'memo', 'Balance before the event log')))
                    FROM (SELECT 1 AS rank, 'credits' AS account, json_extract(body, '$.credits') AS amount
                              FROM document WHERE name = 'balances'
                          UNION ALL SELECT 2, 'xp', json_extract(body, '$.xp') FROM document WHERE name = 'balances'
                          UNION ALL SELECT 3, 'coins', json_extract(body, '$.coins') FROM document WHERE name = 'balances')
                    WHERE coalesce(amount, 0) <> 0
                    ORDER BY rank;
                """)
    }

    /// Cached ledger balances move out of the `balances` document into a row SQL keeps
    /// non-negative; the log's ledger events stay the truth they are checked against.
    private static func ledger(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE balance (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    credits INTEGER NOT NULL CHECK (credits >= 0),
                    xp INTEGER NOT NULL CHECK (xp >= 0),
                    coins INTEGER NOT NULL CHECK (coins >= 0)
                ) STRICT;
                INSERT INTO balance (id, credits, xp, coins)
                    SELECT 1,
                           coalesce(json_extract(body, '$.credits'), 0),
                           coalesce(json_extract(body, '$.xp'), 0),
                           coalesce(json_extract(body, '$.coins'), 0)
                    FROM document WHERE name = 'balances'
                    UNION ALL
                    SELECT 1, 0, 0, 0 WHERE NOT EXISTS (SELECT 1 FROM document WHERE name = 'balances');
                DELETE FROM document WHERE name = 'balances';
                """)
    }

    /// Each profile says how many minutes before a scheduled start its heads-up comes (0: none);
    /// profiles saved before default to five (seed 004).
    private static func headsUp(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE profile ADD COLUMN heads_up_minutes INTEGER NOT NULL DEFAULT 5
                    CHECK (heads_up_minutes BETWEEN 0 AND 60);
                """)
    }

    /// An intention may carry a nickname to share with accountability partners (issue 16); those
    /// saved before have none.
    private static func sharedNickname(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE intention ADD COLUMN shared_nickname TEXT;
                """)
    }

    /// A profile may filter adult websites, block websites the person typed and deny installing
    /// apps while it is on (issue 26), as JSON; profiles saved before have none, which reads as
    /// their strictness's standard (Beast Mode denies installs).
    private static func strictOptions(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE profile ADD COLUMN strict TEXT CHECK (strict IS NULL OR json_valid(strict));
                """)
    }

    /// A profile may be for rest, not focus (Key's Sleep: issue 34); one saved before is rest
    /// when it is the Sleep preset's (its id `sleep`), as onboarding made it.
    private static func rest(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE profile ADD COLUMN rest INTEGER NOT NULL DEFAULT 0 CHECK (rest IN (0, 1));
                UPDATE profile SET rest = 1 WHERE id = 'sleep';
                """)
    }
}
