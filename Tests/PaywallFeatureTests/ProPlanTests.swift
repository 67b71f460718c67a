import AppFeature
import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
import InMemoryClients
import OnboardingFeature
@testable import PaywallFeature
import PurchasesClient
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import ThresholdRuntime

/// The simulated phone with the app's client and its App Store: the plan changes only when the app
/// refreshes from the store (launch, foreground, a transaction update, a purchase or restore).
@MainActor
struct ProDevice {
    let phone: SimulatedPhone
    let store = InMemoryStore()
    let client: AppClient
    let app: AppModel

    init(_ setup: ThresholdState = .empty, plan: PlanStatus = .free, purchases: PurchasesClient? = nil) throws {
        phone = try SimulatedPhone(start: monday.wall, timeZone: ny.timeZone, setup: setup, plan: plan, store: store)
        let runtime = Runtime(reconciler: phone.reconciler(for: .app), restrictions: DeviceRestrictionsClient { _ in })
        client = AppClient(
            runtime: runtime, authorization: .approved, library: { bundledLibrary }, random: { 42 },
            purchases: purchases ?? phone.appStore.client)
        try store.write { $0.state.settings.onboardingCompleted = true }
        app = AppModel(client: client)
    }

    var plan: PlanRecord { try! store.read().plan }
    var engine: ThresholdState { try! store.read().engine }
    func days(_ days: Double) { phone.advance(by: days * 86_400) }
    func shielded(_ app: String) throws -> Bool { try phone.open(app).shielded }
    func start(_ profile: ProfileID, minutes: Int) -> String? {
        client.runtime.reconcile(.inApp("start"), command: StartSession(profile: profile, plan: .goal(minutes: minutes))).problem?.said
    }
}

