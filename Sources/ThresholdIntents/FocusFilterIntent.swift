import AppIntents
import EntryPoints
import Foundation
import os
import ThresholdCore

/// Threshold's Focus filter (Settings › Focus › a Focus › Add Filter › Threshold): the profile
/// to run while that Focus is on. iOS calls `perform()` in the app's process when the Focus
/// turns on, with the parameters the person set, and when it turns off, with none set; the same
/// policy as every path decides (`Runtime.applyFocusFilter`), so a Focus turning off does not
/// end Beast Mode.
///
/// Also a `LiveActivityIntent`: iOS has been reported to run a filter in the background reliably
/// only then (home-assistant/iOS#5656), and a Focus's session may start its Live Activity. iOS may
/// still run it only as the Focus turns on (feedback-assistant/reports#461, #588), so the app's
/// process reads ``current`` whenever it runs (``currentSetting()``) and follows what changed.
public struct ThresholdFocusFilter: SetFocusFilterIntent, LiveActivityIntent {
    public static var title: LocalizedStringResource { "Threshold Profile" }
    public static var description: IntentDescription? {
        "Starts a Threshold profile while this Focus is on, and ends it when the Focus turns off (Beast Mode runs to its end)."
    }

    /// Optional, as iOS requires of a filter's parameters: it sets none when the Focus turns off.
    @Parameter(title: "Profile")
    public var profile: ProfileEntity?

    @Parameter(
        title: "Minutes",
        description: "Ends the session by itself after this long; Beast Mode needs one. Leave empty to run while the Focus is on.",
        inclusiveRange: (5, 720))
    public var minutes: Int?

    public init() {}

    public var displayRepresentation: DisplayRepresentation {
        guard let profile else { return DisplayRepresentation(title: "No profile") }
        return DisplayRepresentation(title: "\(profile.emoji) \(profile.name)")
    }

    /// What this filter says, as Threshold follows it.
    var setting: FocusFilterSetting { FocusFilterSetting(profile: profile.map { ProfileID($0.id) }, minutes: minutes) }

    /// The filter of the Focus on now, as iOS has it (``FocusFilterSetting/off`` when none is on);
    /// `nil` when iOS could not say, and then nothing is followed (what runs stays on).
    public static func currentSetting() async -> FocusFilterSetting? {
        do {
            return try await current.setting
        } catch {
            // NB: os_log with a format string, as ScreenTimeLive's ExtensionLog does (Logger's
            // interpolation does not compile against the iOS 17.0 SDK here).
            os_log(
                "%{public}@", log: OSLog(subsystem: "app.threshold", category: "focus"), type: .default,
                "The Focus's filter could not be read: \(error)")
            return nil
        }
    }

    public func perform() async throws -> some IntentResult {
        let setting = setting
        let result = try await IntentRuntime.run(followingFocus: false) { $0.applyFocusFilter(setting) }
        if let problem = result.problem { throw IntentFailure(problem) }
        return .result()
    }
}
