import Foundation

/// A screen of the app that a link, a shield's notification, a reminder or a quick action leads to.
///
/// The shield cannot open the app itself (PLATFORM.md): its buttons post a local notification
/// whose link opens the app here. The link router (`LinkRoute`, Core `Links/`) is the one place
/// that writes and reads these links: a destination is the route `LinkRoute.open(_:)`, `url` its
/// universal link and `deepLink` its `threshold://` link, and parsing either gives it back.
public enum AppDestination: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The home screen.
    case home
    /// Selah's prayer flow, for an app when the shield knows it.
    case prayer(app: AppToken?)
    /// The unlock gate: why an app is blocked and the ways through, with the category and the
    /// restriction when the shield knew them. With no app, the gate for whatever is blocked now
    /// (the "Unblock" quick action).
    case unlockGate(app: AppToken?, category: CategoryToken?, rule: RuleRef?)
    /// The unlock gate for a website the person picked (its shield's "Unlock options" in Safari,
    /// Home's Unlocks), with the restriction the shield named.
    case websiteGate(WebDomainToken, rule: RuleRef?)
    /// One of the games the restriction offers, picked at random among those the person has on,
    /// over the unlock gate (the Challenge shield's notification: seed 003's "Start Challenge");
    /// the gate alone when it offers none.
    case challenge(app: AppToken, rule: RuleRef?)
    /// A profile's running session (end, break, complete); `nil` for the one running now.
    case session(ProfileID?)
    /// Finishing the first-run tutorial.
    case tutorial
    /// Writing feedback (the "Feedback" quick action).
    case feedback
    /// The Daily Review of yesterday (the 9 AM reminder that it is ready).
    case dailyReview

    /// The domain universal links are claimed for: `LinkRoute.host`.
    public static var host: String { LinkRoute.host }

    /// The link router's route for this screen.
    public var route: LinkRoute { .open(self) }

    /// The universal link: `https://threshold.app/pray?app=…`.
    public var url: String { route.url(.universal).absoluteString }

    /// The app's own link, as notifications carry it: `threshold://pray?app=…`.
    public var deepLink: String { route.url(.deepLink).absoluteString }

    public var description: String { url }
}

extension RuleRef {
    /// `profile:work`, `gate:selah`, `intention:ig`, `tutorial`: how links and scenarios name a rule.
    public var linkValue: String {
        switch self {
        case .profile(let id): "profile:\(id)"
        case .gate(let id): "gate:\(id)"
        case .intention(let id): "intention:\(id)"
        case .tutorial: "tutorial"
        }
    }
}

extension Data {
    /// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5).
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
