import Foundation
import ThresholdCore

/// The simulated phone's clocks: a wall clock the person can set, an uptime that only a reboot
/// resets, a boot id, and the time zone.
public struct VirtualClock: Hashable, Codable, Sendable {
    public private(set) var wall: Date
    public private(set) var uptime: TimeInterval
    public private(set) var boots: Int
    public var timeZone: TimeZone
    /// The true time, as Apple's servers read it (the App Store signs expirations by it): it moves
    /// as time passes and not when the person sets the wall clock.
    public private(set) var real: Date

    public init(wall: Date, timeZone: TimeZone, uptime: TimeInterval = 3_600) {
        self.wall = wall
        self.uptime = uptime
        self.boots = 1
        self.timeZone = timeZone
        self.real = wall
    }

    private enum CodingKeys: String, CodingKey { case wall, uptime, boots, timeZone, real }

    /// Reads a clock saved before `real` was kept as if the wall clock had never been moved.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        wall = try c.decode(Date.self, forKey: .wall)
        uptime = try c.decode(TimeInterval.self, forKey: .uptime)
        boots = try c.decode(Int.self, forKey: .boots)
        timeZone = try c.decode(TimeZone.self, forKey: .timeZone)
        real = try c.decodeIfPresent(Date.self, forKey: .real) ?? wall
    }

    public var bootID: String { "boot-\(boots)" }
    public var reading: ClockReading { ClockReading(wall: wall, uptime: uptime, bootID: bootID) }

    public var calendar: Calendar { .gregorian(in: timeZone) }

    /// Real time passes: both clocks move together.
    public mutating func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "time does not run backwards; use set(wall:) to move the clock")
        wall = wall.addingTimeInterval(seconds)
        real = real.addingTimeInterval(seconds)
        uptime += seconds
    }

    /// The person sets the wall clock; uptime is untouched.
    public mutating func set(wall: Date) { self.wall = wall }

    /// A restart: uptime starts again under a new boot id (the restart takes `seconds`).
    public mutating func reboot(taking seconds: TimeInterval = 60) {
        wall = wall.addingTimeInterval(seconds)
        real = real.addingTimeInterval(seconds)
        uptime = 20
        boots += 1
    }

    /// "14:05" (or "Mon 14:05" with the weekday) in the phone's time zone.
    public func readable(_ instant: Date, weekday: Bool = false) -> String {
        let clock = Clockwork(timeZone: timeZone)
        let seconds = clock.secondsIntoDay(of: instant)
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(pad(seconds / 3_600)):\(pad(seconds / 60 % 60))"
        if seconds % 60 != 0 { text += ":\(pad(seconds % 60))" }
        if weekday { text = "\(clock.localDate(of: instant).weekday.shortName.capitalizedFirstLetter) " + text }
        return text
    }
}

extension String {
    var capitalizedFirstLetter: String { prefix(1).uppercased() + dropFirst() }
}
