import AppIntents
import EntryPoints
import Foundation
import ThresholdCore

/// The Live Activity's buttons: End, Break and Back to focus. Each is a `LiveActivityIntent`, so
/// it runs in the app's process (which may change the Live Activity) without opening the app,
/// through the same commands as the app's own buttons. A refusal (Beast Mode refuses End and
/// Break) reaches the person as a notification that says why (`Runtime.pressLiveActivity`).
public struct EndSessionButtonIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource { "End Session" }
    public static var isDiscoverable: Bool { false }

    @Parameter(title: "Profile")
    public var profileID: String

    public init() {}

    public init(profileID: ProfileID) {
        self.profileID = profileID.rawValue
    }

    public func perform() async throws -> some IntentResult {
        try await LiveActivityButtonPress.run(.end, profileID: profileID)
        return .result()
    }
}

/// The Live Activity's Break button, shown only where the profile allows breaks.
public struct TakeBreakButtonIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource { "Take a Break" }
    public static var isDiscoverable: Bool { false }

    @Parameter(title: "Profile")
    public var profileID: String

    public init() {}

    public init(profileID: ProfileID) {
        self.profileID = profileID.rawValue
    }

    public func perform() async throws -> some IntentResult {
        try await LiveActivityButtonPress.run(.takeBreak, profileID: profileID)
        return .result()
    }
}

/// The Live Activity's Back to focus button, on a break: ends it early, the shields return now.
public struct BackToFocusIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource { "Back to Focus" }
    public static var isDiscoverable: Bool { false }

    @Parameter(title: "Profile")
    public var profileID: String

    public init() {}

    public init(profileID: ProfileID) {
        self.profileID = profileID.rawValue
    }

    public func perform() async throws -> some IntentResult {
        try await LiveActivityButtonPress.run(.backToFocus, profileID: profileID)
        return .result()
    }
}

/// What the three buttons share.
enum LiveActivityButtonPress {
    /// Presses the button; a refusal already told as a notification returns normally, one that
    /// could not be told is thrown (the system logs it; nothing else can show it).
    static func run(_ button: LiveActivityButton, profileID: String) async throws {
        let press = try await IntentRuntime.run { $0.pressLiveActivity(button, profile: ProfileID(profileID)) }
        if let problem = press.problem { throw IntentFailure(problem) }
    }
}
