import Foundation

/// How long a session started by hand or from a Shortcut runs, as the person chooses it: a goal
/// (Present: the shields stay after it, as extra time), a length that ends it by itself ("25
/// minutes"), a time of day it ends at, or until they end it.
///
/// A length and a time of day become an end instant when the session starts (``plan(from:calendar:)``),
/// so the monitor ends it at that instant with the app closed. ``SessionLimits`` checks the result.
public enum SessionLength: Hashable, Sendable {
    case goal(minutes: Int)
    /// Ends by itself this many minutes after the start.
    case minutes(Int)
    /// Ends by itself at the next time the clock reads this (tomorrow's once it has passed today).
    case until(LocalTime)
    case openEnded

    /// The lengths the Session tab offers, in minutes (within ``SessionLimits/manualUntilMinutes``).
    public static let choices = [25, 50, 60, 90, 120]

    /// The plan of a session started at `now` in `calendar`'s time zone.
    public func plan(from now: Date, calendar: Calendar) -> SessionPlan {
        switch self {
        case .goal(let minutes): return .goal(minutes: minutes)
        case .minutes(let minutes): return .until(now.addingTimeInterval(TimeInterval(minutes) * 60))
        case .openEnded: return .openEnded
        case .until(let time):
            let clock = Clockwork(calendar: calendar)
            let today = clock.localDate(of: now)
            let end = clock.instant(of: today, at: time)
            return .until(end > now ? end : clock.instant(of: today.adding(days: 1), at: time))
        }
    }
}
