import Foundation
import ThresholdCore

/// An open unlock window as the screens say it: "Apps unlocked for 15 minutes", then "12 min left,
/// until 10:15" on the device's clock. Read at a moment; the views count the time left down live.
public struct UnlockWindow: Hashable, Sendable {
    /// When the apps shield again.
    public let until: Date
    /// How long the window was opened for, when the screen knows it (a ritual's success screen
    /// does; Home, which sees only the window's end, does not).
    public let minutes: Int?
    /// Seconds left when it was read.
    public let remaining: TimeInterval
    /// "Apps unlocked for 15 minutes", or "Apps unlocked" when the length is not known.
    public let headline: String
    /// "12 min left, until 10:15".
    public let timeLeft: String

    public init(until: Date, minutes: Int?, at now: Date, calendar: Calendar) {
        self.until = until
        self.minutes = minutes
        self.remaining = max(0, until.timeIntervalSince(now))
        self.headline = minutes.map { "Apps unlocked for \($0 == 1 ? "1 minute" : "\($0) minutes")" } ?? "Apps unlocked"
        self.timeLeft = "\(Wording.duration(remaining)) left, until \(Clockwork(calendar: calendar).readable(until))"
    }
}

extension RitualOutcome {
    /// The window a ritual opened, as its success screen says it; `nil` when it was refused or
    /// needed no grant. `minutes` is the window's length, which the ritual's terms know.
    public func window(minutes: Int?, at now: Date, calendar: Calendar) -> UnlockWindow? {
        guard case .unlocked(let until?, _, _) = self else { return nil }
        return UnlockWindow(until: until, minutes: minutes, at: now, calendar: calendar)
    }
}

extension SubmitsCompletion {
    /// The window this ritual opened, read now on the device's clock.
    func openedWindow(minutes: Int?) -> UnlockWindow? {
        outcome?.window(minutes: minutes, at: client.clock().wall, calendar: client.calendar())
    }
}
