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
            .eventDidReachThreshold, .eventWillReachThresholdWarning:
            true
        default: false
        }
    }

    /// A Focus filter's intent: iOS runs it when a Focus turns on or off, in use or not.
    public static let focusFilter = Trigger.appIntent("FocusFilter")

    /// Whether it comes of the person using the phone (the app, a shield, a Shortcut, a link, a
    /// notification, a widget), so that iOS has delivered the monitor callbacks it held back: not
    /// a monitor callback, a clock change told to a running process, or a Focus filter.
    public var meansPhoneInUse: Bool {
        !isMonitorCallback && self != .significantTimeChange && self != .focusFilter
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

// A trigger's JSON is written and read by hand, keyed by ``NamedKey`` at both levels, as Swift's
// synthesized coding wrote it (`TriggerCodingTests` compares the two).
extension Trigger {
    /// The case's name and its payload's fields, as Swift's synthesized coding names them.
    private var coded: (name: String, fields: KeyValuePairs<String, String>) {
        switch self {
        case .appForeground: ("appForeground", [:])
        case .inApp(let what): ("inApp", ["_0": what])
        case .intervalDidStart(let name): ("intervalDidStart", ["_0": name])
        case .intervalDidEnd(let name): ("intervalDidEnd", ["_0": name])
        case .intervalWillStartWarning(let name): ("intervalWillStartWarning", ["_0": name])
        case .intervalWillEndWarning(let name): ("intervalWillEndWarning", ["_0": name])
        case .eventDidReachThreshold(let activity, let event): ("eventDidReachThreshold", ["activity": activity, "event": event])
        case .eventWillReachThresholdWarning(let activity, let event):
            ("eventWillReachThresholdWarning", ["activity": activity, "event": event])
        case .shieldButton(let role): ("shieldButton", ["_0": role.rawValue])
        case .appIntent(let name): ("appIntent", ["_0": name])
        case .universalLink(let url): ("universalLink", ["_0": url])
        case .notificationResponse(let id): ("notificationResponse", ["_0": id])
        case .notificationPresented(let id): ("notificationPresented", ["_0": id])
        case .widget(let name): ("widget", ["_0": name])
        case .liveActivityButton(let name): ("liveActivityButton", ["_0": name])
        case .significantTimeChange: ("significantTimeChange", [:])
        }
    }

    public init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: NamedKey.self)
        guard outer.allKeys.count == 1, let key = outer.allKeys.first else {
            throw DecodingError.typeMismatch(
                Trigger.self,
                DecodingError.Context(
                    codingPath: outer.codingPath, debugDescription: "Invalid number of keys found, expected one."))
        }
        let inner = try outer.nestedContainer(keyedBy: NamedKey.self, forKey: key)
        func field(_ name: String = "_0") throws -> String { try inner.decode(String.self, forKey: NamedKey(name)) }
        switch key.stringValue {
        case "appForeground": self = .appForeground
        case "inApp": self = .inApp(try field())
        case "intervalDidStart": self = .intervalDidStart(try field())
        case "intervalDidEnd": self = .intervalDidEnd(try field())
        case "intervalWillStartWarning": self = .intervalWillStartWarning(try field())
        case "intervalWillEndWarning": self = .intervalWillEndWarning(try field())
        case "eventDidReachThreshold": self = .eventDidReachThreshold(activity: try field("activity"), event: try field("event"))
        case "eventWillReachThresholdWarning":
            self = .eventWillReachThresholdWarning(activity: try field("activity"), event: try field("event"))
        case "shieldButton":
            let raw = try field()
            guard let role = ShieldButtonRole(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: NamedKey("_0"), in: inner,
                    debugDescription: "Cannot initialize ShieldButtonRole from invalid String value \(raw)")
            }
            self = .shieldButton(role)
        case "appIntent": self = .appIntent(try field())
        case "universalLink": self = .universalLink(try field())
        case "notificationResponse": self = .notificationResponse(try field())
        case "notificationPresented": self = .notificationPresented(try field())
        case "widget": self = .widget(try field())
        case "liveActivityButton": self = .liveActivityButton(try field())
        case "significantTimeChange": self = .significantTimeChange
        default:
            throw DecodingError.dataCorruptedError(forKey: key, in: outer, debugDescription: "No trigger is named \(key.stringValue).")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let (name, fields) = coded
        var outer = encoder.container(keyedBy: NamedKey.self)
        var inner = outer.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey(name))
        for (key, value) in fields { try inner.encode(value, forKey: NamedKey(key)) }
    }
}

/// Which of a shield's two buttons was pressed.
public enum ShieldButtonRole: String, Codable, Sendable, CaseIterable {
    case primary
    case secondary
}
