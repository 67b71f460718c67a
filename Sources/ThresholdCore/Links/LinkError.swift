/// Why a link was not followed. The app shows why (`RefusalWords`) and does nothing else.
public enum LinkError: Error, Hashable, Codable, Sendable {
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

}
