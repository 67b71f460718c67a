/// A wall-clock time of day, to the minute, with no date or time zone: "23:00".
public struct LocalTime: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init(hour: Int, minute: Int = 0) throws {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw ValidationError("time", .notATimeOfDay(hour: hour, minute: minute))
        }
        self.hour = hour
        self.minute = minute
    }

    /// The time `minutes` after local midnight, wrapping past a day (24:30 is 00:30).
    public init(minutesIntoDay minutes: Int) {
        let wrapped = ((minutes % 1_440) + 1_440) % 1_440
        hour = wrapped / 60
        minute = wrapped % 60
    }

    /// Parses "HH:mm" (24-hour).
    public init(parsing text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2 else {
            throw ValidationError("time", .notATime(text))
        }
        try self.init(hour: hour, minute: minute)
    }

    /// Minutes since local midnight.
    public var minutesIntoDay: Int { hour * 60 + minute }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.minutesIntoDay < rhs.minutesIntoDay }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        self = try validatingDecode(decoder) { try LocalTime(parsing: text) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
