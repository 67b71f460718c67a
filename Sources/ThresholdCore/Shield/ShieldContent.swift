import Foundation

/// What a shield shows and what its buttons do, by reason (PRODUCT.md's shield table).
///
/// The iOS ShieldConfiguration extension renders it and its ShieldAction extension performs the
/// buttons; the simulator prints the same values.
public struct ShieldContent: Hashable, Codable, Sendable, CustomStringConvertible {
    public let title: String
    public let subtitle: String
    public let primary: ShieldButton
    public let secondary: ShieldButton?

    public init(title: String, subtitle: String, primary: ShieldButton, secondary: ShieldButton? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.primary = primary
        self.secondary = secondary
    }

    public func button(_ role: ShieldButtonRole) -> ShieldButton? {
        role == .primary ? primary : secondary
    }

    public var description: String {
        "“\(title)” — \(subtitle) [\(primary)]" + (secondary.map { " [\($0)]" } ?? "")
    }
}

/// One shield button: its label and what pressing it does.
public struct ShieldButton: Hashable, Codable, Sendable, CustomStringConvertible {
    public let label: String
    public let action: ShieldButtonAction

    public init(_ label: String, _ action: ShieldButtonAction) {
        self.label = label
        self.action = action
    }

    public var description: String { "\(label) → \(action)" }
}

/// What a shield button does. A shield cannot open the app (PLATFORM.md), so a button that
/// leads into the app posts a notification whose link opens it at the right screen.
public enum ShieldButtonAction: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Close the shielded app (`.close`).
    case close
    /// Post a notification that opens the app at `destination`, then close.
    case notify(AppDestination)
    /// Count one of the intention's opens and let the app through for its minutes, in the
    /// extension itself; past the day's opens only with `confirmBeyondLimit`.
    case openIntention(IntentionID, confirmBeyondLimit: Bool)
    /// End the profile's session at its goal, completed, in the extension itself (the goal is
    /// reached, so ending it completes it); the shield comes down.
    case completeSession(ProfileID)
    /// Past the day's opens: turn the shield into "Are you sure?" (seed 001 §5); its "Yes" opens.
    case askBeforeOpening(IntentionID)
    /// Post a notification whose tap opens the app, then close: a shield iOS still draws over
    /// something Threshold let through clears once the app's own process writes the shields
    /// (iOS 26, khi48/intentions #9; ``ShieldContent/lifted(appName:)``).
    case clearShield

    public var description: String {
        switch self {
        case .completeSession(let profile): "complete the session of \(profile)"
        case .askBeforeOpening(let id): "ask before opening intention \(id) beyond today's limit"
        case .clearShield: "notify to clear the shield"
        case .close: "close"
        case .notify(let destination): "notify \(destination.url)"
        case .openIntention(let id, let beyond): beyond ? "open intention \(id) beyond today's limit" : "open intention \(id)"
        }
    }
}

extension ShieldContent {
    /// Selah's verse when the caller has none to pass: Psalm 46:10 as the KJV has it (up to its
    /// colon), written as a ``VerseLine`` is.
    public static let defaultVerse = "“Be still, and know that I am God” — Psalm 46:10 (KJV)"

