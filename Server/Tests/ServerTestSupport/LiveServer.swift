import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import Testing
@testable import TogetherServer

/// Runs `body` with the server live on loopback over a fresh database, its clock hand-set from
/// `start` (the caller keeps it with the simulated phones' virtual clock).
package func withLiveServer(
    from start: Date, _ body: @MainActor @Sendable (_ base: URL, _ clock: ServerClock) async throws -> Void
) async throws {
    try await withLiveServer(from: start, apns: nil) { base, clock, _ in try await body(base, clock) }
}

/// The same, pushing partners' messages through `apns` (the server's push sender runs as it does
/// in production), with the database's configuration for the body to look into.
package func withLiveServer(
    from start: Date, apns: APNsConfiguration?,
    _ body: @MainActor @Sendable (_ base: URL, _ clock: ServerClock, _ database: PostgresClient.Configuration) async throws -> Void
)
    async throws
{
    try await TestDatabase.withFresh { database in
        let clock = ServerClock(start)
        let app = TogetherServer.application(
            configuration: TogetherConfiguration(database: database, logLevel: .critical, apns: apns), clock: clock)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)")), clock, database)
        }
    }
}
