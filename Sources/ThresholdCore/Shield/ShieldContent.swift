import Foundation

/// What a shield shows and what its buttons do, by reason (PRODUCT.md's shield table).
///
/// Its words are values (``ShieldTitle``, ``ShieldSubtitle``, ``ShieldLabel``): the iOS
/// ShieldConfiguration extension says them through its own String Catalog (`SystemWords`'
/// `ShieldWords`) and its ShieldAction extension performs the buttons; the simulator says them
/// the same way.
public struct ShieldContent: Hashable, Codable, Sendable, CustomStringConvertible {
    public let title: ShieldTitle
    public let subtitle: ShieldSubtitle
    /// Notifications are off and a button leads into the app through one: the shield adds that
    /// the person opens Threshold themselves (``withNotifications(_:)``).
    public let opensThresholdByHand: Bool
    public let primary: ShieldButton
    public let secondary: ShieldButton?

    public init(
        title: ShieldTitle, subtitle: ShieldSubtitle, opensThresholdByHand: Bool = false, primary: ShieldButton,
        secondary: ShieldButton? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.opensThresholdByHand = opensThresholdByHand
        self.primary = primary
        self.secondary = secondary
    }

    public func button(_ role: ShieldButtonRole) -> ShieldButton? {
        role == .primary ? primary : secondary
    }

    /// Selah's verse line, when the shield shows one.
    public var verse: String? {
        if case .verse(let line) = subtitle { return line }
        if case .verseAndWays(let line, _) = subtitle { return line }
        return nil
    }

    /// For logs: the values, not the words.
    public var description: String {
        "\(title) — \(subtitle)\(opensThresholdByHand ? " (open Threshold by hand)" : "") [\(primary)]"
            + (secondary.map { " [\($0)]" } ?? "")
    }
}

/// A shield's title, as a value.
public enum ShieldTitle: Hashable, Codable, Sendable {
    /// A session's profile: its emoji and name.
    case session(emoji: String, name: String)
    case sessionGoalReached
    case selahPause
    /// The restriction's name.
    case blockedBy(String)
    case areYouSure
    /// "Open <app>?", by the name iOS gave the shield.
    case openApp(String?)
    case streakFreezeActive
    /// The tutorial's shield.
    case appIsBlocked
    /// A shield iOS still draws over something let through.
    case unlocked(String?)
    /// The shield whose reason cannot be read.
    case blockedByThreshold
    /// The shield iOS draws itself, without asking Threshold (its own words: "Restricted").
    case iOSDefault
}

/// A shield's subtitle, as a value; names are the ones iOS gave the shield (`nil`: it gave none).
public enum ShieldSubtitle: Hashable, Codable, Sendable {
    case beastModeKeepsClosed(app: String?)
    case blockedWhilePresent(app: String?)
    /// A session of a path other than Present (a Key profile, a mode's focus): blocked while it is on.
    case blockedWhileOn(app: String?, restriction: String)
    case goalReached(xp: Int, emoji: String, name: String)
    /// Selah's verse line: content, quoted word for word.
    case verse(String)
    /// Selah's verse, then the ways back when other paths hold the app too (Selah's first).
    case verseAndWays(String, ways: [Pathway])
    /// The ways back, when several paths hold the app: each is named, and Threshold is where
    /// the person chooses.
    case waysBack([Pathway])
    /// A restriction that takes no ritual: the app opens again when it ends.
    case lockedUntilItEnds(app: String?, restriction: String)
    case toUnlockOpenThreshold
    /// A restriction with ways back to choose among (seed 002 flow C): "To unlock: open Threshold
    /// and choose an unlock option."
    case chooseAnUnlockOption
    /// The intention's "Are you sure?": past today's opens, opening again ends the streak.
    case pastTodaysOpens(opensPerDay: Int, app: String?)
    /// Opens used today, the streak when it has one, and whether opening again breaks it.
    case opensUsed(used: Int, perDay: Int, streak: Int?, spent: Bool)
    case streakFrozen(streak: Int?, used: Int, perDay: Int)
    case finishTheTutorial
    case stillDrawn
    case seeWhy
    /// iOS's own shield's line, naming the app.
    case iOSDefault(app: String)
}

/// A shield button's label, as a value.
public enum ShieldLabel: Hashable, Codable, Sendable {
    case bePresent, unlockQuestion, complete, stayPresent, close, pauseToPray, unlockOptions, nevermind, openThreshold
    /// A Challenge shield's button that opens straight into a game.
    case startChallenge
    /// iOS's own shield's one button.
    case iOSDefaultOK
    /// "Yes, open <app>".
    case yesOpen(String?)
    /// "Open <app>".
    case open(String?)
}

/// One shield button: its label and what pressing it does.
public struct ShieldButton: Hashable, Codable, Sendable, CustomStringConvertible {
    public let label: ShieldLabel
    public let action: ShieldButtonAction

