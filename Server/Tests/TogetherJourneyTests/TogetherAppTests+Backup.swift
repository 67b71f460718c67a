import AppFeature
import BackupFeature
import FeatureClient
import InMemoryClients
import ServerTestSupport
import SettingsFeature
import Foundation
import Testing
import ThresholdCore
import TogetherClient
import TestSupport
import TogetherCore

/// Settings › Together › iCloud backup and background app refresh, on simulated phones running the
/// app's models against the server live on loopback (issue 16, items 4 and 5).
extension TogetherAppTests {
    /// Joins Together as `name` and turns the iCloud backup on (its first backup is stored).
    func joinWithBackup(_ phone: Phone, as name: String) async throws {
        phone.together.displayName = name
        await phone.together.join()
        await phone.together.cloudBackup.turnOn()
        #expect(phone.together.cloudBackup.problem == nil, "\(String(describing: phone.together.cloudBackup.problem))")
    }

    /// What Together holds of `phone`'s account's backup, read with its own key.
    func storedBackup(_ phone: Phone, base: URL, clock: ServerClock) async throws -> StoredBackup? {
        let account = try #require(try phone.keychain.load())
        return try await TogetherClient(baseURL: base, identity: try account.identity(), clock: { clock.now })
            .fetchBackup(account: account.accountID)
    }

