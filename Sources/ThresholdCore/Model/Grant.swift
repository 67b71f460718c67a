import Foundation

/// What a grant lets through.
public enum GrantScope: Hashable, Codable, Sendable {
    /// One app, category or website.
    case token(AnyToken)
    /// Everything held by a restriction that accepts the grant's origin.
    case allGated
}

/// What earned a grant: which restrictions accept it follows from this.
public enum GrantOrigin: Hashable, Codable, Sendable {
    /// A completed unlock ritual; restrictions whose policy offers it accept the grant.
    case ritual(RitualKind)
    /// "Open <App>" on an intention's shield; only that app's intention accepts it.
    case intentionOpen(IntentionID)
}

/// A window during which a restriction lets something through.
public struct Grant: Hashable, Codable, Sendable, Identifiable {
    public let id: GrantID
    public let scope: GrantScope
    public let start: Date
    public let end: Date
    public let origin: GrantOrigin

    public init(id: GrantID, scope: GrantScope, start: Date, end: Date, origin: GrantOrigin) throws {
        guard end > start else {
            throw ValidationError("grant \(id)", .invariant(.endsBeforeStart(kind: "grant", id: id.rawValue)))
        }
        guard end.timeIntervalSince(start) <= 12 * 3_600 else {
            throw ValidationError("grant \(id)", .invariant(.tooLong(kind: "grant", id: id.rawValue)))
        }
        if case .intentionOpen = origin, case .token(.app) = scope {
        } else if case .intentionOpen = origin {
            throw ValidationError("grant \(id)", .invariant(.intentionGrantScope("\(scope)")))
        }
        self.id = id
        self.scope = scope
        self.start = start
        self.end = end
        self.origin = origin
    }

    public func isValid(at instant: Date) -> Bool { start <= instant && instant < end }

    /// How long it lets things through, in whole minutes.
    public var minutes: Int { Int((end.timeIntervalSince(start) / 60).rounded()) }

    private enum CodingKeys: String, CodingKey { case id, scope, start, end, origin }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(GrantID.self, forKey: .id)
        let scope = try c.decode(GrantScope.self, forKey: .scope)
        let start = try c.decode(Date.self, forKey: .start)
        let end = try c.decode(Date.self, forKey: .end)
        let origin = try c.decode(GrantOrigin.self, forKey: .origin)
        self = try validatingDecode(decoder) { try Grant(id: id, scope: scope, start: start, end: end, origin: origin) }
    }
}
