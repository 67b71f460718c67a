import EntryPoints
import Foundation
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import ThresholdCore

/// One thing a scenario, the demo or `play` does on the simulated phone, or checks on it.
///
/// The vocabulary is the same everywhere: a scenario file writes `- pray` or `- start: work`,
/// `play` takes `pray` or `start work`. Later features add their verbs here (see the README).
public enum Step: Hashable, Sendable {
    // Threshold's screens
    case openThreshold
    /// Taps the button with these words on the screen Threshold shows; with `nth`, the nth (from 1,
    /// in the screen's order) of the controls these words name, where they name more than one. With
    /// `times` above 1, taps it again before the work the first tap started has finished, as an
    /// impatient person does (a second Buy, Restore or Save while the first is under way).
    case tap(String, nth: Int? = nil, times: Int = 1)
    /// Swipes away what is shown on top (a sheet, a dialog, a system sheet), as a swipe down or a
    /// tap outside does; fails where iOS offers no such way out (a full-screen cover, an alert).
    case swipeAway
    /// Long-presses what shows these words (Settings' version opens the diagnostics).
    case longPress(String)
    /// Swipe a list row and tap one of its actions.
    case swipe(row: String, action: String)
    /// Types `text` into the text field these words name on the screen Threshold shows, in place
    /// of what it held (empty: clears it).
    case type(field: String, text: String)
    /// Sets the stepper or the time picker these words name to a value, as a person does: taps
    /// + or − until the stepper reads it, or turns the picker's wheels to the time.
    case set(control: String, to: SetValue)
    /// Picks apps in iOS's Screen Time picker, where the screen shown opens it.
    case pickApps([String])
    /// Picks a file in iOS's document picker, where the screen shown opens it: a file beside the
    /// scenario (its bytes read with the scenario), or one the person saved earlier (`contents` nil).
    case pickFile(name: String, contents: Data?)
    /// Saves the file in iOS's Save to Files sheet, which the screen shown opened.
    case saveFile
    /// Types an answer into the math challenge and taps Check (`right`, `wrong`, or the text), or
    /// makes a move right or wrong in one of Challenge's own games; `times` over.
    case answer(String, times: Int)
    /// How the person will answer iOS's notification prompt.
    case notificationPrompt(allow: Bool)
    /// How the person will answer iOS's next Screen Time prompts (empty: allow).
    case screenTimePrompt([AuthorizationFailure])

    // The apps
    case open(app: String, expect: OpenExpectation?)
    /// Uses an (unshielded) app for a while: screen time the usage events count.
    case use(app: String, seconds: TimeInterval)
    case press(app: String, button: ShieldButtonRole)
    /// Presses a button on a website's shield in Safari.
    case pressWebsite(site: String, button: ShieldButtonRole)
    case tapNotification(id: String?)
    /// Taps a home or lock screen widget: iOS opens Threshold at the widget's link, if it has one.
    case tapWidget(HomeScreenWidget)
    /// A universal link arrives (typed, or read from an NFC tag).
    case link(String)
    /// A home-screen quick action (long-press Threshold's icon).
    case quickAction(QuickAction)

    // Sessions and profiles
    case start(profile: ProfileID, origin: SessionOrigin, plan: PlanSpec?)
    case end(profile: ProfileID, via: EndPath)
    case takeBreak(profile: ProfileID)
    /// Ends the profile's break early.
    case resume(profile: ProfileID)
    case tapKey(profile: ProfileID)
    /// Core NFC's sheet asks for a tag (a key being written): the person holds one to the phone,
    /// and keeps it as the profile's key, the one `tap-key` taps from then on.
    case holdTag(profile: ProfileID)
    /// The Camera reads a key's QR code (made in Settings → Keys), or a copy of it edited by hand.
    case scanQR(key: String, edited: Bool)
    case chooseAfterKey(KeyChoice)
    /// Answers the confirmation a link's start of a Beast Mode profile shows: start it, or not.
    case confirmStart(Bool)

    // Rituals and opens
    /// A prayer, answering the mood question with `mood` (grateful when not given).
    case pray(mood: Mood?)
    case ritual(RitualKind, minutes: Int?, app: String?)
    case openIntention(app: String, confirm: Bool)
    case useStreakFreeze
    /// Something the App Store does, or the person does in Settings › Subscriptions (Threshold Pro).
    case store(StoreEvent)

