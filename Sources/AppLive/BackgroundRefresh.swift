import BackgroundTasks
import EntryPoints
import Foundation
import ScreenTimeLive

/// Background app refresh (`BGAppRefreshTask`), in builds with Together (which declare its task and
/// the `fetch` background mode beside `ThresholdTogetherServer`): the app asks for the next one each
/// time it goes to the background and after each refresh; the `App` runs `AppModel.backgroundRefresh()` in it
/// (SwiftUI's `.backgroundTask(.appRefresh(_:))`), with the store awake for as long as it runs.
public enum BackgroundRefresh {
    /// Asks iOS for a refresh no earlier than ``AppIdentity/refreshInterval`` from now. A refusal
    /// (refresh turned off in Settings, too many requests, the simulator) changes nothing: the app
    /// does the same work each time it comes forward.
    public static func schedule(now: Date = Date()) {
        // NB: only a build with Together declares the task (and the fetch background mode): the
        // refresh is Together's alone, so a build without it asks for none.
        let permitted = Bundle.main.object(forInfoDictionaryKey: "BGTaskSchedulerPermittedIdentifiers") as? [String] ?? []
        guard permitted.contains(AppIdentity.backgroundRefresh) else { return }
        let request = BGAppRefreshTaskRequest(identifier: AppIdentity.backgroundRefresh)
        request.earliestBeginDate = now.addingTimeInterval(AppIdentity.refreshInterval)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            ExtensionLog(category: "refresh").notice("Background refresh not scheduled: \(error)")
        }
    }
}
