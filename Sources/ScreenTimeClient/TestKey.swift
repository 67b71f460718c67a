import Foundation
import ThresholdCore

extension ScreenTimeClient {
    /// A client whose every endpoint stops the process with its name: a test sets the endpoints
    /// it expects to be called and learns at once, loudly, of any other.
    public static let unimplemented = ScreenTimeClient(
        applyShield: { _ in unimplementedEndpoint("applyShield") },
        clearShield: { _ in unimplementedEndpoint("clearShield") },
        startMonitoring: { _ in unimplementedEndpoint("startMonitoring") },
        stopMonitoring: { _ in unimplementedEndpoint("stopMonitoring") },
        activities: { unimplementedEndpoint("activities") },
        authorizationStatus: { unimplementedEndpoint("authorizationStatus") },
        requestAuthorization: { unimplementedEndpoint("requestAuthorization") },
        postNotification: { _ in unimplementedEndpoint("postNotification") },
        removeNotifications: { _ in unimplementedEndpoint("removeNotifications") },
        startLiveActivity: { _ in unimplementedEndpoint("startLiveActivity") },
        updateLiveActivity: { _ in unimplementedEndpoint("updateLiveActivity") },
        endLiveActivity: { _, _ in unimplementedEndpoint("endLiveActivity") },
        reloadWidgets: { unimplementedEndpoint("reloadWidgets") },
        notificationPermission: { unimplementedEndpoint("notificationPermission") },
        requestNotificationPermission: { unimplementedEndpoint("requestNotificationPermission") })
}

/// Stops the process naming the endpoint a test called without setting it.
// NB: isowords reports through XCTestDynamicOverlay and carries on; Swift Testing has no such
// hook outside a test body, so an unset endpoint traps, which no test can miss.
public func unimplementedEndpoint<T>(_ name: String, file: StaticString = #fileID, line: UInt = #line) -> T {
    fatalError("ScreenTimeClient.\(name) was called but the test did not set it.", file: file, line: line)
}
