import Foundation
import InMemoryClients
import PostgresNIO
import ScreenCrawler
import ScreenTimeSimulator
import ServerTestSupport
import Testing
import ThresholdCore
import TogetherClient
import TogetherCore
@testable import TogetherServer

/// Issue 23's crawl from "Together on": every enabled control of every screen reached from
/// Settings › Together, joined and with a partner, used against this server live on loopback and a
/// real PostgreSQL, through the app's real views — the crawler `threshold crawl` runs
/// (``TogetherCrawl``) with its allowances, `Crawl/allowed.yaml`. The state is
/// `Server/Crawl/states/together-on.yaml`; every try starts from a fresh copy of it, the server's
/// data included.
@MainActor @Suite(.serialized) struct TogetherCrawlTests {
    nonisolated static let server = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    nonisolated static let state = server.appendingPathComponent("Crawl/states/together-on.yaml").path
    nonisolated static let allowed = server.deletingLastPathComponent().appendingPathComponent("Crawl/allowed.yaml").path
    /// Wednesday 25 November 2026, 9 AM in New York: the state's `start`.
    nonisolated static let start = utc("2026-11-25T14:00:00Z")
    /// Actions after the state's own steps.
    nonisolated static let depth = 2

    @Test func theCrawlFromTogetherOn_findsNothing_andReachesTheLeagueAndThePartner() async throws {
        let started = Date()
        let crawled = Locked<TogetherCrawl.Outcome?>(nil)
        try await withLiveServer(from: Self.start, apns: nil) { base, clock, database in
            let outcome = try await TestDatabase.withClient(database) { postgres in
                try await Self.crawl(base: base, clock: clock, postgres: postgres)
            }
            crawled.update { $0 = outcome }
        }
        let outcome = try #require(crawled.value)
        let seconds = Date().timeIntervalSince(started)
        print(
            "Together crawl (depth \(Self.depth)): \(outcome.screens.count) screens (\(outcome.screenStates) screen states), "
                + "\(outcome.controls.count) controls, \(outcome.tries) tries, \(outcome.findings.count) findings "
                + "(\(outcome.allowed) allowed by design), \(outcome.diverged.count) diverged, in \(Int(seconds)) s\n"
                + "screens: \(outcome.screens.sorted().joined(separator: ", "))\n"
                + "not named for a step: \(outcome.unaddressable.sorted().joined(separator: "; "))")
        #expect(outcome.findings.isEmpty, "\(outcome.findings.joined(separator: "\n"))")
        #expect(outcome.diverged.isEmpty, "paths that did not replay the same way: \(outcome.diverged)")
        // Together's screen, with her league and her partner: their controls were used.
        #expect(outcome.screens.isSuperset(of: ["together", "settings"]), "\(outcome.screens.sorted())")
        let used = outcome.controls.filter { $0.hasPrefix("together: ") }
        for control in ["Invite a partner", "swipe “Bob”", "Back up to iCloud", "Delete my Together account"] {
            #expect(used.contains { $0.contains(control) }, "\(control) was not used: \(used.sorted())")
        }
        #expect(outcome.screens.contains { $0.contains("Delete your Together account?") }, "\(outcome.screens.sorted())")
    }

    /// The crawl, each try's server emptied and Bob made again; the server's clock follows the phone.
    private static func crawl(base: URL, clock: ServerClock, postgres: PostgresClient) async throws -> TogetherCrawl.Outcome {
        let checked = TogetherTransport.checked(against: try OpenAPIDocument.load())
        return try await TogetherCrawl.run(
            // NB: a generous CPU limit: the process also runs the server, and other suites beside the crawl.
            state: state, depth: depth, allowed: allowed, cpuLimit: 5,
            fresh: {
                try await TestDatabase.empty(postgres)
                clock.set(start)
                // Bob, on an iPhone of his own: joined, sent today's 1 XP ("1 pt": the crawl checks its plural), and invited Alice.
                let bob = TogetherClient(baseURL: base, identity: TogetherIdentity(), clock: { start }, transport: checked)
                let account = try await bob.register(displayName: "Bob").accountID
                _ = try await bob.upload(
                    DailySummary(day: try LocalDate(year: 2026, month: 11, day: 25), xp: 1, screenTimePoints: 0),
                    account: account)
                return ["bob.invitation": try await bob.invite(account: account).link]
            },
            together: { phone in
                let following = TogetherTransport { request in
                    clock.set(phone.clock.real)
                    return try await checked.send(request)
                }
                return TogetherAccess(keychain: .inMemory()) {
                    TogetherClient(baseURL: base, identity: $0, clock: { phone.clock.wall }, transport: following)
                }
            })
    }
}

extension TestDatabase {
    /// Empties every table the migrations made (their own record kept), numbering from 1 again.
    static func empty(_ client: PostgresClient) async throws {
        var tables: [String] = []
        let rows = try await client.query(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'")
        for try await name in rows.decode(String.self) { tables.append(name) }
        guard !tables.isEmpty else { return }
        _ = try await client.query(PostgresQuery(unsafeSQL: "TRUNCATE \(tables.joined(separator: ", ")) RESTART IDENTITY CASCADE"))
    }
}
