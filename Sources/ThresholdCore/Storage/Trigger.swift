import Foundation

/// What woke Threshold's code: every entry point names itself with one of these and runs the
/// same reconcile. Recorded in the event log, so a history can tell a key tap from a schedule.
public enum Trigger: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The app came to the foreground (or was launched).
    case appForeground
    /// The app acted on the person's request inside it (a button, a finished ritual).
    case inApp(String)
    /// DeviceActivityMonitor callbacks, with the activity's name.
    case intervalDidStart(String)
    case intervalDidEnd(String)
    case intervalWillStartWarning(String)
    case intervalWillEndWarning(String)
    /// A `DeviceActivityEvent` threshold (usage) was reached, or is about to be.
    case eventDidReachThreshold(activity: String, event: String)
    case eventWillReachThresholdWarning(activity: String, event: String)
    /// A shield's button (ShieldActionDelegate).
    case shieldButton(ShieldButtonRole)
    /// An App Intent or Shortcut, by name.
    case appIntent(String)
    /// A universal link (an NFC key's tag, a typed link).
    case universalLink(String)
    /// The person tapped a notification, by its id.
    case notificationResponse(String)
    /// iOS presented one of Threshold's notifications to the app while it was open
    /// (`userNotificationCenter(_:willPresent:)`), by its id: the app reconciles then, so what it
    /// says (a session's goal reached) reaches the Live Activity and the screens at once.
    case notificationPresented(String)
    /// A widget's button, by name.
    case widget(String)
    /// A Live Activity's button, by name.
    case liveActivityButton(String)
    /// The system reported a clock or time-zone change to a running process.
    case significantTimeChange

    /// Whether the DeviceActivity monitor extension delivers it.
    public var isMonitorCallback: Bool {
        switch self {
        case .intervalDidStart, .intervalDidEnd, .intervalWillStartWarning, .intervalWillEndWarning,
             .eventDidReachThreshold, .eventWillReachThresholdWarning: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .appForeground: "app foreground"
        case .inApp(let what): "in app: \(what)"
        case .intervalDidStart(let name): "intervalDidStart \(name)"
        case .intervalDidEnd(let name): "intervalDidEnd \(name)"
        case .intervalWillStartWarning(let name): "intervalWillStartWarning \(name)"
        case .intervalWillEndWarning(let name): "intervalWillEndWarning \(name)"
        case .eventDidReachThreshold(let activity, let event): "eventDidReachThreshold \(activity)/\(event)"
        case .eventWillReachThresholdWarning(let activity, let event): "eventWillReachThresholdWarning \(activity)/\(event)"
        case .shieldButton(let role): "shield \(role.rawValue) button"
        case .appIntent(let name): "App Intent \(name)"
        case .universalLink(let url): "link \(url)"
        case .notificationResponse(let id): "notification \(id)"
        case .notificationPresented(let id): "notification \(id) presented in the app"
        case .widget(let name): "widget \(name)"
        case .liveActivityButton(let name): "Live Activity \(name)"
        case .significantTimeChange: "clock or time zone changed"
        }
    }
}

/// Which of a shield's two buttons was pressed.
public enum ShieldButtonRole: String, Codable, Sendable, CaseIterable {
    case primary
    case secondary
}
