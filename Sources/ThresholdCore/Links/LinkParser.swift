import Foundation

extension LinkRoute {
    /// Longest link accepted: a Screen Time token is a few hundred bytes, so real links are far shorter.
    public static let maximumLength = 4_096
    /// Longest id (profile, session) a link may carry, after unescaping.
    public static let maximumIdentifierLength = 128
    /// Largest token a link may carry, in bytes.
    public static let maximumTokenBytes = 2_048

    /// The route a link names, or why it names none (a ``LinkError``). Pure: parsing does
    /// nothing but parse.
    // NB: plain `throws`, not `throws(LinkError)`: Swift 6.3 crashes in SILGen compiling this
    // initialiser with typed throws for arm64-apple-ios17.0.
    public init(url: URL) throws {
        try self.init(parsing: url.absoluteString)
    }

    /// The route a link's text names, or why it names none (a ``LinkError``).
    ///
    /// The parser is strict on purpose: it accepts exactly the links `url(_:)` writes (plus a
    /// trailing slash and any letter case in the scheme and host) and refuses the rest with a
    /// reason, so that a garbled or forged link never does something nobody wrote.
    public init(parsing text: String) throws {
        let bytes = Array(text.utf8)
        guard bytes.count <= LinkRoute.maximumLength else { throw LinkError.tooLong(length: bytes.count) }
        guard bytes.allSatisfy(LinkRoute.isURLCharacter) else { throw LinkError.invalidCharacters }
        guard let separator = text.range(of: "://") else { throw LinkError.notALink }
        let scheme = text[..<separator.lowerBound].lowercased()
        let form: LinkForm
        switch scheme {
        case "https": form = .universal
        case LinkRoute.scheme: form = .deepLink
        default: throw LinkError.unsupportedScheme(scheme)
        }

        var rest = Substring(text[separator.upperBound...])
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if form == .universal {
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let authority = rest[..<slash]
            guard authority.lowercased() == LinkRoute.host else { throw LinkError.unknownHost(String(authority)) }
            rest = slash == rest.endIndex ? "" : rest[rest.index(after: slash)...]
        }

        var segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count > 1, segments.last?.isEmpty == true { segments.removeLast() }
        let route = String(segments.first ?? "")
        let arguments = Array(segments.dropFirst())

        func refuseQuery() throws { if query != nil { throw LinkError.unexpectedQuery(route: route) } }
        func refuseFragment() throws { if fragment != nil { throw LinkError.unexpectedFragment(route: route) } }
        func expect(_ counts: ClosedRange<Int>, _ shape: String) throws {
            guard counts.contains(arguments.count) else { throw LinkError.wrongShape(route: route, expected: shape) }
        }

        switch route {
        case "start":
            try expect(0...1, "…/start or …/start/<profile id>")
            try refuseQuery()
            try refuseFragment()
            self = arguments.isEmpty ? .startLastUsed : .startProfile(ProfileID(try LinkRoute.identifier(arguments[0], route: route)))
        case "k":
            guard form == .universal else { throw LinkError.keyLinkNotUniversal }
            try expect(1...1, "https://\(LinkRoute.host)/k/<tag id>#<secret>")
            try refuseQuery()
            guard KeyTag.isWellFormed(arguments[0]) else { throw LinkError.badIdentifier(route: route) }
            guard let fragment, let secret = try? KeySecret(base64URL: fragment) else { throw LinkError.badSecret }
            self = .keyTap(KeyTagID(String(arguments[0])), secret)
        case "p":
            guard form == .universal else { throw LinkError.wrongShape(route: route, expected: "https://\(LinkRoute.host)/p/<code>") }
            try expect(1...1, "https://\(LinkRoute.host)/p/<code>")
            try refuseQuery()
            try refuseFragment()
            guard let code = LinkRoute.partnerCode(arguments[0]) else { throw LinkError.badIdentifier(route: route) }
            self = .partnerInvitation(code)
        case "home", "tutorial", "feedback", "review":
            try expect(0...0, "…/\(route)")
            try refuseQuery()
            try refuseFragment()
            self = .open(route == "home" ? .home : route == "tutorial" ? .tutorial : route == "review" ? .dailyReview : .feedback)
        case "pray":
            try expect(0...0, "…/pray or …/pray?app=<app token>")
            try refuseFragment()
            var items = try LinkRoute.queryItems(query, allowed: ["app"], route: route)
            self = .open(.prayer(app: try items.removeValue(forKey: "app").map { AppToken(data: try LinkRoute.token($0, "app token")) }))
        case "unlock":
            try expect(0...1, "…/unlock, …/unlock/<app token> or …/unlock?site=<website token>")
            try refuseFragment()
            let app = try arguments.first.map { AppToken(data: try LinkRoute.token($0, "app token")) }
            var items = try LinkRoute.queryItems(query, allowed: ["category", "rule", "site"], route: route)
            let category = try items.removeValue(forKey: "category").map { CategoryToken(data: try LinkRoute.token($0, "category token")) }
            let rule = try items.removeValue(forKey: "rule").map { try LinkRoute.rule($0, route: route) }
            if let site = try items.removeValue(forKey: "site").map({ WebDomainToken(data: try LinkRoute.token($0, "website token")) }) {
                // A website's gate names the website alone: an app or a category beside it is a forged link.
                guard app == nil, category == nil else {
                    throw LinkError.wrongShape(route: route, expected: "https://\(LinkRoute.host)/unlock?site=<website token>")
                }
                self = .open(.websiteGate(site, rule: rule))
            } else {
                self = .open(.unlockGate(app: app, category: category, rule: rule))
            }
        case "challenge":
            try expect(1...1, "…/challenge/<app token>")
            try refuseFragment()
            let app = AppToken(data: try LinkRoute.token(arguments[0], "app token"))
            var items = try LinkRoute.queryItems(query, allowed: ["rule"], route: route)
            self = .open(.challenge(app: app, rule: try items.removeValue(forKey: "rule").map { try LinkRoute.rule($0, route: route) }))
        case "session":
            try expect(0...1, "…/session or …/session/<profile id>")
            try refuseQuery()
            try refuseFragment()
            self = .open(.session(try arguments.first.map { ProfileID(try LinkRoute.identifier($0, route: route)) }))
        default:
            throw LinkError.unknownRoute(String(rest))
        }
    }