    // Time and the device
    case advance(seconds: TimeInterval)
    case advanceTo(ClockSpec)
    case setClock(ClockSpec)
    case setTimeZone(String)
    case reboot
    case killApp
    /// iOS gives Threshold a background app refresh (it must not be on screen).
    case backgroundRefresh
    /// The person goes to the home screen: Threshold keeps running in the background.
    case leaveThreshold
    /// A Focus comes on or ends (ending it shows what it held back).
    case focus(Bool)
    /// A named Focus comes on or ends; iOS runs Threshold's filter on it, if the person added one.
    case namedFocus(String, on: Bool)
    /// The person adds Threshold's filter to a Focus in Settings › Focus, naming a profile.
    case focusFilter(focus: String, profile: String, minutes: Int?)
    /// The person allows or refuses Threshold's notifications (the prompt or Settings).
    case notifications(NotificationPermission)
    /// The person tries to delete an app (refused while Beast Mode denies app removal).
    case deleteApp(String)
    /// The person tries to install an app from the App Store (refused while a profile denies it).
    case installApp(String)
    /// The person opens a website in Safari; `blocked` checks whether it is (a shield, or the
    /// web content filter's "restricted" page).
    case visit(site: String, blocked: Bool?)
    /// The person presses a button on the Live Activity (its intent runs in Threshold's process).
    case pressLiveActivity(LiveActivityButton)
    case authorization(AuthorizationStatus)
    case storeFails(Bool)

    // Faults
    case fault(FaultSwitch.Fault)
    case faults(FaultSettings)

    // Words and checks
    case note(String)
    case status
    case expect([Expectation])
}

/// Where the person asks to end a session from: every path runs the same `EndSession`.
public enum EndPath: String, Hashable, Sendable, CaseIterable {
    case inApp = "in-app"
    case key
    case shortcut
    case widget
    case notification
    case liveActivity = "live-activity"

    /// The trigger the entry point reconciles with.
    func trigger(for profile: ProfileID) -> Trigger {
        switch self {
        case .inApp: .inApp("end \(profile)")
        case .key: .universalLink("https://\(AppDestination.host)/key/\(profile)")
        case .shortcut: .appIntent("EndSession")
        case .widget: .widget("End")
        case .notification: .notificationResponse("session.\(profile)")
        case .liveActivity: .liveActivityButton("End")
        }
    }
}

/// What the person chooses after a key tap with a session on ("End or take a break?").
public enum KeyChoice: String, Hashable, Sendable, CaseIterable {
    case end
    case takeBreak = "break"
    case cancel
}

/// How long a started session is meant to run: a goal, or until a local time.
public enum PlanSpec: Hashable, Sendable {
    case goal(minutes: Int)
    /// Ends by itself this many minutes after the start.
    case minutes(Int)
    case until(ClockSpec)
    case openEnded
}

/// What opening an app should show.
public struct OpenExpectation: Hashable, Sendable {
    public var shielded: Bool
    public var reason: ReasonKind?
}

/// The kinds of shield reason a scenario can name.
public enum ReasonKind: String, Hashable, Sendable, CaseIterable {
    case session
    case goalReached = "goal-reached"
    case gated
    case intention
    case streakFreeze = "streak-freeze"
    case tutorial

    init(_ reason: Reason) {
        switch reason {
        case .sessionActive: self = .session
        case .sessionGoalReached: self = .goalReached
        case .gated: self = .gated
        case .intention: self = .intention
        case .streakFreeze: self = .streakFreeze
        case .tutorial: self = .tutorial
        }
    }
}

/// A check on the phone that does not touch it (opening an app is a step, `open`).
public enum Expectation: Hashable, Sendable, CustomStringConvertible {
    case shielded([String])
    case unshielded([String])
    case reason(app: String, kind: ReasonKind, rule: String?)
    case shieldTitle(app: String, contains: String)
    case notification(contains: String)
    case noNotification(contains: String)
    /// Exactly one notification containing the text has been shown on the phone so far (a push
    /// and the app's own fetch of the same message are one).
    case shownOnce(contains: String)
    case activitiesAtMost(Int)
    case repair(RepairNotice.Kind?)
    case liveActivity(contains: String?)
    /// The Live Activity showing does not show this (a word or a button).
    case liveActivityDoesNotShow(String)
    /// The Live Activity showing has passed its `staleDate` (iOS marks it out of date).
    case liveActivityStale(Bool)
    /// An ended Live Activity still on the lock screen (its dismissal policy keeps it
    /// ``LiveActivityEnding/shownFor``) says this ("Session complete · +5 XP", "You lasted 12 min");
    /// `nil`: none is.
    case liveActivityEnded(contains: String?)
    /// A widget (session or streak) shows this, as drawn from the widget extension's snapshot.
    case widgetShows(String)
    case widgetDoesNotShow(String)
    /// A Focus holds back a notification containing this, in the Notification Center.
    case heldNotification(contains: String)
    /// The device restrictions applied now.
    case deviceRestrictions(DeviceRestrictions)
    case refused(contains: String?)
    case accepted
    case time(ClockSpec)
    case widgetReloadsAtLeast(Int)
    case sessionEnded(profile: ProfileID, state: EndState)
    case onBreak(profile: ProfileID, Bool)
    case storeFailed(Bool)
    /// A ledger balance is exactly this.
    case balance(Account, Int)
    /// The App Store sold this many subscriptions during the scenario (renewals are not sales).
    case purchases(Int)
    /// Today's screen time as the thresholds reported it, in minutes.
    case screenTime(minutes: Int)
    /// The daily goal's streak, in days.
    case goalStreak(days: Int)
    /// Selah's streak: days in a row with a prayer, as Home shows it.
    case prayerStreak(days: Int)
    /// Threshold's screen in front is this one ("home", "prayer", "onboarding: paths" …).
    case screen(named: String)
    /// Threshold's screen in front shows this text (in its title, a line or a button).
    case screenShows(String)
    case screenDoesNotShow(String)
    /// The screen shows this button, disabled (its reason is on the screen).
    case disabled(String)
    /// The switch or choice these words name is on (a toggle on, a selected row), or off.
    case isOn(String, Bool)
    /// The picker these words name shows this choice.
    case chosen(picker: String, option: String)
    /// The picker these words name offers these choices.
    case choices(picker: String, options: [String])
    /// These hold on a phone in one of these languages (`language: es`): what a language offers
    /// of its own (the Reina-Valera 1909 in Spanish); on a phone in another, nothing is checked.
    case inLanguages([PhoneLanguage], [Expectation])

