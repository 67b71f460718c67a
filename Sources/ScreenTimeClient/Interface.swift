import Foundation
import ThresholdCore

/// Screen Time and the device surfaces around it, as the reconciler uses them: shields per
/// named store, DeviceActivity monitoring, authorization, local notifications, the Live
/// Activity and widgets.
///
/// Tokens stay opaque Core tokens (`Data` inside); the live iOS value (`ScreenTimeLive`, with
/// the iPhone app) decodes them into FamilyControls tokens, the simulator reads them as names.
/// Every endpoint is synchronous, because the monitor extension must finish its work before its
/// callback returns; only asking for authorization waits on the person.
public struct ScreenTimeClient: Sendable {
    /// Sets a named `ManagedSettingsStore`'s shield settings to exactly `store` (replacing what
    /// the store held).
    public var applyShield: @Sendable (_ store: ShieldStore) throws -> Void
    /// Clears every shield setting of the named store.
    public var clearShield: @Sendable (_ storeName: String) throws -> Void
    /// `DeviceActivityCenter.startMonitoring`: registers (or overwrites) an activity. Throws
    /// ``ScreenTimeError/intervalTooShort``, ``ScreenTimeError/intervalTooLong`` or
    /// ``ScreenTimeError/excessiveActivities`` as iOS does.
    public var startMonitoring: @Sendable (_ activity: ActivityRegistration) throws -> Void
    /// `DeviceActivityCenter.stopMonitoring`. NB: as on iOS, an empty list stops every activity.
    public var stopMonitoring: @Sendable (_ names: [String]) throws -> Void
    /// Every activity monitored now, with its schedule (`activities` + `schedule(for:)`).
    public var activities: @Sendable () throws -> [ActivityRegistration]
    public var authorizationStatus: @Sendable () -> AuthorizationStatus
    /// Asks the person for Screen Time access (`.individual`).
    public var requestAuthorization: @Sendable () async throws -> AuthorizationStatus
    /// Posts (or replaces, by id) a local notification: shown at once, or at its `fireDate`.
    public var postNotification: @Sendable (_ notification: LocalNotification) throws -> Void
    /// Withdraws notifications by id: those posted with a `fireDate` not shown yet
    /// (`removePendingNotificationRequests`) and those shown and still on the lock screen or in
    /// Notification Center (`removeDeliveredNotifications`); unknown ids are ignored.
    public var removeNotifications: @Sendable (_ ids: [String]) throws -> Void
    /// Whether Threshold may post notifications; `nil` when it cannot be told now (the reconciler
    /// then keeps what it knew).
    public var notificationPermission: @Sendable () -> NotificationPermission?
    /// Asks the person to allow notifications (onboarding, after saying why).
    public var requestNotificationPermission: @Sendable () async throws -> NotificationPermission
    /// Starts, updates (by profile) or ends the session Live Activity. A process iOS does not let
    /// start or change one (an extension; the app in the background, for a start) throws
    /// ``ScreenTimeError/liveActivityNotAllowed(_:)``: the reconciler then leaves it to the app.
    public var startLiveActivity: @Sendable (_ content: LiveActivityContent) throws -> Void
    public var updateLiveActivity: @Sendable (_ content: LiveActivityContent) throws -> Void
    /// Ends the profile's Live Activity; with an `ending`, its last content says how the session
    /// ended and it stays until `ending.dismissAt`.
    public var endLiveActivity: @Sendable (_ profile: ProfileID, _ ending: LiveActivityEnding?) throws -> Void
    /// `WidgetCenter.reloadAllTimelines()`.
    public var reloadWidgets: @Sendable () -> Void
    /// Whether this client runs in the app's own process (the app, and the App Intents that run in
    /// it). On iOS 26 a shield an extension lifts can stay drawn until the app's process writes the
    /// shields (khi48/intentions #9), so the reconciler there writes again every store an extension
    /// changed since.
    public var runsInApp = false
    /// Whether the named store holds shield settings now, read back from ManagedSettings; `nil`
    /// where it cannot be told. A phone whose Screen Time access reads on and does nothing
    /// (restored from a backup, awaseem/foqos#82) accepts a store and does not keep it.
    public var isHoldingShield: @Sendable (_ storeName: String) -> Bool? = { _ in nil }

