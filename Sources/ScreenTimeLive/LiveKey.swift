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
    /// - Parameter appGroup: the App Group whose defaults record the monitored activities.
    public static func live(appGroup: String) -> ScreenTimeClient {
        let monitoring = ActivityMonitoring(records: ActivityRecords(defaults: UserDefaults(suiteName: appGroup) ?? .standard))
        let appOnly: @Sendable () throws -> Void = {
            throw ScreenTimeError.failed("The Live Activity changes when Threshold next opens (extensions cannot change it).")
        }
        return ScreenTimeClient(
            applyShield: { try ShieldWriter.apply($0) },
            clearShield: { ShieldWriter.clear($0) },
            startMonitoring: { try monitoring.start($0) },
            stopMonitoring: { monitoring.stop($0) },
            activities: { monitoring.list() },
            authorizationStatus: { Authorization.status() },
            requestAuthorization: { try await Authorization.request() },
            postNotification: { try Notifications.post($0) },
            removeNotifications: { Notifications.removePending($0) },
            startLiveActivity: { _ in try appOnly() },
            updateLiveActivity: { _ in try appOnly() },
            endLiveActivity: { _ in try appOnly() },
            reloadWidgets: { WidgetCenter.shared.reloadAllTimelines() })
    }
}
