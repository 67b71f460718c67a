import Foundation
import UIKit

/// Asking iOS for Threshold's APNs device token, for Together's pushes (issue 27, item 4):
/// `registerForRemoteNotifications()`, answered later through the app delegate
/// (``ThresholdAppDelegate``), which hands the token here.
@MainActor
public enum RemoteNotifications {
    /// The token iOS last gave, in lowercase hex.
    private static var token: String?
    /// Those waiting for iOS's answer.
    private static var waiting: [CheckedContinuation<String?, Never>] = []

    /// How long to wait for iOS's answer before going on without one (it comes at the next launch).
    static let patience: Duration = .seconds(10)

    /// Registers for remote notifications and returns the device token iOS gives (`nil` if it gives
    /// none in time: no network, or a build without the entitlement).
    public static func register() async -> String? {
        UIApplication.shared.registerForRemoteNotifications()
        if let token { return token }
        return await withCheckedContinuation { continuation in
            waiting.append(continuation)
            Task { @MainActor in
                try? await Task.sleep(for: patience)
                answer(nil)
            }
        }
    }

    /// The delegate's `didRegisterForRemoteNotificationsWithDeviceToken`.
    public static func received(_ deviceToken: Data) {
        token = deviceToken.map { String(format: "%02x", $0) }.joined()
        answer(token)
    }

    /// The delegate's `didFailToRegisterForRemoteNotificationsWithError`.
    public static func failed(_ error: any Error) { answer(nil) }

    private static func answer(_ token: String?) {
        let answered = waiting
        waiting = []
        for continuation in answered { continuation.resume(returning: token) }
    }
}
