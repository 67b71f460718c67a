import Foundation

/// Where a link asks the app to go. A parsed link is only this value: the app decides what to
/// do with it (every route still passes the same policy checks as the in-app buttons).
///
/// Universal links (`https://threshold.app/…`) come from key tags, Shortcuts and the web;
/// the custom scheme (`threshold://…`) carries the app's own notification deep links. Both
/// spell a route the same way after the host:
///
/// | route | universal link | deep link |
/// |---|---|---|
/// | start a profile | `/start/<profile id>` | `threshold://start/<profile id>` |
/// | key tap | `/k/<tag id>#<secret>` | — (tags carry universal links only) |
/// | prayer flow | `/pray` | `threshold://pray` |
/// | unlock gate for an app | `/unlock/<app token>[?category=<category token>]` | `threshold://unlock/<app token>[?category=…]` |
/// | session screen | `/session[/<session id>]` | `threshold://session[/<session id>]` |
/// | a screen a shield's notification names | `/open/<screen>[?…]` (``AppDestination/url``) | `threshold://open/<screen>[?…]` |
///
/// Tokens are base64url without padding; ids are percent-encoded UTF-8. The key's secret sits
/// in the fragment, which browsers never send to a server: if the app is missing and the link
/// opens in Safari, threshold.app's server still never sees the secret.
public enum LinkRoute: Hashable, Sendable {
    /// Start a profile (a Shortcut, a widget or a web link).
    case startProfile(ProfileID)
    /// A tap of an NFC key tag: the tag's id and the secret its link carries.
    case keyTap(KeyTagID, KeySecret)
    /// Open the prayer flow (the Selah shield's notification).
    case prayer
    /// Open the unlock gate for an app, with its category when the shield knew it.
    case unlockGate(app: AppToken, category: CategoryToken?)
    /// Open a session's screen; `nil` opens the one running now.
    case session(SessionID?)
    /// Open the screen a shield's notification names (`/open/home`, `/open/pray?app=…`,
    /// `/open/unlock?app=…&rule=profile:work`, `/open/session?profile=…`, `/open/tutorial`).
    case destination(AppDestination)
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

    /// The route's universal link.
    public var universalLink: URL { url(.universal) }

    /// The route's link in `form`. Key taps exist only as universal links; asked for a deep
    /// link, a key tap still gives its universal link.
    public func url(_ form: LinkForm) -> URL {
        let prefix = form == .universal || isKeyTap ? "https://\(LinkRoute.host)/" : "\(LinkRoute.scheme)://"
        return URL(string: prefix + path)!
    }

    private var isKeyTap: Bool {
        if case .keyTap = self { return true }
        return false
    }

    /// Everything after the host (or the scheme's `//`), escaped.
    private var path: String {
        switch self {
        case .startProfile(let id):
            "start/" + LinkRoute.escape(id.rawValue)
        case .keyTap(let tag, let secret):
            "k/" + tag.rawValue + "#" + secret.base64URL
        case .prayer:
            "pray"
        case .unlockGate(let app, let category):
            "unlock/" + Base64URL.encode(app.data) + (category.map { "?category=" + Base64URL.encode($0.data) } ?? "")
        case .session(let id):
            "session" + (id.map { "/" + LinkRoute.escape($0.rawValue) } ?? "")
        case .destination(let destination):
            String(destination.url.dropFirst("https://\(AppDestination.host)/".count))
        }
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
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
