import Foundation

/// What a notification says, as a value: the engine and the entry points decide *that* a
/// notification is due and what it is about; the posting surface (the app or the monitor, through
/// `NotificationWords`) says it in the phone's language, with its plurals and its clock.
///
/// NB: tokens are opaque outside the shield extension (iOS shows an app's name only through
/// `Label(token)`), so no message names an app by token; a name a shield was given travels as
/// the text iOS gave it.
public enum NotificationMessage: Hashable, Codable, Sendable {
    /// A session reached its goal (its profile, when it still exists).
    case sessionGoalReached(ProfileTitle?)
    /// A break of a session ends in a minute.
    case breakEnding(ProfileTitle?)
    /// An intention's counted open starts: the app opens for `minutes`.
    case intentionOpening(minutes: Int)
    /// An intention's open closes in 30 seconds.
    case intentionClosing
    /// Selah's unlock window closed: pray again to open the app.
    case prayerWindowClosed
    /// Another ritual's unlock ended: the gate offers the ways through again.
    case unlockEnded
    /// A scheduled profile starts in `minutes`, shielding from `start` until `end`.
    case scheduledHeadsUp(ProfileTitle, minutes: Int, start: Date, end: Date)
    /// A scheduled profile starts now.
    case scheduledStart(ProfileTitle)
    /// The 9 AM Daily Review reminder.
    case dailyReviewReady
    /// The evening prompt to plan a morning session.
    case eveningPrompt
    /// A screen-time quip (``QuipLibrary``) at a threshold of `minutes` today.
    case quip(id: Int, minutes: Int)
    /// A shield's button leads into the app at `destination`; `appName` is what iOS called the
    /// shielded item, when the extension was told.
    case shieldFollowUp(AppDestination, appName: String?)
    /// A shield iOS still draws over something let through: opening Threshold clears it.
    case clearShield(appName: String?)
    /// A Focus turned on and its profile could not start: why.
    case focusCouldNotStart(reason: Refusal)
    /// A Focus turned off and Beast Mode keeps going: the refusal says until when.
    case beastModeKeepsGoing(reason: Refusal)
    /// A Live Activity button was refused, and why.
    case liveActivityRefused(LiveActivityButton, reason: Refusal)
    /// Together's week was finalized: the tier the person moved to, or stays in.
    case leagueFinalized(LeagueMove, tier: String)
    /// Together's Wednesday/Sunday prompt to add an accountability partner.
    case addPartnerPrompt
    /// A partner's message, relayed by Together's server: its text is theirs.
    case partnerMessage(String)
    /// Words that arrive already written: a push's alert as the server wrote it, or a
    /// notification saved by an earlier build.
    case relayed(title: String, body: String)
}

/// A profile as a notification names it: its emoji and name.
public struct ProfileTitle: Hashable, Codable, Sendable {
    public let emoji: String
    public let name: String

    public init(emoji: String, name: String) {
        self.emoji = emoji
        self.name = name
    }

    public init(_ profile: Profile) { self.init(emoji: profile.emoji, name: profile.name) }
}

/// Where a finalized week left the person in Together's league.
public enum LeagueMove: String, Hashable, Codable, Sendable {
    case up, down, stay
}

extension NotificationMessage {
    /// The message as fields of plain text, the same in every process and build that has it: what
    /// a handed-over notification's fingerprint is made of (``PendingNotification``).
    ///
    /// NB: written out rather than `String(describing:)`, which reflects on the value: in a monitor
    /// callback's fresh process that searched every protocol conformance in the binary once per
    /// type it met (about 1 M instructions a notification). The refusals keep their reflected text:
    /// 124 cases, in messages that are rare and posted at once.
    public var canonicalFields: [String] {
        func title(_ title: ProfileTitle?) -> String { title.map { "\($0.emoji)\u{1F}\($0.name)" } ?? "-" }
        func seconds(_ date: Date) -> String { String(date.timeIntervalSinceReferenceDate) }
        return switch self {
        case .sessionGoalReached(let profile): ["sessionGoalReached", title(profile)]
        case .breakEnding(let profile): ["breakEnding", title(profile)]
        case .intentionOpening(let minutes): ["intentionOpening", String(minutes)]
        case .intentionClosing: ["intentionClosing"]
        case .prayerWindowClosed: ["prayerWindowClosed"]
        case .unlockEnded: ["unlockEnded"]
        case .scheduledHeadsUp(let profile, let minutes, let start, let end):
            ["scheduledHeadsUp", title(profile), String(minutes), seconds(start), seconds(end)]
        case .scheduledStart(let profile): ["scheduledStart", title(profile)]
        case .dailyReviewReady: ["dailyReviewReady"]
        case .eveningPrompt: ["eveningPrompt"]
        case .quip(let id, let minutes): ["quip", String(id), String(minutes)]
        case .shieldFollowUp(let destination, let appName): ["shieldFollowUp", destination.url, appName ?? "-"]
        case .clearShield(let appName): ["clearShield", appName ?? "-"]
        case .focusCouldNotStart(let reason): ["focusCouldNotStart", String(describing: reason)]
        case .beastModeKeepsGoing(let reason): ["beastModeKeepsGoing", String(describing: reason)]
        case .liveActivityRefused(let button, let reason): ["liveActivityRefused", button.rawValue, String(describing: reason)]
        case .leagueFinalized(let move, let tier): ["leagueFinalized", move.rawValue, tier]
        case .addPartnerPrompt: ["addPartnerPrompt"]
        case .partnerMessage(let text): ["partnerMessage", text]
        case .relayed(let title, let body): ["relayed", title, body]
        }
    }
}
