-- Frozen: what Threshold schema version 2 added to a version-1 database, with sample rows.
-- A version-2 fixture is schema-v1.sql followed by this file. Never edit: the migrations must
-- keep upgrading files like these.

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

INSERT INTO grdb_migrations VALUES ('v2-event-log');

INSERT INTO event (at, kind, payload) VALUES (817394400, 'ledger', '{"ledger":{"_0":{"account":"credits","amount":45,"memo":"Focused"}}}');
INSERT INTO event (at, kind, payload) VALUES (817398000, 'ledger', '{"ledger":{"_0":{"account":"xp","amount":120,"memo":"Session"}}}');
INSERT INTO event (at, kind, payload) VALUES (817398000, 'ledger', '{"ledger":{"_0":{"account":"coins","amount":2,"memo":"Session"}}}');
INSERT INTO event (at, kind, payload) VALUES (817398000, 'streakFreezeUsed', '{"streakFreezeUsed":{"day":"2026-11-24"}}');
INSERT INTO event (at, kind, payload) VALUES (817398600, 'ledger', '{"ledger":{"_0":{"account":"credits","amount":-5,"memo":"Unlocked"}}}');
