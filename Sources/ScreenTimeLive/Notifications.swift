import Foundation
import SystemWords
import ScreenTimeClient
import ThresholdCore
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

    /// Whether Threshold may post notifications, read from iOS's settings (waiting briefly, as
    /// extensions must finish before their callback returns); `nil` when iOS did not answer in
    /// time, so the reconciler keeps what it knew.
    static func permission() -> NotificationPermission? {
        let answer = Answer<UNAuthorizationStatus>()
        UNUserNotificationCenter.current().getNotificationSettings { settings in
            answer.finish(settings.authorizationStatus)
        }
        guard let status = answer.wait(timeout) else { return nil }
        switch status {
        case .notDetermined: return .notDetermined
        case .denied: return .denied
        case .authorized, .provisional, .ephemeral: return .allowed
        @unknown default: return .denied
        }
    }

    /// Posts (or replaces, by id) a notification and waits for iOS to accept it: an extension is
    /// stopped when its callback returns, and a request still on its way would be lost. One with
    /// a fire date shows then, by the wall clock (a calendar trigger with every date component,
    /// as the DeviceActivity schedules are), whether or not Threshold is running.
    static func post(_ notification: LocalNotification) throws {
        // NB: worded now, in the phone's language and clock: iOS keeps the words it is handed.
        let (title, body) = NotificationWords(locale: .autoupdatingCurrent, timeZone: .autoupdatingCurrent).words(notification.message)
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = body
        content.sound = .default
        content.userInfo = [linkKey: notification.deepLink]
        // NB: the shield's follow-up is time-sensitive so a Focus does not hold back the only way
        // from a shield into the app (com.apple.developer.usernotifications.time-sensitive).
        content.interruptionLevel = notification.interruption == .timeSensitive ? .timeSensitive : .active
        content.threadIdentifier = "threshold"
        // NB: a calendar trigger whose moment has passed never fires, so one due within the
        // second shows at once.
        let trigger = notification.fireDate.flatMap { date -> UNCalendarNotificationTrigger? in
            guard date.timeIntervalSinceNow >= 1 else { return nil }
            let components = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        }
        let request = UNNotificationRequest(identifier: notification.id, content: content, trigger: trigger)
        let outcome = Answer<(any Error)?>()
        UNUserNotificationCenter.current().add(request) { error in outcome.finish(error) }
        guard let answered = outcome.wait(timeout) else {
            throw ScreenTimeError.failed("iOS did not accept the notification “\(notification.id)” in time.")
        }
        if let error = answered {
            throw ScreenTimeError.failed("The notification “\(notification.id)” was refused: \(error.localizedDescription)")
        }
    }

    /// Withdraws notifications not shown yet, by id (iOS ignores unknown ones).
    /// Withdraws them whether still to come or already shown.
    static func remove(_ ids: [String]) {
        let center = UNUserNotificationCenter.current()
        center.removePendingNotificationRequests(withIdentifiers: ids)
        center.removeDeliveredNotifications(withIdentifiers: ids)
    }

    /// The link a delivered notification carries, for the app's router.
    public static func link(in response: UNNotificationResponse) -> URL? {
        (response.notification.request.content.userInfo[linkKey] as? String).flatMap(URL.init(string:))
    }

    /// A completion that may arrive on any queue, waited for with a timeout.
    private final class Answer<Value>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var value: Value?

        func finish(_ value: Value) {
            lock.withLock { self.value = value }
            done.signal()
        }

        /// What arrived, or `nil` when nothing did within `timeout`.
        func wait(_ timeout: DispatchTimeInterval) -> Value? {
            guard done.wait(timeout: .now() + timeout) == .success else { return nil }
            return lock.withLock { value }
        }
    }
}
