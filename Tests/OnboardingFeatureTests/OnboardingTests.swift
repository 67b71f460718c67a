import FeatureClient
import FeatureTestSupport
import KeysFeature
import Foundation
@testable import OnboardingFeature
import ScreenTimeClient
import StoreClient
import TestSupport
import Testing
import ThresholdCore

@MainActor
@Suite struct OnboardingTests {
    @Test func turningShieldsOnWithNoAppsPicked_savesNothing_andSaysToChooseThem() throws {
        let device = try Device()
        let onboarding = OnboardingModel(client: device.client)
        onboarding.toggle(.selah)
        onboarding.finish()
        #expect(onboarding.problem == .noApps)
        #expect(device.stored.engine.gates.isEmpty && !device.stored.settings.onboardingCompleted)
    }

    @Test func selahFromStartToShields_throughTheReconciler() async throws {
        let device = try Device(authorization: .notDetermined)
        let onboarding = OnboardingModel(client: device.client)
        onboarding.next()
        #expect(onboarding.step == .authorization)
        await onboarding.checkAccess()
        #expect(onboarding.verdict == .notYetAsked)
        onboarding.next()
        #expect(onboarding.step == .authorization, "no way past access without it")
        await onboarding.requestAccess()
        #expect(onboarding.verdict == .approved)
        onboarding.next()
        onboarding.toggle(.selah)
        onboarding.next()
        #expect(onboarding.step == .apps)
        onboarding.pick(.picked(.apps("instagram", "tiktok")))
        onboarding.next()
        #expect(onboarding.step == .selah)
        onboarding.preferences = SelahPreferences(tradition: .catholic, vibe: .contemplative, translation: .esv)
        onboarding.next()
        #expect(onboarding.step == .duration)
        onboarding.unlockMinutes = 15
        onboarding.next()
        #expect(onboarding.step != .notifications && onboarding.step != .tutorial)
        #expect(try !device.shielded("instagram"), "nothing is saved before ready")

        onboarding.finish()
        #expect(onboarding.problem == nil)
        #expect(onboarding.step == .notifications, "notification permission is asked before the tutorial")
        onboarding.next()
        #expect(onboarding.step == .tutorial)
        #expect(try device.shielded("instagram") && device.shielded("tiktok"))
        #expect(try !device.shielded("maps"))
        let stored = device.stored
        #expect(stored.settings.onboardingCompleted)
        #expect(stored.settings.selah == SelahPreferences(tradition: .catholic, vibe: .contemplative, translation: .esv))
        #expect(stored.engine.gates.map(\.unlockPolicy.windowMinutes) == [15])
    }

    @Test func notificationPermission_isAskedBeforeTheTutorial_andRecordedForTheShield() async throws {
        let device = try Device()
        device.phone.notifications.permission = .notDetermined
        let onboarding = try await ready(device, paths: [.present])
        onboarding.finish()
        #expect(onboarding.step == .notifications)
        #expect(onboarding.notificationPermission == .notDetermined)
        await onboarding.requestNotifications()
        #expect(onboarding.notificationPermission == .allowed)
        #expect(device.stored.applied.notificationPermission == .allowed)
        onboarding.back()
        #expect(onboarding.step == .notifications, "the choices are saved; there is no way back to ready")
        onboarding.next()
        #expect(onboarding.step == .tutorial)
    }

    @Test func notificationsRefused_theShieldSaysToOpenThresholdByHand() async throws {
        let device = try Device()
        device.phone.notifications.permission = .notDetermined
        device.phone.notifications.answersPrompt = .denied
        let onboarding = try await ready(device, paths: [.present])
        onboarding.finish()
        await onboarding.requestNotifications()
        #expect(onboarding.notificationPermission == .denied)
        #expect(onboarding.blocker == nil, "declining is a choice, not a dead end")
        #expect(device.stored.applied.notificationPermission == .denied)
        #expect(device.client.runtime.reconcile(.inApp("start"), command: StartSession(profile: "focus", origin: .manual)).problem == nil)
        let shield = try #require(try device.phone.open("instagram").content)
        #expect(shield.opensThresholdByHand)
    }

    @Test func theTutorial_shieldsEveryApp_untilThePersonComesBack() async throws {
        let device = try Device()
        let onboarding = try await ready(device, paths: [.present])
        onboarding.finish()
        onboarding.next()
        #expect(onboarding.step == .tutorial)
        onboarding.startTutorial()
        #expect(onboarding.tutorial == .running)
        #expect(try device.shielded("maps") && device.shielded("notes"))
        #expect(onboarding.blocker == .tutorialRunning)
        onboarding.finishTutorial()
        #expect(onboarding.tutorial == .finished(xp: 5))
        #expect(try !device.shielded("maps"))
        #expect(device.stored.balances.xp == 5)
        onboarding.next()
        #expect(onboarding.step == .done)
    }

