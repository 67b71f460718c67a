import EntryPoints
import Foundation
import ScreenTimeClient
import ScreenTimeLive
import SessionActivity
import StoreClient
import ThresholdCore
import ThresholdIntents

/// Everything the app's screens need from the device, built once at launch from the store the
/// App/ wiring opens: the runtime (reconciler, live Screen Time, device restrictions) and the
/// authorization watch. App Intents are connected to the same runtime.
public struct LiveDependencies: Sendable {
    /// `nil` when the store could not be opened; ``storeProblem`` says why. Shields stay as they were.
    public let runtime: Runtime?
    public let storeProblem: String?
    public let screenTime: ScreenTimeClient
    public let authorization: AuthorizationWatch

    /// Builds the app's dependencies. `openStore` opens the App Group store (GRDB, in App/).
    public static func app(openStore: @escaping @Sendable () throws -> any StoreClient) -> LiveDependencies {
        let screenTime = ScreenTimeClient.live(appGroup: AppIdentity.appGroup).withLiveActivities()
        let connect: @Sendable () throws -> Runtime = {
            Runtime(store: try openStore(), screenTime: screenTime, restrictions: .live)
        }
        IntentRuntime.connect(connect)
        let defaults = UserDefaults(suiteName: AppIdentity.appGroup) ?? .standard
        do {
            return LiveDependencies(runtime: try connect(), storeProblem: nil, screenTime: screenTime,
                                    authorization: AuthorizationWatch(defaults: defaults))
        } catch {
            return LiveDependencies(runtime: nil, storeProblem: String(describing: error), screenTime: screenTime,
                                    authorization: AuthorizationWatch(defaults: defaults))
        }
    }
}
