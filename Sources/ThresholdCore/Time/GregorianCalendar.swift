import Foundation

extension Calendar {
    /// A Gregorian calendar in `zone`: the calendar the engine takes (it reads only the zone;
    /// weekdays and dates are Gregorian whatever the person's own calendar).
    public static func gregorian(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
