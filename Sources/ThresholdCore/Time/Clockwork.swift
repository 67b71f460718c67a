import Foundation

/// Converts between instants and wall-clock readings in one time zone.
///
/// The engine uses only the time zone of the `Calendar` it is given; weekdays and dates are
/// Gregorian whatever the person's calendar, because schedules are set by weekday and time.
public struct Clockwork: Sendable {
    public let timeZone: TimeZone
    /// UTC offsets precomputed for a window of days, so that the engine's many conversions
    /// near one instant are arithmetic rather than time-zone database lookups.
    private let table: OffsetTable?

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        self.table = nil
    }

    public init(calendar: Calendar) { self.init(timeZone: calendar.timeZone) }

    /// A clockwork that answers quickly from `days.lowerBound` to `days.upperBound` days around
    /// `instant` (and correctly, if more slowly, outside that window).
    public init(timeZone: TimeZone, around instant: Date, days: ClosedRange<Int> = -3...12) {
        self.timeZone = timeZone
        self.table = OffsetTable(
            timeZone: timeZone,
            from: instant.addingTimeInterval(TimeInterval(days.lowerBound * 86_400)),
            to: instant.addingTimeInterval(TimeInterval(days.upperBound * 86_400)))
    }

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
        let before = offset(atSecond: local - 86_400)
        let after = offset(atSecond: local + 86_400)
        var best: Int64?
        for offset in before == after ? [before] : [before, after] {
            let candidate = local - offset
            if self.offset(atSecond: candidate) == offset {
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
        return seconds + offset(atSecond: seconds)
    }

    /// The zone's UTC offset in seconds at a whole second since 1970.
    private func offset(atSecond second: Int64) -> Int64 {
        if let table, let offset = table.offset(atSecond: second) { return offset }
        return Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second))))
    }

    private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

/// A zone's offsets over a window, as the instants where they change.
private final class OffsetTable: Sendable {
    let start: Int64
    let end: Int64
    /// (first second, offset) pairs in order; the first starts at `start`.
    let segments: [(from: Int64, offset: Int64)]

    init?(timeZone: TimeZone, from: Date, to: Date) {
        start = Int64(from.timeIntervalSince1970.rounded(.down))
        end = Int64(to.timeIntervalSince1970.rounded(.up))
        func offset(_ second: Int64) -> Int64 {
            Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second))))
        }
        var segments = [(from: start, offset: offset(start))]
        var cursor = from
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < to, segments.count < 16 {
            let second = Int64(next.timeIntervalSince1970.rounded(.up))
            segments.append((second, offset(second)))
            cursor = next
        }
        // NB: `nextDaylightSavingTimeTransition` reports DST changes; a change of standard offset
        // inside the window would not show up. Check both ends agree, else answer from the zone.
        guard segments.last!.offset == offset(end) else { return nil }
        self.segments = segments
    }

    func offset(atSecond second: Int64) -> Int64? {
        guard second >= start, second < end else { return nil }
        var result = segments[0].offset
        for segment in segments.dropFirst() {
            if second >= segment.from { result = segment.offset } else { break }
        }
        return result
    }
}
