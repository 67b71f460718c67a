import FeatureModels
import Foundation
import Hummingbird
import HummingbirdTesting
import ScenarioSetup
@_spi(Setup) import ScreenTimeSimulator
import TestSupport
import Testing
import ThresholdCore
import TogetherClient
import TogetherCore
@testable import TogetherServer

/// Two simulated phones running the app's own models (`AppModel`, `TogetherModel`) against the
/// server live on loopback and a real PostgreSQL, the server's clock set to the phones' virtual
/// one: Settings › Together as the person uses it.
@MainActor @Suite(.serialized) struct TogetherAppTests {
    /// One person's iPhone with Threshold on it.
    @MainActor struct Phone {
        let phone: SimulatedPhone
        let app: AppModel
        let keychain: TogetherKeychain
        var together: TogetherModel { app.together }
    }

    nonisolated static let newYork = TimeZone(identifier: "America/New_York")!
    /// Wednesday 25 November 2026, 9 AM in New York.
    nonisolated static let start = utc("2026-11-25T14:00:00Z")

    func phone(reaching base: URL) throws -> Phone {
        let phone = try SimulatedPhone(start: Self.start, timeZone: Self.newYork, setup: ThresholdState(profiles: [.make("focus")]))
        phone.authorization = .approved
        let keychain = TogetherKeychain.inMemory()
        let together = TogetherAccess(keychain: keychain) { TogetherClient(baseURL: base, identity: $0, clock: { phone.clock.wall }) }
        let client = SimulatedApp.client(on: phone, prompt: AccessPrompt(approvedBefore: true), seed: 1, together: together)
        return Phone(phone: phone, app: AppModel(client: client), keychain: keychain)
    }

    /// Runs `body` with the server live on loopback; the test keeps its clock with the phones'.
    func withServer(_ body: @MainActor @Sendable (_ base: URL, _ clock: ServerClock) async throws -> Void) async throws {
        try await TestDatabase.withFresh { database in
            let clock = ServerClock(Self.start)
            let app = TogetherServer.application(configuration: TogetherConfiguration(database: database, logLevel: .critical), clock: clock)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                try await body(try #require(URL(string: "http://127.0.0.1:\(port)")), clock)
            }
        }
    }

    @Test func joining_sendsTheDaysPoints_bothSeeTheLeague_andDeletingLeavesIt() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base), bob = try phone(reaching: base)
            await alice.app.foreground()
            #expect(alice.together.status == .notJoined, "Together is opt-in: nothing is sent before joining")
            alice.together.displayName = "  Alice "
            await alice.together.join()
            #expect(alice.together.status == .joined(displayName: "Alice"), "\(alice.together.problem ?? "")")
            #expect(alice.together.league?.members.map(\.displayName) == ["Alice"])

            // A 15-minute session (3 XP), ended after its goal; the app sends the day when it next comes forward.
            alice.app.session.start("focus", .goal(minutes: 15))
            #expect(alice.app.session.problem == nil)
            for phone in [alice, bob] { phone.phone.advance(by: 16 * 60) }
            clock.set(alice.phone.clock.wall)
            alice.app.session.load()
            alice.app.session.end()
            await alice.app.foreground()
            #expect(alice.together.problem == nil)
            #expect(alice.together.league?.members.first { $0.you }?.points == 3)

            bob.together.displayName = "Bob"
            await bob.together.join()
            let members = try #require(bob.together.league?.members)
            #expect(Set(members.map(\.displayName)) == ["Alice", "Bob"])
            #expect(members.first { $0.displayName == "Alice" }?.points == 3)
            #expect(bob.together.league?.tier == .bronze && bob.together.lastWeek?.result == nil)

            await alice.together.deleteAccount()
            #expect(alice.together.status == .notJoined && alice.together.problem == nil)
            #expect(try alice.keychain.load() == nil, "the phone forgets the account once the server has deleted it")
            await bob.app.foreground()
            #expect(bob.together.league?.members.map(\.displayName) == ["Bob"])
        }
    }

    @Test func offline_joiningFailsClosed_andSaysWhy() async throws {
        // Nothing listens on port 9 of loopback (discard is not served here): the request fails.
        let alice = try phone(reaching: try #require(URL(string: "http://127.0.0.1:9")))
        alice.together.displayName = "Alice"
        await alice.together.join()
        #expect(alice.together.status == .notJoined)
        #expect(try alice.keychain.load() == nil)
        let problem = try #require(alice.together.problem)
        #expect(problem.hasPrefix("You did not join Together: Together cannot be reached"), "\(problem)")
    }

    @Test func aDeletionTheServerRefuses_keepsTheAccountHere() async throws {
        try await withServer { base, _ in
            let alice = try phone(reaching: base)
            alice.together.displayName = "Alice"
            await alice.together.join()
            let kept = try #require(try alice.keychain.load())
            // Another install's key cannot delete Alice's account: the server refuses, and Alice's
            // phone keeps what it had.
            try alice.keychain.save(TogetherAccount(key: TogetherIdentity().rawRepresentation, accountID: kept.accountID,
                                                    displayName: kept.displayName))
            await alice.together.deleteAccount()
            #expect(alice.together.status == .joined(displayName: "Alice"))
            #expect(alice.together.problem?.hasPrefix("Your Together account was not deleted: ") == true)
            #expect(try alice.keychain.load()?.accountID == kept.accountID)
        }
    }
}
