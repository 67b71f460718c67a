/// A day of the week, numbered as `Calendar`'s Gregorian `weekday` component (Sunday = 1).
public enum Weekday: Int, CaseIterable, Comparable, Codable, Sendable, CustomStringConvertible {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    public static let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    public static let everyDay: Set<Weekday> = Set(allCases)

    /// Three-letter lower-case name used in scenario files and exports: `mon`, `tue`, …
    public var shortName: String {
        switch self {
        case .sunday: "sun"
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        }
    }

    public var description: String { shortName }

    /// The English name messages use: "Monday".
    public var name: String {
        switch self {
        case .sunday: "Sunday"
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        }
    }

    public init?(shortName: String) {
        guard let day = Weekday.allCases.first(where: { $0.shortName == shortName.lowercased() }) else { return nil }
        self = day
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Weekday(shortName: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "“\(text)” is not a weekday; use mon, tue, wed, thu, fri, sat or sun.")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(shortName)
    }
}
