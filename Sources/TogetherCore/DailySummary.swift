import Foundation
import ThresholdCore

/// What the app sends for one local day: XP and screen-time points, nothing else (no app names, no
/// tokens, no minutes).
public struct DailySummary: Hashable, Codable, Sendable {
    public let day: LocalDate
    public let xp: Int
    public let screenTimePoints: Int

    public init(day: LocalDate, xp: Int, screenTimePoints: Int) {
        self.day = day
        self.xp = xp
        self.screenTimePoints = screenTimePoints
    }

    /// The day's points on the leaderboard.
    public var points: Int { xp + screenTimePoints }

    /// The week the day belongs to.
    public var week: LeagueWeek { LeagueWeek(containing: day) }

    /// Refuses a summary that cannot be true at `now`: a day not yet begun anywhere, a day whose week
    /// has closed, or points no day can hold (``DayLimits``).
    public func validate(at now: Date) throws {
        guard LeagueWeek.start(of: day) <= now else {
            throw TogetherRefusal(.futureDay, "\(day) has not begun anywhere yet; send a day once it has started where you are.")
        }
        guard now < week.closesAt else {
            throw TogetherRefusal(
                .weekClosed,
                "The week of \(week) closed at Monday 12:00 UTC, when Sunday had ended everywhere; its days can no longer change.")
        }
        try DayLimits.check(xp: xp, screenTimePoints: screenTimePoints)
    }
}

/// The points a day can honestly hold, derived from the engine's tables.
///
/// - **XP** comes only from completed sessions (``XPTable``, ``SessionReward``). No session earns XP
///   under ``XPTable/minimumMinutes`` (5), and no goal earns more XP a minute than the shortest
///   (3 XP for 5 minutes: 0.6 a minute, ``bestXPPerMinute``), nor more than ``XPTable``'s top tier
///   (25). Sessions one after another that end within a day of at most 25 hours (the day clocks go
///   back) focus for at most 25 hours, plus the one that began the day before, which earns at most
///   the top tier: 0.6 × 1,500 + 25 = **925 XP**.
/// - **Screen-time points** are one of ``ScreenTimeScore/pointTiers``' values or 0: at most **100**.
public enum DayLimits {
    /// The longest local day, in minutes: 25 hours, when clocks go back.
    public static let longestDayMinutes = 25 * 60

    /// The most XP a minute of focus earns, over every goal from the shortest to the longest.
    public static let bestXPPerMinute: Double = {
        let minutes = SessionLimits.manualGoalMinutes
        return minutes.map { Double(XPTable.xp(forGoalMinutes: $0)) / Double($0) }.max()!
    }()

    /// The most XP one session earns.
    public static let mostXPPerSession: Int = XPTable.tiers.map(\.xp).max()!

    /// The most XP a day can hold.
    public static let maximumXP: Int = Int((bestXPPerMinute * Double(longestDayMinutes)).rounded(.down)) + mostXPPerSession

    /// Every screen-time points value a day can have.
    public static let screenTimePointValues: Set<Int> = Set(ScreenTimeScore.pointTiers.map(\.points) + [0])

    /// The most screen-time points a day can hold.
    public static let maximumScreenTimePoints: Int = screenTimePointValues.max()!

    /// The most points a day can hold.
    public static var maximumPoints: Int { maximumXP + maximumScreenTimePoints }

    /// Refuses XP or screen-time points no day can hold.
    public static func check(xp: Int, screenTimePoints: Int) throws {
        guard (0...maximumXP).contains(xp) else {
            throw TogetherRefusal(
                .impossiblePoints, "A day holds 0 to \(maximumXP) XP (5-minute sessions back to back for 25 hours); \(xp) cannot be true.")
        }
        guard screenTimePointValues.contains(screenTimePoints) else {
            let values = screenTimePointValues.sorted().map(String.init).joined(separator: ", ")
            throw TogetherRefusal(
                .impossiblePoints, "Screen-time points for a day are one of \(values); \(screenTimePoints) cannot be true.")
        }
    }
}

extension DailySummary {
    /// The summary the app sends for `day`, from what it keeps: the XP of the sessions completed
    /// on that local day (``XPTable/xp(forCompleted:endingAt:)``) and the day's screen-time points
    /// when screen time is tracked (`screenTimeMinutes`; none when it is not, as 0 minutes would
    /// read as 100 points). Sessions of different profiles can overlap, each earning XP, which
    /// ``DayLimits`` does not count: the XP is capped at ``DayLimits/maximumXP`` so an honest day
    /// is never refused.
    public static func of(day: LocalDate, sessions: [Session], screenTimeMinutes: Int?, calendar: Calendar) -> DailySummary {
        let clock = Clockwork(calendar: calendar)
        let xp = sessions.reduce(0) { total, session in
            guard let ending = session.ending, ending.state == .completed, clock.localDate(of: ending.at) == day else { return total }
            return total + XPTable.xp(forCompleted: session, endingAt: ending.at)
        }
        return DailySummary(
            day: day, xp: min(xp, DayLimits.maximumXP),
            screenTimePoints: screenTimeMinutes.map(ScreenTimeScore.points(minutes:)) ?? 0)
    }
}
