import Foundation
import ScreenTimeClient
import SystemWords
import ThresholdCore

/// iOS's notifications on the simulated phone: what Threshold posted and when each shows, the
/// lock screen and Notification Center (``inbox``), what a Focus holds back (``held``), and the
/// permission the person gave. The phone decides when to show (its clock, its Focus); this keeps
/// what iOS keeps.
public struct NotificationCentre: Hashable, Sendable {
    /// Shown, oldest first: on the lock screen and in the Notification Center.
    public internal(set) var inbox: [PhoneNotification] = []
    /// Posted with a fire date still to come, in the order posted.
    public internal(set) var pending: [PhoneNotification] = []
    /// Every notification shown, with when (posted at once, or at its fire date).
    public internal(set) var shown: [ShownNotification] = []
    /// Held back by a Focus, waiting in the Notification Center until it ends.
    public internal(set) var held: [PhoneNotification] = []
    /// Whether the person lets Threshold post notifications.
    public var permission = NotificationPermission.allowed
    /// What the person answers when iOS asks for notification permission.
    public var answersPrompt = NotificationPermission.allowed
    /// How many times iOS has shown its notification prompt (once, the first time the app asks).
    public internal(set) var prompts = 0

    /// What became of a notification iOS was to show.
    enum Showing {
        case shown
        /// Notifications are off for Threshold: nothing shows.
        case off
        /// A Focus is on and it is not time-sensitive: it waits in ``held``.
        case heldByFocus
    }

    /// Shows `notification` now: not at all with notifications off; held under a Focus unless it
    /// is time-sensitive; else in the inbox, in place of one with its id.
    mutating func show(_ notification: PhoneNotification, at now: Date, focusOn: Bool) -> Showing {
        guard permission.delivers else { return .off }
        if focusOn, notification.interruption != .timeSensitive {
            held.removeAll { $0.id == notification.id }
            held.append(notification)
            return .heldByFocus
        }
        inbox.removeAll { $0.id == notification.id }
        inbox.append(notification)
        shown.append(ShownNotification(at: now, id: notification.id))
        return .shown
    }

    /// Keeps `notification` until its fire date, in place of one pending with its id; `false`
    /// when it is due now and is to be shown.
    mutating func schedule(_ notification: PhoneNotification, at now: Date) -> Bool {
        pending.removeAll { $0.id == notification.id }
        guard let fireDate = notification.fireDate, fireDate > now else { return false }
        pending.append(notification)
        return true
    }

    /// When the next pending notification is due.
    var nextFireDate: Date? { pending.compactMap(\.fireDate).min() }

    /// Takes the pending notifications whose fire date has come, in the order they fire.
    mutating func takeDue(at now: Date) -> [PhoneNotification] {
        let due = pending.filter { ($0.fireDate ?? .distantPast) <= now }
        pending.removeAll { ($0.fireDate ?? .distantPast) <= now }
        return due.sorted { ($0.fireDate ?? .distantPast) < ($1.fireDate ?? .distantPast) }
    }

    /// Takes what a Focus held back, as it ends.
    mutating func releaseHeld() -> [PhoneNotification] {
        defer { held = [] }
        return held
    }

    /// Removes pending and shown notifications (`removeDeliveredNotifications` too: what is
    /// shown leaves the lock screen).
    mutating func remove(_ ids: [String]) {
        pending.removeAll { ids.contains($0.id) }
        inbox.removeAll { ids.contains($0.id) }
    }

    /// The latest notification shown or held with `id`.
    public func notification(withID id: String) -> PhoneNotification? {
        inbox.last { $0.id == id } ?? held.last { $0.id == id }
    }

    /// iOS's prompt: shown once, the first time the app asks; then the answer stands.
    mutating func requestPermission() -> NotificationPermission {
        if permission == .notDetermined {
            prompts += 1
            permission = answersPrompt
        }
        return permission
    }
}

/// A notification as the phone showed it.
public struct ShownNotification: Hashable, Codable, Sendable {
    public let at: Date
    public let id: String
}

/// A notification as iOS keeps it: the words it was posted with, where it leads, and when it
/// shows.
public struct PhoneNotification: Hashable, Codable, Sendable {
    public let id: String
    public let title: String
    public let body: String
    public let destination: AppDestination
    /// When it shows (by the wall clock); `nil` for at once.
    public var fireDate: Date?
    public let interruption: LocalNotification.InterruptionLevel

    public init(
        id: String, title: String, body: String, destination: AppDestination, fireDate: Date? = nil,
        interruption: LocalNotification.InterruptionLevel = .active
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.destination = destination
        self.fireDate = fireDate
        self.interruption = interruption
    }

    /// `notification` as the posting process words it.
    public init(_ notification: LocalNotification, words: NotificationWords) {
        let (title, body) = words.words(notification.message)
        self.init(
            id: notification.id, title: title, body: body, destination: notification.destination,
            fireDate: notification.fireDate, interruption: notification.interruption)
    }

    /// The link the notification carries.
    public var deepLink: String { destination.deepLink }
}
