import Foundation
import ThresholdCore

/// An open unlock window, as values the screens say (DesignSystem's `TimeLeft` and the unlock
/// screens' catalogs): its length, its end on the device's clock, and the time left. Read at a
/// moment; the views count the time left down live.
public struct UnlockWindow: Hashable, Sendable {
    /// When the apps shield again.
    public let until: Date
    /// How long the window was opened for, when the screen knows it (a ritual's success screen
    /// does; Home, which sees only the window's end, does not).
    public let minutes: Int?
    /// Seconds left when it was read.
    public let remaining: TimeInterval

    public init(until: Date, minutes: Int?, at now: Date) {
        self.until = until
        self.minutes = minutes
        self.remaining = max(0, until.timeIntervalSince(now))
    }
}

extension RitualOutcome {
    /// The window a ritual opened, as its success screen says it; `nil` when it was refused or
    /// needed no grant. `minutes` is the window's length, which the ritual's terms know.
    public func window(minutes: Int?, at now: Date) -> UnlockWindow? {
        guard case .unlocked(let until?, _, _) = self else { return nil }
        return UnlockWindow(until: until, minutes: minutes, at: now)
    }
}

extension SubmitsCompletion {
    /// The window this ritual opened, read now on the device's clock.
    package func openedWindow(minutes: Int?) -> UnlockWindow? {
        outcome?.window(minutes: minutes, at: client.clock().wall)
    }
}
