import Foundation
import ThresholdCore

/// The device's clocks and time zone: the wall clock the person can set, the uptime they cannot,
/// and which boot the uptime counts from (see ``TrustedTime``).
public struct DeviceClock: Sendable {
    public var reading: @Sendable () -> ClockReading
    public var timeZone: @Sendable () -> TimeZone

    public init(reading: @escaping @Sendable () -> ClockReading, timeZone: @escaping @Sendable () -> TimeZone) {
        self.reading = reading
        self.timeZone = timeZone
    }

    /// A Gregorian calendar in the device's current time zone, as the engine takes it.
    public var calendar: Calendar { .gregorian(in: timeZone()) }

    /// The real clocks: `Date()`, uptime counting sleep, the kernel's boot id.
    public static let live = DeviceClock(
        reading: { ClockReading(wall: Date(), uptime: Platform.uptimeIncludingSleep(), bootID: Platform.bootID()) },
        timeZone: { TimeZone.current })

    /// A clock that traps when read: for tests that must not depend on time.
    public static let unimplemented = DeviceClock(
        reading: { fatalError("DeviceClock.reading was called but the test did not set it.") },
        timeZone: { fatalError("DeviceClock.timeZone was called but the test did not set it.") })
}
