import Foundation

/// What a completed ritual asks for: a grant of `minutes` over `scope`, starting when it
/// completed. The session commands turn it into a `Grant` in the same write that records the
/// ritual; a ritual never changes the grants itself.
public struct GrantRequest: Hashable, Codable, Sendable {
    public let scope: GrantScope
    public let minutes: Int
    public let origin: GrantOrigin
    /// When the ritual completed: the grant's start.
    public let start: Date

    public init(scope: GrantScope, minutes: Int, origin: GrantOrigin, start: Date) {
        self.scope = scope
        self.minutes = minutes
        self.origin = origin
        self.start = start
    }

    public var end: Date { start.addingTimeInterval(TimeInterval(minutes * 60)) }

    /// The grant this request stands for, under an id the caller mints.
    public func grant(id: GrantID) throws -> Grant {
        try Grant(id: id, scope: scope, start: start, end: end, origin: origin)
    }
}

/// What the unlock gate offers a ritual: what completing it lifts and for how long.
public struct UnlockTerms: Hashable, Codable, Sendable {
    /// What the grant covers: the one app asked about, or everything the accepting restrictions gate.
    public let scope: GrantScope
    /// The window a completed ritual opens (credits ignore it: the person picks the minutes).
    public let minutes: Int
    /// What one minute costs in Focus Bank credits, for the credits option.
    public let creditsPerMinute: Int

    public init(scope: GrantScope, minutes: Int, creditsPerMinute: Int = 0) throws {
        guard (1...120).contains(minutes) else {
            throw ValidationError("unlock window", .outOfRange(.unlockMinutes, value: minutes))
        }
        guard (0...100).contains(creditsPerMinute) else {
            throw ValidationError("credit cost", .outOfRange(.creditsPerMinute, value: creditsPerMinute))
        }
        self.scope = scope
        self.minutes = minutes
        self.creditsPerMinute = creditsPerMinute
    }

    /// The request a ritual of `origin` makes on completing at `instant`.
    func request(_ origin: GrantOrigin, at instant: Date, minutes: Int? = nil) -> GrantRequest {
        GrantRequest(scope: scope, minutes: minutes ?? self.minutes, origin: origin, start: instant)
    }
}
