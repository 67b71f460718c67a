import AppIntents
import EntryPoints
import Foundation
import ScreenTimeClient
import ScreenTimeLive
import SessionActivity
import StoreClient
import ThresholdCore
import ThresholdIntents
import ThresholdRuntime

/// Everything the app's screens need from the device, built once per process at launch from the
/// store the App/ wiring opens: the runtime (reconciler, live Screen Time, device restrictions),
/// the authorization watch and the store's suspension.
///
/// App Intents get the same runtime, so the app and its intents share one store (one database
/// pool) in the process; every reconcile that changes the profiles tells Siri and Shortcuts.
public struct LiveDependencies: Sendable {
    /// `nil` when the store could not be opened; ``storeProblem`` says why. Shields stay as they were.
    public let runtime: Runtime?
    public let storeProblem: String?
    public let screenTime: ScreenTimeClient
    public let authorization: AuthorizationWatch
    /// Told when the app goes to the background and comes back (App/'s scene phase).
    public let store: StoreSuspension

    /// The dependencies the app built at launch.
    ///
    /// NB: UIKit creates the app delegate itself, so it cannot be handed them; it reads them
    /// here. SwiftUI creates the `App` (whose `init` calls ``app(openStore:suspendStore:resumeStore:shortcuts:)``)
    /// before the delegate it names, so they are here before the first delegate callback, even on
    /// a cold launch from a notification.
    @MainActor public private(set) static var launched: LiveDependencies?

    /// Builds the app's dependencies, once per process (the `App`'s `init`).
    ///
    /// - Parameters:
    ///   - openStore: opens the App Group store (GRDB, in App/); called once, by whichever of the
    ///     app and an intent needs it first.
    ///   - suspendStore: `ThresholdStore.suspendAll`; `resumeStore`: `ThresholdStore.resumeAll`.
    ///   - shortcuts: the app's App Shortcuts, whose parameters are updated when the profiles change.
    @MainActor
    public static func app(
        openStore: @escaping @Sendable () throws -> any StoreClient,
        suspendStore: @escaping @Sendable () -> Void,
        resumeStore: @escaping @Sendable () -> Void,
        shortcuts: any AppShortcutsProvider.Type
    ) -> LiveDependencies {
        let screenTime = ScreenTimeClient.live(appGroup: AppIdentity.appGroup, process: .app).withLiveActivities()
        let shortcutProfiles = ShortcutProfiles(update: { shortcuts.updateAppShortcutParameters() })
        let runtime = Connection<Runtime>()
        runtime.connect {
            let store = try openStore()
            let reconciler = Reconciler(
                store: store, screenTime: screenTime, clock: .live, ids: .uuid,
                failClosed: .appGroup(AppIdentity.appGroup))
            return Runtime(
                reconciler: reconciler, restrictions: .live,
                observe: { shortcutProfiles.observe($0, store: store) })
        }
        let suspension = StoreSuspension(suspend: suspendStore, resume: resumeStore)
        IntentRuntime.connect({ try runtime.value() }, suspension: suspension)
        let defaults = UserDefaults(suiteName: AppIdentity.appGroup) ?? .standard
        let dependencies: LiveDependencies
        do {
            dependencies = LiveDependencies(
                runtime: try runtime.value(), storeProblem: nil, screenTime: screenTime,
                authorization: AuthorizationWatch(defaults: defaults), store: suspension)
        } catch {
            dependencies = LiveDependencies(
                runtime: nil, storeProblem: String(describing: error), screenTime: screenTime,
                authorization: AuthorizationWatch(defaults: defaults), store: suspension)
        }
        launched = dependencies
        return dependencies
    }
}
