import AppIntents
import EntryPoints
import Foundation
import ThresholdCore

/// The Live Activity's buttons: End, Break and Back to focus. Each is a `LiveActivityIntent`, so
/// it runs in the app's process (which may change the Live Activity) without opening the app,
/// through the same commands as the app's own buttons. A refusal (Beast Mode refuses End and
/// Break) reaches the person as a notification that says why (`Runtime.pressLiveActivity`).
public struct EndSessionButtonIntent: LiveActivityButtonIntent {
    public static var title: LocalizedStringResource { "End Session" }
    public static let button = LiveActivityButton.end

    @Parameter(title: "Profile")
    public var profileID: String

    public init() {}
}

/// The Live Activity's Break button, shown only where the profile allows breaks.
public struct TakeBreakButtonIntent: LiveActivityButtonIntent {
    public static var title: LocalizedStringResource { "Take a Break" }
    public static let button = LiveActivityButton.takeBreak

    @Parameter(title: "Profile")
    public var profileID: String

    public init() {}
}

/// The Live Activity's Back to focus button, on a break: ends it early, the shields return now.
public struct BackToFocusIntent: LiveActivityButtonIntent {
    public static var title: LocalizedStringResource { "Back to Focus" }
    public static let button = LiveActivityButton.backToFocus

    @Parameter(title: "Profile")
    public var profileID: String

    public init() {}
}

/// What the three buttons share: the profile they act on, and pressing through the runtime with
/// the store awake (`IntentRuntime.run`).
public protocol LiveActivityButtonIntent: LiveActivityIntent {
    static var button: LiveActivityButton { get }
    var profileID: String { get set }
    init()
}

extension LiveActivityButtonIntent {
    public static var isDiscoverable: Bool { false }

    public init(profileID: ProfileID) {
        self.init()
        self.profileID = profileID.rawValue
    }

    /// Presses the button; a refusal already told as a notification returns normally, one that
    /// could not be told is thrown (the system logs it; nothing else can show it).
    public func perform() async throws -> some IntentResult {
        let press = try await IntentRuntime.run { $0.pressLiveActivity(Self.button, profile: ProfileID(profileID)) }
        if let problem = press.problem { throw IntentFailure(problem) }
        return .result()
    }
}
