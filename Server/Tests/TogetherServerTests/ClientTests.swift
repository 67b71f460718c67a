import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing
import ThresholdCore
import TogetherClient
import TogetherCore
@testable import TogetherServer

/// The app's client (`TogetherClient`, in the root package) against the real server over
/// loopback, on a real PostgreSQL: what two phones' apps send and read, in the app's own code.
@Suite struct ClientTests {
    /// The server live on a loopback port with a hand-set clock, and a client factory for it.
    func withLiveServer(
        at start: Date = utc("2026-11-25T12:00:00Z"),
        _ body: @Sendable (_ client: @Sendable (TogetherIdentity) -> TogetherClient, ManualClock) async throws -> Void
    ) async throws {
        try await TestDatabase.withFresh { database in
            let clock = ManualClock(start)
            let app = TogetherServer.application(
                configuration: TogetherConfiguration(database: database, logLevel: .critical), clock: clock)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
                let checked = TogetherTransport.checked(against: try OpenAPIDocument.load())
                try await body({ TogetherClient(baseURL: base, identity: $0, clock: { clock.now }, transport: checked) }, clock)
            }
        }
    }

    @Test func twoPhones_joinALeague_pair_andAPartnerHearsOfABrokenStreak() async throws {
        try await withLiveServer { client, _ in
            let alice = client(TogetherIdentity()), bob = client(TogetherIdentity())
            let aliceAccount = try await alice.register(displayName: "Alice").accountID
            let bobAccount = try await bob.register(displayName: "Bob").accountID
            let wednesday = try LocalDate(year: 2026, month: 11, day: 25)
            let saved = try await alice.upload(DailySummary(day: wednesday, xp: 120, screenTimePoints: 40), account: aliceAccount)
            #expect(saved.points == 160 && saved.weekPoints == 160)
            _ = try await bob.upload(DailySummary(day: wednesday, xp: 30, screenTimePoints: 10), account: bobAccount)
            let league = try await alice.league(account: aliceAccount)
            #expect(league.placed && league.tier == .bronze)
            let names = try await bob.league(account: bobAccount).members.map(\.displayName)
            #expect(Set(names).isSuperset(of: ["Alice", "Bob"]))

            let invitation = try await bob.invite(account: bobAccount)
            #expect(invitation.link == "https://threshold.app/p/\(invitation.code)")
            let partner = try await alice.accept(code: invitation.code, account: aliceAccount)
            #expect(partner.displayName == "Bob")
            await #expect(throws: TogetherError.self) { try await alice.accept(code: invitation.code, account: aliceAccount) }

            let sent = try await alice.post(
                PartnerMessage(day: wednesday, streakDays: 12, nickname: "Morning scroll"), account: aliceAccount)
            #expect(sent.recipients == 1)
            let inbox = try await bob.messages(account: bobAccount)
            #expect(inbox.messages.map(\.from) == ["Alice"])
            #expect(inbox.messages.first?.text.contains("Morning scroll") == true)
            #expect(try await bob.messages(after: inbox.cursor, account: bobAccount).messages.isEmpty)

            try await alice.deleteAccount(aliceAccount)
            #expect(try await bob.partners(account: bobAccount).isEmpty)
            #expect(try await bob.league(account: bobAccount).members.map(\.displayName) == ["Bob"])
        }
    }

    @Test func aRefusal_reachesTheAppInTheServersWords() async throws {
        try await withLiveServer { client, _ in
            let alice = client(TogetherIdentity())
            let account = try await alice.register(displayName: "Alice").accountID
            let today = try LocalDate(year: 2026, month: 11, day: 25)
            do {
                _ = try await alice.upload(DailySummary(day: today, xp: 1_000_000, screenTimePoints: 0), account: account)
                Issue.record("an impossible day was accepted")
            } catch let TogetherError.refused(status, error, reason) {
                #expect(status == 422 && error == "impossiblePoints" && !reason.isEmpty, "\(status) \(error): \(reason)")
            }
            let stranger = client(TogetherIdentity())
            await #expect(throws: TogetherError.self) { _ = try await stranger.league(account: account) }
        }
    }
}
