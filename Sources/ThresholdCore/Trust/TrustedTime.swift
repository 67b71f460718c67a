import Foundation

/// One reading of the device's clocks, taken together.
public struct ClockReading: Hashable, Codable, Sendable {
    /// The wall clock, which the person can set.
    public let wall: Date
    /// Seconds since boot, counting sleep; only a reboot resets it, and the person cannot set it.
    public let uptime: TimeInterval
    /// Names the boot the uptime counts from.
    public let bootID: String

    public init(wall: Date, uptime: TimeInterval, bootID: String) {
        self.wall = wall
        self.uptime = uptime
        self.bootID = bootID
    }
}

/// The last instant the reconciler trusted, with the monotonic reading it was taken at; kept
/// in the stored state so every process measures elapsed time from the same reference.
public struct ClockAnchor: Hashable, Codable, Sendable {
    public let trusted: Date
    public let uptime: TimeInterval
    public let bootID: String

    public init(trusted: Date, uptime: TimeInterval, bootID: String) {
        self.trusted = trusted
        self.uptime = uptime
        self.bootID = bootID
    }
}

/// What time it is, as far as the reconciler can trust: the wall clock, checked against the
/// time elapsed on the monotonic clock since the last reconcile.
///
/// ## Detection
/// Every reconcile saves an anchor (trusted instant, uptime, boot id). The next one, in the same
/// boot, expects `anchor.trusted + (uptime − anchor.uptime)`. A wall clock further than
/// ``tolerance`` from that has been moved: the trusted instant stays the expected one, and the
/// jump (wall − trusted) is reported until the wall clock agrees again. Within the tolerance the
/// wall clock is adopted (absorbing drift and network time corrections).
///
/// After a reboot uptime starts again and elapsed time is unknown, so only a backwards move is
/// detectable: the trusted instant is never earlier than the last one. A forward move made
/// together with a reboot is not detected (strict mode sets `requireAutomaticDateAndTime`).
public struct TrustedTime: Hashable, Codable, Sendable {
    /// How far the wall clock may disagree with elapsed time before it counts as moved.
    public static let tolerance: TimeInterval = 120

    public let wall: Date
    public let trusted: Date
    /// The anchor to save for the next reconcile.
    public let anchor: ClockAnchor

    /// Wall minus trusted: positive when the clock was moved forward.
    public var jump: TimeInterval { wall.timeIntervalSince(trusted) }
    public var isJumped: Bool { abs(jump) > Self.tolerance }

    /// The trusted time for a reading, given the anchor the last reconcile saved.
    public init(_ reading: ClockReading, since anchor: ClockAnchor?) {
        let expected: Date
        if let anchor, anchor.bootID == reading.bootID, reading.uptime >= anchor.uptime {
            expected = anchor.trusted.addingTimeInterval(reading.uptime - anchor.uptime)
        } else if let anchor {
            expected = max(reading.wall, anchor.trusted)
        } else {
            expected = reading.wall
        }
        let trusted = abs(reading.wall.timeIntervalSince(expected)) <= Self.tolerance ? reading.wall : expected
        self.wall = reading.wall
        self.trusted = trusted
        self.anchor = ClockAnchor(trusted: trusted, uptime: reading.uptime, bootID: reading.bootID)
    }

    /// A time with no doubt about it: wall and trusted agree.
    public init(agreed instant: Date, uptime: TimeInterval = 0, bootID: String = "") {
        self.wall = instant
        self.trusted = instant
        self.anchor = ClockAnchor(trusted: instant, uptime: uptime, bootID: bootID)
    }
}
