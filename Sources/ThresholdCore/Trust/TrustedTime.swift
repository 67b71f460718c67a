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
    /// The trusted instant is only a lower bound: a restart lost the time elapsed, and the wall
    /// clock read earlier than the last trusted instant.
    public let isLowerBound: Bool

    public init(trusted: Date, uptime: TimeInterval, bootID: String, isLowerBound: Bool = false) {
        self.trusted = trusted
        self.uptime = uptime
        self.bootID = bootID
        self.isLowerBound = isLowerBound
    }

    private enum CodingKeys: String, CodingKey { case trusted, uptime, bootID, isLowerBound }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        trusted = try c.decode(Date.self, forKey: .trusted)
        uptime = try c.decode(TimeInterval.self, forKey: .uptime)
        bootID = try c.decode(String.self, forKey: .bootID)
        isLowerBound = try c.decodeIfPresent(Bool.self, forKey: .isLowerBound) ?? false
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
/// After a restart uptime starts again and the time elapsed is unknown: the last trusted instant
/// is only a lower bound. A wall clock at or after it is adopted; one before it has been moved
/// back, and the lower bound (counted on from then, still a bound) stands in for it until the wall
/// clock reaches it again. So a backwards move is caught across a restart too, once something
/// runs; a forward move made together with a restart is not (strict mode sets
/// `requireAutomaticDateAndTime` against that).
///
/// A trigger may prove more: a usage event shows that at least so many minutes of use have passed
/// (``UsageTrigger``). That floor raises the trusted time the same way, so a clock set back inside
/// an unlock after a restart, which the anchor alone cannot see, is caught when the event comes.
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

    /// The trusted time for a reading, given the anchor the last reconcile saved and, when the
    /// trigger proves it (a usage event, ``UsageTrigger``), the earliest the time can be.
    ///
    /// A `floor` more than ``tolerance`` after the trusted time raises it and makes it a lower
    /// bound: the clock reads as moved back, as after a restart. Within the tolerance it changes
    /// nothing, as iOS may deliver a usage event a little early.
    public init(_ reading: ClockReading, since anchor: ClockAnchor?, atLeast floor: Date? = nil) {
        var trusted = reading.wall
        var isLowerBound = false
        if let anchor {
            let sameBoot = anchor.bootID == reading.bootID && reading.uptime >= anchor.uptime
            let elapsed = sameBoot ? reading.uptime - anchor.uptime : 0
            let expected = anchor.trusted.addingTimeInterval(elapsed)
            let offBy = reading.wall.timeIntervalSince(expected)
            if sameBoot && !anchor.isLowerBound {
                if abs(offBy) > Self.tolerance { trusted = expected }
            } else if offBy < -Self.tolerance {
                (trusted, isLowerBound) = (expected, true)
            }
        }
        if let floor, floor.timeIntervalSince(trusted) > Self.tolerance {
            (trusted, isLowerBound) = (floor, true)
        }
        self.wall = reading.wall
        self.trusted = trusted
        self.anchor = ClockAnchor(trusted: trusted, uptime: reading.uptime, bootID: reading.bootID, isLowerBound: isLowerBound)
    }

    /// A time with no doubt about it: wall and trusted agree.
    public init(agreed instant: Date, uptime: TimeInterval = 0, bootID: String = "") {
        self.wall = instant
        self.trusted = instant
        self.anchor = ClockAnchor(trusted: instant, uptime: uptime, bootID: bootID)
    }

    /// A time read before, as saved: its wall and trusted instants (the anchor, which only the
    /// next reading needs, is not kept and reads as taken at uptime 0).
    public init(wall: Date, trusted: Date) {
        self.wall = wall
        self.trusted = trusted
        self.anchor = ClockAnchor(trusted: trusted, uptime: 0, bootID: "")
    }
}