    /// The shield for a reason.
    /// - Parameters:
    ///   - app: the shielded app's token, when the shield is for an app (links carry it).
    ///   - webDomain: the shielded website's token, when the shield is for a website in Safari.
    ///   - appName: the name iOS gives the shield extension (`application.localizedDisplayName`).
    ///   - verse: for Selah, the verse line the prayer library chose.
    ///   - streak: for intentions, the app's current streak in days
    ///     (``ProgressRecord/shownStreak(for:frozenToday:)``).
    ///   - asking: for an intention whose day's opens are used, whether its shield now asks "Are
    ///     you sure?" (the first press of "Open <App>" turned it; ``RitualRecords/isAsking(_:at:)``).
    public init(reason: Reason, app: AppToken? = nil, webDomain: WebDomainToken? = nil, appName: String? = nil, verse: String? = nil,
                streak: Int? = nil, asking: Bool = false) {
        let name = appName ?? "this app"
        switch reason {
        case .sessionActive(let label):
            let locked = label.strictness == .locked
            self.init(
                title: "\(label.emoji) \(label.name)",
                subtitle: locked ? "Beast Mode is on: \(name) stays closed until the session ends."
                    : "\(name.capitalizedFirst) is blocked while you are present.",
                primary: ShieldButton("Be Present", .close),
                secondary: locked ? nil : ShieldButton("Unlock?", .notify(.session(label.profileID))))
        case .sessionGoalReached(let label, let xp):
            self.init(
                title: "Session Goal Reached!",
                subtitle: "+\(xp) XP · \(label.emoji) \(label.name). End it now or stay for extra time.",
                primary: ShieldButton("Complete", .completeSession(label.profileID)),
                secondary: ShieldButton("Stay Present", .close))
        case .gated(let label) where label.path == .selah:
            self.init(
                title: "Selah — pause",
                subtitle: verse ?? Self.defaultVerse,
                primary: label.rituals.isEmpty ? ShieldButton("Close", .close) : ShieldButton("Pause to pray", .notify(.prayer(app: app))))
        case .gated(let label) where label.rituals.isEmpty:
            self.init(
                title: "Blocked by \(label.name)",
                subtitle: "Locked: \(name) opens again when \(label.name) ends.",
                primary: ShieldButton("Close", .close))
        case .gated(let label):
            // A restriction that takes only Challenge's games opens straight into one (seed 003).
            let lookUp = label.rituals.allSatisfy(\.isChallenge) ? app.map { AppDestination.challenge(app: $0, rule: label.rule) } : nil
            // A website's shield leads to the website's own gate.
            let gate = webDomain.map { AppDestination.websiteGate($0, rule: label.rule) }
                ?? lookUp ?? .unlockGate(app: app, category: nil, rule: label.rule)
            self.init(
                title: "Blocked by \(label.name)",
                subtitle: "To unlock: open Threshold",
                primary: ShieldButton("Unlock options", .notify(gate)),
                secondary: ShieldButton("Close", .close))
        case .intention(let label) where label.opensLeft == 0 && asking:
            // Seed 001 §5: the second step, once the first press asked.
            self.init(
                title: "Are you sure?",
                subtitle: "That is past today's \(label.opensPerDay) opens. Opening \(name.capitalizedFirst) again ends its streak.",
                primary: ShieldButton("Nevermind", .close),
                secondary: ShieldButton("Yes, open \(appName ?? "it")", .openIntention(label.intentionID, confirmBeyondLimit: true)))
        case .intention(let label):
            let used = "\(label.opensUsed) of \(label.opensPerDay) opens used today" + (streak.map { " · \($0)-day streak" } ?? "")
            let spent = label.opensLeft == 0
            self.init(
                title: "Open \(appName ?? "this app")?",
                subtitle: spent ? "\(used). Opening again breaks the streak." : used,
                primary: ShieldButton("Nevermind", .close),
                secondary: ShieldButton("Open \(appName ?? "app")",
                                        spent ? .askBeforeOpening(label.intentionID) : .openIntention(label.intentionID, confirmBeyondLimit: false)))
        case .streakFreeze(let label):
            let spent = label.opensLeft == 0
            self.init(
                title: "Streak Freeze Active",
                subtitle: "Today your streaks are protected" + (streak.map { " (this one: \($0) days)" } ?? "")
                    + ". \(label.opensUsed) of \(label.opensPerDay) opens used.",
                primary: ShieldButton("Nevermind", .close),
                secondary: ShieldButton("Open \(appName ?? "app")", .openIntention(label.intentionID, confirmBeyondLimit: spent)))
        case .tutorial:
            self.init(
                title: "App is Blocked",
                subtitle: "Open Threshold to finish the tutorial.",
                primary: ShieldButton("Open Threshold", .notify(.tutorial)))
        }
    }
}

extension ShieldContent {
    /// The line a shield adds when notifications are off: its buttons that lead into the app do
    /// so through a notification, which then never arrives.
    public static let openThresholdYourself = "Notifications are off, so open Threshold yourself to unlock."

    /// Whether a button leads into the app (through the follow-up notification).
    public var leadsIntoTheApp: Bool {
        [primary, secondary].contains { button in
            switch button?.action {
            case .notify?, .clearShield?: true
            default: false
            }
        }
    }

    /// The same shield for a phone where Threshold may not post notifications: when a button
    /// leads into the app, the text says to open Threshold by hand (the button still closes the
    /// shield, and the app opens where the person left it).
    public func withNotifications(_ permission: NotificationPermission?) -> ShieldContent {
        guard permission == .denied, leadsIntoTheApp else { return self }
        return ShieldContent(title: title, subtitle: subtitle + " " + Self.openThresholdYourself, primary: primary, secondary: secondary)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension ShieldContent {
    /// What a shield shows over something the last reconcile lets through: iOS 26 can keep drawing
    /// a shield an extension lifted until the app's own process writes the shields (khi48/intentions
    /// #9). Its one button posts the notification that opens Threshold, whose reconcile clears it.
    public static func lifted(appName: String?) -> ShieldContent {
        ShieldContent(
            title: "\(appName ?? "This app") is unlocked",
            subtitle: "iOS is still showing its shield. Open Threshold and it clears.",
            primary: ShieldButton("Open Threshold", .clearShield))
    }

    /// What a shield shows when it cannot learn why it is up (the saved state is unreadable):
    /// still a shield, with the way to find out.
    public static let unknownReason = ShieldContent(
        title: "Blocked by Threshold",
        subtitle: "Open Threshold to see why and how to unlock.",
        primary: ShieldButton("Open Threshold", .notify(.home)),
        secondary: ShieldButton("Close", .close))
}
