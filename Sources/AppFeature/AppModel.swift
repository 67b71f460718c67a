import BackupFeature
import EntryPoints
import FeatureClient
import Foundation
import HomeFeature
import InsightsFeature
import IntentionsFeature
import KeysFeature
import Observation
import OnboardingFeature
import PaywallFeature
import ProfilesFeature
import PurchasesClient
import ScreenTimeClient
import SelectionFeature
import SessionsFeature
import SettingsFeature
import StoreClient
import ThresholdCore
import ThresholdRuntime
import TogetherSync
import UnlockFeature

/// The app's root: onboarding or the tabs; on every foreground, Screen Time access is read again
/// and the reconcile runs; links, notifications and quick actions are routed to their screen.
///
/// It never clears a shield itself: when access is revoked it says so and offers to ask again,
/// and whatever the last reconcile applied stays applied.
@MainActor @Observable
public final class AppModel {
    public enum Tab: String, Hashable, Sendable, CaseIterable {
        case home, session, profiles, insights, settings
    }

    /// A screen shown over the tabs.
    public enum Presented: Identifiable {
        case prayer(PrayerModel)
        case unlockGate(UnlockGateModel)
        case keyTap(KeyTapModel)
        /// A link asks to start a profile the person could not undo (Beast Mode): nothing starts
        /// until they confirm (``confirmStart()``) or decline (``declineStart()``).
        case confirmStart(StartConfirmation, link: String)
        /// A link that names nothing Threshold does: what was wrong with it.
        case badLink(LinkError)
        case feedback
        /// Threshold Pro's paywall, from a refusal that needs Pro or from Settings.
        case paywall(PaywallModel)
        /// The Daily Review of yesterday, from its 9 AM reminder.
        case dailyReview(DailyReviewModel)

        /// A new model is a new presentation: a route to the prayer, a gate, the key, the paywall
        /// or the review while one is open shows the new one (iOS dismisses the sheet and presents
        /// it), never the open sheet over a model it did not load (its `onAppear` has run).
        public var id: String {
            func named(_ kind: String, _ model: AnyObject) -> String { "\(kind)-\(ObjectIdentifier(model).hashValue)" }
            return switch self {
            case .prayer(let model): named("prayer", model)
            case .unlockGate(let model): named("gate-\(model.subject.token)", model)
            case .keyTap(let model): named("key", model)
            case .confirmStart(let confirmation, _): "confirm-\(confirmation.profile)"
            case .badLink(let error): "link-\(error)"
            case .feedback: "feedback"
            case .paywall(let model): named("paywall", model)
            case .dailyReview(let model): named("daily-review", model)
            }
        }
    }

    public var tab: Tab = .home {
        // NB: a link or a quick action that leads to a tab the person does not have lands on Home.
        didSet { if !tabs.contains(tab) { tab = .home } }
    }
    /// The tabs the person has something to do in: Session only with a path that runs sessions
    /// (Present, Key, Earned Access's focus), so Selah or Challenge alone never meets one.
    public var tabs: [Tab] {
        Tab.allCases.filter { $0 != .session || home.paths.runsSessions }
    }
    public var presented: Presented?
    /// Whether onboarding still has to run (the saved settings say it never finished).
    public private(set) var needsOnboarding = false
    public private(set) var onboarding: OnboardingModel?
    public private(set) var verdict: AuthorizationVerdict?
    /// The store could not be read; shields stay as they were.
    public private(set) var problem: Problem?
    /// A tutorial finished on this foreground, with the XP it earned, to say so once.
    public private(set) var tutorialFinished: Int?

    public let client: AppClient
    @ObservationIgnored private var transactionListener: Task<Void, Never>?
    public let home: HomeModel
    public let session: SessionModel
    public let profiles: ProfilesModel
    public let intentions: IntentionsModel
    public let insights: InsightsModel
    public let settings: SettingsModel
    /// Settings › Together (opt-in; ``TogetherModel/Status/unavailable`` when the client has none).
    public let together: TogetherModel

