import Foundation

/// A weekly recurrence in local time: on these weekdays, from `start` to `end`.
///
/// When `end` is not after `start` the span is overnight and ends on the following day
/// (23:00–07:00 on Friday runs into Saturday morning); weekdays name the day a span starts.
/// Times are read in the device's current time zone, as alarms are, so a schedule follows
/// the person when they travel. Spans are half-open: active from `start`, inactive at `end`.
public struct Schedule: Hashable, Codable, Sendable, Identifiable {
    public let id: ScheduleID
    public let weekdays: Set<Weekday>
    public let start: LocalTime
    public let end: LocalTime

    public init(id: ScheduleID, weekdays: Set<Weekday>, start: LocalTime, end: LocalTime) throws {
        guard !weekdays.isEmpty else {
            throw ValidationError("schedule \(id)", .scheduleNoDays)
        }
        guard start != end else {
            throw ValidationError("schedule \(id)", .scheduleStartsAtEnd(start))
        }
        self.id = id
        self.weekdays = weekdays
        self.start = start
        self.end = end
    }

    /// True when a span ends on the day after it starts.
    public var isOvernight: Bool { end <= start }

    /// The nominal length of a span in minutes, ignoring DST (which can add or remove an hour).
    public var nominalMinutes: Int {
        let minutes = end.minutesIntoDay - start.minutesIntoDay
        return minutes > 0 ? minutes : minutes + 24 * 60
    }

    /// The span that starts on `day`, if the schedule runs that day and the span is not
    /// swallowed whole by a DST gap.
    public func occurrence(startingOn day: LocalDate, in clock: Clockwork) -> Occurrence? {
        guard weekdays.contains(day.weekday) else { return nil }
        let startInstant = clock.instant(of: day, at: start)
        let endInstant = clock.instant(of: isOvernight ? day.adding(days: 1) : day, at: end)
        guard endInstant > startInstant else { return nil }
        return Occurrence(scheduleID: id, day: day, start: startInstant, end: endInstant)
    }

    /// The span in force at `instant`, if any.
    public func occurrence(at instant: Date, in clock: Clockwork) -> Occurrence? {
        let today = clock.localDate(of: instant)
        for day in [today.adding(days: -1), today] {
            if let span = occurrence(startingOn: day, in: clock), span.contains(instant) { return span }
        }
        return nil
    }

    /// The first instant after `instant` at which the schedule starts or stops.
    ///
    /// Every weekly schedule has a boundary within eight days, so this always finds one.
    public func nextBoundary(after instant: Date, in clock: Clockwork) -> Date? {
        nextOccurrences(after: instant, in: clock, horizonDays: 8)
            .lazy.flatMap { [$0.start, $0.end] }
            .filter { $0 > instant }
            .min()
    }

    /// The spans that end after `instant`, starting no later than `horizonDays` local days ahead.
    public func nextOccurrences(after instant: Date, in clock: Clockwork, horizonDays: Int) -> [Occurrence] {
        let today = clock.localDate(of: instant)
        return (-1...horizonDays).compactMap { offset in
            occurrence(startingOn: today.adding(days: offset), in: clock)
        }.filter { $0.end > instant }
    }

    private enum CodingKeys: String, CodingKey { case id, weekdays, start, end }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(ScheduleID.self, forKey: .id)
        let weekdays = try c.decode([Weekday].self, forKey: .weekdays)
        let start = try c.decode(LocalTime.self, forKey: .start)
        let end = try c.decode(LocalTime.self, forKey: .end)
        self = try validatingDecode(decoder) { try Schedule(id: id, weekdays: Set(weekdays), start: start, end: end) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(weekdays.sorted(), forKey: .weekdays)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
    }
}

/// One span of a schedule, as instants.
public struct Occurrence: Hashable, Codable, Sendable {
    public let scheduleID: ScheduleID
    /// The local day the span starts on: with the profile and schedule, what names it.
    public let day: LocalDate
    public let start: Date
    public let end: Date

    public func contains(_ instant: Date) -> Bool { start <= instant && instant < end }
}

/// Names one span of one profile's schedule, independent of time zone: a session record
/// carries it so that ending a scheduled session early ends that span only.
public struct OccurrenceKey: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let profileID: ProfileID
    public let scheduleID: ScheduleID
    public let day: LocalDate

    public init(profileID: ProfileID, scheduleID: ScheduleID, day: LocalDate) {
        self.profileID = profileID
        self.scheduleID = scheduleID
        self.day = day
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.profileID, lhs.scheduleID, lhs.day) < (rhs.profileID, rhs.scheduleID, rhs.day)
    }

    public var description: String { "\(profileID)/\(scheduleID)@\(day)" }
}
