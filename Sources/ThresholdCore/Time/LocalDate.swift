/// A calendar day in the proleptic Gregorian calendar, with no time zone: "2026-11-21".
///
/// Days are counted from 1970-01-01 with Howard Hinnant's civil-date algorithms, so the
/// engine's day arithmetic is integer maths: fast, and the same on every platform.
public struct LocalDate: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The years a date may name: far past any use, small enough that day arithmetic never overflows.
    public static let years = -1_000_000...1_000_000

    public init(year: Int, month: Int, day: Int) throws {
        guard LocalDate.years.contains(year), (1...12).contains(month),
            (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else {
            throw ValidationError("date", .notACalendarDate(year: year, month: month, day: day))
        }
        self.dayNumber = LocalDate.days(year: year, month: month, day: day)
    }

    /// Parses "yyyy-MM-dd".
    public init(parsing text: String) throws {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else {
            throw ValidationError("date", .notADate(text))
        }
        try self.init(year: y, month: m, day: d)
    }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber + 4) % 7 + 7) % 7  // 0 = Sunday
        return Weekday(rawValue: index + 1)!
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The Monday on or before this day: the start of its week, as streak freezes count weeks.
    public var mondayOfWeek: LocalDate {
        let sinceMonday = (weekday.rawValue + 5) % 7
        return adding(days: -sinceMonday)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public var description: String {
        let c = civil
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        self = try validatingDecode(decoder) { try LocalDate(parsing: text) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: Civil-date arithmetic (http://howardhinnant.github.io/date_algorithms.html)

    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    var civil: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