    public init(client: AppClient) {
        self.client = client
        home = HomeModel(client: client)
        session = SessionModel(client: client)
        profiles = ProfilesModel(client: client)
        intentions = IntentionsModel(client: client)
        insights = InsightsModel(client: client)
        settings = SettingsModel(client: client)
        together = TogetherModel(sync: TogetherSync(client: client))
        // NB: read before the first frame, so a fresh install shows onboarding at once, never the
        // tabs (which ask for notifications) for the moment before the first foreground.
        refresh(nil)
    }

    /// The app's comings and goings, handled here and nowhere else, in one order: on the way in
    /// the process's own work first (the store takes its locks again), then the quest or game in
    /// front, then the foreground (``foreground()``); on the way out the quest or game first (it is
    /// left) and the process's own work last (the store lets go of its locks).
    public func scenePhaseChanged(to phase: AppPhase) async {
        if phase != .background { client.appPhase(phase) }
        client.state.inFront?.scenePhaseChanged(to: phase)
        switch phase {
        case .active: await foreground()
        case .inactive: break
        case .background: client.appPhase(phase)
        }
    }

    /// The app came forward (or launched): access is read again (PLATFORM.md: it can be revoked at
    /// any time), for onboarding too while it runs, the reconcile runs, and a tutorial left running
    /// is finished.
    public func foreground() async {
        verdict = await client.authorization.verdict()
        if let onboarding { await onboarding.checkAccess() }
        // A Focus that ended (or began) without iOS running Threshold's filter: what it would have done.
        if let focus = await client.currentFocus() { client.runtime.followFocus(focus) }
        // The plan is read from the App Store on launch and every foreground, and saved in the
        // foreground's own reconcile (only the app changes it).
        refresh(.appForeground, command: await client.readPlan()?.command)
        finishTutorial()
        // Together, when joined: the days not yet sent go now (the app's process; never an extension's).
        await together.foreground()
    }

    /// iOS gave the app a background refresh (`BGAppRefreshTask`; the app schedules the next each
    /// time it goes to the background): Together's sync, when joined (summaries, broken streaks,
    /// partners' messages as notifications, the daily backup), with no screen: the service runs,
    /// not Settings' model. Nothing else that a foreground does: no foreground reconcile (a Live
    /// Activity cannot start in the background); the sync's own notes of how far it got are
    /// commands, reconciled as any change is.
    public func backgroundRefresh() async {
        await together.sync.run(alsoWhenLater: together.dailyBackup)
    }

    /// Reads `Transaction.updates` for as long as the app runs, from launch (the app calls this
    /// when it makes the model, as close to launch as StoreKit asks), so renewals, refunds and
    /// approved Ask to Buy purchases made while the app was closed arrive.
    public func startListeningForTransactions() {
        guard transactionListener == nil, let purchases = client.purchases else { return }
        transactionListener = Task { [weak self] in
            for await update in purchases.updates() { await self?.transactionsUpdated([update]) }
        }
    }

    /// Asks iOS once to allow notifications: a shield cannot open the app, and its buttons send a
    /// notification that does. Later calls return the answer given. NB: a refusal or a failure
    /// only loses that shortcut; onboarding's Notifications step says so and offers Settings.
    public func askForNotifications() async {
        _ = try? await client.runtime.screenTime.requestNotificationPermission()
    }

    /// A transaction update arrived (`Transaction.updates`: a renewal, a refund or revocation, an
    /// approved Ask to Buy): the plan is read again with it and saved.
    public func transactionsUpdated(_ updates: [AppStoreTransaction]) async {
        _ = await client.refreshPlan(including: updates)
        refresh(nil)
    }

    /// The person came back to Threshold: a tutorial left running is finished.
    private func finishTutorial() {
        if let onboarding, onboarding.step == .tutorial {
            onboarding.finishTutorial()
        } else if !needsOnboarding, (try? client.read().engine.tutorial) != nil {
            // NB: an unreadable store was already reported by `refresh`; the tutorial then waits.
            let (done, earned) = client.runtime.reconcile(.inApp("tutorial"), returning: ReturnFromTutorial())
            if done.problem == nil { tutorialFinished = earned }
            refresh(nil)
        }
    }

