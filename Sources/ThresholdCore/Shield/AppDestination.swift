import Foundation

/// A screen of the app that a shield button or a notification leads to.
///
/// The shield cannot open the app itself (PLATFORM.md): its buttons post a local notification
/// whose link opens the app here. `url` is the universal link the notification carries; the
/// link router (Core `Links/`) parses the same shapes.
public enum AppDestination: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The home screen.
    case home
    /// Selah's prayer flow, for an app when the shield knows it.
    case prayer(app: AppToken?)
    /// The unlock gate: why an app is blocked and the ways through.
    case unlockOptions(app: AppToken?, rule: RuleRef)
    /// A profile's running session: end, break, complete.
    case session(ProfileID)
    /// Finishing the first-run tutorial.
    case tutorial

    public static let host = "threshold.app"

    public var url: String {
        switch self {
        case .home: "https://\(Self.host)/open/home"
        case .prayer(let app): "https://\(Self.host)/open/pray" + Self.query(["app": app?.data.base64URL])
        case .unlockOptions(let app, let rule):
            "https://\(Self.host)/open/unlock" + Self.query(["app": app?.data.base64URL, "rule": rule.linkValue])
        case .session(let profile): "https://\(Self.host)/open/session" + Self.query(["profile": profile.rawValue])
        case .tutorial: "https://\(Self.host)/open/tutorial"
        }
    }

    public var description: String { url }

    private static func query(_ items: KeyValuePairs<String, String?>) -> String {
        let parts = items.compactMap { key, value in value.map { "\(key)=\($0.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? $0)" } }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }
}

extension RuleRef {
    /// `profile:work`, `gate:selah`, `intention:ig`, `tutorial`: how links and scenarios name a rule.
    public var linkValue: String {
        switch self {
        case .profile(let id): "profile:\(id)"
        case .gate(let id): "gate:\(id)"
        case .intention(let id): "intention:\(id)"
        case .tutorial: "tutorial"
        }
    }
}

extension CharacterSet {
    // NB: ASCII only: `CharacterSet.alphanumerics` also holds “é” and “日”, which a URL must escape.
    static let urlQueryValueAllowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:")
}

extension Data {
    /// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5).
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