    /// A `rule=` value: `profile:<id>`, `gate:<id>`, `intention:<id>` or `tutorial`.
    private static func rule(_ raw: Substring, route: String) throws -> RuleRef {
        guard let text = LinkRoute.unescape(raw), let rule = RuleRef(linkValue: text) else {
            throw LinkError.wrongShape(
                route: route, expected: "…/\(route)[/<app token>]?rule=<profile:id | gate:id | intention:id | tutorial>")
        }
        return rule
    }

    /// A query's `key=value` items: each key at most once, among `allowed`, with a value.
    private static func queryItems(_ query: Substring?, allowed: Set<String>, route: String) throws -> [String: Substring] {
        var items: [String: Substring] = [:]
        for item in query.map({ $0.split(separator: "&", omittingEmptySubsequences: false) }) ?? [] {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[1].isEmpty, allowed.contains(String(pair[0])), items[String(pair[0])] == nil else {
                throw LinkError.unexpectedQuery(route: route)
            }
            items[String(pair[0])] = pair[1]
        }
        return items
    }

    /// Whether a byte may appear in a link as written: RFC 3986's unreserved and reserved
    /// characters (but not `[` `]`, which only IPv6 hosts use) and `%`. Anything else would be
    /// escaped by `URL(string:)`, so accepting it raw would let two spellings mean different ids.
    private static func isURLCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~:/?#@!$&'()*+,;=%".utf8.contains(byte)
        }
    }

    /// An unescaped id: 1 to 128 characters of valid UTF-8 with no control characters.
    private static func identifier(_ raw: Substring, route: String) throws -> String {
        guard let text = unescape(raw), !text.isEmpty, text.count <= maximumIdentifierLength,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw LinkError.badIdentifier(route: route)
        }
        return text
    }

    /// A token's bytes: canonical base64url of 1 to 2,048 bytes.
    private static func token(_ raw: Substring, _ what: String) throws -> Data {
        guard raw.utf8.count <= (maximumTokenBytes * 4 + 2) / 3, let data = Base64URL.decode(raw),
            !data.isEmpty, data.count <= maximumTokenBytes
        else {
            throw LinkError.badToken(what)
        }
        return data
    }

    /// Percent-decodes `raw`, or `nil` for a stray `%` or bytes that are not UTF-8.
    private static func unescape(_ raw: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(bytes: bytes, encoding: .utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension RuleRef {
    /// The rule a ``linkValue`` names (`profile:work`, `gate:selah`, `intention:ig`, `tutorial`);
    /// `nil` for anything else. Ids keep every character after the first colon.
    init?(linkValue text: String) {
        if text == "tutorial" {
            self = .tutorial
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let id = String(text[text.index(after: colon)...])
        guard !id.isEmpty, id.count <= LinkRoute.maximumIdentifierLength,
            !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        switch text[..<colon] {
        case "profile": self = .profile(ProfileID(id))
        case "gate": self = .gate(GateID(id))
        case "intention": self = .intention(IntentionID(id))
        default: return nil
        }
    }
}
