@testable import AppFeature
import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import ThresholdKeys

@MainActor
@Suite struct AppRootTests {
    let work = Profile.make("work", name: "Work", emoji: "💼", path: .key, selection: .apps("instagram"))

    @Test func accessRevokedWhileASessionRuns_isShown_andNothingShieldedIsCleared() async throws {
        let device = try Device(.make(profiles: [work]))
        let app = AppModel(client: device.client)
        app.route(.startProfile("work"))
        #expect(app.tab == .session)
        let applied = device.phone.shields.stores
        #expect(!applied.isEmpty)

        device.phone.authorization = .denied
        await app.foreground()
        #expect(app.verdict == .revoked)
        app.home.load()
        #expect(device.stored.applied.repairs.contains { $0.kind == .notAuthorized })
        #expect(!app.home.repairs.contains { $0.kind == .notAuthorized }, "said once, by the root's access banner with its button")
        #expect(device.phone.shields.stores == applied, "the app clears nothing when access goes")

        await app.requestAccess()
        #expect(app.verdict == .approved)
        #expect(try device.shielded("instagram"))
    }

    @Test func aFreshInstall_needsOnboarding_andAFinishedOneDoesNot() async throws {
        let device = try Device()
        let app = AppModel(client: device.client)
        await app.foreground()
        #expect(app.needsOnboarding && app.onboarding != nil)
        let done = try Device(prepare: { $0.settings.onboardingCompleted = true })
        let returning = AppModel(client: done.client)
        await returning.foreground()
        #expect(!returning.needsOnboarding && returning.onboarding == nil)
    }

    /// "Turn on shields" saves `onboardingCompleted`, but onboarding still has its notifications
    /// and tutorial steps to show. iOS's notification prompt and a trip to the Home Screen for the
    /// tutorial both bring the app back to the foreground; onboarding must still be on screen then,
    /// to its own Done (a journey found it vanishing to Home mid-tutorial).
    @Test func onboardingStaysOnScreen_acrossForegrounds_untilItsDone() async throws {
        let device = try Device(authorization: .notDetermined)
        let app = AppModel(client: device.client)
        await app.foreground()
        let onboarding = try #require(app.onboarding)
        onboarding.next()
        await onboarding.requestAccess()
        onboarding.next()
        onboarding.toggle(.selah)
        onboarding.next()
        onboarding.pick(.picked(.apps("instagram")))
        #expect(onboarding.selection(of: .selah) == .apps("instagram"))
        while onboarding.step != .ready { onboarding.next() }
        onboarding.finish()
        #expect(onboarding.step == .notifications)
        await app.foreground()
        #expect(app.needsOnboarding && app.onboarding === onboarding, "the notifications step is still on screen")
        onboarding.next()
        onboarding.startTutorial()
        await app.foreground()
        #expect(app.needsOnboarding, "coming back from the tutorial's shield shows its last step")
        // Selah alone keeps no XP: XP is Present's.
        #expect(onboarding.tutorial == .finished(xp: 0))
        onboarding.close()
        app.onboardingClosed()
        #expect(!app.needsOnboarding && app.onboarding == nil)
    }

    @Test func aTutorialLeftRunning_finishesOnTheNextForeground() async throws {
        // Present's tutorial, for a person who uses Present: its XP is theirs.
        let device = try Device(.make(profiles: [.make("focus", path: .present)]), prepare: { $0.settings.onboardingCompleted = true })
        #expect(device.client.runtime.reconcile(.inApp("tutorial"), command: StartTutorial()).problem == nil)
        #expect(try device.shielded("maps"))
        let app = AppModel(client: device.client)
        await app.foreground()
        #expect(app.tutorialFinished == 5)
        #expect(try !device.shielded("maps"))
    }

    @Test func links_openTheirScreens_andABadLinkSaysWhy() throws {
        let device = try Device(.make(gates: [selahGate]))
        let app = AppModel(client: device.client)
        app.open(URL(string: "threshold://pray")!)
        guard case .prayer? = app.presented else {
            Issue.record("the prayer link opens the prayer flow, got \(String(describing: app.presented))")
            return
        }
        app.open(URL(string: "https://threshold.app/unlock/aW5zdGFncmFt?rule=gate:selah")!)
        guard case .unlockGate(let gate)? = app.presented else {
            Issue.record("a shield's unlock link opens the gate, got \(String(describing: app.presented))")
            return
        }
        #expect(gate.app == AppToken("instagram"))
        app.open(URL(string: "https://example.com/k/abc")!)
        guard case .badLink(let error)? = app.presented else {
            Issue.record("a foreign link is refused with a reason")
            return
        }
        #expect(error == .unknownHost("example.com"))
    }

    @Test func aKeyTap_startsItsProfile_andTheSecondAsksEndOrBreak() throws {
        var generator = SplitMix64(seed: 3)
        let minted = try KeyRing.mint(profile: "work", name: "Desk", at: monday.wall, using: &generator)
        let device = try Device(.make(profiles: [work]), prepare: { $0.settings.keyTags = [minted.tag] })
        let app = AppModel(client: device.client)
        app.open(minted.link)
        #expect(try device.shielded("instagram"))
        device.advance(minutes: 5)
        app.open(minted.link)
        guard case .keyTap(let model)? = app.presented, case .choosing = model.phase else {
            Issue.record("a second tap asks to end or take a break")
            return
        }
        #expect(try device.shielded("instagram"), "the second tap ends nothing by itself")
    }

    @Test func unblock_opensTheSession_whenOneRuns_elseThePrayer() throws {
        let device = try Device(.make(profiles: [work], gates: [selahGate]))
        let app = AppModel(client: device.client)
        app.perform(.unblock)
        guard case .prayer? = app.presented else {
            Issue.record("with no session, Unblock leads to the prayer")
            return
        }
        app.presented = nil
        app.route(.startProfile("work"))
        app.tab = .home
        app.perform(.unblock)
        #expect(app.tab == .session)
        app.perform(.feedback)
        guard case .feedback? = app.presented else {
            Issue.record("Feedback opens the form")
            return
        }
    }
}
