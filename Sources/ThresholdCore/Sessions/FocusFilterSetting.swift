import Foundation

/// What a Focus's Threshold filter says (`SetFocusFilterIntent`'s parameters): the profile to
/// run while the Focus is on, and for how long at most. iOS runs the filter when its Focus turns
/// on, with what the person set in Settings › Focus, and when it turns off with nothing set.
public struct FocusFilterSetting: Hashable, Codable, Sendable {
    /// The profile the Focus runs; `nil` when the Focus turned off (or names none).
    public let profile: ProfileID?
    /// Ends the session by itself after this many minutes; `nil` runs it while the Focus is on.
    public let minutes: Int?

    public init(profile: ProfileID?, minutes: Int? = nil) {
        self.profile = profile
        self.minutes = minutes
    }

    /// A Focus turning off: the filter with nothing set.
    public static let off = FocusFilterSetting(profile: nil)
}
