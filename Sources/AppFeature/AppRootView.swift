import DesignSystem
import EntryPoints
import FeatureClient
import HomeFeature
import InsightsFeature
import IntentionsFeature
import OnboardingFeature
import PaywallFeature
import ProfilesFeature
import PurchasesClient
import ScreenTimeClient
import SessionsFeature
import SettingsFeature
import SwiftUI
import ThresholdCore
import ThresholdRuntime
import UnlockFeature

/// The app's screens (``AppModel``): onboarding until it is done, then the tabs; links,
/// notifications and quick actions (``SystemRequests``) open their screen; every foreground reads
/// Screen Time access again and reconciles.
///
/// The app shows it inside `AppRootView` (AppLive), which makes the model once; the simulated phone
/// shows it too, over its own model and requests.
@MainActor
public struct AppScreens: View {
    @Bindable var model: AppModel
    let requests: SystemRequests
    @Environment(\.scenePhase) private var scenePhase

    public init(model: AppModel, requests: SystemRequests) {
        self.model = model
        self.requests = requests
    }

    public var body: some View {
        Group {
            if model.needsOnboarding, let onboarding = model.onboarding {
                OnboardingView(model: onboarding, onDone: model.onboardingClosed)
            } else {
                tabs
            }
        }
        // NB: the app's one handler of its comings and goings (AppModel.scenePhaseChanged): the
        // store's locks, the quest or game in front, onboarding and the foreground's reconcile,
        // in that order. No other view reads the scene phase, so no order of handlers matters.
        .task(id: scenePhase) { await model.scenePhaseChanged(to: AppPhase(scenePhase)) }
        .onOpenURL { requests.post(.link($0)) }
        .onChange(of: requests.pending, initial: true) { handleRequests() }
        .onChange(of: model.client.state.revision) { model.reloadVisible() }
        .sheet(item: $model.presented, onDismiss: { model.refresh(nil) }) { presented in PresentedView(presented: presented, app: model) }
        .alert(
            Text("Tutorial finished", bundle: .module),
            isPresented: Binding(
                get: { model.tutorialFinished != nil },
                set: { if !$0 { model.dismissTutorialNote() } })
        ) {
            Button {
                model.dismissTutorialNote()
            } label: {
                Text("OK", bundle: .module)
            }
        } message: {
            if let xp = model.tutorialFinished, xp > 0 {
                Text("You came back through the shield: +\(xp) XP.", bundle: .module)
            } else {
                Text("You came back through the shield. That is all a shield asks.", bundle: .module)
            }
        }
    }

    private var tabs: some View {
        TabView(selection: $model.tab) {
            HomeView(model: model.home, open: open) { items in UnlocksCard(items: items, open: model.openGate) }
                .safeAreaInset(edge: .top) { banners }
                .tabItem {
                    Label {
                        Text("Home", bundle: .module)
                    } icon: {
                        Image(systemName: "house")
                    }
                }
                .tag(AppModel.Tab.home)
            if model.tabs.contains(.session) {
                SessionView(model: model.session)
                    .tabItem {
                        Label {
                            Text("Session", bundle: .module)
                        } icon: {
                            Image(systemName: "timer")
                        }
                    }
                    .tag(AppModel.Tab.session)
            }
            ProfilesView(model: model.profiles) { if model.profiles.offersIntentions { IntentionsSection(model: model.intentions) } }
                .tabItem {
                    Label {
                        Text("Profiles", bundle: .module)
                    } icon: {
                        Image(systemName: "square.stack")
                    }
                }
                .tag(AppModel.Tab.profiles)
            InsightsView(model: model.insights) { model.route(AppDestination.dailyReview) }
                .tabItem {
                    Label {
                        Text("Insights", bundle: .module)
                    } icon: {
                        Image(systemName: "chart.bar")
                    }
                }
                .tag(AppModel.Tab.insights)
            SettingsView(model: model.settings, together: model.together)
                .tabItem {
                    Label {
                        Text("Settings", bundle: .module)
                    } icon: {
                        Image(systemName: "gearshape")
                    }
                }
                .tag(AppModel.Tab.settings)
        }
        .tint(Palette.accent)
        .environment(\.showPaywall) { [model] in model.showPaywall() }
        // A shield cannot open the app; its buttons send a notification that does. iOS asks once;
        // later calls return the answer given.
        .task { await model.askForNotifications() }
    }

    /// Screen Time access lost or refused, or the store unreadable: said at the top of home.
    @ViewBuilder private var banners: some View {
        VStack(spacing: 8) {
            if let problem = model.problem { ProblemBanner(problem) }
            switch model.verdict {
            case .revoked?:
                AccessBanner(
                    message: Text(
                        "Screen Time access was turned off, so iOS is enforcing nothing. Turn it on again to restore your shields.",
                        bundle: .module)
                ) { Task { await model.requestAccess() } }
            case .denied?, .notYetAsked?:
                AccessBanner(
                    message: model.timerOnly
                        ? Text(
                            "Timer only: nothing is shielded without Screen Time access. Allow it to shield the apps you choose.",
                            bundle: .module)
                        : Text("Threshold needs Screen Time access to shield the apps you choose.", bundle: .module)
                ) {
                    Task { await model.requestAccess() }
                }
            case .approved?, nil:
                EmptyView()
            }
        }
        .padding(.horizontal)
    }

