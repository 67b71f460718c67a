import AppIntents
import EntryPoints
import Foundation
import ThresholdCore

/// Threshold's Focus filter (Settings › Focus › a Focus › Add Filter › Threshold): the profile
/// to run while that Focus is on. iOS calls `perform()` in the app's process when the Focus
/// turns on, with the parameters the person set, and when it turns off, with none set; the same
/// policy as every path decides (`Runtime.applyFocusFilter`), so a Focus turning off does not
/// end Beast Mode.
public struct ThresholdFocusFilter: SetFocusFilterIntent {
    public static var title: LocalizedStringResource { "Threshold Profile" }
    public static var description: IntentDescription? {
        "Starts a Threshold profile while this Focus is on, and ends it when the Focus turns off (Beast Mode runs to its end)."
    }

    /// Optional, as iOS requires of a filter's parameters: it sets none when the Focus turns off.
    @Parameter(title: "Profile")
    public var profile: ProfileEntity?

    @Parameter(title: "Minutes", description: "Ends the session by itself after this long; Beast Mode needs one. Leave empty to run while the Focus is on.",
               inclusiveRange: (5, 720))
    public var minutes: Int?

    public init() {}

    public var displayRepresentation: DisplayRepresentation {
        guard let profile else { return DisplayRepresentation(title: "No profile") }
        return DisplayRepresentation(title: "\(profile.emoji) \(profile.name)")
    }

    public func perform() async throws -> some IntentResult {
        let setting = FocusFilterSetting(profile: profile.map { ProfileID($0.id) }, minutes: minutes)
        let result = try await IntentRuntime.run { $0.applyFocusFilter(setting) }
        if let problem = result.problem { throw IntentFailure(problem) }
        return .result()
    }
}
