import Foundation
import Logging
import PostgresNIO
import ServerTestSupport
import Testing
@testable import TogetherServer

@Suite struct MigrationTests {
    @Test func fromEmpty_everyMigrationApplies_once_andTheTablesAreThere() async throws {
        try await TestDatabase.withFresh { database in
            try await TestDatabase.withClient(database) { client in
                let applied = try await Migrations.apply(to: client, logger: TestDatabase.logger)
                #expect(applied == Migrations.all.map(\.version))
                #expect(try await Migrations.apply(to: client, logger: TestDatabase.logger).isEmpty, "a second run applies nothing")
                var tables: [String] = []
                for try await name in try await client.query(
                    "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"
                ).decode(String.self) { tables.append(name) }
                #expect(
                    tables == [
                        "accounts", "backups", "day_summaries", "finalized_weeks", "leagues", "memberships", "partner_invitations",
                        "partner_outbox", "partnerships", "push_deliveries", "push_tokens", "schema_migrations", "used_nonces",
                        "week_results",
                    ])
                #expect(try await TestDatabase.count("schema_migrations", in: client) == Migrations.all.count)
            }
        }
    }

    @Test func severalInstancesStartingAtOnce_applyEachMigrationExactlyOnce() async throws {
        try await TestDatabase.withFresh { database in
            let runs = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await TestDatabase.withClient(database) { try await Migrations.apply(to: $0, logger: TestDatabase.logger) }
                    }
                }
                return try await group.reduce(into: [[Int]]()) { $0.append($1) }
            }
            #expect(runs.flatMap { $0 }.sorted() == Migrations.all.map(\.version), "\(runs)")
        }
    }

    @Test func theSchemaRefuses_whatNoDayCanHold_evenPastTheServersChecks() async throws {
        try await TestDatabase.withFresh { database in
            try await TestDatabase.withClient(database) { client in
                try await Migrations.apply(to: client, logger: TestDatabase.logger)
                let id = UUID()
                try await client.query(
                    "INSERT INTO accounts (id, public_key, display_name, created_at) VALUES (\(id), \(ByteBuffer(bytes: [UInt8](repeating: 1, count: 32))), 'A', now())"
                )
                await #expect(throws: (any Error).self) {
                    try await client.query("INSERT INTO day_summaries VALUES (\(id), '2026-11-24', '2026-11-23', 926, 0, now())")
                }
                await #expect(throws: (any Error).self) {
                    try await client.query("INSERT INTO day_summaries VALUES (\(id), '2026-11-24', '2026-11-24', 10, 0, now())")
                }
                #expect(try await TestDatabase.count("day_summaries", in: client) == 0)
            }
        }
    }
}
