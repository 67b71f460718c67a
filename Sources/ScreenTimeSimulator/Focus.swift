import Foundation
import ThresholdCore

/// Focus on the simulated phone: whether one is on and which, and Threshold's filter on each, as
/// the person set it in Settings › Focus › Add Filter. A Focus holds back notifications that are
/// not time-sensitive (``NotificationCentre/held``); iOS runs Threshold's filter as a Focus with it
/// turns on or off, when ``filterRuns`` says it does.
public struct FocusModes: Hashable, Sendable {
    /// Whether a Focus is on: only time-sensitive notifications are shown at once.
    public internal(set) var isOn = false
    /// The Focus that is on, by name (Work, Sleep, a custom one); `nil` for none, or for the
    /// unnamed one `focus: on` turns on.
    public internal(set) var name: String?
    /// Threshold's filter on each Focus, by the Focus's name.
    public internal(set) var filters: [String: FocusFilterSetting] = [:]
    /// When iOS runs Threshold's Focus filter: reported to run as a Focus turns on and not as it
    /// turns off (feedback-assistant/reports#461, #588), and not reliably in the background
    /// (home-assistant/iOS#5656). Both ways unless a scenario's `setup:` says otherwise.
    public var filterRuns = FocusFilterRuns.bothWays

    /// What `ThresholdFocusFilter.current` reads: the filter of the Focus on now, or
    /// ``FocusFilterSetting/off`` when no Focus with Threshold's filter is on.
    public var currentFilter: FocusFilterSetting {
        name.flatMap { filters[$0] } ?? .off
    }
}

/// When iOS runs Threshold's Focus filter (``FocusModes/filterRuns``).
public enum FocusFilterRuns: String, Hashable, Codable, Sendable, CaseIterable {
    /// As a Focus turns on and as it turns off.
    case bothWays = "both-ways"
    /// As a Focus turns on only (feedback-assistant/reports#461, #588).
    case onTheWayIn = "on-the-way-in"
    /// Not at all.
    case never

    /// Whether iOS runs the filter as a Focus turns on (`true`) or off.
    public func runs(turningOn: Bool) -> Bool {
        switch self {
        case .bothWays: true
        case .onTheWayIn: turningOn
        case .never: false
        }
    }
}
