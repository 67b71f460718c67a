import Foundation

/// How often the person looked up: Challenge's games completed, by game, read from the event log
/// (each completed ritual is logged as `Event.ritualCompleted`). A practice game ("Play for fun")
/// records nothing and is not counted.
public struct LookUps: Hashable, Sendable {
    /// The event kinds look-ups are read from.
    public static let eventKinds: Set<String> = ["ritualCompleted"]
    /// The days Insights counts back over, today included.
    public static let days = 30

    /// Completed games of each kind; a kind never completed is absent.
    public let counts: [ChallengeKind: Int]

    public init(_ events: some Sequence<LoggedEvent>) {
        var counts: [ChallengeKind: Int] = [:]
        for logged in events {
            guard case .ritualCompleted(let record) = logged.event, let ritual = record.ritual, let kind = ChallengeKind(ritual) else {
                continue
            }
            counts[kind, default: 0] += 1
        }
        self.counts = counts
    }

    public var total: Int { counts.values.reduce(0, +) }

    /// Each kind looked up with, in display order, with its count.
    public var byKind: [(kind: ChallengeKind, count: Int)] {
        ChallengeKind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } }
    }

    /// The start of the span counted, ``days`` local days back from `now`'s.
    public static func since(_ now: Date, calendar: Calendar) -> Date {
        let clock = Clockwork(calendar: calendar)
        return clock.startOfDay(clock.localDate(of: now).adding(days: -(days - 1)))
    }
}
