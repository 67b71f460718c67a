import Foundation

/// What the Live Activity on the lock screen shows for a running session: the timer, the goal
/// and the break, with End, Break (where the profile allows breaks) and Back to focus buttons.
///
/// Only the app (and a Live Activity button's intent, which runs in it) can change a Live
/// Activity; the monitor that moves a session past its goal, its break's end or its end cannot
/// (PLATFORM.md). So the content is written to stay true on its own: the timer counts to
/// ``nextBoundary`` and stops there, and ``staleDate`` marks it out of date from that instant
/// until the app runs again.
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
    public var breakUntil: Date?
    public var phase: Phase
    /// Whether a break can be taken: the profile allows breaks and, for a session, its quota has
    /// one left when the content was made. The Break button shows only then.
    public var allowsBreaks: Bool
    /// When a break is allowed again, where none is left now and the quota gives one back before
    /// the session ends (the next hour's): past it the Live Activity offers Break again by itself
    /// (``afterNextBoundary``), as only the app could tell it.
    public var breakReturnsAt: Date?
    /// A rest profile's (Sleep, ``Profile/isRest``): its time is resting, not focusing.
    public let isRest: Bool
    /// How the session ended, on the content an ended Live Activity keeps showing until it is
    /// dismissed; `nil` while it runs.
    public var ending: LiveActivityEnding?
    /// The other profiles on at the same time, the newest few (``namedBeside``) first, named under
    /// this one ("Also on: 💼 Work"): one Live Activity shows every profile on (seed 004), the
    /// newest with its timer.
    public var alsoOn: [AlsoOn] = []
    /// How many other profiles are on, named or not: past ``namedBeside`` the rest are counted
    /// ("and 2 more"), as ActivityKit keeps a content state under 4 KB.
    public var othersOn = 0
    /// The most profiles a Live Activity names beside the one it shows.
    public static let namedBeside = 3

    /// Another profile on beside the one a Live Activity shows.
    public struct AlsoOn: Hashable, Codable, Sendable {
        /// "💼 Work".
        public let title: String
        /// When it ends by itself; `nil` when only a person ends it. Past it the Live Activity no
        /// longer names it (``afterNextBoundary``).
        public let until: Date?

        public init(title: String, until: Date?) {
            self.title = title
            self.until = until
        }
    }

    public init(
        profileID: ProfileID, title: String, startedAt: Date, goalAt: Date?, endsAt: Date?, breakUntil: Date?, phase: Phase,
        allowsBreaks: Bool = false, isRest: Bool = false, alsoOn: [AlsoOn] = [], othersOn: Int? = nil, breakReturnsAt: Date? = nil
    ) {
        self.profileID = profileID
        self.title = title
        self.startedAt = startedAt
        self.goalAt = goalAt
        self.endsAt = endsAt
        self.breakUntil = breakUntil
        self.phase = phase
        self.allowsBreaks = allowsBreaks
        self.isRest = isRest
        self.alsoOn = alsoOn
        self.othersOn = othersOn ?? alsoOn.count
        self.breakReturnsAt = allowsBreaks ? nil : breakReturnsAt
    }

    private enum CodingKeys: String, CodingKey {
        case profileID, title, startedAt, goalAt, endsAt, breakUntil, phase, allowsBreaks, ending, alsoOn, othersOn, breakReturnsAt
        case isRest = "rest"
    }

    /// Reads content saved by an earlier build too (it did not say whether breaks are allowed,
    /// so the Break button stays hidden until the next reconcile writes it again).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            profileID: try c.decode(ProfileID.self, forKey: .profileID), title: try c.decode(String.self, forKey: .title),
            startedAt: try c.decode(Date.self, forKey: .startedAt), goalAt: try c.decodeIfPresent(Date.self, forKey: .goalAt),
            endsAt: try c.decodeIfPresent(Date.self, forKey: .endsAt), breakUntil: try c.decodeIfPresent(Date.self, forKey: .breakUntil),
            phase: try c.decode(Phase.self, forKey: .phase),
            allowsBreaks: try c.decodeIfPresent(Bool.self, forKey: .allowsBreaks) ?? false,
            isRest: try c.decodeIfPresent(Bool.self, forKey: .isRest) ?? false)
        ending = try c.decodeIfPresent(LiveActivityEnding.self, forKey: .ending)
        // NB: `[AlsoOn]` is read (and written) only where another profile is on: one more generic
        // type for the monitor's fresh process to instantiate costs about 0.2 M instructions a callback.
        if c.contains(.alsoOn) { alsoOn = try c.decode([AlsoOn].self, forKey: .alsoOn) }
        othersOn = try c.decodeIfPresent(Int.self, forKey: .othersOn) ?? alsoOn.count
        breakReturnsAt = try c.decodeIfPresent(Date.self, forKey: .breakReturnsAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(profileID, forKey: .profileID)
        try c.encode(title, forKey: .title)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encodeIfPresent(goalAt, forKey: .goalAt)
        try c.encodeIfPresent(endsAt, forKey: .endsAt)
        try c.encodeIfPresent(breakUntil, forKey: .breakUntil)
        try c.encode(phase, forKey: .phase)
        try c.encode(allowsBreaks, forKey: .allowsBreaks)
        try c.encode(isRest, forKey: .isRest)
        try c.encodeIfPresent(ending, forKey: .ending)
        try c.encodeIfPresent(breakReturnsAt, forKey: .breakReturnsAt)
        if !alsoOn.isEmpty {
            try c.encode(alsoOn, forKey: .alsoOn)
            try c.encode(othersOn, forKey: .othersOn)
        }
    }

    /// The next instant this content stops being true by itself: the break's end while on a
    /// break, the goal while focusing towards one, else the session's end; `nil` for an
    /// open-ended session with no goal (it stays true until someone ends it, in the app).
    public var nextBoundary: Date? {
        switch phase {
        case .onBreak: breakUntil ?? endsAt
        case .focusing: goalAt ?? endsAt
        case .goalReached: endsAt
        }
    }

    /// When iOS should show the Live Activity as out of date (`ActivityContent.staleDate`): at
    /// ``nextBoundary``, after which only the app can say what is true. iOS marks it stale once,
    /// so the content can come to one thing by itself (``afterNextBoundary``): where the session
    /// has a boundary of its own, that is it, and what changed beside it by then (a profile named
    /// beside it ended, a break came back) is folded in there; only a session with none goes stale
    /// where a profile it names ends or a break comes back.
    public var staleDate: Date? { nextBoundary ?? ([breakReturnsAt] + alsoOn.map(\.until)).compactMap { $0 }.min() }

    /// What the content comes to by itself once ``staleDate`` passes, which a Live Activity
    /// shows from then on, as nothing but the app can update it (PLATFORM.md): the profiles beside
    /// it that ended there are no longer named, and a break that came back is offered; a break's
    /// end goes back to focusing (or to the goal reached, when the goal came during the break), and
    /// the goal reached goes on as extra time. `nil` when the session ends there, or has no
    /// boundary: then only the app knows what came next.
    public var afterNextBoundary: LiveActivityContent? {
        guard ending == nil, let boundary = staleDate else { return nil }
        var next = self
        next.alsoOn = alsoOn.filter { ($0.until ?? .distantFuture) > boundary }
        next.othersOn = othersOn - (alsoOn.count - next.alsoOn.count)
        if let returns = breakReturnsAt, returns <= boundary { (next.allowsBreaks, next.breakReturnsAt) = (true, nil) }
        guard let own = nextBoundary, own <= boundary else { return next }
        if let endsAt, own >= endsAt { return nil }
        switch phase {
        case .onBreak: next.phase = goalAt.map { $0 <= own } == true ? .goalReached : .focusing
        case .focusing: next.phase = .goalReached
        case .goalReached: return nil
        }
        next.breakUntil = nil
        return next
    }

    /// What the lock screen draws: the content while it is current; past its stale date, what it
    /// came to by itself (``afterNextBoundary``), or, where only the app knows, the content as it
    /// was, no longer current (the Live Activity then says to open Threshold, with no buttons).
    public func drawn(isStale: Bool) -> (content: LiveActivityContent, isCurrent: Bool) {
        guard isStale else { return (self, true) }
        if let next = afterNextBoundary { return (next, true) }
        return (self, false)
    }

    /// Whether the content has gone stale at `now`.
    public func isStale(at now: Date) -> Bool { staleDate.map { now >= $0 } ?? false }

    /// The timer the content shows at `now`: while focusing toward a goal, up from the start to
    /// the goal (stopping there); past the goal, the extra time up from it; otherwise down to
    /// ``nextBoundary`` (a break's end, a session's end; stopping at zero), or up from the start
    /// when there is none.
    public func timer(at now: Date) -> SessionTimerSpan {
        // Seed 001 §8: up toward the goal (stopping there), then the extra time up from it.
        if let goalAt, phase == .focusing, goalAt > startedAt {
            return SessionTimerSpan(from: startedAt, to: goalAt, countsDown: false)
        }
        if let goalAt, phase == .goalReached {
            return SessionTimerSpan(from: goalAt, to: endsAt ?? .distantFuture, countsDown: false)
        }
        if let boundary = nextBoundary {
            return SessionTimerSpan(from: min(now, boundary), to: boundary, countsDown: true)
        }
        return SessionTimerSpan(from: startedAt, to: .distantFuture, countsDown: false)
    }

    /// The buttons the Live Activity shows: End always (a locked session refuses it and says
    /// so), Break while focusing where the profile allows breaks, Back to focus on a break.
    public var buttons: [LiveActivityButton] {
        switch phase {
        case .onBreak: [.end, .backToFocus]
        case .focusing, .goalReached: allowsBreaks ? [.end, .takeBreak] : [.end]
        }
    }

    /// The content for the session-shaped restriction in force that started last, if any, naming
    /// the others on beside it (``alsoOn``).
    public static func current(
        _ state: ThresholdState, _ enforcement: Enforcement, calendar: Calendar, at now: Date
    ) -> LiveActivityContent? {
        current(of: each(state, enforcement, calendar: calendar, at: now))
    }

    /// The newest of `every` (``each(_:_:calendar:at:)``'s list), naming the others beside it.
    public static func current(of every: [LiveActivityContent]) -> LiveActivityContent? {
        guard var newest = every.first else { return nil }
        newest.alsoOn = every.dropFirst().prefix(namedBeside).map { AlsoOn(title: $0.title, until: $0.endsAt) }
        newest.othersOn = every.count - 1
        return newest
    }

    /// The content for each session-shaped restriction in force, newest first: the Session tab
    /// shows each, with its own Break and End.
    public static func each(_ state: ThresholdState, _ enforcement: Enforcement, calendar: Calendar, at now: Date) -> [LiveActivityContent]
    {
        let clock = Clockwork(timeZone: calendar.timeZone, around: now)
        // By id, once: a lookup per rule in force through the lists grew with rules × profiles.
        let profiles = Dictionary(state.profiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sessions = Dictionary(state.sessions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let candidates = enforcement.rules.compactMap { rule -> LiveActivityContent? in
            guard case .profile(let id) = rule.rule, let profile = profiles[id], profile.path.isSessionPath else { return nil }
            var start: Date?, goal: Date?, end: Date?
            var firstSession: Session?
            for source in rule.sources {
                switch source {
                case .session(let sessionID):
                    guard let session = sessions[sessionID] else { continue }
                    firstSession = firstSession ?? session
                    start = min(start ?? session.start, session.start)
                    goal = session.goalInstant ?? goal
                    end = session.stop ?? end
                case .schedule(let key):
                    guard let span = profile.schedules.first(where: { $0.id == key.scheduleID })?.occurrence(startingOn: key.day, in: clock)
                    else { continue }
                    start = min(start ?? span.start, span.start)
                    end = max(end ?? span.end, span.end)
                case .always:
                    continue
                }
            }
            guard let start else { return nil }
            // Break is offered only while one is left: the policy allows breaks and, for a
            // session, its quota has one now (a Break pressed past it would only be refused).
            var breakLeft = profile.breakPolicy.allowsBreaks
            var breakReturns: Date?
            if breakLeft, let firstSession {
                let quota = BreakQuota(profile.breakPolicy, for: firstSession, at: now)
                (breakLeft, breakReturns) = (quota.remaining > 0, quota.nextAvailable)
            }
            let phase: Phase
            let breakUntil: Date?
            switch (rule.status, rule.reason) {
            case (.onBreak(_, let until), _): (phase, breakUntil) = (.onBreak, until)
            case (_, .sessionGoalReached): (phase, breakUntil) = (.goalReached, nil)
            default: (phase, breakUntil) = (.focusing, nil)
            }
            return LiveActivityContent(
                profileID: id, title: profile.title, startedAt: start,
                goalAt: goal, endsAt: end, breakUntil: breakUntil, phase: phase,
                allowsBreaks: breakLeft, isRest: profile.isRest, breakReturnsAt: breakReturns)
        }
        return candidates.sorted { ($0.startedAt, $0.profileID) > ($1.startedAt, $1.profileID) }
    }
}

/// The span a Live Activity's timer covers (`Text(timerInterval:countsDown:)`).
public struct SessionTimerSpan: Hashable, Sendable {
    public let from: Date
    public let to: Date
    public let countsDown: Bool

    public init(from: Date, to: Date, countsDown: Bool) {
        self.from = from
        self.to = to
        self.countsDown = countsDown
    }
}

/// A button on the session Live Activity; each runs in the app through the session commands.
public enum LiveActivityButton: String, Hashable, Codable, Sendable, CaseIterable {
    case end = "End"
    case takeBreak = "Break"
    /// Ends the break early: the shields return now.
    case backToFocus = "Back to focus"
}

/// How a session's Live Activity ends (seed 001 §8): completed, it shows the XP earned; given up,
/// how long the person lasted; canceled, just that (WidgetViews' `Text.liveActivityEnding` says
/// it). It stays on the lock screen for ``shownFor`` (a dismissal policy, not `.immediate`), then goes.
///
/// Only the app and a Live Activity intent may end one (PLATFORM.md); a session that ends while
/// only extensions run (its end time, with the app closed) keeps the content written ahead, whose
/// `staleDate` marks it out of date, and the app sets the ending when it next runs.
public struct LiveActivityEnding: Hashable, Codable, Sendable {
    public static let shownFor: TimeInterval = 15 * 60

    public let state: EndState
    /// XP the session earned (completed only).
    public let xp: Int
    /// Focused time, breaks left out.
    public let lasted: TimeInterval
    /// When the ended Live Activity leaves the lock screen.
    public let dismissAt: Date

    public init(state: EndState, xp: Int, lasted: TimeInterval, dismissAt: Date) {
        self.state = state
        self.xp = xp
        self.lasted = lasted
        self.dismissAt = dismissAt
    }

    /// The ending of `profile`'s latest ended session in `state`, shown from `now`; `nil` when
    /// none ended (the profile was switched off some other way). Its XP is what the session
    /// earned where XP is paid (`paysXP`: Present is in use), else none.
    public static func of(_ profile: ProfileID, in state: ThresholdState, paysXP: Bool, at now: Date) -> LiveActivityEnding? {
        guard let session = state.lastEnded(of: profile), let ending = session.ending else { return nil }
        let reward = SessionReward(for: session, ending: ending, profile: state.profile(profile))
        let xp = paysXP ? reward.xp : 0
        return LiveActivityEnding(
            state: ending.state, xp: xp, lasted: session.focusedSeconds(through: ending.at),
            dismissAt: max(now, ending.at).addingTimeInterval(shownFor))
    }
}
