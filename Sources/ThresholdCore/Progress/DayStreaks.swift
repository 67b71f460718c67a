import Foundation

/// Days in a row with something that counts, ending today, or yesterday while today has nothing
/// yet (a streak stays alive until its day ends).
public enum DayStreak {
    public static func length(activeDays: Set<LocalDate>, today: LocalDate) -> Int {
        var day = activeDays.contains(today) ? today : today.adding(days: -1)
        var count = 0
        while activeDays.contains(day) {
            count += 1
            day = day.adding(days: -1)
        }
        return count
    }
}

/// A prayer said, as Selah's streak and history read it: when, in which time zone the device
/// was, and what the prayer was. The rituals' prayer event supplies these.
public struct PrayerCompletion: Hashable, Codable, Sendable {
    public let at: Date
    /// The device's time zone when the prayer was said: it fixes the prayer's day for good.
    public let timeZoneIdentifier: String
    public let mood: Mood?
    /// The prayer's title, as the history lists it.
    public let title: String?
    /// The verse shown with it and its translation ("Philippians 4:6 (KJV)").
    public let verse: String?

    public init(at: Date, timeZoneIdentifier: String, mood: Mood? = nil, title: String? = nil, verse: String? = nil) {
        self.at = at
        self.timeZoneIdentifier = timeZoneIdentifier
        self.mood = mood
        self.title = title
        self.verse = verse
    }

    /// The time zone the prayer was said in (GMT for an identifier this device does not know):
    /// the history shows the prayer's time of day in it.
    public var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(identifier: "GMT")! }

    /// The local day the prayer was said on, on the device's clock at the time.
    public var day: LocalDate { Clockwork(timeZone: timeZone).localDate(of: at) }
}

/// Selah's day streak (seed 000): days in a row with at least one prayer.
///
/// A prayer counts for the local day the device was in when it was said (its own time zone, so
/// travelling later does not move it), and for no other: a prayer cannot be said for a day
/// already past (no backdating), and one dated after `now` (a clock moved forward) does not
/// count. A day without a prayer resets the streak; today without one yet leaves it standing
/// until today ends. "Today" is read in the device's time zone now (`calendar`).
public enum SelahStreak {
    /// - Parameter resetAt: when the person reset the streak: prayers until then do not count.
    public static func days(_ prayers: [PrayerCompletion], now: Date, calendar: Calendar, resetAt: Date? = nil) -> Int {
        let today = Clockwork(calendar: calendar).localDate(of: now)
        let counted = prayers.lazy.filter { prayer in prayer.at <= now && resetAt.map { prayer.at > $0 } ?? true }
        let days = Set(counted.map(\.day))
        return DayStreak.length(activeDays: days, today: today)
    }
}

/// Selah's prayer history: the prayers said, newest day first, each day's prayers in order.
public struct PrayerHistory: Hashable, Sendable {
    public struct Day: Hashable, Sendable {
        public let day: LocalDate
        public let prayers: [PrayerCompletion]
    }

    public let days: [Day]

    public init(_ prayers: [PrayerCompletion]) {
        days = Dictionary(grouping: prayers, by: \.day)
            .map { Day(day: $0.key, prayers: $0.value.sorted { $0.at < $1.at }) }
            .sorted { $0.day > $1.day }
    }
}

/// The day streaks Home and the streak widget show, worked out once from the same records so the
/// two never disagree: Selah's (days with a prayer since the last reset), focus days (days a
/// completed session started on) and the screen-time goal's, when one is set.
public struct DayStreaks: Hashable, Sendable {
    public let prayerDays: Int
    public let focusDays: Int
    /// The screen-time goal's streak, while a goal is set.
    public let goalDays: Int?

    public init(prayers: [PrayerCompletion], sessions: [Session], goal: GoalStreak?, resetAt: Date?, now: Date, calendar: Calendar) {
        prayerDays = SelahStreak.days(prayers, now: now, calendar: calendar, resetAt: resetAt)
        focusDays = SessionStats.focusDayStreak(sessions, now: now, calendar: calendar)
        goalDays = goal?.days
    }

    /// The one number the streak widget shows: the goal's when one is set (seed 001 §7), else the
    /// longer of the prayer and focus streaks, each of which Home shows.
    public var headline: Int { goalDays ?? max(prayerDays, focusDays) }
}
