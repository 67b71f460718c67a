import Foundation
import ScreenTimeClient
import ThresholdCore
import WidgetKit

extension ScreenTimeClient {
    /// The client on a real iPhone: ManagedSettings, DeviceActivity, FamilyControls,
    /// UserNotifications and WidgetKit — what every process may use. The Live Activity is the
    /// app's alone (PLATFORM.md): here its endpoints refuse, and the app adds ActivityKit with
    /// `withLiveActivities()` (SessionActivity), so the extensions never link it.
    ///
    /// - Parameters:
    ///   - appGroup: the App Group whose defaults record the monitored activities.
    ///   - process: which process runs it; only the app reads the notification permission.
    public static func live(appGroup: String, process: LiveProcess) -> ScreenTimeClient {
        let monitoring = ActivityMonitoring(records: ActivityRecords(defaults: UserDefaults(suiteName: appGroup) ?? .standard))
        let inApp = process == .app
        let refuseLiveActivity: @Sendable () throws -> Void = {
            // NB: iOS lets only the app (and its Live Activity intents, which run in it) start or
            // change a Live Activity; the reconciler leaves the change for the app's next run.
            throw ScreenTimeError.liveActivityNotAllowed(inApp ? "the app's client without withLiveActivities()" : "an app extension")
        }
        var client = ScreenTimeClient(
            applyShield: { try ShieldWriter.apply($0) },
            clearShield: { ShieldWriter.clear($0) },
            startMonitoring: { try monitoring.start($0) },
            stopMonitoring: { monitoring.stop($0) },
            activities: { monitoring.list() },
            authorizationStatus: { Authorization.status() },
            requestAuthorization: { try await Authorization.request() },
            postNotification: { try Notifications.post($0) },
            removeNotifications: { Notifications.remove($0) },
            startLiveActivity: { _ in try refuseLiveActivity() },
            updateLiveActivity: { _ in try refuseLiveActivity() },
            endLiveActivity: { _, _ in try refuseLiveActivity() },
            reloadWidgets: { WidgetCenter.shared.reloadAllTimelines() },
            // NB: only the app reads it (the person changes it in Settings, which the app sees on
            // coming forward); an extension keeps what the app recorded and never waits on iOS.
            notificationPermission: { inApp ? Notifications.permission() : nil },
            requestNotificationPermission: { try await Notifications.requestPermission() ? .allowed : .denied })
        client.runsInApp = inApp
        client.isHoldingShield = { ShieldWriter.isHolding($0) }
        return client
    }
}

/// The process a live client runs in.
public enum LiveProcess: String, Sendable {
    case app
    case appExtension
}
