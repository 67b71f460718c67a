import Foundation

/// What the Live Activity on the lock screen shows for a running session: the timer, the goal
/// and the break, with End and Break buttons.
public struct LiveActivityContent: Hashable, Codable, Sendable {
    public enum Phase: String, Codable, Sendable {
        case focusing
        case onBreak
        case goalReached
    }

    public let profileID: ProfileID
    /// "🎯 Work".
    public let title: String
    public let startedAt: Date
    public let goalAt: Date?
    public let endsAt: Date?
    public let breakUntil: Date?
    public let phase: Phase

    public init(profileID: ProfileID, title: String, startedAt: Date, goalAt: Date?, endsAt: Date?, breakUntil: Date?, phase: Phase) {
        self.profileID = profileID
        self.title = title
        self.startedAt = startedAt
        self.goalAt = goalAt
        self.endsAt = endsAt
        self.breakUntil = breakUntil
        self.phase = phase
    }

    /// The content for the session-shaped restriction in force that started last, if any.
    public static func current(_ state: ThresholdState, _ enforcement: Enforcement, calendar: Calendar, at now: Date) -> LiveActivityContent? {
        let clock = Clockwork(timeZone: calendar.timeZone, around: now)
        // By id, once: a lookup per rule in force through the lists grew with rules × profiles.
        let profiles = Dictionary(state.profiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sessions = Dictionary(state.sessions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let candidates = enforcement.rules.compactMap { rule -> LiveActivityContent? in
            guard case .profile(let id) = rule.rule, let profile = profiles[id], profile.path.isSessionPath else { return nil }
            var start: Date?, goal: Date?, end: Date?
            for source in rule.sources {
                switch source {
                case .session(let sessionID):
                    guard let session = sessions[sessionID] else { continue }
                    start = min(start ?? session.start, session.start)
                    goal = session.goalInstant ?? goal
                    end = session.stop ?? end
                case .schedule(let key):
                    guard let span = profile.schedules.first(where: { $0.id == key.scheduleID })?.occurrence(startingOn: key.day, in: clock) else { continue }
                    start = min(start ?? span.start, span.start)
                    end = max(end ?? span.end, span.end)
                case .always:
                    continue
                }
            }
            guard let start else { return nil }
            let phase: Phase
            let breakUntil: Date?
            switch (rule.status, rule.reason) {
            case (.onBreak(_, let until), _): (phase, breakUntil) = (.onBreak, until)
            case (_, .sessionGoalReached): (phase, breakUntil) = (.goalReached, nil)
            default: (phase, breakUntil) = (.focusing, nil)
            }
            return LiveActivityContent(profileID: id, title: "\(profile.emoji) \(profile.name)", startedAt: start,
                                       goalAt: goal, endsAt: end, breakUntil: breakUntil, phase: phase)
        }
        return candidates.max { ($0.startedAt, $0.profileID) < ($1.startedAt, $1.profileID) }
    }
}
