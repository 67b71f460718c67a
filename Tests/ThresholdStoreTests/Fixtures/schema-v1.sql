-- Frozen: a database exactly as Threshold schema version 1 wrote it, with sample rows.
-- Never edit: the migrations must keep upgrading files like this one.
-- Instants are REAL seconds since 2001-01-01 UTC: 817394400 is 2026-11-26 14:00 UTC, 09:00 in New York.

CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);

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

INSERT INTO grdb_migrations VALUES ('v1-records');

INSERT INTO document VALUES ('settings', 1, '{"onboardingCompleted":true}');
INSERT INTO document VALUES ('applied', 1, '{"appliedAt":817398000,"stores":[{"applications":["aW5zdGFncmFt"],"name":"threshold.0","webDomains":[]}]}');
INSERT INTO document VALUES ('balances', 1, '{"coins":2,"credits":40,"xp":120}');

INSERT INTO profile VALUES ('work', 0, 'Work', '💼', 'key', '{"applications":["aW5zdGFncmFt"],"categories":[],"webDomains":[]}', 'blockList', 'firm', '{"creditsPerMinute":1,"rituals":["credits","emergency"],"windowMinutes":5}', '{"allowance":"perHour","count":1,"minutes":5}');
INSERT INTO schedule VALUES ('work', 'day', 0, '["mon","tue","wed","thu","fri"]', '09:00', '17:00');
INSERT INTO gate VALUES ('pray', 0, 'Pray first', 'selah', '{"applications":["dGlrdG9r"],"categories":[],"webDomains":[]}', 'gentle', '{"creditsPerMinute":1,"rituals":["prayer"],"windowMinutes":10}');
INSERT INTO intention VALUES ('yt', 0, X'796F7574756265', 3, 5);
INSERT INTO session VALUES ('s1', 'work', 'schedule', 817394400, NULL, 817423200, 'day', '2026-11-26', 817398000, 'gaveUp', 817398000, 1);
INSERT INTO session_break VALUES ('s1', 'b1', 817396200, 817396500);
INSERT INTO access_grant VALUES ('g1', 'app', X'796F7574756265', NULL, 'yt', 817397400, 817397700, 1);
INSERT INTO streak_freeze VALUES ('2026-11-24');
INSERT INTO tutorial VALUES (1, 817300000);