    public init(
        applyShield: @escaping @Sendable (ShieldStore) throws -> Void,
        clearShield: @escaping @Sendable (String) throws -> Void,
        startMonitoring: @escaping @Sendable (ActivityRegistration) throws -> Void,
        stopMonitoring: @escaping @Sendable ([String]) throws -> Void,
        activities: @escaping @Sendable () throws -> [ActivityRegistration],
        authorizationStatus: @escaping @Sendable () -> AuthorizationStatus,
        requestAuthorization: @escaping @Sendable () async throws -> AuthorizationStatus,
        postNotification: @escaping @Sendable (LocalNotification) throws -> Void,
        removeNotifications: @escaping @Sendable ([String]) throws -> Void,
        startLiveActivity: @escaping @Sendable (LiveActivityContent) throws -> Void,
        updateLiveActivity: @escaping @Sendable (LiveActivityContent) throws -> Void,
        endLiveActivity: @escaping @Sendable (ProfileID, LiveActivityEnding?) throws -> Void,
        reloadWidgets: @escaping @Sendable () -> Void,
        notificationPermission: @escaping @Sendable () -> NotificationPermission? = { nil },
        requestNotificationPermission: @escaping @Sendable () async throws -> NotificationPermission = {
            throw ScreenTimeError.failed("This client cannot ask for notification permission.")
        }
    ) {
        self.applyShield = applyShield
        self.clearShield = clearShield
        self.startMonitoring = startMonitoring
        self.stopMonitoring = stopMonitoring
        self.activities = activities
        self.authorizationStatus = authorizationStatus
        self.requestAuthorization = requestAuthorization
        self.postNotification = postNotification
        self.removeNotifications = removeNotifications
        self.startLiveActivity = startLiveActivity
        self.updateLiveActivity = updateLiveActivity
        self.endLiveActivity = endLiveActivity
        self.reloadWidgets = reloadWidgets
        self.notificationPermission = notificationPermission
        self.requestNotificationPermission = requestNotificationPermission
    }
}

/// `AuthorizationCenter.authorizationStatus` for `.individual`.
public enum AuthorizationStatus: String, Codable, Sendable, CaseIterable {
    case notDetermined
    case denied
    case approved
}

/// A local notification; tapping it opens the app at `destination`.
public struct LocalNotification: Hashable, Codable, Sendable {
    /// How it interrupts (`UNNotificationInterruptionLevel`): under a Focus only a time-sensitive
    /// one is shown at once; the others wait in the Notification Center (PLATFORM.md).
    public enum InterruptionLevel: String, Hashable, Codable, Sendable {
        case active
        /// Breaks through a Focus (needs the Time Sensitive Notifications entitlement).
        case timeSensitive
    }

    public let id: String
    /// What it says, as a value: the client that posts it words it (`NotificationWords`) in the
    /// phone's language and clock, as iOS then shows it.
    public let message: NotificationMessage
    public let destination: AppDestination
    /// When it shows (by the wall clock); `nil` for at once.
    public let fireDate: Date?
    public let interruption: InterruptionLevel

    public init(
        id: String, _ message: NotificationMessage, destination: AppDestination, fireDate: Date? = nil,
        interruption: InterruptionLevel = .active
    ) {
        self.id = id
        self.message = message
        self.destination = destination
        self.fireDate = fireDate
        self.interruption = interruption
    }

    private enum CodingKeys: String, CodingKey { case id, message, title, body, destination, fireDate, interruption }

    /// Reads one saved by an earlier build too (it had no interruption level: active; it kept its
    /// words, which stay as they were written).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let message =
            try c.decodeIfPresent(NotificationMessage.self, forKey: .message)
            ?? .relayed(title: try c.decode(String.self, forKey: .title), body: try c.decode(String.self, forKey: .body))
        self.init(
            id: try c.decode(String.self, forKey: .id), message,
            destination: try c.decode(AppDestination.self, forKey: .destination),
            fireDate: try c.decodeIfPresent(Date.self, forKey: .fireDate),
            interruption: try c.decodeIfPresent(InterruptionLevel.self, forKey: .interruption) ?? .active)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(message, forKey: .message)
        try c.encode(destination, forKey: .destination)
        try c.encodeIfPresent(fireDate, forKey: .fireDate)
        try c.encode(interruption, forKey: .interruption)
    }

    /// The link the notification carries.
    public var deepLink: String { destination.deepLink }
}

/// What Screen Time refused, in the words of `DeviceActivityCenter.MonitoringError` and
/// `FamilyControlsError` where they exist.
public enum ScreenTimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The interval is shorter than 15 minutes.
    case intervalTooShort(activity: String)
    /// The interval is longer than a week.
    case intervalTooLong(activity: String)
    /// More than 20 activities would be monitored.
    case excessiveActivities(activity: String)
    /// Start or end lacks what iOS needs to read them.
    case invalidDateComponents(activity: String)
    /// Screen Time access is not granted.
    case unauthorized
    /// This process may not start or change the Live Activity (PLATFORM.md, "What each process
    /// may do"): the app does it when it next runs.
    case liveActivityNotAllowed(String)
    /// ManagedSettings accepted the store's shields and does not hold them (read back at once).
    case shieldNotHeld(store: String)
    /// Anything else the system reported.
    case failed(String)

    public var description: String {
        switch self {
        case .intervalTooShort(let name): "DeviceActivity refused \(name): intervals last at least 15 minutes (intervalTooShort)."
        case .intervalTooLong(let name): "DeviceActivity refused \(name): intervals last at most a week (intervalTooLong)."
        case .excessiveActivities(let name): "DeviceActivity refused \(name): at most 20 activities at once (excessiveActivities)."
        case .invalidDateComponents(let name): "DeviceActivity refused \(name): its start or end cannot be read (invalidDateComponents)."
        case .unauthorized: "Screen Time access is not granted."
        case .liveActivityNotAllowed(let process):
            "The Live Activity cannot be started or changed from \(process); Threshold does it when it next opens."
        case .shieldNotHeld(let store): "ManagedSettings accepted \(store) and does not hold it."
        case .failed(let detail): "Screen Time failed: \(detail)"
        }
    }
}
