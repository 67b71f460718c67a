import Foundation
import ThresholdCore

/// How the simulated phone mistreats DeviceActivity callbacks (PLATFORM.md: "callbacks are not
/// alarms: they are delivered when the device is next in use, and may be late, duplicated or
/// missing").
///
/// Random faults come from a seeded generator, so a run repeats exactly. Scripted faults act on
/// the next callbacks whatever the odds. A delayed callback is never delivered later than the
/// next time the person uses the phone.
public struct FaultSwitch: Hashable, Codable, Sendable {
    public var dropRate: Double = 0
    public var duplicateRate: Double = 0
    public var delayRate: Double = 0
    /// The longest a delayed callback waits (if the phone is not used sooner).
    public var maximumDelay: TimeInterval = 30 * 60
    /// At most this many callbacks dropped per instant (a drop model the backups can cover).
    public var dropsPerInstant: Int = 1
    /// Faults for the next callbacks, in order, before any random one.
    public var scripted: [Fault] = []
    public var random: SplitMix64

    public enum Fault: String, Hashable, Codable, Sendable, CaseIterable {
        case deliver, drop, duplicate, delay
    }

    public init(seed: UInt64 = 1) { random = SplitMix64(seed: seed) }

    public static let none = FaultSwitch()

    public var isQuiet: Bool { dropRate == 0 && duplicateRate == 0 && delayRate == 0 && scripted.isEmpty }

    /// What happens to the next callback; `droppedSoFar` counts drops at its instant.
    mutating func next(droppedSoFar: Int) -> (Fault, delay: TimeInterval) {
        if !scripted.isEmpty {
            let fault = scripted.removeFirst()
            return (fault, fault == .delay ? maximumDelay : 0)
        }
        let roll = random.nextUnit()
        if roll < dropRate, droppedSoFar < dropsPerInstant { return (.drop, 0) }
        if roll < dropRate + duplicateRate { return (.duplicate, 0) }
        if roll < dropRate + duplicateRate + delayRate {
            return (.delay, (1 + random.nextUnit() * (maximumDelay - 1)).rounded())
        }
        return (.deliver, 0)
    }
}

extension SplitMix64 {
    /// A number in [0, 1).
    mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
