import Foundation

/// The first-run tutorial: every app is shielded until the person returns to Threshold.
public struct Tutorial: Hashable, Codable, Sendable {
    public let startedAt: Date
    public init(startedAt: Date) { self.startedAt = startedAt }
}

/// Everything the engine needs to decide what is shielded: the person's set-up and the live
/// sessions and grants. Built only through the validating initialiser (decoding included), so
/// a state that reaches `evaluate` is consistent.
public struct ThresholdState: Hashable, Codable, Sendable {
    public let profiles: [Profile]
    public let gates: [Gate]
    public let intentions: [Intention]
    /// Live and recently ended sessions; ended sessions that stand for a scheduled span keep
    /// that span from starting again.
    public let sessions: [Session]
    public let grants: [Grant]
    /// Days on which a streak freeze protects every intention streak.
    public let streakFreezeDays: Set<LocalDate>
    public let tutorial: Tutorial?

    public init(
        profiles: [Profile] = [],
        gates: [Gate] = [],
        intentions: [Intention] = [],
        sessions: [Session] = [],
        grants: [Grant] = [],
        streakFreezeDays: Set<LocalDate> = [],
        tutorial: Tutorial? = nil
    ) throws {
        try Self.requireUnique(profiles.map(\.id), "profile")
        try Self.requireUnique(gates.map(\.id), "gate")
        try Self.requireUnique(intentions.map(\.id), "intention")
        try Self.requireUnique(sessions.map(\.id), "session")
        try Self.requireUnique(grants.map(\.id), "grant")
        try Self.requireUnique(sessions.flatMap { $0.breaks.map(\.id) }, "break")
        var intendedApps = Set<AppToken>()
        for intention in intentions where !intendedApps.insert(intention.app).inserted {
            throw ValidationError(
                "intention \(intention.id)", .invariant(.appTaken(intention: intention.id.rawValue, app: "\(intention.app)")))
        }
        let profileIDs = Set(profiles.map(\.id))
        for session in sessions where !profileIDs.contains(session.profileID) {
            throw ValidationError(
                "session \(session.id)", .invariant(.missingProfile(session: session.id.rawValue, profile: session.profileID.rawValue)))
        }
        try Self.requireUnique(sessions.compactMap(\.occurrence), "scheduled span")
        let intentionIDs = Set(intentions.map(\.id))
        for grant in grants {
            if case .intentionOpen(let id) = grant.origin, !intentionIDs.contains(id) {
                throw ValidationError("grant \(grant.id)", .invariant(.missingIntention(grant: grant.id.rawValue, intention: id.rawValue)))
            }
        }
        self.init(
            part: profiles, gates: gates, intentions: intentions, sessions: sessions, grants: grants,
            streakFreezeDays: streakFreezeDays, tutorial: tutorial)
    }

    /// A state already known to be valid (a part of one that passed validation: a subset of its
    /// values, so valid too), built without validating again, as the planner builds hundreds at
    /// every reconcile.
    init(
        part profiles: [Profile], gates: [Gate] = [], intentions: [Intention] = [], sessions: [Session] = [],
        grants: [Grant] = [], streakFreezeDays: Set<LocalDate> = [], tutorial: Tutorial? = nil
    ) {
        self.profiles = profiles
        self.gates = gates
        self.intentions = intentions
        self.sessions = sessions
        self.grants = grants
        self.streakFreezeDays = streakFreezeDays
        self.tutorial = tutorial
    }

    public static let empty = try! ThresholdState()

    /// A copy with some parts replaced, validated again.
    public func with(
        profiles: [Profile]? = nil,
        gates: [Gate]? = nil,
        intentions: [Intention]? = nil,
        sessions: [Session]? = nil,
        grants: [Grant]? = nil,
        streakFreezeDays: Set<LocalDate>? = nil,
        tutorial: Tutorial?? = nil
    ) throws -> ThresholdState {
        try ThresholdState(
            profiles: profiles ?? self.profiles,
            gates: gates ?? self.gates,
            intentions: intentions ?? self.intentions,
            sessions: sessions ?? self.sessions,
            grants: grants ?? self.grants,
            streakFreezeDays: streakFreezeDays ?? self.streakFreezeDays,
            tutorial: tutorial ?? self.tutorial)
    }

    public func profile(_ id: ProfileID) -> Profile? { profiles.first { $0.id == id } }
    public func intention(_ id: IntentionID) -> Intention? { intentions.first { $0.id == id } }

    private static func requireUnique<ID: Hashable & CustomStringConvertible>(_ ids: [ID], _ kind: String) throws {
        var seen = Set<ID>()
        for id in ids where !seen.insert(id).inserted {
            throw ValidationError("\(kind) \(id)", .invariant(.duplicateID(kind: kind, id: "\(id)")))
        }
    }

    private enum CodingKeys: String, CodingKey {
        case profiles, gates, intentions, sessions, grants, streakFreezeDays, tutorial
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let profiles = try c.decodeIfPresent([Profile].self, forKey: .profiles) ?? []
        let gates = try c.decodeIfPresent([Gate].self, forKey: .gates) ?? []
        let intentions = try c.decodeIfPresent([Intention].self, forKey: .intentions) ?? []
        let sessions = try c.decodeIfPresent([Session].self, forKey: .sessions) ?? []
        let grants = try c.decodeIfPresent([Grant].self, forKey: .grants) ?? []
        let freezes = try c.decodeIfPresent([LocalDate].self, forKey: .streakFreezeDays) ?? []
        let tutorial = try c.decodeIfPresent(Tutorial.self, forKey: .tutorial)
        self = try validatingDecode(decoder) {
            try ThresholdState(
                profiles: profiles, gates: gates, intentions: intentions, sessions: sessions,
                grants: grants, streakFreezeDays: Set(freezes), tutorial: tutorial)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(profiles, forKey: .profiles)
        try c.encode(gates, forKey: .gates)
        try c.encode(intentions, forKey: .intentions)
        try c.encode(sessions, forKey: .sessions)
        try c.encode(grants, forKey: .grants)
        try c.encode(streakFreezeDays.sorted(), forKey: .streakFreezeDays)
        try c.encodeIfPresent(tutorial, forKey: .tutorial)
    }
}
