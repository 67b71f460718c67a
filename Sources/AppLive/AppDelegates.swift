import AppFeature
import EntryPoints
import Foundation
import ScreenTimeLive
import ThresholdCore
import UIKit
import UserNotifications

/// The app delegate: notification responses and quick actions go to ``SystemRequests``; a
/// notification tap also reconciles (`Trigger.notificationResponse`).
@MainActor
public final class ThresholdAppDelegate: NSObject, UIApplicationDelegate, @preconcurrency UNUserNotificationCenterDelegate {
    /// The app's runtime, so a notification tap can reconcile: the one the `App` built in its
    /// `init` (``LiveDependencies/launched``). SwiftUI runs that `init` before it creates this
    /// delegate, and every scene and notification response comes after it, so the runtime is
    /// here for the first response, even on a cold launch from a tap; nothing has to hand it over
    /// from a screen.
    public var runtime: Runtime? { LiveDependencies.launched?.runtime }

    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    /// iOS gave the device token Threshold asked for (``RemoteNotifications/register()``): Together
    /// pushes partners' messages to it.
    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        RemoteNotifications.received(deviceToken)
    }

    /// iOS gave no token (no network, or no entitlement): partners' messages are fetched, as ever.
    public func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        RemoteNotifications.failed(error)
    }

    public func application(
        _ application: UIApplication, configurationForConnecting session: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
        configuration.delegateClass = ThresholdSceneDelegate.self
        return configuration
    }

    /// The clock or the time zone changed: the root view reconciles (`AppModel.timeChanged()`).
    public func applicationSignificantTimeChange(_ application: UIApplication) {
        SystemRequests.main.post(.significantTimeChange)
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        runtime?.reconcile(.notificationResponse(response.notification.request.identifier))
        if let link = Notifications.link(in: response) { SystemRequests.main.post(.link(link)) }
        completionHandler()
    }

    /// Shows Threshold's notifications while the app is open, too, and reconciles: a notification
    /// due now (a session's goal reached) means what the Live Activity shows may have changed.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        runtime?.reconcile(.notificationPresented(notification.request.identifier))
        completionHandler([.banner, .sound])
    }
}

/// The scene delegate: home-screen quick actions, at launch and while running, each routed
/// through its link (`QuickAction.link`) like a notification or a universal link.
@MainActor
public final class ThresholdSceneDelegate: NSObject, UIWindowSceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        if let item = connectionOptions.shortcutItem { handle(item) }
    }

    public func windowScene(
        _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        completionHandler(handle(shortcutItem))
    }

    @discardableResult
    private func handle(_ item: UIApplicationShortcutItem) -> Bool {
        guard let action = QuickAction(rawValue: item.type) else { return false }
        SystemRequests.main.post(.link(action.link))
        return true
    }
}