    /// The clock or time zone changed while the app runs.
    public func timeChanged() { refresh(.significantTimeChange) }

    /// Reconciles (when `trigger` is given: its commit is published to ``AppClient/state``, and the
    /// screens in front derive again from it) and reads whether onboarding is done; without a
    /// trigger the screens in front read again at once.
    public func refresh(_ trigger: Trigger?, command: (any StateCommand)? = nil) {
        if let trigger, let command {
            client.runtime.reconcile(trigger, command: command)
        } else if let trigger {
            client.runtime.reconcile(trigger)
        }
        do {
            let stored = try client.read()
            // "Turn on shields" saves `onboardingCompleted`; the notifications and tutorial steps
            // follow it, across the foregrounds iOS's prompt and the tutorial's shield cause.
            let stillOnboarding = onboarding.map { $0.step != .done } ?? false
            needsOnboarding = !stored.settings.onboardingCompleted || stillOnboarding
            if needsOnboarding, onboarding == nil { onboarding = OnboardingModel(client: client) }
            if !needsOnboarding, onboarding?.step == .done { onboarding = nil }
            problem = nil
        } catch {
            problem = Problem(error)
        }
        if trigger == nil { reloadVisible() }
    }

    /// The screens in front read the state again (after every commit published to
    /// ``AppClient/state``, and when a tab appears): Home, which routing reads (the Unblock quick
    /// action), and the tab shown.
    public func reloadVisible() {
        home.load()
        switch tab {
        case .home: break
        case .session: session.load()
        case .profiles:
            profiles.load()
            intentions.load()
        case .insights: insights.load()
        case .settings: settings.load()
        }
    }

    /// Onboarding said it is done. The access it last read is the app's now (the banners read it).
    public func onboardingClosed() {
        if let read = onboarding?.verdict { verdict = read }
        onboarding = nil
        refresh(nil)
    }

    /// Whether the person uses Threshold as a timer, Screen Time access declined (seed 004's
    /// fallback): Home says nothing is shielded and offers to ask for access again.
    public var timerOnly: Bool { client.state.stored?.settings.timerOnly ?? false }

    /// Asks for Screen Time access again (after a revocation or a refusal).
    public func requestAccess() async {
        // NB: a failure shows as the verdict that follows; the banner says what to do either way.
        _ = try? await client.authorization.request()
        verdict = await client.authorization.verdict()
        refresh(.inApp("authorization"))
    }

    public func dismissTutorialNote() { tutorialFinished = nil }

    // MARK: Routing

    /// A link from `onOpenURL`, a notification or a widget.
    public func open(_ url: URL) {
        do {
            route(try LinkRoute(url: url), url: url)
        } catch {
            presented = .badLink(error as? LinkError ?? .notALink)
        }
    }

    public func route(_ route: LinkRoute, url: URL? = nil) {
        switch route {
        case .startProfile(let profile):
            // The link without its fragment: nothing secret reaches the log.
            let text = url.map { $0.absoluteString.split(separator: "#").first.map(String.init) ?? "" } ?? "start/\(profile)"
            // Any app or web page can open a start link: one that would lock the phone asks first.
            // NB: an unreadable store asks nothing; the start then fails closed and says why.
            if let stored = try? client.read(),
                let confirmation = StartConfirmation.needed(toStart: profile, in: stored.engine, at: client.now, calendar: client.calendar)
            {
                presented = .confirmStart(confirmation, link: text)
                return
            }
            start(profile, link: text)
        case .startLastUsed:
            // NB: an unreadable store starts nothing here; the Session tab then says why.
            guard let stored = try? client.read(), let profile = stored.engine.lastUsedProfile else {
                tab = .session
                return
            }
            let decision = KeyTapDecision.decide(for: profile.id, in: stored.engine, at: client.now, calendar: client.calendar)
            if case .start = decision {
                self.route(.startProfile(profile.id), url: url)
            } else {
                // It is on: the card's next tap asks what a key's does, end or a break.
                let model = KeyTapModel(client: client.rituals)
                model.ask(decision)
                presented = .keyTap(model)
            }
        case .keyTap(let tag, let secret):
            let model = KeyTapModel(client: client.rituals)
            model.tap(tag, secret: secret)
            presented = .keyTap(model)
        case .open(let destination):
            self.route(destination)
        case .partnerInvitation(let code):
            // Settings › Together asks whether to accept it (nothing is accepted by opening a link).
            together.received(LinkRoute.partnerInvitation(code).universalLink.absoluteString)
            tab = .settings
        }
    }

