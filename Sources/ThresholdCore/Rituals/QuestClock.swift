import Foundation

/// Timed rituals (the quests, the emergency hold) measure with uptime and compare it with the
/// wall clock: when the two disagree the clock was moved, and the ritual starts that step over
/// rather than trust either reading. A reboot (another boot id) does the same.
extension ClockReading {
    /// How far the two clocks may drift apart between two readings before a ritual treats the
    /// wall clock as moved. Far stricter than the reconciler's ``TrustedTime/tolerance``: a
    /// quest lasts seconds, and starting one over costs only those seconds.
    public static let ritualTolerance: TimeInterval = 2

    /// Seconds from `earlier` to this reading, by uptime; `nil` when the clocks disagree by more
    /// than ``ritualTolerance``, uptime went backwards, or the device restarted in between.
    public func elapsed(since earlier: ClockReading) -> TimeInterval? {
        let monotonic = uptime - earlier.uptime
        let wallClock = wall.timeIntervalSince(earlier.wall)
        guard bootID == earlier.bootID, monotonic >= 0, abs(wallClock - monotonic) <= Self.ritualTolerance else { return nil }
        return monotonic
    }

    /// The reading `seconds` later, both clocks moving together.
    public func advanced(by seconds: TimeInterval) -> ClockReading {
        ClockReading(wall: wall.addingTimeInterval(seconds), uptime: uptime + seconds, bootID: bootID)
    }
}
