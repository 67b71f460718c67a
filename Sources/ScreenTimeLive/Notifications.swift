import Foundation
import ScreenTimeClient
import UserNotifications

/// Local notifications: the shield's way into the app, boundary reminders.
public enum Notifications {
    /// The key in `userInfo` that carries the notification's link.
    public static let linkKey = "link"
    /// How long posting waits for iOS to accept the request before giving up.
    static let timeout: DispatchTimeInterval = .seconds(2)

    /// Asks the person to allow notifications (alerts and sounds). Onboarding calls it.
    public static func requestPermission() async throws -> Bool {
        // NB: the Linux cross-compiler crashes lowering the imported `async` form of this
        // Objective-C method (swift-frontend signal 11 in ForeignAsyncInitializationPlan), so the
        // completion-handler form is wrapped instead. It behaves the same.
        try await withCheckedThrowingContinuation { continuation in
            UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound]) { granted, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: granted) }
            }
        }
    }

    /// Posts (or replaces, by id) a notification and waits for iOS to accept it: an extension is
    /// stopped when its callback returns, and a request still on its way would be lost. One with
    /// a fire date shows then, by the wall clock (a calendar trigger with every date component,
    /// as the DeviceActivity schedules are), whether or not Threshold is running.
    static func post(_ notification: LocalNotification) throws {
        let content = UNMutableNotificationContent()
        content.title = notification.title
        content.body = notification.body
        content.sound = .default
        content.userInfo = [linkKey: notification.deepLink]
        content.threadIdentifier = "threshold"
        // NB: a calendar trigger whose moment has passed never fires, so one due within the
        // second shows at once.
        let trigger = notification.fireDate.flatMap { date -> UNCalendarNotificationTrigger? in
            guard date.timeIntervalSinceNow >= 1 else { return nil }
            let components = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        }
        let request = UNNotificationRequest(identifier: notification.id, content: content, trigger: trigger)
        let outcome = Outcome()
        UNUserNotificationCenter.current().add(request) { error in outcome.finish(error) }
        guard outcome.wait(timeout) else {
            throw ScreenTimeError.failed("iOS did not accept the notification “\(notification.title)” in time.")
        }
        if let error = outcome.error {
            throw ScreenTimeError.failed("The notification “\(notification.title)” was refused: \(error.localizedDescription)")
        }
    }

    /// Withdraws notifications not shown yet, by id (iOS ignores unknown ones).
    static func removePending(_ ids: [String]) {
        UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: ids)
    }

    /// The link a delivered notification carries, for the app's router.
    public static func link(in response: UNNotificationResponse) -> URL? {
        (response.notification.request.content.userInfo[linkKey] as? String).flatMap(URL.init(string:))
    }

    /// A completion that may arrive on any queue, waited for with a timeout.
    private final class Outcome: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var stored: (any Error)?

        var error: (any Error)? { lock.withLock { stored } }

        func finish(_ error: (any Error)?) {
            lock.withLock { stored = error }
            done.signal()
        }

        func wait(_ timeout: DispatchTimeInterval) -> Bool { done.wait(timeout: .now() + timeout) == .success }
    }
}