    private func open(_ destination: HomeDestination) {
        switch destination {
        case .session: model.tab = .session
        case .prayer: model.route(AppDestination.prayer(app: nil))
        case .profiles: model.tab = .profiles
        case .challenge(let item): model.startChallenge(item)
        case .dailyReview: model.route(AppDestination.dailyReview)
        }
    }

    private func handleRequests() {
        while let request = requests.next() {
            switch request {
            case .link(let url): model.open(url)
            case .significantTimeChange: model.timeChanged()
            }
        }
    }

}

/// Access is missing: what that means, and the button that asks again.
@MainActor
struct AccessBanner: View {
    let message: Text
    let ask: () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            ProblemBanner(message, systemImage: "shield.slash")
            Button(action: ask) { Text("Allow Screen Time access", bundle: .module) }.buttonStyle(.primary)
        }
    }
}

/// A screen shown over the tabs.
@MainActor
struct PresentedView: View {
    let presented: AppModel.Presented
    let app: AppModel

    var body: some View {
        switch presented {
        case .prayer(let model):
            NavigationStack { PrayerView(model: model).toolbar { closeButton } }
        case .unlockGate(let model):
            UnlockGateView(model: model, close: app.close, startFocusing: app.startFocusing)
        case .keyTap(let model):
            KeyTapView(model: model)
        case .confirmStart(let confirmation, _):
            StartConfirmationView(
                confirmation: confirmation, now: app.client.now,
                confirm: app.confirmStart, decline: app.declineStart)
        case .badLink(let error):
            NavigationStack { LinkProblemView(error: error).toolbar { closeButton } }
        case .feedback:
            NavigationStack { FeedbackForm().toolbar { closeButton } }
        case .paywall(let model):
            PaywallView(model: model) { app.close() }
        case .dailyReview(let model):
            DailyReviewView(model: model, close: app.close)
        }
    }

    private var closeButton: some ToolbarContent {
        ToolbarItem(placement: .cancellationAction) {
            Button {
                app.close()
            } label: {
                Text("Close", bundle: .module)
            }
        }
    }
}

/// A link asked to start a profile the person could not undo: what it locks, until when, and a
/// clear way out. Nothing starts until they confirm.
@MainActor
struct StartConfirmationView: View {
    let confirmation: StartConfirmation
    let now: Date
    let confirm: () -> Void
    let decline: () -> Void

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    Label {
                        Text.startTitle(confirmation).font(.title2.bold())
                    } icon: {
                        Image(systemName: "lock.fill")
                    }
                    .accessibilityAddTraits(.isHeader)
                    Text.startMessage(confirmation, now: now)
                        .font(.body)
                    Button(action: confirm) { Text("Start Beast Mode", bundle: .module).frame(maxWidth: .infinity) }
                        .buttonStyle(.primary)
                    Button(action: decline) { Text("Not now", bundle: .module).frame(maxWidth: .infinity) }
                        .buttonStyle(.bordered)
                }
                .padding()
            }
        }
    }
}

/// A link that names nothing Threshold does: what was wrong with it.
@MainActor
struct LinkProblemView: View {
    let error: LinkError

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            ProblemBanner(Text("That link does not name anything Threshold does. Nothing was changed.", bundle: .module))
            ProblemText(.refused(.link(error))).font(.footnote).foregroundStyle(.secondary)
            Spacer()
        }
        .padding()
    }
}

/// Writing feedback: nothing leaves the device until the person shares it.
@MainActor
struct FeedbackForm: View {
    @State private var text = ""

    var body: some View {
        Form {
            Section {
                TextEditor(text: $text)
                    .frame(minHeight: 180)
                    .accessibilityLabel(Text("Your feedback", bundle: .module))
            } footer: {
                Text(
                    "Prayer content, unlock lengths, a shield that did not hold: say what happened. Nothing is sent until you share it.",
                    bundle: .module)
            }
            ShareLink(item: text) { Text("Share feedback", bundle: .module) }
                .disabled(text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
        .navigationTitle(Text("Feedback", bundle: .module))
    }
}

/// The store could not be opened: the app says so and changes nothing.
@MainActor
public struct StoreProblemView: View {
    let problem: String?

    public init(problem: String?) { self.problem = problem }

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            ProblemBanner(
                Text(
                    "Threshold could not open its saved state. Your shields stay as they were; restart the app to try again.",
                    bundle: .module))
            if let problem { Text(verbatim: problem).font(.footnote).foregroundStyle(.secondary) }
        }
        .padding()
    }
}

extension AppPhase {
    /// SwiftUI's scene phase; one iOS adds later counts as leaving (the quests then start over).
    init(_ phase: ScenePhase) {
        switch phase {
        case .active: self = .active
        case .inactive: self = .inactive
        case .background: self = .background
        @unknown default: self = .background
        }
    }
}