@MainActor @Suite struct ProPlanTests {
    let beast = Profile.make("beast", name: "Beast", emoji: "🦁", path: .present, selection: .apps("tiktok"), strictness: .locked)
    let work = Profile.make(
        "work", name: "Work", emoji: "💼", path: .present, selection: .apps("x"), schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
    let sleep = Profile.make(
        "sleep", name: "Sleep", emoji: "🌙", path: .present, selection: .apps("reddit"),
        schedules: [.on(Weekday.everyDay, "22:00", "07:00")])

    /// The App Store does not sell a subscription in force again ("You're currently subscribed"),
    /// on the simulated phone as on an iPhone: a second purchase answers with the one in force.
    @Test func buyingASubscriptionInForceAgain_sellsNothing_andAnswersWithTheOneInForce() async throws {
        let device = try ProDevice(.make(profiles: [work]))
        let store = device.phone.appStore.client
        guard case .purchased(let first) = try await store.purchase(.yearly) else { Issue.record("not bought"); return }
        guard case .purchased(let again) = try await store.purchase(.yearly) else { Issue.record("not answered"); return }
        #expect(again == first)
        #expect(device.phone.appStore.purchases == 1)
        device.days(8)
        guard case .purchased(let renewed) = try await store.purchase(.monthly) else { Issue.record("not bought"); return }
        #expect(renewed != first && device.phone.appStore.purchases == 2, "another product is a new sale")
    }

    @Test func theTrial_startedOnThePaywall_withAutoRenewOff_lapsesOnDay8_andNothingRunningEnds() async throws {
        let device = try ProDevice(.make(profiles: [beast, work, sleep]))
        let paywall = PaywallModel(client: device.client)
        await paywall.load()
        #expect(paywall.trialDays == 7 && paywall.buyTrialDays == 7)
        #expect(
            paywall.offers.map(\.terms).first
                == "7 days free, then $4.99 a month. Cancel any time before the trial ends and you pay nothing.")
        #expect(device.start("beast", minutes: 60)?.contains("Beast Mode (locked strictness) is part of Threshold Pro") == true)
        await paywall.buy(.yearly)
        #expect(paywall.status == .subscribed && paywall.problem == nil)
        guard case .trial = device.plan.status else { Issue.record("not a trial: \(device.plan.status)"); return }
        device.phone.appStore.setAutoRenew(false)
        // The trial ends 7 days after 10:00 Monday (day 8): a Beast session starts 30 minutes before, for an hour.
        device.phone.advance(by: 7 * 86_400 - 30 * 60)
        #expect(device.start("beast", minutes: 60) == nil)
        device.phone.advance(by: 45 * 60)  // past the trial's end; the app comes forward
        await device.app.foreground()
        guard case .lapsed = device.plan.status else { Issue.record("not lapsed: \(device.plan.status)"); return }
        #expect(try device.shielded("tiktok"), "the running Beast session runs to its end")
        #expect(
            device.client.runtime.reconcile(.inApp("end"), command: EndSession(profile: "beast")).problem?.said.contains(
                "Beast Mode is on: 🦁 Beast cannot be given up") == true)
        #expect(PlanRules.schedules(in: device.engine).map(\.description) == ["work/main"])
        #expect(device.plan.paused.map(\.ref.description) == ["sleep/main"])
        #expect(device.plan.notice.said.contains("Threshold Pro has ended, so Free keeps one schedule on") == true)
        device.phone.advance(by: 20 * 60)
        #expect(
            device.client.runtime.reconcile(.inApp("end"), command: EndSession(profile: "beast")).problem == nil, "past its goal it ends")
        #expect(try !device.shielded("tiktok"))
        #expect(device.start("beast", minutes: 30)?.contains("part of Threshold Pro") == true)
        // A renewal resumes the paused schedule.
        device.phone.appStore.renew()
        await device.app.foreground()
        #expect(device.plan.status.includesPro && device.plan.paused.isEmpty)
        #expect(PlanRules.schedules(in: device.engine).map(\.description) == ["work/main", "sleep/main"])
    }

    @Test func aClockMovedBack_doesNotExtendTheTrial() async throws {
        let device = try ProDevice()
        let paywall = PaywallModel(client: device.client)
        await paywall.load()
        await paywall.buy(.monthly)
        device.phone.appStore.setAutoRenew(false)
        device.days(7.1)
        await device.app.foreground()  // the reconcile anchors trusted time
        try device.phone.setClock(to: monday.wall.addingTimeInterval(3 * 86_400))
        await device.app.foreground()
        guard case .lapsed = device.plan.status else { Issue.record("the moved clock extended the trial: \(device.plan.status)"); return }
    }

    @Test func aRenewalWhileTheAppIsClosed_isNotALapse_andExtensionsNeverChangeThePlan() async throws {
        let device = try ProDevice(.make(profiles: [work, sleep]), plan: .pro(until: monday.wall.addingTimeInterval(86_400)))
        let before = device.plan
        device.phone.killApp()
        device.days(3)  // the monitor runs at every boundary meanwhile
        #expect(device.plan == before, "no extension touched the plan")
        #expect(PlanRules.schedules(in: device.engine).count == 2)
        await device.app.foreground()
        guard case .pro(let until) = device.plan.status else { Issue.record("\(device.plan.status)"); return }
        #expect(until > device.phone.clock.real)
        #expect(device.plan.paused.isEmpty)
    }

    @Test func aRefund_revokesProAtOnce_andSaysWhy() async throws {
        let device = try ProDevice(plan: .pro(until: monday.wall.addingTimeInterval(30 * 86_400)))
        device.days(1)
        device.phone.appStore.refund()
        await device.app.transactionsUpdated(device.phone.appStore.takeUpdates())
        guard case .lapsed = device.plan.status else { Issue.record("\(device.plan.status)"); return }
        #expect(device.plan.notice.said.contains("refunded or revoked") == true)
    }

    @Test func askToBuy_grantsNothingUntilApproved() async throws {
        let device = try ProDevice()
        device.phone.appStore.askToBuy = true
        let paywall = PaywallModel(client: device.client)
        await paywall.load()
        await paywall.buy(.monthly)
        #expect(paywall.status == .pending)
        #expect(device.plan.status == .free)
        await device.app.foreground()
        #expect(device.plan.status == .free)
        device.phone.appStore.approve()
        await device.app.transactionsUpdated(device.phone.appStore.takeUpdates())
        guard case .trial = device.plan.status else { Issue.record("\(device.plan.status)"); return }
    }

    @Test func aBillingGracePeriodKeepsPro_andRetryPastItDoesNot() async throws {
        let device = try ProDevice(plan: .pro(until: monday.wall.addingTimeInterval(86_400)))
        device.phone.appStore.failBilling()
        device.days(2)
        await device.app.foreground()
        guard case .billingGrace = device.plan.status else { Issue.record("\(device.plan.status)"); return }
        device.days(16)
        await device.app.foreground()
        guard case .lapsed = device.plan.status else { Issue.record("\(device.plan.status)"); return }
    }

    // MARK: Bad input: no Pro granted, nothing running ended, the person sees why

    @Test func anUnverifiedTransaction_grantsNoPro_andSaysWhy() async throws {
        let device = try ProDevice()
        device.phone.appStore.signsNextTransactionBadly = true
        let paywall = PaywallModel(client: device.client)
        await paywall.load()
        await paywall.buy(.monthly)
        #expect(device.plan.status == .free)
        #expect(paywall.status == .ready)
        guard case .plan(let words)? = paywall.problem else {
            Issue.record("an unverified purchase should say so: \(String(describing: paywall.problem))")
            return
        }
        #expect(words.said.contains("could not be verified"))
        #expect(device.plan.notice.said.contains("could not be verified") == true)
    }

    @Test func aPurchaseThatThrows_grantsNoPro_andSaysWhy() async throws {
        let device = try ProDevice()
        device.phone.appStore.nextPurchaseFailure = "The network connection was lost."
        let paywall = PaywallModel(client: device.client)
        await paywall.load()
        await paywall.buy(.yearly)
        #expect(device.plan.status == .free)
        #expect(paywall.problem == .purchaseFailed(detail: "The network connection was lost."))
    }

    @Test func anUnknownProduct_grantsNoPro() async throws {
        let stranger = AppStoreTransaction(
            id: "x", productID: "com.example.coins", verified: true, purchaseDate: monday.wall,
            expirationDate: monday.wall.addingTimeInterval(86_400))
        let device = try ProDevice(purchases: .failing(entitlements: { [stranger] }, statuses: { [] }))
        await device.app.foreground()
        #expect(device.plan.status == .free)
        #expect(device.plan.notice.said.contains("which Threshold does not sell") == true)
    }

    @Test func anAppStoreThatCannotBeRead_endsNothing_andKeepsThePlan() async throws {
        let device = try ProDevice(
            .make(profiles: [beast, work, sleep]), plan: .pro(until: monday.wall.addingTimeInterval(86_400)),
            purchases: .failing(entitlements: { throw PurchasesError("offline") }))
        #expect(device.start("beast", minutes: 60) == nil)
        device.days(2)
        await device.app.foreground()
        guard case .pro = device.plan.status else { Issue.record("\(device.plan.status)"); return }
        #expect(device.plan.notice.said.contains("could not read your subscription from the App Store (offline)") == true)
        #expect(PlanRules.schedules(in: device.engine).count == 2)
    }

    @Test func aPlanRowThatCannotBeRead_grantsNothing_andThePaywallSaysWhy() async throws {
        let device = try ProDevice()
        _ = device.phone.damageSavedData(true)
        let paywall = PaywallModel(client: device.client)
        await paywall.load()
        await paywall.buy(.monthly)
        #expect(paywall.status != .subscribed)
        #expect(paywall.problem != nil)
    }

    @Test func onboarding_offersThePaywall_forPresentOrEarnedAccess_neverForSelahAlone() throws {
        let device = try ProDevice()
        let onboarding = OnboardingModel(client: device.client)
        onboarding.paths = [.selah]
        #expect(!onboarding.steps.contains(.pro))
        onboarding.paths = [.selah, .challenge, .key]
        #expect(!onboarding.steps.contains(.pro))
        for paths: Set<Pathway> in [[.present], [.earnedAccess], [.selah, .present]] {
            onboarding.paths = paths
            #expect(onboarding.steps.firstIndex(of: .pro) == onboarding.steps.firstIndex(of: .paths).map { $0 + 1 }, "\(paths)")
        }
    }

    @Test func notNow_isAlwaysThere_andClosesThePaywall_leavingFree() async throws {
        let device = try ProDevice()
        let paywall = PaywallModel(client: device.client)
        await paywall.load()
        #expect(paywall.features == [.beastMode, .moreSchedules, .streakFreeze])
        paywall.notNow()
        #expect(paywall.isClosed && device.plan.status == .free)
    }
}
