import Foundation
import ScreenTimeSimulator
import ThresholdCore
import Yams

/// An instant named in a scenario: a full local date and time, a time of day (the next one),
/// a weekday and time (the next one), or an offset from now (`+2h`, `-1h`).
public enum ClockSpec: Hashable, Sendable, CustomStringConvertible {
    case local(LocalDate, seconds: Int)
    case timeOfDay(seconds: Int, weekday: Weekday?)
    case offset(TimeInterval)

    /// The instant on a phone whose clock reads `now` in `zone`: times of day are the next at or
    /// after now.
    public func instant(from now: Date, in zone: TimeZone) -> Date {
        let clock = Clockwork(timeZone: zone)
        switch self {
        case .local(let day, let seconds):
            return Self.reading(day, seconds, zone)
        case .timeOfDay(let seconds, let weekday):
            var day = clock.localDate(of: now)
            for _ in 0..<9 {
                let candidate = Self.reading(day, seconds, zone)
                if candidate >= now, weekday.map({ $0 == day.weekday }) ?? true { return candidate }
                day = day.adding(days: 1)
            }
            return Self.reading(day, seconds, zone)
        case .offset(let seconds):
            return now.addingTimeInterval(seconds)
        }
    }

    static func reading(_ day: LocalDate, _ seconds: Int, _ zone: TimeZone) -> Date {
        ActivityMoment(
            year: day.year, month: day.month, day: day.day, hour: seconds / 3_600, minute: seconds / 60 % 60,
            second: seconds % 60, timeZoneIdentifier: zone.identifier
        ).instant(deviceZone: zone)!
    }

    public var description: String {
        switch self {
        case .local(let day, let seconds): "\(day) \(Format.timeOfDay(seconds))"
        case .timeOfDay(let seconds, let weekday): (weekday.map { "\($0.shortName) " } ?? "") + Format.timeOfDay(seconds)
        case .offset(let seconds): (seconds < 0 ? "-" : "+") + Format.duration(abs(seconds))
        }
    }
}

/// Random fault odds for the rest of a scenario.
public struct FaultSettings: Hashable, Sendable {
    public var drop = 0.0
    public var duplicate = 0.0
    public var delay = 0.0
    public var maximumDelay: TimeInterval = 30 * 60
    public var seed: UInt64 = 1
}

extension SetupReader {
    /// Reads `faults:`, in `setup:` or as a step.
    package static func faultSettings(_ node: Node, _ reader: YAMLReader) throws -> FaultSettings {
        var settings = FaultSettings()
        for (key, value, _) in try reader.entries(node, "faults", allowed: ["drop", "duplicate", "delay", "max-delay", "seed"]) {
            switch key {
            case "drop": settings.drop = try reader.double(value, "drop", in: 0...1)
            case "duplicate": settings.duplicate = try reader.double(value, "duplicate", in: 0...1)
            case "delay": settings.delay = try reader.double(value, "delay", in: 0...1)
            case "max-delay": settings.maximumDelay = try reader.duration(value, "max-delay")
            default: settings.seed = UInt64(try reader.int(value, "seed", in: 0...Int.max))
            }
        }
        guard settings.drop + settings.duplicate + settings.delay <= 1 else {
            throw reader.fail(node, "drop, duplicate and delay are shares of the callbacks and add up to at most 1")
        }
        return settings
    }
}