    public var description: String {
        switch self {
        case .shielded(let apps): "shielded: \(apps.joined(separator: ", "))"
        case .unshielded(let apps): "unshielded: \(apps.joined(separator: ", "))"
        case .reason(let app, let kind, let rule): "reason for \(app): \(kind.rawValue)" + (rule.map { " (\($0))" } ?? "")
        case .shieldTitle(let app, let text): "shield title for \(app) contains “\(text)”"
        case .notification(let text): "a notification containing “\(text)”"
        case .noNotification(let text): "no notification containing “\(text)”"
        case .shownOnce(let text): "a notification containing “\(text)” shown once"
        case .activitiesAtMost(let n): "at most \(n) activities"
        case .repair(let kind): "repair: \(kind?.kebabName ?? "none")"
        case .liveActivity(let text): "Live Activity: \(text ?? "none")"
        case .liveActivityDoesNotShow(let text): "the Live Activity does not show “\(text)”"
        case .liveActivityStale(let stale): stale ? "the Live Activity is stale" : "the Live Activity is up to date"
        case .liveActivityEnded(let text): "ended Live Activity: \(text ?? "none")"
        case .widgetShows(let text): "a widget shows “\(text)”"
        case .widgetDoesNotShow(let text): "no widget shows “\(text)”"
        case .heldNotification(let text): "the Focus holds back a notification containing “\(text)”"
        case .deviceRestrictions(let restrictions): "device restrictions: \(restrictions)"
        case .refused(let text): "refused" + (text.map { " with “\($0)”" } ?? "")
        case .accepted: "accepted"
        case .time(let spec): "time is \(spec)"
        case .widgetReloadsAtLeast(let n): "widgets reloaded at least \(n) times"
        case .sessionEnded(let profile, let state): "\(profile)'s session ended \(state.rawValue)"
        case .onBreak(let profile, let on): "\(profile) \(on ? "on" : "not on") a break"
        case .storeFailed(let failed): failed ? "the last reconcile failed closed" : "the last reconcile saved"
        case .balance(let account, let amount): "balance: \(amount) \(account.displayName)"
        case .purchases(let count): "the App Store sold \(count) subscription\(count == 1 ? "" : "s")"
        case .screenTime(let minutes): "screen time reported today: \(minutes) min"
        case .goalStreak(let days): "screen-time goal streak: \(days) days"
        case .prayerStreak(let days): "prayer streak: \(days) days"
        case .screen(let name): "the \(name) screen is in front"
        case .screenShows(let text): "the screen shows “\(text)”"
        case .screenDoesNotShow(let text): "the screen does not show “\(text)”"
        case .disabled(let label): "“\(label)” is disabled"
        case .isOn(let label, let on): "“\(label)” is \(on ? "on" : "off")"
        case .chosen(let picker, let option): "“\(picker)” shows “\(option)”"
        case .choices(let picker, let options): "“\(picker)” offers \(options.map { "“\($0)”" }.joined(separator: ", "))"
        case .inLanguages(let languages, let expectations):
            "in \(languages.map(\.rawValue).joined(separator: " or ")): " + expectations.map(\.description).joined(separator: "; ")
        }
    }
}

/// The App Store's events in a scenario (`store: renew`): Apple's side of Threshold Pro.
public enum StoreEvent: String, CaseIterable, Sendable {
    /// A renewal goes through now (or after a billing problem).
    case renew
    /// The subscription is cancelled and ends now.
    case expire
    /// The person turns auto-renew off (a trial then ends at its expiration).
    case autoRenewOff = "auto-renew-off"
    /// The next renewal's payment fails: a grace period, then billing retry.
    case failBilling = "fail-billing"
    /// Apple refunds or revokes the purchase.
    case refund
    /// Ask to Buy: the next purchase waits for a parent.
    case askToBuy = "ask-to-buy"
    /// The parent approves the waiting purchase.
    case approve
}

/// What a `set` step sets a control to.
public enum SetValue: Hashable, Sendable {
    /// A stepper's number.
    case number(Int)
    /// A time picker's time of day (a `17:00`; a day in it is ignored).
    case time(ClockSpec)
    /// A picker's option, by its words.
    case choice(String)
}
