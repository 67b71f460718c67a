import Foundation
import ThresholdCore

/// A league week: Monday to Sunday by the calendar, in each person's own time zone.
///
/// A person's local day belongs to the week whose Monday–Sunday contains that date, whatever their
/// time zone; so a Sunday evening in Honolulu counts for the same week as a Sunday morning in
/// Auckland. The server never asks a person's time zone: it accepts a day once that day has begun
/// in the earliest time zone on Earth (UTC+14) and closes a week once its Sunday has ended in the
/// latest (UTC−12), so no one's Sunday evening is cut off.
public struct LeagueWeek: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The earliest local time on Earth is UTC+14 (Kiribati's Line Islands).
    public static let earliestUTCOffsetSeconds = 14 * 3_600
    /// The latest is UTC−12 (Baker Island).
    public static let latestUTCOffsetSeconds = -12 * 3_600

    /// The week's Monday.
    public let monday: LocalDate

    /// The week a local day belongs to.
    public init(containing day: LocalDate) { self.monday = day.mondayOfWeek }

    /// The week that starts on `monday`; refuses any other weekday.
    public init(monday: LocalDate) throws {
        guard monday.weekday == .monday else {
            throw TogetherRefusal(.malformed, "A week is named by its Monday; \(monday) is a \(monday.weekday).")
        }
        self.monday = monday
    }

    /// The week a person in `timeZone` is in at `now`.
    public static func current(at now: Date, in timeZone: TimeZone) -> LeagueWeek {
        LeagueWeek(containing: Clockwork(timeZone: timeZone).localDate(of: now))
    }

    public var sunday: LocalDate { monday.adding(days: 6) }
    public var days: [LocalDate] { (0..<7).map { monday.adding(days: $0) } }
    public var next: LeagueWeek { LeagueWeek(unchecked: monday.adding(days: 7)) }
    public var previous: LeagueWeek { LeagueWeek(unchecked: monday.adding(days: -7)) }

    public func contains(_ day: LocalDate) -> Bool { day.mondayOfWeek == monday }

    /// Midnight at the start of Monday in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date { Clockwork(timeZone: timeZone).startOfDay(monday) }

    /// Midnight at the end of Sunday in `timeZone`: the next Monday's start.
    public func end(in timeZone: TimeZone) -> Date { Clockwork(timeZone: timeZone).startOfDay(monday.adding(days: 7)) }

    /// The instant the week's Sunday has ended everywhere: the next Monday, 12:00 UTC. Summaries for
    /// its days are accepted until then and it can be finalized from then on.
    public var closesAt: Date { LeagueWeek.end(of: sunday) }

    /// The earliest instant `day` has begun anywhere: its midnight at UTC+14.
    public static func start(of day: LocalDate) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 - earliestUTCOffsetSeconds))
    }

    /// The instant `day` has ended everywhere: its next midnight at UTC−12.
    public static func end(of day: LocalDate) -> Date {
        Date(timeIntervalSince1970: TimeInterval((day.dayNumber + 1) * 86_400 - latestUTCOffsetSeconds))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.monday < rhs.monday }
    public var description: String { monday.description }

    private init(unchecked monday: LocalDate) { self.monday = monday }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(monday: try container.decode(LocalDate.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(monday)
    }
}
