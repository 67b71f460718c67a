import AppFeature
import CoreNFC
import EntryPoints
import FeatureClient
import PrayerContent
import PurchasesLive
import ScreenTimeLive
import SwiftUI
import ThresholdCore
import ThresholdIntents
import ThresholdRuntime
import TogetherClient
import UIKit

/// The app's root (``AppModel``): onboarding until it is done, then the tabs; links,
/// notifications and quick actions open their screen; every foreground reads Screen Time access
/// again and reconciles. When the store cannot be opened it says so and shields stay as they were.
///
/// The model is made once, by the app (``AppModel/live(_:)``, held in its `@State`), never here:
/// a view's `body` runs again on every scene change.
@MainActor
public struct AppRootView: View {
    let dependencies: LiveDependencies
    let model: AppModel?

    public init(dependencies: LiveDependencies, model: AppModel?) {
        self.dependencies = dependencies
        self.model = model
    }

    public var body: some View {
        if let model {
            AppScreens(model: model, requests: .main)
        } else {
            StoreProblemView(problem: dependencies.storeProblem)
        }
    }
}

extension AppModel {
    /// The app's model over the live dependencies; `nil` when the store could not be opened.
    public static func live(_ dependencies: LiveDependencies) -> AppModel? {
        dependencies.runtime.map { runtime in
            let client = AppClient.live(runtime: runtime, dependencies: dependencies)
            // App Intents run in the app's process (a Live Activity button, a Shortcut, a Focus
            // filter): on the client's runtime, what they commit reaches the screens at once, as a
            // tap's does.
            IntentRuntime.connect({ client.runtime }, suspension: dependencies.store)
            let model = AppModel(client: client)
            model.startListeningForTransactions()
            return model
        }
    }
}

extension AppClient {
    /// The app's client: the live runtime, Screen Time access as the authorization watch tells
    /// it (a revocation told apart from a refusal), and the bundled prayers.
    @MainActor
    static func live(runtime: Runtime, dependencies: LiveDependencies) -> AppClient {
        let watch = dependencies.authorization
        let screenTime = dependencies.screenTime
        let store = dependencies.store
        let language = ContentLanguage(.current)
        return AppClient(
            runtime: runtime,
            authorization: AuthorizationClient(
                verdict: { await watch.check() },
                request: { try await screenTime.requestAuthorization() }),
            library: { try PrayerContent.bundledLibrary(in: language) },
            language: language,
            purchases: .live(),
            deviceID: UIDevice.current.identifierForVendor?.uuidString,
            canWriteTags: NFCNDEFReaderSession.readingAvailable,
            together: .live(),
            appPhase: { phase in
                // NB: a suspended app must not hold SQLite locks, or iOS kills it (0xDEAD10CC);
                // an intent running in the background wakes the store for as long as it runs.
                if phase == .background {
                    store.appMovedToBackground()
                    BackgroundRefresh.schedule()
                } else {
                    store.appMovedToForeground()
                }
            },
            currentFocus: { await ThresholdFocusFilter.currentSetting() })
    }
}
