import Foundation

/// A website the person typed by its domain (`example.com`), which iOS's web content filter
/// blocks in Safari (`ManagedSettings.WebDomain(domain:)`), subdomains included. Kept in a plain
/// form: lower case, without a scheme, a path, a port or a leading `www.`.
public struct TypedWebsite: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let domain: String

    /// The website `text` names, read as a person types it (`https://www.Example.com/page`
    /// becomes `example.com`); throws when it is not a domain name.
    public init(_ text: String) throws {
        var domain = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let scheme = domain.range(of: "://") { domain = String(domain[scheme.upperBound...]) }
        domain = String(domain.prefix { !"/?#:".contains($0) })
        if domain.hasSuffix(".") { domain.removeLast() }
        if domain.hasPrefix("www.") { domain.removeFirst(4) }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let wellFormed =
            labels.count >= 2 && domain.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            }
            && labels.last!.count >= 2 && labels.last!.allSatisfy(\.isLetter)
        guard wellFormed else {
            throw ValidationError("website", .notAWebsite(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        self.domain = domain
    }

    /// Whether a visit to `host` (a page's domain) is this website or under it.
    public func covers(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == domain || host.hasSuffix("." + domain)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.domain < rhs.domain }

    public var description: String { domain }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try validatingDecode(decoder) { try TypedWebsite(text) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(domain)
    }
}

/// What a profile adds while it is on, beyond its shields (issue 26, "stricter strict mode"):
/// Safari's adult-content filter (`webContent.blockedByFilter`), websites blocked by the domain
/// the person typed, and no new apps installed (`application.denyAppInstallation`, which iOS
/// applies to the whole device, as it does app removal).
public struct StrictOptions: Hashable, Codable, Sendable {
    public var filtersAdultWebsites: Bool
    /// Websites blocked by their domain, in order.
    public private(set) var blockedWebsites: [TypedWebsite]
    public var deniesAppInstallation: Bool

    /// iOS's web filter holds at most this many websites in a store (as a shield list does).
    public static let maximumWebsites = ShieldStore.maximumTokens

    public init(filtersAdultWebsites: Bool = false, blockedWebsites: [TypedWebsite] = [], deniesAppInstallation: Bool = false) {
        self.filtersAdultWebsites = filtersAdultWebsites
        self.blockedWebsites = Array(Set(blockedWebsites)).sorted()
        self.deniesAppInstallation = deniesAppInstallation
    }

    /// Nothing beyond the shields.
    public static let none = StrictOptions()

    /// What a profile at `strictness` starts with: installing apps is denied for Beast Mode.
    public static func standard(for strictness: Strictness) -> StrictOptions {
        StrictOptions(deniesAppInstallation: strictness == .locked)
    }

    /// Adds a website (kept once, in order); refused past ``maximumWebsites``.
    public mutating func block(_ website: TypedWebsite) throws {
        guard !blockedWebsites.contains(website) else { return }
        try Self.check(count: blockedWebsites.count + 1)
        blockedWebsites = (blockedWebsites + [website]).sorted()
    }

    public mutating func unblock(_ website: TypedWebsite) { blockedWebsites.removeAll { $0 == website } }

    /// Throws, in words the person can act on, when `count` typed websites are more than a store holds.
    static func check(count: Int, together: Bool = false) throws {
        guard count > maximumWebsites else { return }
        throw ValidationError("websites", .tooManyWebsites(limit: maximumWebsites, count: count, together: together))
    }

    /// Throws when the profiles of `after` type more websites together than the one store that
    /// holds them takes, and more than `before` did (any of them may be on at once).
    public static func checkTogether(_ after: ThresholdState, from before: ThresholdState) throws {
        func count(_ state: ThresholdState) -> Int { Set(state.profiles.flatMap(\.strict.blockedWebsites)).count }
        let will = count(after)
        if will > count(before) { try check(count: will, together: true) }
    }

    private enum CodingKeys: String, CodingKey { case filtersAdultWebsites, blockedWebsites, deniesAppInstallation }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let adult = try c.decodeIfPresent(Bool.self, forKey: .filtersAdultWebsites) ?? false
        let websites = try c.decodeIfPresent([TypedWebsite].self, forKey: .blockedWebsites) ?? []
        let installs = try c.decodeIfPresent(Bool.self, forKey: .deniesAppInstallation) ?? false
        self = try validatingDecode(decoder) {
            try Self.check(count: Set(websites).count)
            return StrictOptions(filtersAdultWebsites: adult, blockedWebsites: websites, deniesAppInstallation: installs)
        }
    }
}
