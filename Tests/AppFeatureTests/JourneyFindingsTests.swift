@testable import AppFeature
import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
import HomeFeature
import OnboardingFeature
import ScreenTimeSimulator
import SessionsFeature
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import UnlockFeature

/// What reading the screens as a new person does found (issue 12, "Fix what the journeys find"),
/// each walked through the screens' models on the simulated phone.

/// A Social mode that holds a whole App Store category (Instagram and TikTok are in it), weekdays 9–17.
let socialMode = Profile.make(
    "social", name: "Social", path: .earnedAccess, selection: Selection(categories: [CategoryToken("social")]),
    unlockPolicy: .earnedAccess, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])

@MainActor
@Suite struct OnboardingPathFindingsTests {
    @Test func earnedAccessAlone_leavesAFocusProfile_whoseSessionsEarnCredits() async throws {
        let device = try Device()
        let onboarding = OnboardingModel(client: device.client)
        await onboarding.pickApps(.picked(.apps("instagram")), choosing: [.earnedAccess])
        onboarding.finish()
        #expect(onboarding.problem == nil)

        let session = SessionModel(client: device.client)
        session.load()
        #expect(session.startable.map(\.name) == ["Focus"], "seed 002: the Focus tab starts a focus session")
        let focus = try #require(session.startable.first)
        session.start(focus.id, .goal(minutes: 25))
        #expect(session.problem == nil)
        device.advance(minutes: 25)
        session.load()
        session.end()
        #expect(session.problem == nil)
        #expect(device.stored.balances.credits == 25, "25 minutes focused earn 25 credits")
    }

    @Test func aChallengeSetUpInOnboarding_unlocksForFiveMinutes_whateverSelahsWindow() async throws {
        let device = try Device()
        let onboarding = OnboardingModel(client: device.client)
        await onboarding.pickApps(.picked(.apps("instagram")), choosing: [.selah, .challenge])
        onboarding.unlockMinutes = 15
        onboarding.finish()
        #expect(onboarding.problem == nil)
        let windows = Dictionary(uniqueKeysWithValues: device.stored.engine.gates.map { ($0.path, $0.unlockPolicy.windowMinutes) })
        #expect(windows == [.selah: 15, .challenge: 5], "seed 003: a challenge opens apps for 5 minutes")

        let alone = OnboardingModel(client: .inMemory(library: { bundledLibrary }))
        alone.toggle(.challenge)
        #expect(!alone.steps.contains(.duration), "Challenge's window is fixed, so no step asks for one")
    }
}

@MainActor
@Suite struct HomeFindingsTests {
    @Test func aPrayerWindow_doesNotSayAppsAreOpen_whileAnotherGateStillShields() throws {
        let device = try Device(.make(gates: [selahGate, challengeGate]))
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.tired)
        prayer.amen()
        #expect(try !device.shielded("instagram") && device.shielded("youtube"))
        let home = HomeModel(client: device.client)
        home.load()
        if case .unlocked(let until, _) = home.primary {
            Issue.record("Look Up still shields YouTube, yet Home says apps are open until \(until)")
        }
    }

    @Test func twoOpenWindows_sayTheOneThatEndsFirst() throws {
        let device = try Device(.make(gates: [selahGate, challengeGate]))
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.tired)
        prayer.amen()
        let math = IssueGrant(scope: .allGated, minutes: 5, origin: .ritual(.mathChallenge))
        #expect(device.client.runtime.reconcile(.inApp("math"), command: math).problem == nil)
        #expect(try !device.shielded("instagram") && !device.shielded("youtube"))
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.primary == .unlocked(until: monday.wall.adding(minutes: 5)), "YouTube shields again at 10:05")
    }
}

/// An Earned Access mode at firm strictness on weekdays 9–5, which the gate tests hold Instagram with.
private let firm = Profile.make(
    "work", name: "Work", path: .earnedAccess, selection: .apps("instagram"), strictness: .firm,
    unlockPolicy: .earnedAccess, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])

@MainActor
@Suite struct GateFindingsTests {
    @Test func firmStrictness_showsTheQuests_disabled_withWhy() throws {
        let device = try Device(.make(profiles: [firm]))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "Instagram", client: device.client.rituals)
        gate.load()
        let shown = try #require(gate.gate)
        #expect(shown.options.map(\.way) == [.ritual(.breathingQuest), .ritual(.copyTextQuest), .ritual(.credits), .ritual(.emergency)])
        let breathing = try #require(shown.options.first { $0.way == .ritual(.breathingQuest) })
        #expect(
            breathing.eligibility.disabledReason.map { Problem.refused(.disabled($0)).said }
                == "Work is firm, so quests do not unlock it; spend credits instead.")
        #expect(breathing.eligibility.availableAt == at("2026-03-02 17:00"))
        #expect(gate.choose(breathing) == nil)
    }

    @Test func aShieldsLink_forAnAppHeldThroughItsCategory_opensTheGateForTheRestrictionItNames() throws {
        let device = try Device(.make(profiles: [socialMode]))
        #expect(try device.shielded("instagram"))
        guard case .notified(let note) = try device.phone.pressShield(.primary, on: "instagram") else {
            Issue.record("Unlock options posts a notification into the app")
            return
        }
        let app = AppModel(client: device.client)
        app.open(URL(string: note.destination.deepLink)!)
        guard case .unlockGate(let gate)? = app.presented else {
            Issue.record("the link opens the gate, got \(String(describing: app.presented))")
            return
        }
        gate.load()
        #expect(gate.gate?.status == .shielded, "the link names Social, which holds Instagram through its category")
        #expect(gate.gate?.holders.map(\.name) == [.named("Social")])
    }

    @Test func unblock_withSeveralAppsBlocked_opensNoGateForAnArbitraryOne() throws {
        let device = try Device(.make(profiles: [workMode]))
        let app = AppModel(client: device.client)
        app.perform(.unblock)
        if case .unlockGate(let gate)? = app.presented {
            Issue.record("Instagram and TikTok are blocked; Unblock chose \(String(describing: gate.app)) for the person")
        }
        #expect(app.tab == .home, "Home lists what is blocked to choose from")
    }
}

