import Foundation

/// One reading of the device's two clocks: the wall clock, which the person can move, and the
/// monotonic uptime, which they cannot.
///
/// Timed rituals (the quests, the emergency hold) measure with uptime and compare it with the
/// wall clock: when the two disagree the clock was moved (or the device slept or restarted), and
/// the ritual starts that step over rather than trust either reading. On iOS the app reads
/// `Date()` and `ProcessInfo.processInfo.systemUptime` together.
public struct Moment: Hashable, Codable, Sendable {
    public let wall: Date
    /// Seconds since the device started, never moving backwards while it runs.
    public let uptime: TimeInterval

    /// How far the two clocks may drift apart between two readings before a ritual treats the
    /// wall clock as moved.
    public static let clockTolerance: TimeInterval = 2

    public init(wall: Date, uptime: TimeInterval) {
        self.wall = wall
        self.uptime = uptime
    }

    /// Seconds from `earlier` to this reading, by uptime; `nil` when the clocks disagree by more
    /// than the tolerance or uptime went backwards (a restart).
    public func elapsed(since earlier: Moment) -> TimeInterval? {
        let monotonic = uptime - earlier.uptime
        let wallClock = wall.timeIntervalSince(earlier.wall)
        guard monotonic >= 0, abs(wallClock - monotonic) <= Moment.clockTolerance else { return nil }
        return monotonic
    }

    /// The reading `seconds` later, both clocks moving together.
    public func advanced(by seconds: TimeInterval) -> Moment {
        Moment(wall: wall.addingTimeInterval(seconds), uptime: uptime + seconds)
    }
}
