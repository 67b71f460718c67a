import Foundation

/// Where a link asks the app to go. A parsed link is only this value: the app decides what to
/// do with it (every route still passes the same policy checks as the in-app buttons).
///
/// The one link vocabulary of the app: key tags, Shortcuts, the web, the shields'
/// notifications, reminders, widgets and quick actions all write their links here and the app
/// reads them back here. Universal links (`https://threshold.app/…`) come from key tags, Shortcuts
/// and the web; the custom scheme (`threshold://…`) carries the app's own links (notifications,
/// widgets). Both spell a route the same way after the host:
///
/// | route | universal link | deep link |
/// |---|---|---|
/// | start a profile | `/start/<profile id>` | `threshold://start/<profile id>` |
/// | key tap | `/k/<tag id>#<secret>` | — (tags carry universal links only) |
/// | home | `/home` | `threshold://home` |
/// | prayer flow | `/pray[?app=<app token>]` | `threshold://pray[?app=…]` |
/// | unlock gate | `/unlock[/<app token>][?category=<category token>][&rule=<rule>]` | `threshold://unlock[/…][?…]` |
/// | a challenge over the gate | `/challenge/<app token>[?rule=<rule>]` | `threshold://challenge/…[?…]` |
/// | session screen | `/session[/<profile id>]` | `threshold://session[/<profile id>]` |
/// | tutorial | `/tutorial` | `threshold://tutorial` |
/// | feedback | `/feedback` | `threshold://feedback` |
/// | daily review | `/review` | `threshold://review` |
/// | partner invitation | `/p/<code>` | — (shared as universal links only) |
///
/// Tokens are base64url without padding; ids are percent-encoded UTF-8; a rule is
/// `profile:<id>`, `gate:<id>`, `intention:<id>` or `tutorial` (``RuleRef/linkValue``). The
/// key's secret sits in the fragment, which browsers never send to a server: if the app is
/// missing and the link opens in Safari, threshold.app's server still never sees the secret.
public enum LinkRoute: Hashable, Sendable {
    /// Start a profile (a Shortcut, a widget or a web link).
    case startProfile(ProfileID)
    /// The plain start link, no profile named (seed 004's card written with the app's start link):
    /// the last-used profile starts, or asks end or break when it is on.
    case startLastUsed
    /// A tap of an NFC key tag: the tag's id and the secret its link carries.
    case keyTap(KeyTagID, KeySecret)
    /// Open a screen: a shield's notification, a reminder, a quick action, a widget.
    case open(AppDestination)
    /// A Together partner's invitation (issue 16): its code, 12 characters of Crockford's base32
    /// in upper case (``partnerCodeAlphabet``). Only its shape is checked here; the server knows
    /// the codes it made, so an edited one is refused there.
    case partnerInvitation(String)
}

/// The two ways a link reaches the app.
public enum LinkForm: String, Hashable, Sendable, CaseIterable {
    /// `https://threshold.app/…`, claimed through Associated Domains.
    case universal
    /// `threshold://…`, for the app's own notifications.
    case deepLink
}

extension LinkRoute {
    /// The domain the app claims for universal links.
    public static let host = "threshold.app"
    /// The app's custom URL scheme.
    public static let scheme = "threshold"

    /// The paths the app claims on its domain (the apple-app-site-association file's components),
    /// one or two per route: exactly the links ``url(_:)`` writes.
    public static let claimedPaths = [
        "/start", "/start/*", "/k/*", "/home", "/pray", "/unlock", "/unlock/*", "/challenge/*", "/session", "/session/*",
        "/tutorial", "/feedback", "/review", "/p/*",
    ]

    /// The route's universal link.
    public var universalLink: URL { url(.universal) }

    /// The route's link in `form`. Key taps exist only as universal links; asked for a deep
    /// link, a key tap still gives its universal link.
    public func url(_ form: LinkForm) -> URL {
        let prefix = form == .universal || isKeyTap ? "https://\(LinkRoute.host)/" : "\(LinkRoute.scheme)://"
        return URL(string: prefix + path)!
    }

    private var isKeyTap: Bool {
        switch self {
        case .keyTap, .partnerInvitation: true
        default: false
        }
    }

    /// A partner invitation code's characters: Crockford's base32 (no I, L, O or U).
    public static let partnerCodeAlphabet = Set("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// A partner invitation code's length.
    public static let partnerCodeLength = 12

    /// The code in upper case when it has a partner invitation code's shape, else `nil`.
    static func partnerCode(_ raw: Substring) -> String? {
        let code = raw.uppercased()
        guard code.count == partnerCodeLength, code.allSatisfy(partnerCodeAlphabet.contains) else { return nil }
        return code
    }

    /// Everything after the host (or the scheme's `//`), escaped.
    private var path: String {
        switch self {
        case .startProfile(let id):
            "start/" + LinkRoute.escape(id.rawValue)
        case .startLastUsed:
            "start"
        case .keyTap(let tag, let secret):
            "k/" + tag.rawValue + "#" + secret.base64URL
        case .partnerInvitation(let code):
            "p/" + code
        case .open(.home):
            "home"
        case .open(.prayer(let app)):
            "pray" + LinkRoute.query([("app", app.map { Base64URL.encode($0.data) })])
        case .open(.unlockGate(let app, let category, let rule)):
            "unlock" + (app.map { "/" + Base64URL.encode($0.data) } ?? "")
                + LinkRoute.query([
                    ("category", category.map { Base64URL.encode($0.data) }),
                    ("rule", rule.map { LinkRoute.escape($0.linkValue, keeping: ":") }),
                ])
        case .open(.websiteGate(let site, let rule)):
            "unlock"
                + LinkRoute.query([
                    ("site", Base64URL.encode(site.data)),
                    ("rule", rule.map { LinkRoute.escape($0.linkValue, keeping: ":") }),
                ])
        case .open(.challenge(let app, let rule)):
            "challenge/" + Base64URL.encode(app.data)
                + LinkRoute.query([("rule", rule.map { LinkRoute.escape($0.linkValue, keeping: ":") })])
        case .open(.session(let profile)):
            "session" + (profile.map { "/" + LinkRoute.escape($0.rawValue) } ?? "")
        case .open(.tutorial):
            "tutorial"
        case .open(.feedback):
            "feedback"
        case .open(.dailyReview):
            "review"
        }
    }

    /// `?a=1&b=2` for the items with a value, or nothing.
    private static func query(_ items: [(String, String?)]) -> String {
        let parts = items.compactMap { key, value in value.map { "\(key)=\($0)" } }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters and those in `kept`.
    static func escape(_ text: String, keeping kept: String = "") -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where kept.utf8.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
