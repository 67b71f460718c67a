import Foundation
import ThresholdCore

/// Where the store reads the time: to decide which sessions and grants are still the engine's
/// business (the working set `read()` loads) and to stamp exports.
///
/// The app passes `.system`; the simulator passes its virtual clock.
public struct StoreClock: Sendable {
    public var now: @Sendable () -> Date
    public var timeZone: @Sendable () -> TimeZone

    public init(now: @escaping @Sendable () -> Date, timeZone: @escaping @Sendable () -> TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The device clock and the device's current time zone.
    public static let system = StoreClock(now: { Date() }, timeZone: { TimeZone.current })

    /// A clock stopped at `instant` in `timeZone`: for tests and for replaying a scenario.
    public static func fixed(_ instant: Date, in timeZone: TimeZone) -> StoreClock {
        StoreClock(now: { instant }, timeZone: { timeZone })
    }

    /// The start of yesterday, local time: sessions that stopped and grants that ended before
    /// it are history, no longer loaded by `read()`. A day of margin keeps today's intention
    /// opens (counted from grants) and the scheduled spans that started yesterday covered
    /// even after a time-zone change.
    func workingSetCutoff() -> Date {
        let clock = Clockwork(timeZone: timeZone())
        return clock.startOfDay(clock.localDate(of: now()).adding(days: -1))
    }
}
