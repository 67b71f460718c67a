import EntryPoints
import ScreenTimeClient
import ScreenTimeLive

/// The runtime an extension builds: the App Group store, live Screen Time without Live
/// Activities (only the app can change those) and the device restrictions.
enum ExtensionRuntime {
    static func connect() throws -> Runtime {
        Runtime(store: try AppGroupStore.open(role: .appExtension),
                screenTime: .live(appGroup: AppIdentity.appGroup, process: .appExtension),
                restrictions: .live)
    }
}
