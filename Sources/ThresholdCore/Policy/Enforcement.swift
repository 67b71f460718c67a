import Foundation

/// Why a restriction in force is letting something through, or nothing.
public enum RuleStatus: Hashable, Codable, Sendable {
    /// Shielding everything it covers.
    case enforcing
    /// Some of its tokens are let through by one-token grants.
    case partlyLifted(grants: [GrantID])
    /// A break of one of the profile's sessions lifts it until `until`.
    case onBreak(BreakID, until: Date)
    /// A grant for everything it gates lifts it until `until`.
    case granted(GrantID, until: Date)
}

/// What keeps a restriction in force.
public enum RuleSource: Hashable, Comparable, Codable, Sendable {
    /// A scheduled span of the profile.
    case schedule(OccurrenceKey)
    /// A running session of the profile.
    case session(SessionID)
    /// Gates, intentions and the tutorial are always in force.
    case always

    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.schedule(a), .schedule(b)): a < b
        case let (.session(a), .session(b)): a < b
        case (.schedule, _): true
        case (.session, .always): true
        default: false
        }
    }
}

/// One restriction in force at the instant evaluated.
public struct RuleEnforcement: Hashable, Codable, Sendable {
    public let rule: RuleRef
    public let reason: Reason
    public let status: RuleStatus
    public let sources: [RuleSource]
    /// What it shields now, after its grants and breaks.
    public let shield: RuleShield
}

/// The engine's answer: what must be shielded now, in which named stores, why, and when that
/// can next change.
public struct Enforcement: Hashable, Codable, Sendable {
    /// Every named store with something in it, in name order. Stores not listed must be cleared.
    public let stores: [ShieldStore]
    /// The restrictions in force, in rule order.
    public let rules: [RuleEnforcement]
    /// Grants valid at the instant evaluated, whether or not they lift anything.
    public let activeGrants: [GrantID]
    /// The earliest instant after the one evaluated at which the result differs; `nil` when
    /// nothing but a new event can change it.
    public let nextChange: Date?
    /// Set when more was asked for than iOS can hold; the stores hold what fits.
    public let capacityError: CapacityError?

    /// The reason the shield should show for an app, given the category iOS reports for it;
    /// `nil` when no restriction shields it.
    public func reason(forApp app: AppToken, category: CategoryToken? = nil) -> Reason? {
        best(rules.lazy.filter { $0.shield.shields(app: app, category: category) })
    }

    /// The reason the shield should show for a website; `nil` when it is not shielded.
    public func reason(forWebDomain domain: WebDomainToken, category: CategoryToken? = nil) -> Reason? {
        best(rules.lazy.filter { $0.shield.shields(webDomain: domain, category: category) })
    }

    /// A reason for every shielded target the engine can name: each app, category and website
    /// a rule shields, and "every app" / "every website" for allow lists and the tutorial.
    public var reasons: [ShieldTarget: Reason] {
        var result: [ShieldTarget: Reason] = [:]
        func offer(_ target: ShieldTarget, _ reason: Reason) {
            result[target] = result[target].map { reason.joined(with: $0) } ?? reason
        }
        for rule in rules {
            let shield = rule.shield
            shield.applications.forEach { offer(.app($0), rule.reason) }
            shield.categories.forEach { offer(.category($0), rule.reason) }
            shield.webDomains.forEach { offer(.webDomain($0), rule.reason) }
            if shield.allApplications { offer(.allApplications, rule.reason) }
            if shield.allWebDomains { offer(.allWebDomains, rule.reason) }
        }
        return result
    }

    /// Whether any store shields the app.
    public func shields(app: AppToken, category: CategoryToken? = nil) -> Bool {
        stores.contains { $0.shields(app: app, category: category) }
    }

    public func rule(_ ref: RuleRef) -> RuleEnforcement? { rules.first { $0.rule == ref } }

    /// The gates and modes that shield what `scope` names and offer `kind` (the restrictions a
    /// quest for one app opens it through).
    public func offering(_ kind: RitualKind, for scope: GrantScope) -> [RuleRef] {
        guard case .token(let token) = scope else { return [] }
        return rules.filter { rule in
            guard case .gated(let label) = rule.reason, label.rituals.contains(kind) else { return false }
            return rule.shield.shields(token)
        }.map(\.rule)
    }

    /// Whether the rules in force shield a token: an app or site by name, or a category's apps.
    public func shields(_ token: AnyToken) -> Bool { rules.contains { $0.shield.shields(token) } }

    /// What a change let through: of the tokens the state names (its restrictions' picks and
    /// intentions' apps), those `before` shielded and this does not — what a ritual's success
    /// screen says it unlocked, rather than the grant's end alone.
    public func letThrough(since before: Enforcement, naming state: ThresholdState) -> Set<AnyToken> {
        var named = Set<AnyToken>()
        for gate in state.gates { named.formUnion(gate.selection.tokens) }
        for profile in state.profiles { named.formUnion(profile.selection.tokens) }
        for intention in state.intentions { named.insert(.app(intention.app)) }
        return named.filter { before.shields($0) && !shields($0) }
    }

    private func best<S: Sequence>(_ candidates: S) -> Reason? where S.Element == RuleEnforcement {
        candidates.reduce(nil as Reason?) { current, rule in current.map { rule.reason.joined(with: $0) } ?? rule.reason }
    }
}

/// Something a shield can be keyed by.
public enum ShieldTarget: Hashable, Codable, Sendable {
    case app(AppToken)
    case category(CategoryToken)
    case webDomain(WebDomainToken)
    case allApplications
    case allWebDomains
}
