import AppFeature
import AppLive
import EntryPoints
import FeatureModels
import SwiftUI
import ThresholdStore

/// The app: builds the live dependencies and the app's model once, and hands them to the root view.
@main @MainActor
struct ThresholdApp: App {
    @UIApplicationDelegateAdaptor(ThresholdAppDelegate.self) private var delegate
    @Environment(\.scenePhase) private var scenePhase
    private let dependencies: LiveDependencies
    /// Made once: SwiftUI keeps `@State` for the app's life, across every scene change.
    @State private var model: AppModel?

    init() {
        // NB: SwiftUI runs this before it creates the delegate, which reads the runtime from here.
        let dependencies = LiveDependencies.app(openStore: { try AppGroupStore.open(role: .app) },
                                                suspendStore: { ThresholdStore.suspendAll() },
                                                resumeStore: { ThresholdStore.resumeAll() },
                                                shortcuts: ThresholdShortcuts.self)
        self.dependencies = dependencies
        _model = State(initialValue: AppModel.live(dependencies))
    }

    var body: some Scene {
        WindowGroup {
            AppRootView(dependencies: dependencies, model: model)
        }
        .onChange(of: scenePhase) { _, phase in
            // NB: a suspended app must not hold SQLite locks, or iOS kills it (0xDEAD10CC); an
            // intent running in the background wakes the store for as long as it runs.
            if phase == .background { dependencies.store.appMovedToBackground() } else { dependencies.store.appMovedToForeground() }
            if phase == .background { BackgroundRefresh.schedule() }
        }
        .backgroundTask(.appRefresh(AppIdentity.backgroundRefresh)) { [model, store = dependencies.store] in
            BackgroundRefresh.schedule()
            await store.whileAwake { await model?.backgroundRefresh() }
        }
    }
}
