import Foundation

/// Converts between instants and wall-clock readings in one time zone.
///
/// The engine uses only the time zone of the `Calendar` it is given; weekdays and dates are
/// Gregorian whatever the person's calendar, because schedules are set by weekday and time.
public struct Clockwork: Sendable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }
    public init(calendar: Calendar) { self.timeZone = calendar.timeZone }

    /// The local day an instant falls on.
    public func localDate(of instant: Date) -> LocalDate {
        let local = localSeconds(of: instant)
        return LocalDate(dayNumber: Int(floorDiv(local, 86_400)))
    }

    /// Seconds since local midnight of the day the instant falls on.
    public func secondsIntoDay(of instant: Date) -> Int {
        let local = localSeconds(of: instant)
        return Int(local - floorDiv(local, 86_400) * 86_400)
    }

    /// The first instant of a local day (midnight, or the end of a DST gap that swallows midnight).
    public func startOfDay(_ day: LocalDate) -> Date {
        instant(of: day, secondsIntoDay: 0)
    }

    /// The instant a wall-clock time occurs on a local day.
    ///
    /// A time skipped by a forward DST change resolves to the first instant after the gap
    /// (02:30 on spring-forward night in New York is 03:00 EDT); a time that occurs twice in a
    /// backward change resolves to its first occurrence (01:30 EDT, not 01:30 EST).
    public func instant(of day: LocalDate, at time: LocalTime) -> Date {
        instant(of: day, secondsIntoDay: time.minutesIntoDay * 60)
    }

    func instant(of day: LocalDate, secondsIntoDay: Int) -> Date {
        let local = Int64(day.dayNumber) * 86_400 + Int64(secondsIntoDay)
        // The offsets in force a day either side cover every real-world transition (none is
        // closer than a day to another), so the candidates below contain every valid reading.
        let before = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local - 86_400))))
        let after = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local + 86_400))))
        var best: Int64?
        for offset in Set([before, after]) {
            let candidate = local - offset
            if Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(candidate)))) == offset {
                best = min(best ?? candidate, candidate)
            }
        }
        if let best { return Date(timeIntervalSince1970: TimeInterval(best)) }
        // In a gap: the wall time never happens; the gap ends at the transition.
        let searchFrom = Date(timeIntervalSince1970: TimeInterval(local - max(before, after) - 86_400))
        if let transition = timeZone.nextDaylightSavingTimeTransition(after: searchFrom) {
            return transition
        }
        return Date(timeIntervalSince1970: TimeInterval(local - before))
    }

    private func localSeconds(of instant: Date) -> Int64 {
        let seconds = Int64(floor(instant.timeIntervalSince1970))
        return seconds + Int64(timeZone.secondsFromGMT(for: instant))
    }

    private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
