import AppFeature
import AppLive
import SwiftUI
import ThresholdStore

/// The app: builds the live dependencies once and hands them to the root view.
@main @MainActor
struct ThresholdApp: App {
    @UIApplicationDelegateAdaptor(ThresholdAppDelegate.self) private var delegate
    @Environment(\.scenePhase) private var scenePhase
    private let dependencies = LiveDependencies.app { try AppGroupStore.open(role: .app) }

    var body: some Scene {
        WindowGroup {
            AppRootView(dependencies: dependencies)
                .onAppear { delegate.runtime = dependencies.runtime }
        }
        .onChange(of: scenePhase) { _, phase in
            // NB: a suspended app must not hold SQLite locks, or iOS kills it (0xDEAD10CC).
            if phase == .background { ThresholdStore.suspendAll() } else { ThresholdStore.resumeAll() }
        }
    }
}
