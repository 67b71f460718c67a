import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// Which paths a person uses (``StoredState/paths``): what onboarding chose, then what their
/// restrictions hold; every screen shows only those.
@Suite struct PathsInUseTests {
    let ny = calendar()
    let now = at("2026-03-03 10:00")

    func run(_ command: any StateCommand, on stored: StoredState) throws -> StoredState {
        var transaction = StoreTransaction(state: stored)
        _ = try command.apply(to: &transaction, context: .at(now, calendar: ny))
        return transaction.state
    }

    func onboarded(_ paths: Set<Pathway>, _ restrictions: [any Command]) throws -> StoredState {
        try run(
            CompleteOnboarding(
                paths: paths, restrictions: restrictions, screenTimeGoal: nil, counting: .apps("instagram"), selah: .standard),
            on: .make())
    }

    @Test func onboardingsChoice_isThePaths_andEarnedAccesssFocusProfileShowsNoPresent() throws {
        let selah = try onboarded([.selah], [SaveGate(.make("selah"))])
        #expect(selah.paths == [.selah])
        // Earned Access alone: its Work mode, and the Present-path Focus profile that earns credits.
        let earned = try onboarded(
            [.earnedAccess],
            [
                SaveProfile(.make("work-mode", path: .earnedAccess, unlockPolicy: .earnedAccess)),
                SaveProfile(.make("focus", path: .present)),
            ])
        #expect(earned.paths == [.earnedAccess])
        let both = try onboarded(
            [.earnedAccess, .present],
            [
                SaveProfile(.make("work-mode", path: .earnedAccess, unlockPolicy: .earnedAccess)),
                SaveProfile(.make("focus", path: .present)),
            ])
        #expect(both.paths == [.earnedAccess, .present])
    }

    @Test func aRestrictionOfANewPath_addsIt_andRemovingAPathsLastOneTakesItAway() throws {
        let selah = try onboarded([.selah], [SaveGate(.make("selah"))])
        let withKey = try run(SaveProfile(.make("work", path: .key)), on: selah)
        #expect(withKey.paths == [.selah, .key])
        #expect(withKey.settings.paths == [.selah, .key])
        let keyOnly = try run(DeleteGate("selah"), on: withKey)
        #expect(keyOnly.paths == [.key])
        // The history stays: only what the screens show changes.
        #expect(keyOnly.settings.paths == [.selah, .key])
        // Changing a profile of a path already held adds nothing.
        let earned = try onboarded(
            [.earnedAccess],
            [
                SaveProfile(.make("work-mode", path: .earnedAccess, unlockPolicy: .earnedAccess)),
                SaveProfile(.make("focus", path: .present)),
            ])
        let renamed = try run(SaveProfile(.make("focus", name: "Deep work", path: .present)), on: earned)
        #expect(renamed.paths == [.earnedAccess])
    }

    @Test func aStateSavedBeforeTheChoice_usesEveryPathItsRestrictionsHold() throws {
        var legacy = StoredState.make()
        legacy.engine = try legacy.engine.with(gates: [.make("selah"), .make("challenge", path: .challenge, unlockPolicy: .challenge)])
        legacy.engine = try legacy.engine.with(profiles: [.make("work", path: .key)])
        #expect(legacy.settings.paths == nil)
        #expect(legacy.paths == [.selah, .challenge, .key])
        // Settings saved without the field decode to the same.
        let data = try JSONEncoder().encode(legacy.settings)
        var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["paths"] = nil
        let decoded = try JSONDecoder().decode(Settings.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded.paths == nil)
    }

    @Test func savedPaths_roundTrip_andAnUnknownOneIsRefused() throws {
        var settings = Settings()
        settings.paths = [.selah, .earnedAccess]
        #expect(try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(settings)).paths == [.selah, .earnedAccess])
        let forged = Data(#"{"paths": ["selah", "everything"]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Settings.self, from: forged) }
    }

    @Test func aScreenTimeGoal_isPresents() throws {
        var stored = try onboarded([.present], [SaveProfile(.make("focus", path: .present))])
        stored.settings.screenTime = try ScreenTimeTracking(
            selection: .apps("instagram"), goalMinutes: 120, since: LocalDate(year: 2026, month: 3, day: 1))
        let noProfiles = try run(DeleteProfile("focus"), on: stored)
        #expect(noProfiles.paths == [.present])
    }

    @Test func onboardingWithNoPath_isRefused_savingNothing() throws {
        #expect(throws: ValidationError.self) { try onboarded([], [SaveGate(.make("selah"))]) }
    }

    /// Issue 34 item 2: the restrictions of other paths that hold some of a pick, as the editors
    /// name them before saving; the one edited, its own path's and an allow list are not among them.
    @Test func theHoldersSharingAPick_areOtherPathsOnly() throws {
        let stored = try onboarded(
            [.selah, .challenge, .key, .earnedAccess],
            [
                SaveGate(.make("selah", selection: .apps("instagram", "tiktok"))),
                SaveGate(.make("challenge", path: .challenge, selection: .apps("tiktok"), unlockPolicy: .challenge)),
                SaveProfile(.make("work", path: .key, selection: .apps("instagram"))),
                SaveProfile(.make("study", path: .key, selection: .apps("instagram"), listMode: .allowList)),
                SaveProfile(.make("mode", path: .earnedAccess, selection: .apps("youtube"), unlockPolicy: .earnedAccess)),
            ])
        let pick = Selection.apps("instagram", "tiktok")
        let forChallenge = stored.holders(sharing: pick, path: .challenge, except: .gate("challenge"))
        #expect(forChallenge.map(\.path) == [.selah, .key])
        #expect(forChallenge.first == SharedHolder(name: "Selah", path: .selah, count: 2, opens: true, isGate: true))
        #expect(forChallenge.last?.opens == false && forChallenge.last?.isGate == false)
        #expect(stored.holders(sharing: pick, path: .selah, except: .gate("selah")).map(\.path) == [.challenge, .key])
        #expect(stored.holders(sharing: .apps("maps"), path: .selah, except: nil).isEmpty)
        #expect(stored.holders(sharing: .empty, path: .selah, except: nil).isEmpty)
    }
}
