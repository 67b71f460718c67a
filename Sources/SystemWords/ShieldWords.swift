import Foundation
import ThresholdCore

/// Says a ``ShieldContent`` as the shield shows it: the ShieldConfiguration extension's words,
/// from its own String Catalog, `Shields.xcstrings` (plural variants, the phone's language). The
/// names in it are the ones iOS gave the shield; Selah's verse is content, quoted as it is.
public struct ShieldWords: Sendable {
    public var locale: Locale { catalog.locale }
    /// NB: a shield says no date or time, so its catalog reads no zone.
    private let catalog: Catalog

    public init(locale: Locale) { catalog = Catalog(table: "Shields", locale: locale, timeZone: .gmt) }

    /// The shield's words: its title, its subtitle (with the line for notifications off), and its
    /// buttons' labels.
    public func words(_ content: ShieldContent) -> (title: String, subtitle: String, primary: String, secondary: String?) {
        var subtitle = self.subtitle(content.subtitle)
        if content.opensThresholdByHand { subtitle += " " + say("Notifications are off, so open Threshold yourself to unlock.") }
        return (title(content.title), subtitle, label(content.primary.label), content.secondary.map { label($0.label) })
    }

    /// The shield in a line, as the simulated phone's story tells it: “title” — subtitle [buttons].
    public func line(_ content: ShieldContent) -> String {
        let words = words(content)
        return "“\(words.title)” — \(words.subtitle) [\(words.primary)]" + (words.secondary.map { " [\($0)]" } ?? "")
    }

    public func title(_ title: ShieldTitle) -> String {
        switch title {
        case .session(let emoji, let name): say("\(emoji) \(name)")
        case .sessionGoalReached: say("Session Goal Reached!")
        case .selahPause: say("Selah — pause")
        case .blockedBy(let name): say("Blocked by \(name)")
        case .areYouSure: say("Are you sure?")
        case .openApp(let name?): say("Open \(name)?")
        case .openApp(nil): say("Open this app?")
        case .streakFreezeActive: say("Streak Freeze Active")
        case .appIsBlocked: say("App is Blocked")
        case .unlocked(let name?): say("\(name) is unlocked")
        case .unlocked(nil): say("This app is unlocked")
        case .blockedByThreshold: say("Blocked by Threshold")
        case .iOSDefault: say("Restricted")
        }
    }

    public func subtitle(_ subtitle: ShieldSubtitle) -> String {
        switch subtitle {
        case .beastModeKeepsClosed(let app?): say("Beast Mode is on: \(app) stays closed until the session ends.")
        case .beastModeKeepsClosed(nil): say("Beast Mode is on: this app stays closed until the session ends.")
        case .blockedWhilePresent(let app?): say("\(app) is blocked while you are present.")
        case .blockedWhilePresent(nil): say("This app is blocked while you are present.")
        case .blockedWhileOn(let app?, let restriction): say("\(app) is blocked while \(restriction) is on.")
        case .blockedWhileOn(nil, let restriction): say("This app is blocked while \(restriction) is on.")
        case .goalReached(0, let emoji, let name): say("\(emoji) \(name) reached its goal. End it now or stay for extra time.")
        case .goalReached(let xp, let emoji, let name): say("+\(xp) XP · \(emoji) \(name). End it now or stay for extra time.")
        case .verse(let line): line
        case .verseAndWays(let line, let ways): line + "\n" + say("Ways back: \(list(ways)).")
        case .waysBack(let ways): say("Ways back: \(list(ways)). Open Threshold to choose.")
        case .lockedUntilItEnds(let app?, let restriction): say("Locked: \(app) opens again when \(restriction) ends.")
        case .lockedUntilItEnds(nil, let restriction): say("Locked: this app opens again when \(restriction) ends.")
        case .toUnlockOpenThreshold: say("To unlock: open Threshold")
        case .chooseAnUnlockOption: say("To unlock: open Threshold and choose an unlock option.")
        case .pastTodaysOpens(let perDay, let app?): say("That is past today's \(perDay) opens. Opening \(app) again ends its streak.")
        case .pastTodaysOpens(let perDay, nil): say("That is past today's \(perDay) opens. Opening this app again ends its streak.")
        case .opensUsed(let used, let perDay, let streak?, false): say("\(used) of \(perDay) opens used today · \(streak)-day streak")
        case .opensUsed(let used, let perDay, nil, false): say("\(used) of \(perDay) opens used today")
        case .opensUsed(let used, let perDay, let streak?, true):
            say("\(used) of \(perDay) opens used today · \(streak)-day streak. Opening again breaks the streak.")
        case .opensUsed(let used, let perDay, nil, true): say("\(used) of \(perDay) opens used today. Opening again breaks the streak.")
        case .streakFrozen(let streak?, let used, let perDay):
            say("Today your streaks are protected (this one: \(streak) days). \(used) of \(perDay) opens used.")
        case .streakFrozen(nil, let used, let perDay): say("Today your streaks are protected. \(used) of \(perDay) opens used.")
        case .finishTheTutorial: say("Open Threshold to finish the tutorial.")
        case .stillDrawn: say("iOS is still showing its shield. Open Threshold and it clears.")
        case .seeWhy: say("Open Threshold to see why and how to unlock.")
        case .iOSDefault(let app): say("You cannot use \(app) because it is restricted.")
        }
    }

    /// The ways back, each as the shield names it: "a prayer, Focus Bank credits, a challenge".
    func list(_ ways: [Pathway]) -> String {
        ways.map { way in
            switch way {
            case .selah: say("a prayer")
            case .present: say("a session's end")
            case .earnedAccess: say("Focus Bank credits")
            case .challenge: say("a challenge")
            case .key: say("your key")
            }
        }.joined(separator: say(", "))
    }

    public func label(_ label: ShieldLabel) -> String {
        switch label {
        case .bePresent: say("Be Present")
        case .unlockQuestion: say("Unlock?")
        case .complete: say("Complete")
        case .stayPresent: say("Stay Present")
        case .close: say("Close")
        case .pauseToPray: say("Pause to pray")
        case .unlockOptions: say("Unlock options")
        case .startChallenge: say("Start a challenge")
        case .nevermind: say("Nevermind")
        case .openThreshold: say("Open Threshold")
        case .iOSDefaultOK: say("OK")
        case .yesOpen(let name?): say("Yes, open \(name)")
        case .yesOpen(nil): say("Yes, open it")
        case .open(let name?): say("Open \(name)")
        case .open(nil): say("Open app")
        }
    }

    func say(_ phrase: Phrase) -> String { phrase.said(in: catalog) }
}