    /// The person confirmed the start a link asked for: it starts now, through the same command.
    public func confirmStart() {
        guard case .confirmStart(let confirmation, let link)? = presented else { return }
        presented = nil
        start(confirmation.profile, link: link)
    }

    /// The person declined the start a link asked for: nothing changes.
    public func declineStart() {
        guard case .confirmStart? = presented else { return }
        presented = nil
    }

    private func start(_ profile: ProfileID, link: String) {
        let done = client.runtime.startProfile(profile, from: .universalLink(link))
        tab = .session
        session.report(done.problem)
    }

    /// Where a link, a shield's notification or a quick action leads.
    public func route(_ destination: AppDestination) {
        switch destination {
        case .home: tab = .home
        case .prayer: presented = .prayer(PrayerModel(client: client.rituals))
        case .unlockGate(let app?, let category, let rule):
            presented = .unlockGate(UnlockGateModel(app: app, category: category, rule: rule, appName: nil, client: client.rituals))
        case .unlockGate(nil, let category?, let rule):
            presented = .unlockGate(UnlockGateModel(category: category, rule: rule, client: client.rituals))
        case .unlockGate(nil, nil, _): openWhatIsBlocked()
        case .websiteGate(let site, let rule):
            presented = .unlockGate(UnlockGateModel(webDomain: site, rule: rule, client: client.rituals))
        case .challenge(let app, let rule):
            let gate = UnlockGateModel(app: app, rule: rule, appName: nil, client: client.rituals)
            gate.opensChallenge = true
            presented = .unlockGate(gate)
        case .session: tab = .session
        case .tutorial: finishTutorial()
        case .feedback: presented = .feedback
        case .dailyReview:
            let review = DailyReviewModel(client: client)
            review.load()
            presented = .dailyReview(review)
        }
    }

    /// Home's "Start a challenge": straight into a game picked at random, through the gate for
    /// `item` (an app); a category or website held opens its gate, where the games are offered.
    public func startChallenge(_ item: HomeModel.Unlockable) {
        if case .app(let app) = item.item { route(.challenge(app: app, rule: item.rule)) } else { openGate(item) }
    }

    /// Opens the unlock gate for something Home's Unlocks list shows as blocked.
    public func openGate(_ item: HomeModel.Unlockable) {
        route(item.destination)
    }

    /// Closes the screen shown over the tabs (the gate's or the prayer's Close); Home reads again.
    public func close() {
        presented = nil
        refresh(nil)
    }

    /// The gate's "Start focusing" (credits fall short): the gate goes, and the Session tab, where
    /// focus starts, opens.
    public func startFocusing() {
        presented = nil
        tab = .session
        refresh(nil)
    }

    /// Shows the paywall: a refusal that needs Pro leads there ("See Threshold Pro").
    public func showPaywall() {
        presented = .paywall(PaywallModel(client: client))
    }

    /// A home-screen quick action, routed through its link like every other way in.
    public func perform(_ action: QuickAction) {
        open(action.link)
    }

    /// The gate for whatever is blocked now (the "Unblock" quick action): the session when one
    /// runs (to end it or take a break), else the way through what is blocked: its gate when one
    /// thing is, else Home, whose Unlocks list lets the person choose.
    private func openWhatIsBlocked() {
        home.load()
        switch home.primary {
        case .session:
            tab = .session
            session.askToEnd()
        case .pray: presented = .prayer(PrayerModel(client: client.rituals))
        case .challenge(let item): startChallenge(item)
        case .unlockOptions:
            if home.unlockable.count == 1, let only = home.unlockable.first { openGate(only) } else { tab = .home }
        case .unlocked, .start, .setUp: tab = .home
        }
    }
}
