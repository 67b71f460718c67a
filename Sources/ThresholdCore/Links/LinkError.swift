/// Why a link was not followed. The app shows the message and does nothing else.
public enum LinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Longer than any link Threshold writes.
    case tooLong(length: Int)
    /// Spaces, control characters, non-ASCII text or characters a URL must escape (`<`, `"`, `{` …).
    case invalidCharacters
    /// No `scheme://` at the start.
    case notALink
    /// A scheme other than `https` and `threshold`; `http` included, so nothing arrives unencrypted.
    case unsupportedScheme(String)
    /// A universal link for another domain, or with a port or user name.
    case unknownHost(String)
    /// A path Threshold does not know.
    case unknownRoute(String)
    /// The route is known but the link carries too many or too few parts.
    case wrongShape(route: String, expected: String)
    /// An id that is empty, too long, badly escaped or not text.
    case badIdentifier(route: String)
    /// A token that is not canonical base64url of a plausible size.
    case badToken(String)
    /// A key link through the custom scheme: tags carry universal links only.
    case keyLinkNotUniversal
    /// A key link whose secret is missing or not 22 base64url characters.
    case badSecret
    /// A query the route does not take.
    case unexpectedQuery(route: String)
    /// A fragment the route does not take.
    case unexpectedFragment(route: String)

    public var description: String {
        switch self {
        case .tooLong(let length):
            "This link is \(length) characters long, more than any Threshold link (\(LinkRoute.maximumLength)); nothing was opened."
        case .invalidCharacters:
            "This link contains spaces or characters a link cannot hold; nothing was opened."
        case .notALink:
            "This is not a link; nothing was opened."
        case .unsupportedScheme(let scheme):
            "Threshold opens https:// and threshold:// links, not “\(scheme.prefix(20))”; nothing was opened."
        case .unknownHost(let host):
            "This link is for “\(host.prefix(40))”, not \(LinkRoute.host); nothing was opened."
        case .unknownRoute(let route):
            "Threshold does not know the link “/\(route.prefix(40))”; it may come from a newer version. Nothing was opened."
        case .wrongShape(let route, let expected):
            "“/\(route)” links must look like \(expected); nothing was opened."
        case .badIdentifier(let route):
            "The id in this “\(route)” link is empty, too long or garbled; nothing was opened."
        case .badToken(let what):
            "The \(what) in this link is garbled; nothing was opened. Tap the shield again to get a fresh link."
        case .keyLinkNotUniversal:
            "Key links come only from a key tag (https://\(LinkRoute.host)/k/…); nothing was opened."
        case .badSecret:
            "This key link is missing its secret or the secret is garbled. Write the key again (or make a new key link) from Settings → Keys; nothing was opened."
        case .unexpectedQuery(let route):
            "“/\(route)” links take no ?-parameters beyond those Threshold writes; nothing was opened."
        case .unexpectedFragment(let route):
            "“/\(route)” links take no #-part; nothing was opened."
        }
    }
}
