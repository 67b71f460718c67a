import Foundation

/// How long sessions may be (seed 001 §1, §4) and how soon ending one only cancels it.
///
/// A goal set by hand lasts 5 minutes to 2 hours; a scheduled span of a session profile (Present,
/// Key) 20 minutes to 12 hours; an end time set by hand at least the shortest goal and at most
/// the longest span. Ending a session within its first ten seconds cancels it: no penalty, no
/// reward, no line in the stats.
public enum SessionLimits {
    /// A goal set when starting by hand, in minutes.
    public static let manualGoalMinutes = 5...120
    /// A scheduled span of a session profile, in minutes (its nominal length, as the clock reads).
    public static let scheduledMinutes = 20...720
    /// An end time set when starting by hand, in minutes from the start.
    public static let manualUntilMinutes = 5...720
    /// Ending within this long after the start cancels the session.
    public static let cancelWindow: TimeInterval = 10
    /// An open-ended session completes once it has held this much focus (breaks left out): the
    /// shortest goal offered, and the least that earns XP. Ended sooner, it is given up.
    public static let openEndedCompletion: TimeInterval = TimeInterval(manualGoalMinutes.lowerBound * 60)

    /// Checks the plan a session is started with at `now`, throwing the reason the person sees.
    static func check(_ plan: SessionPlan, of profile: Profile, at now: Date, clock: Clockwork) throws {
        let subject = "profile “\(profile.name)”"
        switch plan {
        case .goal(let minutes):
            if minutes < manualGoalMinutes.lowerBound {
                throw ValidationError(subject, .goalTooShort(minutes: minutes, least: manualGoalMinutes.lowerBound))
            }
            if minutes > manualGoalMinutes.upperBound {
                throw ValidationError(subject, .goalTooLongToStart(minutes: minutes))
            }
        case .until(let end):
            let seconds = end.timeIntervalSince(now)
            guard seconds > 0 else {
                throw ValidationError(subject, .endTimePassed(end))
            }
            if seconds < TimeInterval(manualUntilMinutes.lowerBound * 60) {
                throw ValidationError(subject, .endTooSoon(end, least: manualUntilMinutes.lowerBound, now: now))
            }
            if seconds > TimeInterval(manualUntilMinutes.upperBound * 60) {
                throw ValidationError(subject, .endTooLate(end, now: now))
            }
        case .openEnded:
            if profile.strictness == .locked {
                throw ValidationError(subject, .beastModeNeedsEnd(ProfileTitle(profile)))
            }
        }
    }

    /// Checks a schedule of a session profile: a span of 20 minutes to 12 hours.
    static func check(_ schedule: Schedule) throws {
        let minutes = schedule.nominalMinutes
        guard scheduledMinutes.contains(minutes) else {
            throw ValidationError("schedule \(schedule.id)", .scheduleLength(start: schedule.start, end: schedule.end, minutes: minutes))
        }
    }
}

/// Durations as the ledger's memos write them: developer-facing English (diagnostics, the CLI);
/// a screen says a duration itself, in the phone's locale.
public enum Wording {
    /// "42 min", "1 h", "2 h 5 min", "under a minute"; whole minutes, rounded up.
    public static func duration(_ seconds: TimeInterval) -> String {
        guard seconds >= 60 else { return seconds > 0 ? "under a minute" : "no time" }
        let minutes = Int((seconds / 60).rounded(.up))
        let (hours, rest) = (minutes / 60, minutes % 60)
        switch (hours, rest) {
        case (0, _): return "\(rest) min"
        case (_, 0): return "\(hours) h"
        default: return "\(hours) h \(rest) min"
        }
    }
}
