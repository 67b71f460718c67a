import AppFeature
import AppLive
import EntryPoints
import FeatureClient
import SwiftUI
import ThresholdStore

/// The app: builds the live dependencies and the app's model once, and hands them to the root view.
@main @MainActor
struct ThresholdApp: App {
    @UIApplicationDelegateAdaptor(ThresholdAppDelegate.self) private var delegate
    private let dependencies: LiveDependencies
    /// Made once: SwiftUI keeps `@State` for the app's life, across every scene change.
    @State private var model: AppModel?

    init() {
        // NB: SwiftUI runs this before it creates the delegate, which reads the runtime from here.
        let dependencies = LiveDependencies.app(
            openStore: { try AppGroupStore.open(role: .app) },
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
        .backgroundTask(.appRefresh(AppIdentity.backgroundRefresh)) { [model, store = dependencies.store] in
            BackgroundRefresh.schedule()
            await store.whileAwake { await model?.backgroundRefresh() }
        }
    }
}
