import Foundation

/// One intention's streak (seed 001 §5): days in a row its daily limit was kept, counted at each
/// midnight.
public struct IntentionStreak: Hashable, Codable, Sendable {
    public let intentionID: IntentionID
    public var days: Int
    /// The last local day counted.
    public var through: LocalDate

    public init(intentionID: IntentionID, days: Int, through: LocalDate) {
        self.intentionID = intentionID
        self.days = days
        self.through = through
    }
}

/// The rules of intention streaks and the streak freeze.
///
/// - At midnight a day is counted: when its opens stayed within the intention's opens a day, or a
///   streak freeze covered the day, the streak grows by one; otherwise it starts again at 0.
/// - A streak freeze protects every intention streak on its day. One is granted each Monday and
///   lasts the week (Monday to Sunday); one not used is gone at the week's end. It is used for a
///   day from today on, never for a day already past (no backdating).
public enum IntentionStreaks {
    /// The streak after one more day.
    public static func next(_ days: Int, opens: Int, limit: Int, frozen: Bool) -> Int {
        opens <= limit || frozen ? days + 1 : 0
    }

    /// The streak as shown today: the count through yesterday, or 0 once today's opens went past
    /// the limit on a day no freeze covers.
    public static func shown(_ days: Int, opensToday: Int, limit: Int, frozenToday: Bool) -> Int {
        opensToday > limit && !frozenToday ? 0 : days
    }

    /// Counts `streak` forward through the days before `today`, with the opens of each day.
    public static func roll(
        _ streak: IntentionStreak, to today: LocalDate, limit: Int,
        opens: (LocalDate) -> Int, frozen: (LocalDate) -> Bool
    ) -> IntentionStreak {
        var next = streak
        for day in LocalDate.uncounted(after: streak.through, before: today) {
            next.days = Self.next(next.days, opens: opens(day), limit: limit, frozen: frozen(day))
            next.through = day
        }
        return next
    }
}

/// Uses this week's streak freeze on a day (today unless named): every intention streak is
/// protected that day, and the intentions' shields say so.
public struct UseStreakFreeze: Command {
    public let day: LocalDate?

    public init(day: LocalDate? = nil) { self.day = day }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let today = Clockwork(calendar: calendar).localDate(of: now)
        let day = self.day ?? today
        let subject = "streak freeze"
        guard !state.intentions.isEmpty else {
            throw ValidationError(subject, .freezeWithoutIntentions)
        }
        guard day >= today else {
            throw ValidationError(subject, .freezeDayPast(day))
        }
        guard day.mondayOfWeek == today.mondayOfWeek else {
            throw ValidationError(
                subject, .freezeBeyondWeek(sunday: today.mondayOfWeek.adding(days: 6), nextMonday: today.mondayOfWeek.adding(days: 7)))
        }
        if let used = state.streakFreezeDays.first(where: { $0.mondayOfWeek == today.mondayOfWeek }) {
            throw ValidationError(subject, .freezeUsed(used, nextMonday: today.mondayOfWeek.adding(days: 7)))
        }
        state = try state.with(streakFreezeDays: state.streakFreezeDays.union([day]))
        return [.streakFreezeUsed(day: day)]
    }
}

extension LocalDate {
    /// The days a streak counted through `through` still has to count before `today`: at most
    /// the last 400 (a longer gap, from a phone left off for more than a year, counts its end).
    static func uncounted(after through: LocalDate, before today: LocalDate) -> [LocalDate] {
        let first = max(through, today.adding(days: -401)).adding(days: 1)
        return first < today ? (first.dayNumber..<today.dayNumber).map(LocalDate.init(dayNumber:)) : []
    }
}
