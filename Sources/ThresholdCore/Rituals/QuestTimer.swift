import Foundation

/// The clock of a timed quest: it cannot be skipped or sped up.
///
/// Time counts only while the quest's screen is open and only by uptime. If the wall clock
/// and uptime disagree between two readings (the clock was moved, the phone restarted), the
/// quest starts over from zero: a moved clock can never finish it early, and
/// no reading that might be wrong is trusted. Leaving the screen stops it; coming back starts
/// it over.
public struct QuestTimer: Hashable, Sendable {
    /// Why a quest started over (the quest's screen says it).
    public enum Interruption: String, Hashable, Codable, Sendable {
        case clockMoved
        case leftScreen
    }

    /// What the timer reads at a moment.
    public enum Reading: Hashable, Sendable {
        case notStarted
        case running(elapsed: TimeInterval, remaining: TimeInterval)
        case done
        /// The clocks disagree: the quest must start over.
        case clockMoved
    }

    public let duration: TimeInterval
    public private(set) var startedAt: ClockReading?
    /// The last moment the timer was read and found consistent; each reading is compared with it,
    /// so a clock moved and moved back between two distant readings is still caught.
    public private(set) var lastChecked: ClockReading?
    public private(set) var restarts = 0
    public private(set) var lastInterruption: Interruption?

    public init(duration: TimeInterval) { self.duration = duration }

    public func reading(at moment: ClockReading) -> Reading {
        guard let startedAt, let lastChecked else { return .notStarted }
        guard moment.elapsed(since: lastChecked) != nil, let elapsed = moment.elapsed(since: startedAt) else { return .clockMoved }
        return elapsed >= duration ? .done : .running(elapsed: elapsed, remaining: duration - elapsed)
    }

    /// Starts (or restarts) the count from `moment`.
    mutating func start(at moment: ClockReading) {
        startedAt = moment
        lastChecked = moment
    }

    /// Reads the timer and acts on it: a moved clock restarts the count from `moment`.
    mutating func check(at moment: ClockReading) -> Reading {
        let reading = reading(at: moment)
        switch reading {
        case .clockMoved:
            interrupt(.clockMoved)
            start(at: moment)
        case .running, .done:
            lastChecked = moment
        case .notStarted:
            break
        }
        return reading
    }

    /// Stops the count because the person left; it starts over on their return.
    mutating func leave() { stop(because: .leftScreen) }

    /// Stops the count for `why`; it starts again only when asked (a challenge voided).
    mutating func stop(because why: Interruption) {
        guard startedAt != nil else { return }
        interrupt(why)
        startedAt = nil
        lastChecked = nil
    }

    private mutating func interrupt(_ why: Interruption) {
        restarts += 1
        lastInterruption = why
    }
}