    @Test(arguments: AuthorizationFailure.thrownByiOS)
    func everyAccessFailure_isExplained_andRetryWorksWhenItCan(failure: AuthorizationFailure) async throws {
        let device = try Device(authorization: .notDetermined)
        device.access.willAnswer([failure])
        let onboarding = OnboardingModel(client: device.client)
        onboarding.next()
        await onboarding.requestAccess()
        #expect(onboarding.authorizationFailure == failure)
        #expect(onboarding.authorizationFailure?.message.isEmpty == false)
        #expect(onboarding.blocker == .needsAccess)
        onboarding.next()
        #expect(onboarding.step == .authorization)
        await onboarding.requestAccess()
        #expect(onboarding.verdict == .approved && onboarding.authorizationFailure == nil)
    }

    /// Onboarding at its access step, on a device whose request returns `status` without an
    /// error, access then reading as `verdict`.
    private func requestReturning(_ status: AuthorizationStatus, then verdict: AuthorizationVerdict) async throws -> OnboardingModel {
        let device = try Device(authorization: status)
        let client = AppClient(
            runtime: device.client.runtime,
            authorization: AuthorizationClient(verdict: { verdict }, request: { status }),
            library: { bundledLibrary })
        let onboarding = OnboardingModel(client: client)
        onboarding.next()
        await onboarding.requestAccess()
        return onboarding
    }

    @Test func aRequestThatReturnsWithoutAccess_readsAsDeclined() async throws {
        let onboarding = try await requestReturning(.denied, then: .denied)
        #expect(onboarding.verdict == .denied)
        #expect(onboarding.authorizationFailure == .canceled)
    }

    @Test func aRequestThatReturnsWithAccessStillUndetermined_saysIOSGrantedNothing_notThatThePersonDeclined() async throws {
        let onboarding = try await requestReturning(.notDetermined, then: .notYetAsked)
        #expect(onboarding.authorizationFailure == .notGranted)
        #expect(onboarding.authorizationFailure?.canRetry == false, "a retry alone does not mend it: Settings or a restart first")
        #expect(onboarding.blocker == .needsAccess)
    }

    @Test func aPickerThatReturnsNothing_orFails_orPicksTooMuch_keepsWhatWasChosen() async throws {
        let device = try Device()
        let onboarding = OnboardingModel(client: device.client)
        await onboarding.walkToApps(choosing: [.selah])
        onboarding.pick(.picked(.apps("instagram")))
        onboarding.pick(.picked(.empty))
        #expect(onboarding.pickProblem == .nothingChosen)
        onboarding.pick(.failed("The picker closed unexpectedly."))
        #expect(onboarding.pickProblem == .pickerFailed("The picker closed unexpectedly."))
        onboarding.pick(.picked(.apps((0..<2_501).map { "app\($0)" })))
        guard case .refused(let reason)? = onboarding.pickProblem else {
            Issue.record("more than iOS can shield is refused, got \(String(describing: onboarding.pickProblem))")
            return
        }
        #expect(reason.said.contains("more than iOS can shield"))
        #expect(onboarding.selection == .apps("instagram"))
    }

    @Test func theStepsFollowThePaths() {
        let onboarding = OnboardingModel(client: .inMemory(library: { bundledLibrary }))
        #expect(!onboarding.steps.contains(.selah) && !onboarding.steps.contains(.duration))
        onboarding.toggle(.challenge)
        #expect(!onboarding.steps.contains(.duration) && !onboarding.steps.contains(.selah), "a challenge always opens for 5 minutes")
        onboarding.toggle(.selah)
        #expect(onboarding.steps.contains(.selah) && onboarding.steps.contains(.duration))
    }

    @Test func everyPath_makesItsRestriction_fromItsPick() async throws {
        let device = try Device()
        let onboarding = try await ready(device, paths: Set(Pathway.allCases))
        onboarding.togglePreset(.study)
        onboarding.togglePreset(.work)
        onboarding.finish()
        let engine = device.stored.engine
        #expect(engine.gates.map(\.path).sorted { $0.rawValue < $1.rawValue } == [.challenge, .selah])
        #expect(Set(engine.profiles.map(\.path)) == [.present, .earnedAccess, .key])
        #expect(engine.profile("study")?.breakPolicy == .fivePerHour)
        #expect(engine.profiles.allSatisfy { $0.selection == .apps("instagram") })
    }

    /// Issue 34 item 2: the apps step asks each chosen path in turn what it holds; a later path
    /// takes an earlier one's apps in one tap; Back walks back through the paths; each restriction
    /// holds its own path's pick.
    @Test func eachPath_holdsItsOwnPick_withAnEarlierOneOneTapAway() async throws {
        let device = try Device()
        let onboarding = OnboardingModel(client: device.client)
        await onboarding.walkToApps(choosing: [.selah, .challenge, .present])
        #expect(onboarding.step == .apps && onboarding.appsPath == .selah && onboarding.earlierPicks.isEmpty)
        onboarding.next()
        #expect(onboarding.appsPath == .selah, "no way on without Selah's apps")
        onboarding.pick(.picked(.apps("instagram")))
        onboarding.next()
        #expect(onboarding.appsPath == .present && onboarding.selection == nil && onboarding.earlierPicks == [.selah])
        onboarding.useSameApps(as: .selah)
        #expect(onboarding.appsPath == .challenge && onboarding.earlierPicks == [.selah, .present])
        onboarding.back()
        #expect(onboarding.appsPath == .present && onboarding.selection == .apps("instagram"))
        onboarding.next()
        onboarding.pick(.picked(.apps("tiktok")))
        onboarding.next()
        #expect(onboarding.step == .selah)
        onboarding.back()
        #expect(onboarding.step == .apps && onboarding.appsPath == .challenge, "Back returns to the last path's apps")
        onboarding.finish()
        #expect(onboarding.problem == nil)
        let engine = device.stored.engine
        #expect(engine.gates.first { $0.id == "selah" }?.selection == .apps("instagram"))
        #expect(engine.gates.first { $0.id == "challenge" }?.selection == .apps("tiktok"))
        #expect(engine.profile("focus")?.selection == .apps("instagram"))
        #expect(device.stored.settings.paths == [.selah, .challenge, .present])
    }

