import Foundation

/// Where two sets of schedules are on at once: the first stretch of the week (Monday first) they
/// share, on the local clock. Profiles whose schedules overlap shield the union of what they block
/// while both are on; the profile editor says so before it saves (issue 14, item 4).
///
/// A schedule that ends before it starts runs across midnight (23:00–07:00), and Sunday night's
/// runs into Monday morning.
public struct ScheduleOverlap: Hashable, Sendable, CustomStringConvertible {
    public let weekday: Weekday
    public let start: LocalTime
    public let end: LocalTime

    /// The first shared stretch, or `nil` when the two never are on together.
    public static func first(between one: [Schedule], and other: [Schedule]) -> ScheduleOverlap? {
        let a = one.flatMap(spans), b = other.flatMap(spans)
        var earliest: Range<Int>?
        for x in a {
            for y in b {
                let from = max(x.lowerBound, y.lowerBound), to = min(x.upperBound, y.upperBound)
                guard from < to else { continue }
                let shared = from..<to
                if earliest.map({ shared.lowerBound < $0.lowerBound }) ?? true { earliest = shared }
            }
        }
        return earliest.map(overlap)
    }

    public var description: String { "\(weekday.name) \(start)–\(end)" }

    // MARK: Minutes of the week

    private static let week = 7 * 1_440

    /// A schedule's spans as minutes from Monday 00:00, each counted twice (this week and the next)
    /// so that Sunday night's span, which runs past the week's end, meets Monday's.
    private static func spans(_ schedule: Schedule) -> [Range<Int>] {
        let start = schedule.start.minutesIntoDay
        var end = schedule.end.minutesIntoDay
        if end <= start { end += 1_440 }
        return schedule.weekdays.flatMap { day -> [Range<Int>] in
            let offset = ((day.rawValue + 5) % 7) * 1_440
            return [
                offset + start..<offset + end, offset + start + week..<offset + end + week, offset + start - week..<offset + end - week,
            ]
        }
    }

    private static func overlap(_ span: Range<Int>) -> ScheduleOverlap {
        let from = ((span.lowerBound % week) + week) % week
        let to = from + span.count
        let day = Weekday.everyDay.first { ($0.rawValue + 5) % 7 == from / 1_440 }!
        return ScheduleOverlap(weekday: day, start: LocalTime(minutesIntoDay: from), end: LocalTime(minutesIntoDay: to))
    }
}
