import EntryPoints
import ScreenTimeClient
import ScreenTimeLive
import StoreClient
import ThresholdRuntime

/// The runtime an extension builds: the App Group store (opened on first use, and tried again
/// while it cannot be, so a reconcile still runs and fails closed), live Screen Time without Live
/// Activities (only the app can change those), the fail-closed shields beside the store, and the
/// device restrictions. It cannot fail: a store that cannot be opened is tried again on each call.
enum ExtensionRuntime {
    static func connect() -> Runtime {
        Runtime(
            store: OpeningStore { try AppGroupStore.open(role: .appExtension) },
            screenTime: .live(appGroup: AppIdentity.appGroup, process: .appExtension),
            restrictions: .live, failClosed: .appGroup(AppIdentity.appGroup))
    }
}