    @Test func theICloudBackup_restoresOnANewIPhone_fromOnboarding_andTheServerReadsNoneOfIt() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base)
            try await joinWithBackup(alice, as: "Alice")
            let backup = try #require(alice.together.cloudBackup.state)
            #expect(backup.version == 1 && backup.daily && backup.storedAt == clock.now)
            let stored = try #require(try await storedBackup(alice, base: base, clock: clock))
            #expect(stored.version == 1)
            #expect(
                stored.blob.range(of: Data("instagram".utf8)) == nil && stored.blob.range(of: Data("focus".utf8)) == nil,
                "the server holds nothing it can read")

            // Alice's new iPhone, signed in to the same Apple Account, a day later (the daily backup
            // is due): the iCloud Keychain brings the account and the key. Before it is set up it
            // sends nothing, so its empty days and its empty store never replace what the old
            // iPhone sent.
            let new = try phone(reaching: base, keychain: alice.keychain, newPhone: true)
            new.phone.advance(by: 86_400)
            clock.set(new.phone.clock.wall)
            await new.app.foreground()
            let onboarding = try #require(new.app.onboarding, "a new iPhone starts with onboarding")
            #expect(onboarding.cloudBackup.canRestore)
            #expect(try await storedBackup(alice, base: base, clock: clock)?.version == 1)

            await onboarding.restoreFromCloud()
            #expect(
                onboarding.cloudBackup.problem == nil && onboarding.backup.problem == nil,
                "\(String(describing: onboarding.cloudBackup.problem)) \(String(describing: onboarding.backup.problem))")
            #expect(onboarding.step == .restored)
            let restored = try new.store.read().engine
            #expect(restored.profiles.map(\.id) == ["focus"] && restored.intentions.map(\.id) == ["instagram"])
            #expect(onboarding.backup.restored.map { [$0.profiles, $0.gates, $0.intentions, $0.sessions] } == [1, 0, 1, 0])
        }
    }

    @Test func aBackupThatDoesNotOpen_restoresNothing_andSaysWhy() async throws {
        try await withServer { base, _ in
            let alice = try phone(reaching: base)
            try await joinWithBackup(alice, as: "Alice")
            // A Keychain whose backup key is not the one the backup was sealed with.
            var account = try #require(try alice.keychain.load())
            account.backup = CloudBackup(daily: true)
            account.backup?.version = 1
            let new = try phone(reaching: base, keychain: .inMemory(account), newPhone: true)
            await new.app.foreground()
            let onboarding = try #require(new.app.onboarding)
            await onboarding.restoreFromCloud()
            #expect(onboarding.step == .welcome)
            #expect(onboarding.cloudBackup.problem == .failed(.restore, detail: "\(SealedBackup.Failure.cannotOpen)"))
            #expect(try new.store.read().engine.profiles.isEmpty)
        }
    }

    @Test func aNewerBackupFromAnotherIPhone_isReplacedOnlyWhenThePersonSaysSo() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base)
            try await joinWithBackup(alice, as: "Alice")
            // Her iPad holds the account as the iCloud Keychain last brought it (version 1); the
            // iPhone then stores version 2.
            let iPad = try phone(reaching: base, keychain: .inMemory(try alice.keychain.load()))
            await alice.together.cloudBackup.backUp()
            #expect(alice.together.cloudBackup.state?.version == 2)

            await iPad.together.cloudBackup.backUp()
            #expect(iPad.together.cloudBackup.conflict?.storedVersion == 2)
            #expect(iPad.together.cloudBackup.problem == .newerElsewhere(version: 2))
            #expect(try await storedBackup(alice, base: base, clock: clock)?.version == 2)
            // The daily backup waits for the person while the conflict stands.
            iPad.phone.advance(by: 86_400)
            clock.set(iPad.phone.clock.wall)
            await iPad.app.foreground()
            #expect(try await storedBackup(alice, base: base, clock: clock)?.version == 2)

            await iPad.together.cloudBackup.backUp(replacing: 2)
            #expect(iPad.together.cloudBackup.conflict == nil && iPad.together.cloudBackup.problem == nil)
            #expect(try await storedBackup(alice, base: base, clock: clock)?.version == 3)
        }
    }

    @Test func theDailyBackup_comesOnceADay_atForeground_andTurningItOffDeletesIt() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base)
            try await joinWithBackup(alice, as: "Alice")
            func foreground(after seconds: TimeInterval) async {
                alice.phone.advance(by: seconds)
                clock.set(alice.phone.clock.wall)
                await alice.app.foreground()
            }
            await foreground(after: 3_600)
            #expect(alice.together.cloudBackup.state?.version == 1, "an hour later: not yet")
            await foreground(after: CloudBackupModel.dailyInterval - 3_600)
            #expect(alice.together.cloudBackup.state?.version == 2, "a day later: backed up")

            alice.together.cloudBackup.setDaily(false)
            await foreground(after: 86_400)
            #expect(alice.together.cloudBackup.state?.version == 2, "not every day: only when asked")

            await alice.together.cloudBackup.turnOff()
            #expect(alice.together.cloudBackup.state == nil && alice.together.cloudBackup.problem == nil)
            #expect(try await storedBackup(alice, base: base, clock: clock) == nil)
            #expect(try alice.keychain.load()?.backup == nil, "the key is forgotten with the backup")
        }
    }

    /// Also: a nickname the editor would refuse, brought in by a hand-edited backup, is left out of
    /// the message rather than losing the message.
    @Test func backgroundRefresh_tellsPartners_andBringsTheirMessages_withTheAppClosed() async throws {
        try await withServer { base, clock in
            let alice = try phone(reaching: base), bob = try phone(reaching: base)
            let tuesday = try LocalDate(year: 2026, month: 11, day: 24)
            try alice.store.write {
                $0.state.engine = .make(
                    profiles: [.make("focus")], intentions: [.make("instagram", app: "instagram", nickname: "instagram.com")])
                $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "instagram", days: 5, through: tuesday)]
            }
            for (phone, name) in [(alice, "Alice"), (bob, "Bob")] {
                phone.together.displayName = name
                await phone.together.join()
            }
            await alice.together.invite()
            await bob.together.accept(link: try #require(alice.together.invitation?.link))
            #expect(bob.together.partners.map(\.displayName) == ["Alice"])

            // Wednesday: the streak broke. Neither app comes forward; iOS refreshes both.
            for phone in [alice, bob] { phone.phone.advance(by: 86_400) }
            clock.set(alice.phone.clock.wall)
            try alice.store.write {
                $0.state.progress.intentionStreaks = [IntentionStreak(intentionID: "instagram", days: 0, through: tuesday.adding(days: 1))]
            }
            await alice.app.backgroundRefresh()
            await bob.app.backgroundRefresh()
            #expect(alice.together.problem == nil && bob.together.problem == nil)
            #expect(bob.phone.notifications.inbox.map(\.body) == ["Alice broke an intention streak after 5 days."])
        }
    }
}