@MainActor
@Suite struct UnlocksEntryTests {
    @Test func home_listsWhatIsBlocked_theGateOpensForTheOneChosen_andCloses() throws {
        let device = try Device(.make(profiles: [workMode]))
        let app = AppModel(client: device.client)
        app.home.load()
        #expect(app.home.unlockable.map(\.item) == [.app(AppToken("instagram")), .app(AppToken("tiktok"))])
        #expect(app.home.unlockable.map(\.holder) == [.named("Work"), .named("Work")])
        let tiktok = try #require(app.home.unlockable.last)
        app.openGate(tiktok)
        guard case .unlockGate(let gate)? = app.presented else {
            Issue.record("choosing TikTok opens its gate, got \(String(describing: app.presented))")
            return
        }
        gate.load()
        #expect(gate.app == AppToken("tiktok"))
        #expect(gate.gate?.status == .shielded)
        app.close()
        #expect(app.presented == nil)
    }

    @Test func aModeOfCategoriesOnly_isReachedFromHome_andItsCreditsOpenTheCategory() throws {
        let device = try Device(.make(profiles: [socialMode]))
        try device.store.write { try $0.post(LedgerEntry(account: .credits, amount: 20, memo: "focused"), at: monday.wall) }
        let app = AppModel(client: device.client)
        app.home.load()
        #expect(app.home.primary == .unlockOptions(.profile("social")))
        let social = try #require(app.home.unlockable.first)
        #expect(app.home.unlockable.map(\.item) == [.category(CategoryToken("social"))])
        app.openGate(social)
        guard case .unlockGate(let gate)? = app.presented else {
            Issue.record("choosing the category opens its gate, got \(String(describing: app.presented))")
            return
        }
        gate.load()
        #expect(gate.gate?.status == .shielded)
        let option = try #require(gate.gate?.options.first { $0.way == .ritual(.credits) })
        guard case .credits(let credits)? = gate.choose(option) else {
            Issue.record("the credits option opens the credits screen")
            return
        }
        credits.spend(minutes: 5)
        #expect(try !device.shielded("instagram") && !device.shielded("tiktok"))
    }
}

@MainActor
@Suite struct WhenItReturnsTests {
    @Test func aFirmModesQuests_sayWhenTheyReturn_andAShortBalanceSaysNoTime() throws {
        let device = try Device(.make(profiles: [firm]))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "Instagram", client: device.client.rituals)
        gate.load()
        let options = try #require(gate.gate?.options)
        let breathing = try #require(options.first { $0.way == .ritual(.breathingQuest) })
        #expect(gate.availableAgain(breathing)?.at == at("2026-03-02 17:00"))
        let credits = try #require(options.first { $0.way == .ritual(.credits) })
        #expect(gate.availableAgain(credits) == nil, "only focusing brings credits; no time would be true")
    }

    @Test func aUsedEmergency_saysWhenTheNextReturns_onTheGateAndItsScreen() throws {
        let device = try Device(.make(profiles: [workMode]), prepare: { $0.rituals.emergencyUses = [monday.wall.adding(minutes: -30)] })
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "Instagram", client: device.client.rituals)
        gate.load()
        let emergency = try #require(gate.gate?.options.first { $0.way == .ritual(.emergency) })
        let midnight = at("2026-03-03 00:00")
        #expect(gate.availableAgain(emergency)?.at == midnight)
        let screen = try EmergencyModel(terms: .make(.app("instagram")), client: device.client.rituals)
        #expect(screen.availableAgain?.at == midnight)
    }
}

@MainActor
@Suite struct TimeLeftTests {
    @Test func spendingCredits_saysAppsUnlockedForTheMinutes_andTheTimeLeft() throws {
        let h = Harness(.make(engine: .make(profiles: [workMode]), credits: 40))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "Instagram", client: h.client)
        gate.load()
        let option = try #require(gate.gate?.options.first { $0.way == .ritual(.credits) })
        guard case .credits(let credits)? = gate.choose(option) else {
            Issue.record("the credits option opens the credits screen")
            return
        }
        #expect(credits.window == nil)
        credits.spend(minutes: 15)
        #expect(credits.window?.minutes == 15)
        #expect(credits.window?.until == monday.wall.adding(minutes: 15))
        #expect(credits.window?.remaining == 900)
        h.clock.advance(by: 270)
        #expect(credits.window?.remaining == 630)
    }

    @Test func home_showsTheTimeLeft_whileAWindowIsOpen() throws {
        let device = try Device(.make(gates: [selahGate]))
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.window == nil)
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.grateful)
        prayer.amen()
        device.advance(minutes: 2)
        home.load()
        #expect(home.window?.until == monday.wall.adding(minutes: 10))
        #expect(home.window?.minutes == nil)
        #expect(home.window?.remaining == 480)
    }
}
