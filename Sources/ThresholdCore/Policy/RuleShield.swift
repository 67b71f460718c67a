/// What one restriction shields right now, after its grants: the set-level description the
/// engine packs into named stores, and what "why is this app blocked" is answered from.
public struct RuleShield: Hashable, Codable, Sendable {
    public var applications: Set<AppToken> = []
    public var categories: Set<CategoryToken> = []
    /// Every app (an allow list, the tutorial), except `applicationExceptions`.
    public var allApplications = false
    /// Apps let through despite `categories` or `allApplications`.
    public var applicationExceptions: Set<AppToken> = []
    public var webDomains: Set<WebDomainToken> = []
    public var allWebDomains = false
    public var webDomainExceptions: Set<WebDomainToken> = []
    /// Safari's adult-content filter is on.
    public var filtersAdultWebsites = false
    /// Websites blocked by the domain the person typed (iOS's web content filter).
    public var blockedWebsites: Set<TypedWebsite> = []

    public init() {}

    public var isEmpty: Bool {
        applications.isEmpty && categories.isEmpty && !allApplications && webDomains.isEmpty && !allWebDomains
            && !filtersAdultWebsites && blockedWebsites.isEmpty
    }

    /// Whether an app (in `category`, when the caller knows it) is shielded by this rule.
    public func shields(app: AppToken, category: CategoryToken?) -> Bool {
        if applications.contains(app) { return true }
        let byCategory = allApplications || category.map(categories.contains) == true
        return byCategory && !applicationExceptions.contains(app)
    }

    /// Whether this rule shields a token: an app or site by name, or a category's apps.
    public func shields(_ token: AnyToken) -> Bool {
        switch token {
        case .app(let app): shields(app: app, category: nil)
        case .webDomain(let web): shields(webDomain: web, category: nil)
        case .category(let category): categories.contains(category) || allApplications
        }
    }

    /// Whether a website (in `category`, when known) is shielded by this rule.
    public func shields(webDomain: WebDomainToken, category: CategoryToken?) -> Bool {
        if webDomains.contains(webDomain) { return true }
        let byCategory = allWebDomains || category.map(categories.contains) == true
        return byCategory && !webDomainExceptions.contains(webDomain)
    }
}