    public init(_ label: ShieldLabel, _ action: ShieldButtonAction) {
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
    public init(
        reason: Reason, app: AppToken? = nil, webDomain: WebDomainToken? = nil, appName: String? = nil, verse: String? = nil,
        streak: Int? = nil, asking: Bool = false
    ) {
        switch reason {
        case .sessionActive(let label):
            let locked = label.strictness == .locked
            self.init(
                title: .session(emoji: label.emoji, name: label.name),
                subtitle: locked
                    ? .beastModeKeepsClosed(app: appName)
                    : label.path == .present
                        ? .blockedWhilePresent(app: appName)
                        : .blockedWhileOn(app: appName, restriction: "\(label.emoji) \(label.name)"),
                primary: ShieldButton(.bePresent, .close),
                secondary: locked ? nil : ShieldButton(.unlockQuestion, .notify(.session(label.profileID))))
        case .sessionGoalReached(let label, let xp):
            self.init(
                title: .sessionGoalReached,
                subtitle: .goalReached(xp: xp, emoji: label.emoji, name: label.name),
                primary: ShieldButton(.complete, .completeSession(label.profileID)),
                secondary: ShieldButton(.stayPresent, .close))
        case .gated(let label) where label.path == .selah && label.otherWays != nil && !label.rituals.isEmpty:
            // Selah's words and verse stay; its button leads to the gate, where the person chooses.
            self.init(
                title: .selahPause,
                subtitle: .verseAndWays(verse ?? Self.defaultVerse, ways: label.ways),
                primary: ShieldButton(.pauseToPray, .notify(Self.gate(of: label.rule, app: app, webDomain: webDomain))))
        case .gated(let label) where label.path == .selah:
            self.init(
                title: .selahPause,
                subtitle: .verse(verse ?? Self.defaultVerse),
                primary: label.rituals.isEmpty ? ShieldButton(.close, .close) : ShieldButton(.pauseToPray, .notify(.prayer(app: app))))
        case .gated(let label) where label.rituals.isEmpty && label.otherWays == nil:
            self.init(
                title: .blockedBy(label.name),
                subtitle: .lockedUntilItEnds(app: appName, restriction: label.name),
                primary: ShieldButton(.close, .close))
        case .gated(let label):
            // A restriction that takes only Challenge's games, holding the app alone, opens straight
            // into one (seed 003); where other paths hold it too, the gate lets the person choose,
            // and a website's shield leads to the website's own gate.
            let game =
                webDomain == nil && label.otherWays == nil && label.rituals.allSatisfy(\.isChallenge)
                ? app.map { AppDestination.challenge(app: $0, rule: label.rule) } : nil
            self.init(
                title: .blockedBy(label.name),
                subtitle: label.ways.count > 1 ? .waysBack(label.ways) : game == nil ? .chooseAnUnlockOption : .toUnlockOpenThreshold,
                primary: ShieldButton(
                    game == nil ? .unlockOptions : .startChallenge,
                    .notify(game ?? Self.gate(of: label.rule, app: app, webDomain: webDomain))),
                secondary: ShieldButton(.close, .close))
        case .intention(let label) where label.opensLeft == 0 && asking:
            // Seed 001 §5: the second step, once the first press asked.
            self.init(
                title: .areYouSure,
                subtitle: .pastTodaysOpens(opensPerDay: label.opensPerDay, app: appName),
                primary: ShieldButton(.nevermind, .close),
                secondary: ShieldButton(.yesOpen(appName), .openIntention(label.intentionID, confirmBeyondLimit: true)))
        case .intention(let label):
            let spent = label.opensLeft == 0
            self.init(
                title: .openApp(appName),
                subtitle: .opensUsed(used: label.opensUsed, perDay: label.opensPerDay, streak: streak, spent: spent),
                primary: ShieldButton(.nevermind, .close),
                secondary: ShieldButton(
                    .open(appName),
                    spent ? .askBeforeOpening(label.intentionID) : .openIntention(label.intentionID, confirmBeyondLimit: false)))
        case .streakFreeze(let label):
            let spent = label.opensLeft == 0
            self.init(
                title: .streakFreezeActive,
                subtitle: .streakFrozen(streak: streak, used: label.opensUsed, perDay: label.opensPerDay),
                primary: ShieldButton(.nevermind, .close),
                secondary: ShieldButton(.open(appName), .openIntention(label.intentionID, confirmBeyondLimit: spent)))
        case .tutorial:
            self.init(
                title: .appIsBlocked,
                subtitle: .finishTheTutorial,
                primary: ShieldButton(.openThreshold, .notify(.tutorial)))
        }
    }
}

extension ShieldContent {
    /// Where a shield's way to choose leads: the website's own gate for a website, else the app's.
    static func gate(of rule: RuleRef, app: AppToken?, webDomain: WebDomainToken?) -> AppDestination {
        webDomain.map { .websiteGate($0, rule: rule) } ?? .unlockGate(app: app, category: nil, rule: rule)
    }

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
        // NB: its buttons that lead into the app do so through a notification, which then never arrives.
        return ShieldContent(title: title, subtitle: subtitle, opensThresholdByHand: true, primary: primary, secondary: secondary)
    }
}

extension ShieldContent {
    /// What a shield shows over something the last reconcile lets through: iOS 26 can keep drawing
    /// a shield an extension lifted until the app's own process writes the shields (khi48/intentions
    /// #9). Its one button posts the notification that opens Threshold, whose reconcile clears it.
    public static func lifted(appName: String?) -> ShieldContent {
        ShieldContent(title: .unlocked(appName), subtitle: .stillDrawn, primary: ShieldButton(.openThreshold, .clearShield))
    }

    /// What a shield shows when it cannot learn why it is up (the saved state is unreadable):
    /// still a shield, with the way to find out.
    public static let unknownReason = ShieldContent(
        title: .blockedByThreshold, subtitle: .seeWhy,
        primary: ShieldButton(.openThreshold, .notify(.home)), secondary: ShieldButton(.close, .close))
}
