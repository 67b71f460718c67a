import Foundation

/// What started a session.
public enum SessionOrigin: String, Codable, Sendable, CaseIterable {
    case manual
    case key
    case schedule
    case shortcut
    /// An iOS Focus turned on, and its Threshold filter named the profile (issue 26).
    case focus
}

/// How long a session is meant to last.
public enum SessionPlan: Hashable, Codable, Sendable {
    /// Present's goal: shields stay until the person ends the session; after `minutes` the
    /// shield turns to the celebration and the rest is extra time.
    case goal(minutes: Int)
    /// Ends by itself at a fixed instant (a scheduled span, a timed Key session).
    case until(Date)
    /// Runs until the person ends it (Key: tap, then "End").
    case openEnded
}

/// How a session finished.
public enum EndState: String, Codable, Sendable, CaseIterable {
    /// Reached its goal or its end time (or, open-ended, was ended by the person).
    case completed
    /// Ended by the person before its goal or end time.
    case gaveUp
    /// Ended within its first ten seconds: no penalty, no record in stats.
    case canceled
}

/// A time-limited lift of a profile's shields inside one of its sessions.
public struct Break: Hashable, Codable, Sendable, Identifiable {
    public let id: BreakID
    public let start: Date
    /// When the break ends by itself (a break ended early carries its actual end).
    public let end: Date

    public init(id: BreakID, start: Date, end: Date) throws {
        guard end > start else {
            throw ValidationError("break \(id)", .invariant(.endsBeforeStart(kind: "break", id: id.rawValue)))
        }
        guard end.timeIntervalSince(start) <= 3_600 else {
            throw ValidationError("break \(id)", .invariant(.tooLong(kind: "break", id: id.rawValue)))
        }
        self.id = id
        self.start = start
        self.end = end
    }

    public func contains(_ instant: Date) -> Bool { start <= instant && instant < end }

    private enum CodingKeys: String, CodingKey { case id, start, end }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(BreakID.self, forKey: .id)
        let start = try c.decode(Date.self, forKey: .start)
        let end = try c.decode(Date.self, forKey: .end)
        self = try validatingDecode(decoder) { try Break(id: id, start: start, end: end) }
    }
}

/// One run of a profile: when it started, how it was meant to end, its breaks and how it ended.
public struct Session: Hashable, Codable, Sendable, Identifiable {
    public struct Ending: Hashable, Codable, Sendable {
        public let at: Date
        public let state: EndState
        public init(at: Date, state: EndState) {
            self.at = at
            self.state = state
        }
    }

    public let id: SessionID
    public let profileID: ProfileID
    public let origin: SessionOrigin
    public let start: Date
    public let plan: SessionPlan
    /// The scheduled span this session stands for, when it was started by (or merged into) one.
    public let occurrence: OccurrenceKey?
    public let breaks: [Break]
    public let ending: Ending?

    public init(
        id: SessionID,
        profileID: ProfileID,
        origin: SessionOrigin,
        start: Date,
        plan: SessionPlan,
        occurrence: OccurrenceKey? = nil,
        breaks: [Break] = [],
        ending: Ending? = nil
    ) throws {
        let label = "session \(id)"
        switch plan {
        case .goal(let minutes):
            guard (1...720).contains(minutes) else {
                throw ValidationError(label, .outOfRange(.goalMinutes, value: minutes))
            }
        case .until(let end):
            guard end > start else { throw ValidationError(label, .invariant(.endsBeforeStart(kind: "session", id: id.rawValue))) }
            guard end.timeIntervalSince(start) <= 7 * 86_400 else {
                throw ValidationError(label, .invariant(.tooLong(kind: "session", id: id.rawValue)))
            }
        case .openEnded:
            break
        }
        if let occurrence, occurrence.profileID != profileID {
            throw ValidationError(label, .invariant(.spanOfOtherProfile(session: id.rawValue, profile: occurrence.profileID.rawValue)))
        }
        if let ending, ending.at < start {
            throw ValidationError(label, .invariant(.endsBeforeStart(kind: "session", id: id.rawValue)))
        }
        let ordered = breaks.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        for (earlier, later) in zip(ordered, ordered.dropFirst()) where later.start < earlier.end {
            throw ValidationError(label, .invariant(.breaksOverlap(earlier.id.rawValue, later.id.rawValue)))
        }
        if let first = ordered.first, first.start < start {
            throw ValidationError(label, .invariant(.breakBeforeSession(first.id.rawValue)))
        }
        self.id = id
        self.profileID = profileID
        self.origin = origin
        self.start = start
        self.plan = plan
        self.occurrence = occurrence
        self.breaks = ordered
        self.ending = ending
    }

    /// The instant the session stops by itself, if its plan has one.
    public var plannedEnd: Date? {
        if case .until(let end) = plan { return end }
        return nil
    }

    /// The instant the goal is reached, for goal sessions.
    public var goalInstant: Date? {
        if case .goal(let minutes) = plan { return start.addingTimeInterval(TimeInterval(minutes * 60)) }
        return nil
    }

    /// The instant the session stops shielding: its recorded end or its planned end, whichever is first.
    public var stop: Date? {
        switch (ending?.at, plannedEnd) {
        case let (ended?, planned?): min(ended, planned)
        case let (ended?, nil): ended
        case let (nil, planned?): planned
        case (nil, nil): nil
        }
    }

    public func isRunning(at instant: Date) -> Bool {
        start <= instant && (stop.map { instant < $0 } ?? true)
    }

    public func activeBreak(at instant: Date) -> Break? {
        breaks.first { $0.contains(instant) }
    }

    private enum CodingKeys: String, CodingKey { case id, profileID, origin, start, plan, occurrence, breaks, ending }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(SessionID.self, forKey: .id)
        let profileID = try c.decode(ProfileID.self, forKey: .profileID)
        let origin = try c.decode(SessionOrigin.self, forKey: .origin)
        let start = try c.decode(Date.self, forKey: .start)
        let plan = try c.decode(SessionPlan.self, forKey: .plan)
        let occurrence = try c.decodeIfPresent(OccurrenceKey.self, forKey: .occurrence)
        let breaks = try c.decodeIfPresent([Break].self, forKey: .breaks) ?? []
        let ending = try c.decodeIfPresent(Ending.self, forKey: .ending)
        self = try validatingDecode(decoder) {
            try Session(
                id: id, profileID: profileID, origin: origin, start: start, plan: plan,
                occurrence: occurrence, breaks: breaks, ending: ending)
        }
    }
}
