import Foundation

/// A wall-clock reading with every component a `DeviceActivitySchedule` needs: year, month,
/// day, hour, minute and second, in a named time zone.
///
/// iOS reads a schedule's start and end from `DateComponents`. Time-only components wrap at
/// midnight (a peer's breaks were all cut off at 00:00) and mixing time-only with full-date
/// components fails silently, so every moment the planner builds carries all six fields and
/// its time zone (see PLATFORM.md).
public struct ActivityMoment: Hashable, Codable, Sendable, CustomStringConvertible {
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// An IANA identifier (`America/New_York`, `GMT`); `nil` means the device's current zone.
    public var timeZoneIdentifier: String?

    public init(year: Int?, month: Int?, day: Int?, hour: Int, minute: Int, second: Int, timeZoneIdentifier: String?) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// The full reading of an instant (rounded up to the whole second) in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let clock = Clockwork(timeZone: timeZone)
        let whole = instant.roundedUpToSecond
        let date = clock.localDate(of: whole)
        let seconds = clock.secondsIntoDay(of: whole)
        self.init(
            year: date.year, month: date.month, day: date.day, hour: seconds / 3_600, minute: seconds / 60 % 60,
            second: seconds % 60, timeZoneIdentifier: timeZone.identifier)
    }

    /// A time of day without a date: what a peer's planner built, and what iOS wraps at midnight.
    public static func timeOnly(hour: Int, minute: Int, second: Int = 0) -> ActivityMoment {
        ActivityMoment(year: nil, month: nil, day: nil, hour: hour, minute: minute, second: second, timeZoneIdentifier: nil)
    }

    /// Whether the date fields are present, as a planner must always set them.
    public var hasFullDate: Bool { year != nil && month != nil && day != nil }

    /// The instant this reading names, when it has a full date: read in its own time zone, or in
    /// `deviceZone` when it names none. A reading that a DST change repeats resolves to its first
    /// occurrence, one it skips to the end of the gap (as ``Clockwork`` does).
    public func instant(deviceZone: TimeZone) -> Date? {
        guard let year, let month, let day, let date = try? LocalDate(year: year, month: month, day: day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let zone = timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? deviceZone
        return Clockwork(timeZone: zone).instant(of: date, secondsIntoDay: hour * 3_600 + minute * 60 + second)
    }

    /// `DateComponents` as `DeviceActivitySchedule` takes them (Gregorian calendar, the reading's zone).
    public var dateComponents: DateComponents {
        let zone = timeZoneIdentifier.flatMap(TimeZone.init(identifier:))
        let calendar = zone.map(Calendar.gregorian(in:)) ?? Calendar(identifier: .gregorian)
        return DateComponents(
            calendar: calendar, timeZone: zone, year: year, month: month, day: day,
            hour: hour, minute: minute, second: second)
    }

    public var description: String {
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let time = "\(pad(hour)):\(pad(minute)):\(pad(second))"
        guard let year, let month, let day else { return time }
        return "\(year)-\(pad(month))-\(pad(day)) \(time) \(timeZoneIdentifier ?? "local")"
    }
}

/// A `DeviceActivityEvent`: fires when the chosen apps have been in the foreground for
/// `minutes` inside the activity's interval (usage, not wall time).
public struct ActivityEvent: Hashable, Codable, Sendable {
    public let name: String
    public let minutes: Int
    public let selection: Selection
    /// iOS 17.4+: whether usage before registration counts. Always set explicitly.
    public let includesPastActivity: Bool

    public init(name: String, minutes: Int, selection: Selection, includesPastActivity: Bool = false) {
        self.name = name
        self.minutes = minutes
        self.selection = selection
        self.includesPastActivity = includesPastActivity
    }
}

/// A DeviceActivity registration: a stable name and an interval that wakes the monitor
/// extension at its start and end (and `warningSeconds` before each, when set).
public struct ActivityRegistration: Hashable, Codable, Sendable, Identifiable, CustomStringConvertible {
    /// Every name this app registers starts with this, so a listing can tell ours from others.
    public static let namePrefix = "threshold."

    public let name: String
    public let start: ActivityMoment
    public let end: ActivityMoment
    public let repeats: Bool
    /// `warningTime`, in whole seconds; `nil` for none.
    public let warningSeconds: Int?
    public let events: [ActivityEvent]

    public var id: String { name }

    public init(
        name: String, start: ActivityMoment, end: ActivityMoment, repeats: Bool = false,
        warningSeconds: Int? = nil, events: [ActivityEvent] = []
    ) {
        self.name = name
        self.start = start
        self.end = end
        self.repeats = repeats
        self.warningSeconds = warningSeconds
        self.events = events
    }

    /// The interval as instants, when both ends carry full dates.
    public func interval(deviceZone: TimeZone) -> (start: Date, end: Date)? {
        guard let s = start.instant(deviceZone: deviceZone), let e = end.instant(deviceZone: deviceZone) else { return nil }
        return (s, e)
    }

    /// `warningTime` as `DateComponents` (hours, minutes, seconds).
    public var warningComponents: DateComponents? {
        warningSeconds.map { DateComponents(hour: $0 / 3_600, minute: $0 / 60 % 60, second: $0 % 60) }
    }

    public var description: String {
        let warning = warningSeconds.map { ", warning \($0) s" } ?? ""
        return "\(name) [\(start) → \(end)\(repeats ? ", repeats" : "")\(warning)]"
    }
}

extension Date {
    /// The first whole second at or after this instant: iOS schedules to the second, and a
    /// wake-up a fraction early would find the boundary not yet reached.
    public var roundedUpToSecond: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970).rounded(.up))
    }

    /// The whole second at or before this instant.
    public var roundedDownToSecond: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970).rounded(.down))
    }
}
