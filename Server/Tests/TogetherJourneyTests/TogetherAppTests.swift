import AppFeature
import FeatureClient
import InMemoryClients
import ServerTestSupport
import SettingsFeature
import Foundation
import Hummingbird
import HummingbirdTesting
import ScenarioSetup
import StoreClient
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
        let store: InMemoryStore
        var together: TogetherModel { app.together }
    }

    nonisolated static let newYork = TimeZone(identifier: "America/New_York")!
    /// Wednesday 25 November 2026, 9 AM in New York.
    nonisolated static let start = utc("2026-11-25T14:00:00Z")

    /// A phone set up with a Focus profile and an Instagram intention; with `newPhone`, a new iPhone
    /// not yet set up. `keychain` is what the iCloud Keychain holds for the person's Apple Account
    /// (a second phone of the same person shares it).
    func phone(reaching base: URL, keychain: TogetherKeychain = .inMemory(), newPhone: Bool = false) throws -> Phone {
        let store = InMemoryStore()
        let setup = newPhone ? .empty : try ThresholdState(profiles: [.make("focus")], intentions: [.make("instagram", app: "instagram")])
        let phone = try SimulatedPhone(start: Self.start, timeZone: Self.newYork, setup: setup, store: store)
        phone.authorization = .approved
        try store.write { $0.state.settings.onboardingCompleted = !newPhone }
        let checked = TogetherTransport.checked(against: try OpenAPIDocument.load())
        let together = TogetherAccess(keychain: keychain) {
            TogetherClient(baseURL: base, identity: $0, clock: { phone.clock.wall }, transport: checked)
        }
        let client = SimulatedApp.client(on: phone, prompt: AccessPrompt(approvedBefore: true), seed: 1, together: together)
        return Phone(phone: phone, app: AppModel(client: client), keychain: keychain, store: store)
    }

    /// Runs `body` with the server live on loopback; the test keeps its clock with the phones'.
    func withServer(_ body: @MainActor @Sendable (_ base: URL, _ clock: ServerClock) async throws -> Void) async throws {
        try await withLiveServer(from: Self.start, body)
    }

    @Test func joining_sendsTheDaysPoints_bothSeeTheLeague_andDeletingLeavesIt() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base), bob = try phone(reaching: base)
            await alice.app.foreground()
            #expect(alice.together.status == .notJoined, "Together is opt-in: nothing is sent before joining")
            alice.together.displayName = "  Alice "
            await alice.together.join()
            #expect(alice.together.status == .joined(displayName: "Alice"), "\(String(describing: alice.together.problem))")
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

            await alice.together.invite()
            await bob.together.accept(link: try #require(alice.together.invitation?.link))
            #expect(bob.together.partners.map(\.displayName) == ["Alice"])

            await alice.together.deleteAccount()
            #expect(alice.together.status == .notJoined && alice.together.problem == nil)
            #expect(try alice.keychain.load() == nil, "the phone forgets the account once the server has deleted it")
            await bob.app.foreground()
            #expect(bob.together.league?.members.map(\.displayName) == ["Bob"])
            #expect(bob.together.partners.isEmpty, "deleting Alice's account removes her from Bob's partners")
        }
    }

    @Test func offline_joiningFailsClosed_andSaysWhy() async throws {
        // Nothing listens on port 9 of loopback (discard is not served here): the request fails.
        let alice = try phone(reaching: try #require(URL(string: "http://127.0.0.1:9")))
        alice.together.displayName = "Alice"
        await alice.together.join()
        #expect(alice.together.status == .notJoined)
        #expect(try alice.keychain.load() == nil)
        guard case .notJoined(let detail)? = alice.together.problem else {
            Issue.record("not joining should say why: \(String(describing: alice.together.problem))")
            return
        }
        #expect(detail.hasPrefix("Together cannot be reached"), "\(detail)")
    }

    @Test func aDeletionTheServerRefuses_keepsTheAccountHere() async throws {
        try await withServer { base, _ in
            let alice = try phone(reaching: base)
            alice.together.displayName = "Alice"
            await alice.together.join()
            let kept = try #require(try alice.keychain.load())
            // Another install's key cannot delete Alice's account: the server refuses, and Alice's
            // phone keeps what it had.
            try alice.keychain.save(
                TogetherAccount(
                    key: TogetherIdentity().rawRepresentation, accountID: kept.accountID,
                    displayName: kept.displayName))
            await alice.together.deleteAccount()
            #expect(alice.together.status == .joined(displayName: "Alice"))
            #expect(
                { if case .accountNotDeleted? = alice.together.problem { true } else { false } }(),
                "\(String(describing: alice.together.problem))")
            #expect(try alice.keychain.load()?.accountID == kept.accountID)
        }
    }

    @Test func partners_anInvitationUsedTwiceIsRefused_andABrokenStreakReachesThePartner() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base), bob = try phone(reaching: base)
            let tuesday = try LocalDate(year: 2026, month: 11, day: 24)
            // Alice's "instagram" intention has kept its limit for 12 days, through Tuesday.
            try alice.store.write {
                $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "instagram", days: 12, through: tuesday)]
            }
            for (phone, name) in [(alice, "Alice"), (bob, "Bob")] {
                phone.together.displayName = name
                await phone.together.join()
            }
            // No partner yet: seed 001's 5 PM prompt waits for this Wednesday's 5 PM.
            await alice.app.foreground()
            let prompt = try #require(alice.phone.notifications.pending.first { $0.id == "together-partner-prompt" })
            #expect(prompt.title == "Add an accountability partner…" && prompt.fireDate == utc("2026-11-25T22:00:00Z"))

            await alice.together.invite()
            let link = try #require(alice.together.invitation?.link)
            #expect(link.hasPrefix("https://threshold.app/p/"))

            // A link whose code was changed is refused, and so is one that is no invitation.
            let edited = String(link.dropLast()) + (link.last == "0" ? "1" : "0")
            await bob.together.accept(link: edited)
            #expect(
                { if case .invitationNotAccepted? = bob.together.problem { true } else { false } }(),
                "\(String(describing: bob.together.problem))")
            await bob.together.accept(link: "https://threshold.app/p/not-a-code")
            #expect(
                { if case .notAnInvitation? = bob.together.problem { true } else { false } }(),
                "\(String(describing: bob.together.problem))")

            // Bob opens the link (the app's router): Settings › Together asks, and he accepts.
            bob.app.open(try #require(URL(string: link)))
            #expect(bob.app.tab == .settings && bob.together.receivedInvitation == link)
            await bob.together.acceptReceived()
            #expect(bob.together.problem == nil && bob.together.receivedInvitation == nil)
            #expect(bob.together.partners.map(\.displayName) == ["Alice"])
            await bob.together.accept(link: link)
            #expect(
                { if case .invitationNotAccepted? = bob.together.problem { true } else { false } }(),
                "used twice: \(String(describing: bob.together.problem))")
            await alice.app.foreground()
            #expect(alice.together.partners.map(\.displayName) == ["Bob"])
            #expect(!alice.phone.notifications.pending.contains { $0.id == "together-partner-prompt" }, "with a partner, no prompt")

            // Wednesday: over the limit. At midnight the engine counts the day and the streak
            // starts again (written here as the engine's count leaves it).
            for phone in [alice, bob] { phone.phone.advance(by: 86_400) }
            clock.set(alice.phone.clock.wall)
            let wednesday = tuesday.adding(days: 1)
            try alice.store.write {
                $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "instagram", days: 0, through: wednesday)]
            }
            await alice.app.foreground()
            #expect(alice.together.problem == nil)
            #expect(bob.phone.notifications.inbox.isEmpty)
            #expect(try alice.store.read().together.streaks?.map(\.days) == [0], "the reading is kept once told")
            await bob.app.foreground()
            #expect(bob.together.problem == nil)
            #expect(bob.phone.notifications.inbox.map(\.body) == ["Alice broke an intention streak after 12 days."])
            // Shown once: the next foreground fetches after it.
            await bob.app.foreground()
            #expect(bob.phone.notifications.inbox.count == 1)

            // Either side ends it.
            let partner = try #require(bob.together.partners.first)
            await bob.together.end(partner)
            #expect(bob.together.partners.isEmpty)
            await alice.together.readPartners()
            #expect(alice.together.partners.isEmpty)
        }
    }

    /// Issue 16, item 4: Alice gives her intention a nickname in the intention editor; Bob's
    /// notification of her broken streak names it that way, and never the app.
    @Test func aNicknameGivenInTheIntentionEditor_reachesThePartnersNotification() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base), bob = try phone(reaching: base)
            let tuesday = try LocalDate(year: 2026, month: 11, day: 24)
            try alice.store.write {
                $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "instagram", days: 12, through: tuesday)]
            }
            alice.app.intentions.load()
            let editor = alice.app.intentions.editor(for: "instagram")
            editor.sharedNickname = " Morning scroll "
            editor.save()
            #expect(editor.saved && editor.problem == nil)
            for (phone, name) in [(alice, "Alice"), (bob, "Bob")] {
                phone.together.displayName = name
                await phone.together.join()
            }
            await alice.together.invite()
            await bob.together.accept(link: try #require(alice.together.invitation?.link))
            #expect(bob.together.partners.map(\.displayName) == ["Alice"], "\(String(describing: bob.together.problem))")
            await alice.app.foreground()

            // Wednesday: over the limit; the streak starts again (as the engine's count leaves it).
            for phone in [alice, bob] { phone.phone.advance(by: 86_400) }
            clock.set(alice.phone.clock.wall)
            try alice.store.write {
                $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "instagram", days: 0, through: tuesday.adding(days: 1))]
            }
            await alice.app.foreground()
            #expect(alice.together.problem == nil)
            await bob.app.foreground()
            #expect(bob.together.problem == nil)
            #expect(bob.phone.notifications.inbox.map(\.body) == ["Alice broke their “Morning scroll” intention streak after 12 days."])
        }
    }

    @Test func aWeekFinalizes_andBothPhonesShowTheirNewTier_onMondayAt5PM() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base), bob = try phone(reaching: base)
            for (phone, name) in [(alice, "Alice"), (bob, "Bob")] {
                phone.together.displayName = name
                await phone.together.join()
            }
            // Four more people in the league, sending from their own phones' clients: six in all,
            // so one moves up (the most points) and none down (bronze is the lowest).
            let wednesday = try LocalDate(year: 2026, month: 11, day: 25)
            for index in 1...4 {
                let other = TogetherClient(baseURL: base, identity: TogetherIdentity(), clock: { clock.now })
                let account = try await other.register(displayName: "Other \(index)").accountID
                _ = try await other.upload(DailySummary(day: wednesday, xp: index, screenTimePoints: 0), account: account)
            }
            // Alice focuses 30 minutes (5 XP): the most points.
            alice.app.session.start("focus", .goal(minutes: 30))
            for phone in [alice, bob] { phone.phone.advance(by: 31 * 60) }
            alice.app.session.load()
            alice.app.session.end()
            clock.set(alice.phone.clock.wall)
            await alice.app.foreground()
            await bob.app.foreground()
            #expect(alice.together.league?.members.count == 6)

            // Next Monday, 9 AM in New York: the week closed at 12:00 UTC (7 AM here). The first app
            // to read it finalizes it; the notification waits for 5 PM.
            let monday9AM = utc("2026-11-30T14:00:00Z")
            for phone in [alice, bob] { phone.phone.advance(to: monday9AM) }
            clock.set(monday9AM)
            await alice.app.foreground()
            await bob.app.foreground()
            #expect(alice.together.problem == nil && bob.together.problem == nil)
            #expect(alice.together.lastWeek?.result == TogetherWire.Result(outcome: .promoted, tierAfter: .silver))
            #expect(bob.together.lastWeek?.result == TogetherWire.Result(outcome: .stayed, tierAfter: .bronze))
            #expect(finalized(alice).isEmpty && finalized(bob).isEmpty, "not before 5 PM")

            let monday5PM = utc("2026-11-30T22:00:00Z")
            for phone in [alice, bob] { phone.phone.advance(to: monday5PM.addingTimeInterval(60)) }
            #expect(finalized(alice) == ["You moved up to Silver."])
            #expect(finalized(bob) == ["You stay in Bronze."])
            // And this week's league is the new tier's; the notification is not posted again.
            clock.set(monday5PM.addingTimeInterval(60))
            await alice.app.foreground()
            #expect(alice.together.league?.tier == .silver)
            #expect(finalized(alice).count == 1)
        }
    }

    /// Issue 16's encrypted backup, from the client's side: the store's backup JSON sealed on the
    /// phone, stored as an opaque versioned blob, opened on a new phone holding the same key.
    @Test func aSealedBackup_isOpaqueToTheServer_andOpensOnANewPhoneWithTheKey() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base)
            alice.together.displayName = "Alice"
            await alice.together.join()
            let account = try #require(try alice.keychain.load())
            let client = TogetherClient(baseURL: base, identity: try account.identity(), clock: { clock.now })
            #expect(try await client.fetchBackup(account: account.accountID) == nil)

            let backup = try alice.store.exportBackup(deviceID: "alices-iphone")
            let key = BackupKey()
            let blob = try SealedBackup.seal(backup, with: key)
            #expect(try await client.storeBackup(blob, version: 1, account: account.accountID).version == 1)
            await #expect(throws: TogetherError.self, "a phone holding version 1 cannot store version 1 again") {
                _ = try await client.storeBackup(blob, version: 1, account: account.accountID)
            }

            // A new phone with the same Apple Account: the identity and the key from the iCloud Keychain.
            let stored = try #require(
                try await TogetherClient(baseURL: base, identity: try account.identity(), clock: { clock.now })
                    .fetchBackup(account: account.accountID)
            ).blob
            #expect(stored == blob)
            #expect(stored.range(of: Data("focus".utf8)) == nil, "the server holds nothing readable")
            #expect(try SealedBackup.open(stored, with: try BackupKey(rawRepresentation: key.rawRepresentation)) == backup)
            #expect(throws: SealedBackup.Failure.cannotOpen) { try SealedBackup.open(stored, with: BackupKey()) }
            var changed = stored
            changed[changed.count - 1] ^= 1
            #expect(throws: SealedBackup.Failure.cannotOpen) { try SealedBackup.open(changed, with: key) }
        }
    }

    /// The "Leaderboard finalized!" notifications a phone has shown, by their words.
    func finalized(_ phone: Phone) -> [String] {
        phone.phone.notifications.inbox.filter { $0.title == "Leaderboard finalized!" }.map(\.body)
    }
}
