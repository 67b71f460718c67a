/// A category policy as ManagedSettings takes it: some categories or all, minus exceptions.
public enum CategoryPolicy<Exception: OpaqueToken>: Hashable, Codable, Sendable {
    case specific(Set<CategoryToken>, except: Set<Exception>)
    case all(except: Set<Exception>)

    public func covers(_ token: Exception, category: CategoryToken?) -> Bool {
        switch self {
        case .specific(let categories, let except):
            category.map(categories.contains) == true && !except.contains(token)
        case .all(let except):
            !except.contains(token)
        }
    }
}

/// The settings for one named `ManagedSettingsStore`. iOS shields the union of every store.
public struct ShieldStore: Hashable, Codable, Sendable, Identifiable {
    public static let maximumTokens = 50
    public static let maximumStores = 50
    public static let namePrefix = "threshold."

    /// The store's name: `threshold.0` … `threshold.49`, stable so re-applying is a diff.
    public let name: String
    public var applications: Set<AppToken> = []
    public var applicationCategories: CategoryPolicy<AppToken>?
    public var webDomains: Set<WebDomainToken> = []
    public var webDomainCategories: CategoryPolicy<WebDomainToken>?
    /// Safari's web content filter (`webContent.blockedByFilter`): set in the first store only.
    public var webFilter: WebFilter?

    public var id: String { name }

    public init(name: String) { self.name = name }
    public init(index: Int) { self.name = Self.namePrefix + String(index) }

    public var isEmpty: Bool {
        applications.isEmpty && applicationCategories == nil && webDomains.isEmpty && webDomainCategories == nil && webFilter == nil
    }

    public func shields(app: AppToken, category: CategoryToken?) -> Bool {
        applications.contains(app) || applicationCategories?.covers(app, category: category) == true
    }

    public func shields(webDomain: WebDomainToken, category: CategoryToken?) -> Bool {
        webDomains.contains(webDomain) || webDomainCategories?.covers(webDomain, category: category) == true
    }
}

/// Safari's web content filter as a store sets it: adult websites filtered (iOS's own list) and
/// websites blocked by domain. iOS has one filter policy per store, so the engine keeps the
/// union of every restriction's in one store.
public struct WebFilter: Hashable, Codable, Sendable {
    public var filtersAdultWebsites: Bool
    public var blockedWebsites: Set<TypedWebsite>

    public init(filtersAdultWebsites: Bool, blockedWebsites: Set<TypedWebsite>) {
        self.filtersAdultWebsites = filtersAdultWebsites
        self.blockedWebsites = blockedWebsites
    }

    /// Whether a page on `host` is blocked (an adult website is `adult`; iOS decides which are).
    public func blocks(_ host: String, adult: Bool) -> Bool {
        (filtersAdultWebsites && adult) || blockedWebsites.contains { $0.covers(host) }
    }
}

/// More shielding was asked for than iOS can hold. The engine never drops a token silently:
/// what did not fit is counted here and the reconciler reports it.
public struct CapacityError: Error, Hashable, Codable, Sendable {
    public enum Problem: Hashable, Codable, Sendable {
        /// The shields need more named stores than iOS allows; `unshielded` tokens were left out.
        case tooManyStores(needed: Int, unshielded: Int)
        /// A category or allow-list policy has more exceptions than iOS takes; `dropped`
        /// exceptions were left out, so those apps or sites stay shielded (the safe side).
        case tooManyExceptions(kind: String, count: Int, dropped: Int)
        /// More typed websites than the filter's store holds; `dropped` are not blocked.
        case tooManyTypedWebsites(count: Int, dropped: Int)
    }

    public let problems: [Problem]
}
