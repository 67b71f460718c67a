import Foundation
import ThresholdCore

/// Says a ``NotificationMessage`` as the phone shows it: the one place a notification's value
/// becomes words, through its String Catalog, `Notifications.xcstrings` (plural variants, the phone's language)
/// and the phone's clock (its locale's 12- or 24-hour times, its time zone). The quips are
/// content, read from `Quips.json` (`Quips.es.json` on a phone in Spanish).
///
/// Every process that posts a notification words it here at the moment it posts, as iOS keeps
/// the words it was handed: the app, the DeviceActivity monitor and the shield action extension
/// (through `ScreenTimeLive`), and the simulated phone.
public struct NotificationWords: Sendable {
    public var locale: Locale { catalog.locale }
    public var timeZone: TimeZone { catalog.timeZone }
    private let catalog: Catalog
    private let refusals: RefusalWords

    public init(locale: Locale, timeZone: TimeZone) {
        catalog = Catalog(table: "Notifications", locale: locale, timeZone: timeZone)
        refusals = RefusalWords(locale: locale, timeZone: timeZone)
    }

    /// The title and body of `message`.
    public func words(_ message: NotificationMessage) -> (title: String, body: String) {
        switch message {
        case .sessionGoalReached(let profile?):
            (say("Session goal reached"), say("Congrats! \(profile.emoji) \(profile.name) reached its goal."))
        case .sessionGoalReached(nil):
            (say("Session goal reached"), say("Congrats! You reached your session's goal."))
        case .breakEnding(let profile?):
            (say("Break ends in 1 minute"), say("\(profile.emoji) \(profile.name) shields return at the end of your break."))
        case .breakEnding(nil):
            (say("Break ends in 1 minute"), say("Your session's shields return at the end of your break."))
        case .intentionOpening(let minutes):
            (say("Opening the app"), say("Opening the app for \(minutes) minutes."))
        case .intentionClosing:
            (say("Closing in 30 seconds"), say("Closing the app in 30 seconds."))
        case .prayerWindowClosed:
            (say("Selah — your window has closed"), say("Tap to pray again before opening the app."))
        case .unlockEnded:
            (say("Your unlock has ended"), say("Tap to see the ways to unlock again."))
        case .scheduledHeadsUp(let profile, let minutes, let start, let end):
            (
                say("\(profile.name) starts in \(minutes) minutes"),
                say("\(profile.emoji) \(profile.name) shields your apps at \(time(start)) until \(time(end)).")
            )
        case .scheduledStart(let profile):
            (say("Starting \(profile.name)"), say("\(profile.emoji) \(profile.name) is on until its scheduled end."))
        case .dailyReviewReady:
            (say("Your Daily Review is ready"), say("See yesterday's screen time and how the day went."))
        case .eveningPrompt:
            (say("Start tomorrow without scrolling"), say("Plan a morning session so the first hour is yours."))
        case .quip(let id, let minutes):
            (
                say("\(duration(minutes)) of screen time today"),
                Quips.text(id, in: ContentLanguage(locale)) ?? say("Time to look up from the screen.")
            )
        case .shieldFollowUp(let destination, let appName):
            followUp(destination, appName: appName)
        case .clearShield(let appName?):
            (say("Tap to clear the shield"), say("\(appName) is unlocked, but iOS still shows its shield. Opening Threshold clears it."))
        case .clearShield(nil):
            (say("Tap to clear the shield"), say("The app is unlocked, but iOS still shows its shield. Opening Threshold clears it."))
        case .focusCouldNotStart(let reason):
            (say("Your Focus could not start its profile"), refusals.words(reason))
        case .beastModeKeepsGoing(let reason):
            (say("Beast Mode keeps going"), say("Your Focus turned off, and a Focus does not end Beast Mode. \(refusals.words(reason))"))
        case .liveActivityRefused(.end, let reason):
            (say("The session keeps going"), refusals.words(reason))
        case .liveActivityRefused(.takeBreak, let reason):
            (say("No break now"), refusals.words(reason))
        case .liveActivityRefused(.backToFocus, let reason):
            (say("Still on your break"), refusals.words(reason))
        case .leagueFinalized(.up, let tier):
            (say("Leaderboard finalized!"), say("You moved up to \(tier)."))
        case .leagueFinalized(.down, let tier):
            (say("Leaderboard finalized!"), say("You moved down to \(tier)."))
        case .leagueFinalized(.stay, let tier):
            (say("Leaderboard finalized!"), say("You stay in \(tier)."))
        case .addPartnerPrompt:
            (
                say("Add an accountability partner…"),
                say("A partner hears when you break an intention streak, never which app. Invite one in Settings › Together.")
            )
        case .partnerMessage(let text):
            (say("Together"), text)
        case .relayed(let title, let body):
            (title, body)
        }
    }

    private func followUp(_ destination: AppDestination, appName: String?) -> (title: String, body: String) {
        switch (destination, appName) {
        case (.prayer, let name?): (say("Selah — pause to pray"), say("Tap to pray before opening \(name)."))
        case (.prayer, nil): (say("Selah — pause to pray"), say("Tap to pray."))
        case (.unlockGate, let name?), (.websiteGate, let name?):
            (say("Unlock options"), say("Tap to see how to open \(name) and what each way costs."))
        case (.unlockGate, nil), (.websiteGate, nil): (say("Unlock options"), say("Tap to see how to open it and what each way costs."))
        case (.challenge, let name?): (say("Start a challenge"), say("Tap for a short challenge that opens \(name) for a few minutes."))
        case (.challenge, nil): (say("Start a challenge"), say("Tap for a short challenge that opens it for a few minutes."))
        case (.session, _): (say("Your session"), say("Tap to end it, take a break or keep going."))
        case (.tutorial, _): (say("Finish the tutorial"), say("Tap to go back to Threshold and finish the tutorial."))
        case (.home, _), (.feedback, _), (.dailyReview, _): (say("Threshold"), say("Tap to see why this is blocked and how to unlock."))
        }
    }

    func time(_ instant: Date) -> String { catalog.time(instant) }

    /// A length of screen time: "30 min", "1 hr, 30 min", in the phone's language.
    func duration(_ minutes: Int) -> String { catalog.duration(minutes: minutes) }

    func say(_ phrase: Phrase) -> String { phrase.said(in: catalog) }
}

/// The screen-time quips' words: content, one file per language (`Quips.json`, `Quips.es.json`),
/// by the id ``QuipLibrary`` chooses. Quip n says, in each language, something that fits the same
/// moment (the same stretch of the day's screen time, time of day and streak).
public enum Quips {
    /// Quip `id`'s words in `language`; `nil` for an id the file does not hold, or when the file
    /// cannot be read (then a quip's notification says a plain line instead; ``loaded`` keeps why,
    /// and `NotificationWordsTests` fails on it).
    public static func text(_ id: Int, in language: ContentLanguage = .english) -> String? {
        guard case .success(let quips)? = loaded[language] else { return nil }
        return quips[id]
    }

    /// Every quip's words by id, for each language, as the bundled files hold them, or why a file
    /// could not be read.
    public static let loaded: [ContentLanguage: Result<[Int: String], any Error>] =
        BundledContent.load(File.self, named: "Quips", from: .module).mapValues { file in
            file.map { Dictionary($0.quips.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first }) }
        }

    struct File: Decodable {
        struct Quip: Decodable {
            let id: Int
            let text: String
        }
        let quips: [Quip]
    }
}
