import AppFeature
import BackupFeature
import FeatureClient
import InMemoryClients
import ServerTestSupport
import SettingsFeature
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ScenarioSetup
import StoreClient
@_spi(Setup) import ScreenTimeSimulator
import TestSupport
import Testing
import ThresholdCore
import TogetherClient
import TogetherCore
@testable import TogetherServer

/// The app when Together says "later" (issue 27, item 3): what a foreground would send waits, and
/// goes once, at a later one, against the real server.
@MainActor @Suite(.serialized) struct TogetherLaterAppTests {
    /// Between a phone and the server: while `unavailable`, every request is answered 503 as the
    /// server answers without its database; with `loseNextMessageAnswer`, the next broken streak's
    /// message reaches the server and its answer is lost (the app sees a timeout).
    final class Line: @unchecked Sendable {
        let unavailable = Locked(false)
        let loseNextMessageAnswer = Locked(false)

        func transport(_ inner: TogetherTransport) -> TogetherTransport {
            TogetherTransport { [self] request in
                if unavailable.value {
                    let response = HTTPURLResponse(
                        url: request.url!, statusCode: 503, httpVersion: "HTTP/1.1",
                        headerFields: ["Retry-After": "5", "Content-Type": "application/json"])!
                    return (
                        Data(
                            #"{"error":"unavailable","reason":"Together cannot reach its database just now; nothing was changed. Try again in a few seconds."}"#
                                .utf8), response
                    )
                }
                let answer = try await inner.send(request)
                if request.httpMethod == "POST", request.url?.path() == "/v1/partners/messages",
                    loseNextMessageAnswer.update({ lose in
                        defer { lose = false }; return lose
                    })
                {
                    throw TogetherError.later(retryAfter: nil)
                }
                return answer
            }
        }
    }

    @MainActor struct Phone {
        let phone: SimulatedPhone
        let app: AppModel
        let keychain: TogetherKeychain
        let store: InMemoryStore
        let line: Line
        var together: TogetherModel { app.together }
    }

    func phone(reaching base: URL) throws -> Phone {
        let store = InMemoryStore()
        let setup = try ThresholdState(profiles: [.make("focus")], intentions: [.make("instagram", app: "instagram")])
        let phone = try SimulatedPhone(start: TogetherAppTests.start, timeZone: TogetherAppTests.newYork, setup: setup, store: store)
        phone.authorization = .approved
        try store.write { $0.state.settings.onboardingCompleted = true }
        let line = Line()
        let transport = line.transport(TogetherTransport.checked(against: try OpenAPIDocument.load()))
        let keychain = TogetherKeychain.inMemory()
        let together = TogetherAccess(keychain: keychain) {
            TogetherClient(baseURL: base, identity: $0, clock: { phone.clock.wall }, transport: transport)
        }
        let client = SimulatedApp.client(on: phone, prompt: AccessPrompt(approvedBefore: true), seed: 1, together: together)
        return Phone(phone: phone, app: AppModel(client: client), keychain: keychain, store: store, line: line)
    }

    @Test func whileTogetherSaysLater_nothingIsSaidOrLost_andEachBreakReachesThePartnerOnce() async throws {
        try await withLiveServer(from: TogetherAppTests.start) { base, clock in
            let alice = try phone(reaching: base), bob = try phone(reaching: base)
            let tuesday = try LocalDate(year: 2026, month: 11, day: 24)
            try alice.store.write {
                $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "instagram", days: 12, through: tuesday)]
            }
            for (phone, name) in [(alice, "Alice"), (bob, "Bob")] {
                phone.together.displayName = name
                await phone.together.join()
            }
            await alice.together.invite()
            await bob.together.accept(link: try #require(alice.together.invitation?.link))
            await alice.app.foreground()
            await alice.together.cloudBackup.turnOn()
            let stored = try #require(try alice.keychain.load()?.backup?.version)

            // Wednesday: the streak broke, and Together has lost its database.
            for phone in [alice, bob] { phone.phone.advance(by: 86_400) }
            clock.set(alice.phone.clock.wall)
            try alice.store.write {
                $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "instagram", days: 0, through: tuesday.adding(days: 1))]
            }
            for phone in [alice, bob] { phone.line.unavailable.value = true }
            await alice.app.foreground()
            await bob.app.foreground()
            #expect(alice.together.problem == nil && bob.together.problem == nil, "a few hours of 'later' say nothing")
            #expect(try alice.store.read().together.streaks?.map(\.days) == [12], "the break waits to be told")
            #expect(try alice.keychain.load()?.backup?.version == stored, "the daily backup waits")

            // Back: Alice's message reaches the server, and its answer is lost on the way.
            for phone in [alice, bob] { phone.line.unavailable.value = false }
            alice.line.loseNextMessageAnswer.value = true
            await alice.app.foreground()
            #expect(alice.together.problem == nil)
            #expect(try alice.store.read().together.streaks?.map(\.days) == [12], "not heard back: told again next time")
            await alice.app.foreground()
            #expect(try alice.store.read().together.streaks?.map(\.days) == [0], "told")
            #expect(try alice.keychain.load()?.backup?.version == stored + 1, "the daily backup went")
            await bob.app.foreground()
            #expect(
                bob.phone.notifications.inbox.map(\.body) == ["Alice broke an intention streak after 12 days."], "once, though sent twice")
            #expect(try alice.store.read().together.laterSince == nil)
        }
    }
}
