import Foundation

/// One finished session as the history lists it (seed 001 §14, seed 004 session log).
public struct SessionHistoryEntry: Hashable, Sendable, Identifiable {
    public let id: SessionID
    public let profileID: ProfileID
    /// "🌿 Deep work"; the profile's id when it was deleted since.
    public let title: String
    public let origin: SessionOrigin
    public let start: Date
    public let end: Date
    public let state: EndState
    /// The goal, for sessions that had one.
    public let goalMinutes: Int?
    /// Time past the goal ("extra time").
    public let extraSeconds: TimeInterval
    public let focusedSeconds: TimeInterval
    public let breaks: Int
    public let breakSeconds: TimeInterval

    /// The entry for `session`, named from `profile`; `nil` while it has not ended.
    public init?(_ session: Session, profile: Profile?) {
        guard let ending = session.ending else { return nil }
        id = session.id
        profileID = session.profileID
        title = profile.map(\.title) ?? session.profileID.rawValue
        origin = session.origin
        start = session.start
        end = ending.at
        state = ending.state
        if case .goal(let minutes) = session.plan { goalMinutes = minutes } else { goalMinutes = nil }
        extraSeconds = session.goalInstant.map { max(0, ending.at.timeIntervalSince($0)) } ?? 0
        focusedSeconds = session.focusedSeconds(through: ending.at)
        breaks = session.breaks.filter { $0.start < ending.at }.count
        breakSeconds = session.breakSeconds(through: ending.at)
    }
}

/// Session stats (seed 001 §14): completed sessions per day over the last 30 days, the personal
/// record, and the history. Canceled sessions leave no trace here; a rest profile's (Sleep) is in
/// the history and in no focus figure; sessions count on the local day
/// they started (in the device's time zone now), their minutes being focused minutes.
public struct SessionStats: Hashable, Sendable {
    public static let days = 30

    public struct DayCount: Hashable, Sendable {
        public let day: LocalDate
        public let count: Int
    }

    public struct DayTotal: Hashable, Sendable {
        public let day: LocalDate
        public let seconds: TimeInterval
    }

    /// Completed sessions per day, oldest first, ending today: always ``days`` entries.
    public let completedPerDay: [DayCount]
    /// The personal record: the day with the most focused time in completed sessions, over all
    /// the sessions given (Insights gives every session ever).
    public let recordDay: DayTotal?
    /// The longest completed session.
    public let longestSession: SessionHistoryEntry?
    /// Finished sessions, newest first, canceled ones left out.
    public let history: [SessionHistoryEntry]
    /// Days in a row with at least one completed session (seed 004), ending today once today
    /// has one and yesterday until then; counted over the sessions given.
    public let focusDayStreak: Int

    /// Stats over `sessions` (the store's history; unfinished ones are skipped).
    public init(sessions: [Session], profiles: [Profile], now: Date, calendar: Calendar) {
        let clock = Clockwork(calendar: calendar)
        let names = Dictionary(profiles.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let entries = sessions.compactMap { SessionHistoryEntry($0, profile: names[$0.profileID]) }.filter { $0.state != .canceled }
        // NB: a rest profile's (Sleep) stays in the history, and counts toward no focus figure.
        let completed = entries.filter { $0.state == .completed && names[$0.profileID]?.isRest != true }
        let today = clock.localDate(of: now)
        var perDay: [LocalDate: Int] = [:]
        var focusedPerDay: [LocalDate: TimeInterval] = [:]
        for entry in completed {
            let day = clock.localDate(of: entry.start)
            perDay[day, default: 0] += 1
            focusedPerDay[day, default: 0] += entry.focusedSeconds
        }
        completedPerDay = (0..<Self.days).reversed().map { offset in
            let day = today.adding(days: -offset)
            return DayCount(day: day, count: perDay[day] ?? 0)
        }
        recordDay = focusedPerDay.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { DayTotal(day: $0.key, seconds: $0.value) }
        longestSession = completed.max { ($0.focusedSeconds, $1.start) < ($1.focusedSeconds, $0.start) }
        history = entries.sorted { ($0.end, $0.id) > ($1.end, $1.id) }
        focusDayStreak = DayStreak.length(activeDays: Set(completed.map { clock.localDate(of: $0.start) }), today: today)
    }

    /// The sessions a focus-day streak is read from at `now`: a year of them, from the start of the
    /// day 366 days ago up to now (a longer streak reads as 366 days). Home, the streak widget and
    /// a key's tap all read this window.
    public static func focusStreakWindow(at now: Date, calendar: Calendar) -> (from: Date, until: Date) {
        let clock = Clockwork(calendar: calendar)
        return (clock.startOfDay(clock.localDate(of: now).adding(days: -366)), now.addingTimeInterval(1))
    }

    /// The focus-day streak over `sessions` (Home reads a longer history than the stats' 30 days).
    public static func focusDayStreak(_ sessions: [Session], now: Date, calendar: Calendar) -> Int {
        let clock = Clockwork(calendar: calendar)
        let days = sessions.compactMap { session -> LocalDate? in
            session.ending?.state == .completed ? clock.localDate(of: session.start) : nil
        }
        return DayStreak.length(activeDays: Set(days), today: clock.localDate(of: now))
    }

}

/// A week's insights (seed 004: the hours focused this week, and the breaks taken): Monday to
/// Sunday in the device's time zone now.
public struct WeeklyInsights: Hashable, Sendable {
    public let week: LocalDate
    /// Focused time in finished sessions (completed or given up) that started this week.
    public let focusedSeconds: TimeInterval
    /// Focused time per day, Monday first.
    public let focusedPerDay: [TimeInterval]
    public let completed: Int
    public let gaveUp: Int
    public let breaks: Int
    public let breakSeconds: TimeInterval
    /// Shields met and closed rather than got past.
    public let attemptsResisted: Int

    public var focusHours: Double { focusedSeconds / 3_600 }

    /// The insights for the week containing `day`, from the sessions that started in it and the
    /// events logged in it (``Event/attemptResisted(_:)``).
    public init(weekOf day: LocalDate, sessions: [Session], events: [LoggedEvent], calendar: Calendar) {
        let clock = Clockwork(calendar: calendar)
        let monday = day.mondayOfWeek
        week = monday
        func inWeek(_ instant: Date) -> Int? {
            let offset = clock.localDate(of: instant).dayNumber - monday.dayNumber
            return (0..<7).contains(offset) ? offset : nil
        }
        var perDay = [TimeInterval](repeating: 0, count: 7)
        var completed = 0, gaveUp = 0, breaks = 0
        var breakSeconds: TimeInterval = 0
        for session in sessions {
            guard let ending = session.ending, ending.state != .canceled, let offset = inWeek(session.start) else { continue }
            perDay[offset] += session.focusedSeconds(through: ending.at)
            if ending.state == .completed { completed += 1 } else { gaveUp += 1 }
            breaks += session.breaks.filter { $0.start < ending.at }.count
            breakSeconds += session.breakSeconds(through: ending.at)
        }
        focusedPerDay = perDay
        focusedSeconds = perDay.reduce(0, +)
        self.completed = completed
        self.gaveUp = gaveUp
        self.breaks = breaks
        self.breakSeconds = breakSeconds
        attemptsResisted =
            events.filter { logged in
                if case .attemptResisted = logged.event { return inWeek(logged.at) != nil }
                return false
            }.count
    }

    /// The event kinds the insights read.
    public static let eventKinds: Set<String> = ["attemptResisted"]
}