    /// Key's presets are offered ready to use, and onboarding makes every one chosen (issue 14,
    /// item 5), each with its own break policy; none can be left with no profile at all.
    @Test func keyOnboarding_makesEveryPresetChosen_eachWithItsBreaks() async throws {
        let device = try Device()
        let onboarding = try await ready(device, paths: [.key])
        onboarding.togglePreset(.sleep)
        onboarding.togglePreset(.study)
        #expect(onboarding.presets == [.work, .study, .sleep])
        onboarding.finish()
        let engine = device.stored.engine
        #expect(Set(engine.profiles.map(\.id)) == ["work", "study", "sleep"])
        #expect(engine.profile("work")?.breakPolicy == .fivePerHour)
        #expect(engine.profile("sleep")?.breakPolicy == BreakPolicy.none)
        let again = try await ready(try Device(), paths: [.key])
        again.togglePreset(.work)
        #expect(again.presets == [.work], "the last preset stays chosen")
    }

    /// Key from the first day (issue 34 item 5): once the shields are on, the key step makes a key
    /// for the preset the person chooses, kept only when the tag took it; Back is gone (the shields
    /// are on), and Continue goes on to notifications.
    @Test func keyOnboarding_writesTheFirstKey_onceTheShieldsAreOn() async throws {
        let device = try Device()
        let onboarding = try await ready(device, paths: [.key])
        onboarding.togglePreset(.study)
        onboarding.finish()
        #expect(onboarding.step == .key && !onboarding.canGoBack)
        #expect(onboarding.keyProfiles.map(\.id) == ["work", "study"] && onboarding.keyProfile == "work")
        onboarding.keyProfile = "study"
        var written: URL?
        var finish: (@MainActor (Result<Void, KeyWriteFailure>) -> Void)?
        let tag = KeyTagWriting(isAvailable: true) { link, completion in
            written = link
            finish = completion
            return nil
        }
        onboarding.keyMaking.write(for: onboarding.chosenKeyProfile, name: "Study", using: tag)
        #expect(written != nil && device.stored.settings.keyTags.isEmpty, "nothing is kept before the tag took the link")
        finish?(.failure(KeyWriteFailure(message: "Could not reach the tag.")))
        #expect(device.stored.settings.keyTags.isEmpty && onboarding.keyMaking.problem == .notWritten("Could not reach the tag."))
        onboarding.keyMaking.write(for: onboarding.chosenKeyProfile, name: "Study", using: tag)
        finish?(.success(()))
        #expect(device.stored.settings.keyTags.map(\.profileID) == ["study"])
        #expect(onboarding.keyMaking.made?.profileTitle == "📚 Study" && onboarding.keyMaking.problem == nil)
        onboarding.next()
        #expect(onboarding.step == .notifications)
    }

    @Test func withoutKey_theShieldsGoStraightToNotifications() async throws {
        let device = try Device()
        let onboarding = try await ready(device, paths: [.present])
        onboarding.finish()
        #expect(onboarding.step == .notifications && !onboarding.steps.contains(.key))
    }

    @Test func aFailingStore_savesNothing_andLeavesTheShieldsAsTheyWere() async throws {
        let device = try Device(.make(gates: [selahGate]))
        #expect(try device.shielded("instagram"))
        let onboarding = try await ready(device, paths: [.present])
        device.store.failNextCalls(with: .busy)
        onboarding.finish()
        device.store.failNextCalls(with: nil)
        guard case .refused(let words)? = onboarding.problem else {
            Issue.record("a refusal should say why: \(String(describing: onboarding.problem))")
            return
        }
        #expect(words.said.contains("busy"))
        #expect(onboarding.step != .notifications && onboarding.step != .tutorial)
        #expect(device.stored.engine.profiles.isEmpty && !device.stored.settings.onboardingCompleted)
        #expect(try device.shielded("instagram"))
    }

    /// Onboarding walked to "ready" with access granted and Instagram picked.
    func ready(_ device: Device, paths: Set<Pathway>) async throws -> OnboardingModel {
        let onboarding = OnboardingModel(client: device.client)
        await onboarding.pickApps(.picked(.apps("instagram")), choosing: paths)
        try #require(onboarding.pathsHoldingApps.allSatisfy { onboarding.selection(of: $0) != nil })
        return onboarding
    }
}
