import Foundation
import GRDB
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

/// Every way a database file reaches this build: none, an empty file, each earlier schema
/// (frozen fixtures in `Fixtures/`), and one from a newer build.
@Suite struct MigrationTests {
    /// Thursday 2026-11-26, noon in New York: the fixtures' rows are from that morning.
    let thursdayNoon = at("2026-11-26 12:00")

    /// The SQL that builds a database as schema `version` left it: each version's file adds to
    /// the one before.
    func fixture(version: Int) throws -> String {
        let files = ["schema-v1", "schema-v2-additions"].prefix(version)
        return try files.map { name in
            let url = try #require(Bundle.module.url(forResource: name, withExtension: "sql", subdirectory: "Fixtures"))
            return try String(contentsOf: url, encoding: .utf8)
        }.joined(separator: "\n")
    }

    /// A folder holding a database built by a fixture's SQL.
    func folder(fromFixture version: Int) throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        let queue = try DatabaseQueue(path: folder.databaseURL.path)
        try queue.write { db in try db.execute(sql: try fixture(version: version)) }
        try queue.close()
        return folder
    }

    func schema(_ reader: some DatabaseReader) throws -> [String] {
        try reader.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT type || ' ' || name || ': ' || sql FROM sqlite_master
                    WHERE name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations' ORDER BY name
                    """
            ).map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        }
    }

    /// Every row of every table, as text.
    func contents(of folder: TemporaryDirectory) throws -> [String] {
        try DatabaseQueue(path: folder.databaseURL.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map { "\(table): \($0)" }
            }
        }
    }

    /// What every fixture holds, as the current model reads it.
    var fixtureEngine: ThresholdState {
        let workday = Schedule.on(Weekday.weekdays, "09:00", "17:00", id: "day")
        let session = Session.make(
            "s1", profile: "work", origin: .schedule, start: at("2026-11-26 09:00"), plan: .until(at("2026-11-26 17:00")),
            occurrence: OccurrenceKey(profileID: "work", scheduleID: "day", day: day("2026-11-26")),
            breaks: [.make("b1", from: at("2026-11-26 09:30"), minutes: 5)],
            ending: Session.Ending(at: at("2026-11-26 10:00"), state: .gaveUp))
        return .make(
            profiles: [
                .make(
                    "work", name: "Work", emoji: "💼", path: .key, selection: .apps("instagram"), strictness: .firm,
                    unlockPolicy: try! UnlockPolicy(rituals: [.credits, .emergency], windowMinutes: 5),
                    breakPolicy: .fivePerHour, schedules: [workday])
            ],
            gates: [.make("pray", name: "Pray first", selection: .apps("tiktok"))],
            intentions: [.make("yt", app: "youtube", opens: 3, minutes: 5)],
            sessions: [session],
            grants: [.make("g1", .app("youtube"), from: at("2026-11-26 09:50"), minutes: 5, origin: .intentionOpen("yt"))],
            streakFreezeDays: [day("2026-11-24")],
            tutorial: Tutorial(startedAt: Date(storedSeconds: 817_300_000)))
    }

    func expectFixtureContents(_ state: StoredState) throws {
        #expect(state.engine == fixtureEngine)
        #expect(state.settings.onboardingCompleted)
        #expect(state.applied.appliedAt == at("2026-11-26 10:00"))
        // The version-1 record kept each store's settings: they read back as its fingerprint, and
        // the evaluation as the instant it was applied.
        var instagram = ShieldStore(name: "threshold.0")
        instagram.applications = [AppToken("instagram")]
        #expect(state.applied.stores == [AppliedStore(instagram)])
        #expect(
            state.applied.evaluated
                == EvaluationPoint(wall: at("2026-11-26 10:00"), trusted: at("2026-11-26 10:00"), timeZoneIdentifier: nil))
        #expect([state.balances.credits, state.balances.xp, state.balances.coins] as [Int] == [40, 120, 2])
    }

    @Test func fixtures_areExactlyWhatTheMigrationsBuiltAtTheirVersion() throws {
        for (version, identifier) in [(1, "v1-records"), (2, "v2-event-log")] {
            let fromFixture = try DatabaseQueue()
            try fromFixture.write { db in try db.execute(sql: try fixture(version: version)) }
            let migrated = try DatabaseQueue()
            try Schema.migrator.migrate(migrated, upTo: identifier)
            #expect(try schema(fromFixture) == schema(migrated), "fixture of version \(version)")
        }
    }

    @Test func aVersion1Database_upgrades_keepingItsData_andOpeningTheLogWithItsBalances() throws {
        let folder = try folder(fromFixture: 1)
        let store = try folder.open(at: thursdayNoon)
        #expect(!store.wasCreated)
        try expectFixtureContents(try store.read())
        let opening = try store.events(.all).map(\.event)
        #expect(
            opening == [
                .ledger(Fixture.entry(.credits, 40, "Balance before the event log")),
                .ledger(Fixture.entry(.xp, 120, "Balance before the event log")),
                .ledger(Fixture.entry(.coins, 2, "Balance before the event log")),
            ])
        #expect(try store.verifyLedger().credits == 40)
        #expect(try schema(store.database) == schema(try TemporaryDirectory().open().database))
    }

    @Test func aVersion2Database_upgrades_keepingItsDataAndEvents() throws {
        let folder = try folder(fromFixture: 2)
        let store = try folder.open(at: thursdayNoon)
        try expectFixtureContents(try store.read())
        #expect(try store.events(.all).map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(try store.events(EventQuery(kinds: ["streakFreezeUsed"])).map(\.event) == [.streakFreezeUsed(day: day("2026-11-24"))])
        #expect(try store.verifyLedger().credits == 40)
        #expect(
            try store.database.read { db in try String.fetchAll(db, sql: "SELECT name FROM document ORDER BY name") }
                == ["applied", "settings"])
        #expect(try schema(store.database) == schema(try TemporaryDirectory().open().database))
    }

    @Test func anEmptyFile_becomesACurrentDatabase_forTheApp_butIsMissingForAnExtension() throws {
        let folder = TemporaryDirectory()
        try folder.writeDatabaseFile(Data())
        #expect(throws: StoreError.missing("Threshold has not set up its data yet (the database is empty)")) {
            try folder.open(role: .appExtension)
        }
        let store = try folder.open()
        #expect(store.wasCreated)
        #expect(try store.read() == .initial)
        #expect(try folder.open(role: .appExtension).read() == .initial)
    }

    @Test func aDatabaseFromANewerBuild_isRefused_andLeftAsItWas() throws {
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Fixture.state)
        try DatabaseQueue(path: folder.databaseURL.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v8-sync')")
        }
        let before = try contents(of: folder)
        for role in [ThresholdStore.Role.app, .appExtension] {
            #expect(throws: StoreError.newerVersion(found: 8, supported: 7)) { try folder.open(role: role) }
        }
        #expect(try contents(of: folder) == before)
    }
}
