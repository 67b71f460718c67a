import Foundation
import ThresholdCore

/// The identifiers the Xcode project and the code must agree on. `AppProjectTests` checks
/// App/project.yml, the Info.plists and the entitlements against these.
public enum AppIdentity {
    /// The App Group every target shares: the store, the activity records.
    public static let appGroup = "group.app.threshold"
    /// The app's bundle identifier; every extension's is nested under it.
    public static let bundleIdentifier = SiteAssociation.bundleIdentifier
    /// The custom URL scheme of the app's own deep links (notifications, widgets).
    public static let urlScheme = "threshold"
    /// The domain universal links (key tags, shields' notifications) are claimed for.
    public static let linkDomain = LinkRoute.host
    /// The background app refresh task (`BGTaskSchedulerPermittedIdentifiers`, `UIBackgroundModes`
    /// `fetch`): Together's summaries, partners' messages and the daily backup while Threshold is
    /// closed (issue 16). iOS runs it at its discretion, never before ``refreshInterval``.
    public static let backgroundRefresh = "app.threshold.refresh"
    /// The earliest the next background refresh is asked for, after the app goes to the background.
    public static let refreshInterval: TimeInterval = 4 * 3_600
}

/// A home-screen quick action (`UIApplicationShortcutItems` in the app's Info.plist).
public enum QuickAction: String, CaseIterable, Sendable {
    /// Opens the unlock gate for what is blocked now.
    case unblock = "app.threshold.unblock"
    /// Opens the feedback form.
    case feedback = "app.threshold.feedback"

    /// The screen the action opens: the unlock gate for whatever is blocked now, or feedback.
    public var destination: AppDestination {
        switch self {
        case .unblock: .unlockGate(app: nil, category: nil, rule: nil)
        case .feedback: .feedback
        }
    }

    /// The link the app routes the action through, like every other way in (`threshold://unlock`).
    public var link: URL { destination.route.url(.deepLink) }
}
