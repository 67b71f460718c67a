import BackgroundTasks
import EntryPoints
import Foundation
import ScreenTimeLive

/// Background app refresh (`BGAppRefreshTask`): the app asks for the next one each time it goes to
/// the background and after each refresh; the `App` runs `AppModel.backgroundRefresh()` in it
/// (SwiftUI's `.backgroundTask(.appRefresh(_:))`), with the store awake for as long as it runs.
public enum BackgroundRefresh {
    /// Asks iOS for a refresh no earlier than ``AppIdentity/refreshInterval`` from now. A refusal
    /// (refresh turned off in Settings, too many requests, the simulator) changes nothing: the app
    /// does the same work each time it comes forward.
    public static func schedule(now: Date = Date()) {
        let request = BGAppRefreshTaskRequest(identifier: AppIdentity.backgroundRefresh)
        request.earliestBeginDate = now.addingTimeInterval(AppIdentity.refreshInterval)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            ExtensionLog(category: "refresh").notice("Background refresh not scheduled: \(error)")
        }
    }
}
