import Foundation
import ThresholdCore

/// ActivityKit on the simulated phone: the Live Activity on the lock screen and in the Dynamic
/// Island, which iOS ends eight hours after it started, and the last one ended with an ending,
/// which stays on the lock screen until its `dismissAt`. Which process may start or change one is
/// ``ProcessRules``'; the phone asks before it calls these.
public struct LiveActivities: Hashable, Sendable {
    /// The Live Activity showing now.
    public internal(set) var current: LiveActivityContent?
    /// The last one ended with an ending (the XP, or how long the person lasted).
    public internal(set) var ended: LiveActivityContent?
    /// When the one showing started.
    public internal(set) var startedAt: Date?

    /// iOS ends a Live Activity eight hours after it started, whatever it shows.
    public static let lifetime: TimeInterval = 8 * 3_600

    /// The ended Live Activity still on the lock screen at `now`, if any.
    public func lingering(at now: Date) -> LiveActivityContent? {
        ended.flatMap { content in content.ending.map { now < $0.dismissAt } == true ? content : nil }
    }

    /// When iOS ends the one showing now.
    var limit: Date? { startedAt.map { $0.addingTimeInterval(Self.lifetime) } }

    mutating func start(_ content: LiveActivityContent, at now: Date) {
        current = content
        startedAt = now
    }

    /// Whether `content` updates the one showing (the same profile's); when not, the caller starts
    /// it again, as the live client does.
    mutating func update(_ content: LiveActivityContent) -> Bool {
        guard current?.profileID == content.profileID else { return false }
        current = content
        return true
    }

    /// Ends the one showing, with `ending` kept on the lock screen; `false` when none showed.
    mutating func end(with ending: LiveActivityEnding?) -> Bool {
        guard var last = current else { return false }
        last.ending = ending
        ended = ending.map { _ in last }
        current = nil
        startedAt = nil
        return true
    }

    /// Ends the one showing when its eight hours have passed at `now`; whether it did.
    mutating func endAtItsLimit(at now: Date) -> Bool {
        guard let limit, now >= limit else { return false }
        current = nil
        startedAt = nil
        return true
    }
}
