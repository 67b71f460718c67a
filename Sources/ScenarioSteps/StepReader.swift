import EntryPoints
import Foundation
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import ThresholdCore
import Yams

/// Reads one step (`- pray`, `- start: work`, `- expect: {…}`) and checks every name in it
/// against the scenario's setup.
package struct StepReader {
    let reader: YAMLReader
    let setup: PhoneSetup

    package init(reader: YAMLReader, setup: PhoneSetup) {
        self.reader = reader
        self.setup = setup
    }

    /// Every verb, with what it takes: the vocabulary `--help` and `play`'s `help` show.
    package static let vocabulary: [(verb: String, usage: String)] = [
        ("open-threshold", "open Threshold (the app launches if it must, reads Screen Time access and reconciles)"),
        (
            "tap",
            "LABEL | {control, nth, times}: tap what these words name on Threshold's screen: a button, a switch, a tab, a picker's choice, ‹ Back (Continue, Pray to unlock, Amen, Anxious …); nth: the nth of the controls they name, in the screen's order; times: 2 taps it again before the work the first tap started has finished"
        ),
        ("swipe", "{row, action}: swipe the list row these words name and tap its action (Delete, Revoke, Remove)"),
        (
            "swipe-away",
            "swipe away the sheet, dialog or system sheet on top (a swipe down, a tap outside); not an alert or a full-screen cover, which iOS lets go only by their buttons"
        ),
        ("long-press", "LABEL: press and hold what shows these words (Settings' Version opens the diagnostics)"),
        (
            "type",
            "{field, text}: type text into the field these words name on Threshold's screen, in place of what it held (text: \"\" clears it)"
        ),
        (
            "set",
            "{control, to}: set the stepper these words name to a number (+ or − until it reads it), the time picker to a time (to: \"19:00\"), or the picker to the option these words name"
        ),
        (
            "answer",
            "right | wrong | TEXT: type an answer into the math challenge and tap Check; in Ink, Echo, Slide or Unscramble, make one move (Echo: watch a sequence and repeat it) right or wrong; {wrong: 40} does it 40 times"
        ),
        ("notification-prompt", "allow | deny: how the person answers iOS's notification prompt when the app asks"),
        ("pick-apps", "[APP, …]: pick these apps in iOS's Screen Time picker, where the screen opens it"),
        (
            "pick-file",
            "PATH: pick a file in iOS's document picker, where the screen opens it (a path beside the scenario, or a file the person saved earlier)"
        ),
        ("save-file", "save the file in iOS's Save to Files sheet, which the screen opened (Export a backup)"),
        ("screen-time-prompt", "allow | [canceled, restricted, …]: how the person answers iOS's next Screen Time prompts (then allow)"),
        ("open", "APP | {app, shielded, reason}: tap an app's icon; optionally check the shield"),
        ("press", "{app | site, button: primary|secondary}: press a button on an app's shield, or a website's in Safari"),
        ("use", "{app, for: 45m}: use an open app for a while (screen time counts)"),
        ("tap-notification", "[ID]: tap the latest notification (or the one whose id starts with ID)"),
        ("tap-widget", "session | streak: tap a widget; iOS opens Threshold at its link (the session widget's Session tab)"),
        ("link", "URL: a universal link arrives (typed or from an NFC tag)"),
        ("quick-action", "unblock | feedback: long-press Threshold's icon on the Home Screen and choose the action"),
        (
            "start",
            "PROFILE | {profile, origin: manual|key|shortcut, goal: 30m | for: 25m | until: 17:00}: the Session tab's start panel, a key, or the Start Profile Shortcut (which takes for:); a Beast Mode start on the tab is confirmed, as the person means it"
        ),
        ("end", "PROFILE | {profile, via: in-app|key|shortcut|widget|notification|live-activity}: end what keeps the profile on now"),
        ("break", "PROFILE: take a break (the profile's break policy sets its length and quota)"),
        ("resume", "PROFILE: end the break early; the shields return now"),
        ("tap-key", "PROFILE: tap the profile's NFC key (starts it, or asks End or break?)"),
        ("hold-tag", "PROFILE: Core NFC's sheet asks for a tag: hold one to the phone; it becomes the profile's key, the one tap-key taps"),
        ("scan-qr", "NAME | {key, edited: true}: the Camera reads the QR code of a key made in Settings → Keys (or a copy edited by hand)"),
        ("choose", "end | break | cancel: answer the key's question"),
        (
            "confirm-start",
            "yes | no: answer the confirmation a start link or the Session tab shows for a Beast Mode profile (nothing starts before yes)"
        ),
        (
            "pray",
            "[MOOD | {mood}]: say a prayer from the bundled library (mood grateful, anxious, distracted, tired, seeking, joyful), then Amen"
        ),
        (
            "challenge",
            "[math | tic-tac-toe | ink | echo | slide | unscramble]: answer five problems, play tic-tac-toe to a win or draw, or play one of Challenge's own games to its end (at least 30 s pass)"
        ),
        ("credits", "5 | 15 | 30 | {minutes, app}: spend Focus Bank credits"),
        ("quest", "breathing | copy-text | {kind, app}: finish a quest (45 s / 90 s pass on the clock)"),
        ("emergency", "[APP]: hold the button (10 s pass), give a reason"),
        ("open-intention", "APP | {app, confirm}: open an app through its intention"),
        ("use-streak-freeze", "use this week's streak freeze for today (the intentions screen)"),
        ("store", "renew | expire | auto-renew-off | fail-billing | refund | ask-to-buy | approve: the App Store's side of Threshold Pro"),
        ("advance", "DURATION: let time pass (10m, 1h30m, 2d)"),
        ("advance-to", "TIME: let time pass until 17:00, tue 09:00 or 2026-11-24 09:00"),
        ("set-clock", "TIME | +2h | -1h: the person moves the wall clock"),
        ("set-timezone", "ZONE: the person changes the time zone (Europe/London)"),
        ("reboot", "restart the phone"),
        ("kill-app", "swipe Threshold away"),
        (
            "background-refresh",
            "iOS gives Threshold a background app refresh (launching it in the background if it must; never while it is on screen)"
        ),
        ("leave-threshold", "go to the home screen: Threshold keeps running in the background (opening another app does this too)"),
        (
            "focus",
            "on | off | {on: NAME} | {off: NAME}: a Focus holds back notifications that are not time-sensitive; ending it shows them. A named Focus with Threshold's filter runs it as iOS does (in Threshold's process, in the background): on starts the profile it names, off ends what a Focus started (not Beast Mode)"
        ),
        (
            "focus-filter",
            "{focus: NAME, profile: PROFILE, minutes: 60}: add Threshold's filter to a Focus in Settings › Focus, choosing a profile by its name (and a length, which Beast Mode needs)"
        ),
        ("notifications", "allowed | denied | notDetermined: whether Threshold may post notifications"),
        ("delete-app", "APP: try to delete an app (refused while Beast Mode denies app removal)"),
        (
            "install-app",
            "NAME: try to install an app from the App Store (refused while a profile that denies installs is on: Beast Mode's does by default)"
        ),
        (
            "visit",
            "SITE | {site, blocked: true|false}: open a website in Safari; checks whether a shield or the web content filter (typed websites, adult websites) blocks it"
        ),
        ("press-live-activity", "end | break | back-to-focus: press a Live Activity button (its intent runs in Threshold's process)"),
        ("authorization", "approved | denied | notDetermined: Screen Time access"),
        ("store-fails", "the saved data becomes unreadable"),
        ("store-recovers", "the saved data is readable again"),
        ("fault", "drop | duplicate | delay | deliver: what happens to the next callback"),
        ("faults", "{drop, duplicate, delay, max-delay, seed}: random callback faults"),
        ("note", "TEXT: a line in the story"),
        ("status", "show the phone's state"),
        (
            "expect",
            "{" + expectations.map { "\($0.key): \($0.takes)" }.joined(separator: ", ") + "}: check what the phone and Threshold show"
        ),
    ]

    /// Every key an `expect` takes, with what it takes: the reader's allowed keys and the usage
    /// `--help` and Documentation/Scenarios.md show are made from this one list.
    package static let expectations: [(key: String, takes: String)] = [
        ("shielded", "APP | [APP…]"), ("unshielded", "APP | [APP…]"),
        ("reason", "KIND (of the apps under shielded) | {app, kind, rule}"), ("rule", "NAME (with reason: and shielded:)"),
        ("shield-title", "TEXT"), ("notification", "TEXT"), ("no-notification", "TEXT"), ("shown-once", "TEXT"),
        ("held-notification", "TEXT"), ("activities-at-most", "COUNT"), ("repair", "KIND | none"),
        ("live-activity", "TEXT | none"), ("live-activity-stale", "true | false"), ("live-activity-ended", "TEXT | none"),
        ("not-live-activity", "TEXT"), ("widget", "TEXT | [TEXT…]"), ("not-widget", "TEXT"), ("widget-reloads-at-least", "COUNT"),
        ("device-restrictions", "none | locked"), ("refused", "TEXT | true | false"), ("accepted", "true | false"),
        ("time", "HH:MM"), ("session-ended", "{profile, state}"), ("on-break", "PROFILE | {profile, on}"), ("store-failed", "true | false"),
        ("balance", "{xp, coins, credits}"), ("screen-time", "MINUTES"), ("goal-streak", "DAYS"), ("prayer-streak", "DAYS"),
        ("purchases", "COUNT (App Store purchases made)"), ("screen", "NAME"), ("see", "TEXT | [TEXT…]"),
        ("not-see", "TEXT | [TEXT…]"), ("disabled", "LABEL"), ("on", "LABEL | [LABEL…]"), ("off", "LABEL | [LABEL…]"),
        ("chosen", "{PICKER: CHOICE}"), ("choices", "{PICKER: [CHOICE…]}"),
        ("language", "english | pseudo | es | [LANGUAGE…] (the rest holds only on a phone in these)"),
    ]

    static var expectationKeys: [String] { expectations.map(\.key) }

    /// The steps and the keys of `expect` as Documentation/Scenarios.md's tables show them, made
    /// from ``vocabulary`` and ``expectations`` (`ScenariosDocumentTests` compares the two).
    package static var documentation: String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        let steps = vocabulary.map { "| `\($0.verb)` | \(cell($0.usage)) |" }
        let keys = expectations.map { "| `\($0.key)` | \(cell($0.takes)) |" }
        return
            (["| Step | What it takes, and what it does |", "| --- | --- |"] + steps + [
                "", "| `expect:` key | What it takes |", "| --- | --- |",
            ]
            + keys).joined(separator: "\n")
    }

    /// A file a step names, or why it cannot be read.
    private func read(_ url: URL, at node: Node) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw reader.fail(node, "\(url.path) cannot be read: \(error.localizedDescription)")
        }
    }

    package func read(_ node: Node) throws -> Step {
        let verb: String, argument: Node?
        if let scalar = node.scalar {
            (verb, argument) = (scalar.string, nil)
        } else if let mapping = node.mapping, mapping.count == 1, let first = mapping.first, let key = first.key.scalar?.string {
            (verb, argument) = (key, first.value)
        } else {
            throw reader.fail(node, "a step is a verb (`- reboot`) or one verb with its argument (`- start: work`)")
        }
        func need(_ what: String) throws -> Node {
            guard let argument else { throw reader.fail(node, "`\(verb)` needs \(what)") }
            return argument
        }
        func none() throws {
            if let argument { throw reader.fail(argument, "`\(verb)` takes nothing") }
        }
        switch verb {
        case "open-threshold": try none(); return .openThreshold
        case "open": return try open(try need("an app"))
        case "press":
            let f = try fields(try need("{app, button}"), "press", ["app", "site", "button"])
            let button = try f["button"].map { try reader.choice($0, "button", as: ShieldButtonRole.self) } ?? .primary
            switch (f["app"], f["site"]) {
            case (let app?, nil): return .press(app: try appName(app), button: button)
            case (nil, let site?): return .pressWebsite(site: try reader.string(site, "site"), button: button)
            default: throw reader.fail(argument, "press needs the app or the website (site:) whose shield it is, not both")
            }
        case "use":
            let f = try fields(try need("{app, for}"), "use", ["app", "for"])
            guard let app = f["app"], let length = f["for"] else { throw reader.fail(argument, "use needs an app and how long (for: 45m)") }
            return .use(app: try appName(app), seconds: try reader.duration(length, "for"))
        case "tap-notification": return .tapNotification(id: try argument.map { try reader.string($0, "notification") })
        case "tap-widget": return .tapWidget(try reader.choice(try need("session or streak"), "tap-widget", as: HomeScreenWidget.self))
        case "link": return .link(try reader.string(try need("a URL"), "link"))
        case "quick-action":
            let arg = try need("unblock or feedback")
            return .quickAction(try reader.either(arg, "quick-action", "unblock", or: "feedback") ? .unblock : .feedback)
        case "start": return try start(try need("a profile"))
        case "end":
            let arg = try need("a profile")
            if arg.scalar != nil { return .end(profile: try profile(arg), via: .inApp) }
            let f = try fields(arg, "end", ["profile", "via"])
            guard let profileNode = f["profile"] else { throw reader.fail(arg, "end needs a profile") }
            return .end(
                profile: try profile(profileNode), via: try f["via"].map { try reader.choice($0, "via", as: EndPath.self) } ?? .inApp)
        case "break": return .takeBreak(profile: try profile(try need("a profile")))
        case "resume": return .resume(profile: try profile(try need("a profile")))
        case "use-streak-freeze":
            if let argument {
                throw reader.fail(
                    argument, "the streak freeze protects today only (the intentions screen offers nothing else); advance to the day first")
            }
            return .useStreakFreeze
        case "store": return .store(try reader.choice(try need("an App Store event"), "store", as: StoreEvent.self))
        case "long-press": return .longPress(try reader.string(try need("the words to press on"), "long-press"))
        case "swipe":
            let f = try fields(try need("{row, action}"), "swipe", ["row", "action"])
            guard let row = f["row"], let action = f["action"] else {
                throw reader.fail(argument, "swipe needs the row's words and the action (swipe: {row: 💼 Work, action: Delete})")
            }
            return .swipe(row: try reader.string(row, "row"), action: try reader.string(action, "action"))
        case "type":
            let f = try fields(try need("{field, text}"), "type", ["field", "text"])
            guard let field = f["field"], let text = f["text"] else {
                throw reader.fail(argument, "type needs the field's words and the text (type: {field: Display name, text: Alice})")
            }
            return .type(field: try reader.string(field, "field"), text: try reader.string(text, "text"))
        case "set":
            let f = try fields(try need("{control, to}"), "set", ["control", "to"])
            guard let control = f["control"], let value = f["to"] else {
                throw reader.fail(
                    argument,
                    "set needs the control's words and the value (set: {control: breaks, to: 2} or {control: Starts, to: \"19:00\"})")
            }
            let text = try reader.string(value, "to")
            if let number = Int(text) { return .set(control: try reader.string(control, "control"), to: .number(number)) }
            if let time = try? reader.clock(value, "to") { return .set(control: try reader.string(control, "control"), to: .time(time)) }
            // Neither a number nor a time: a picker's option, by its words (a time picker refuses it, saying so).
            return .set(control: try reader.string(control, "control"), to: .choice(text))
        case "tap":
            let arg = try need("the button's words")
            if arg.scalar != nil { return .tap(try reader.string(arg, "tap")) }
            let f = try fields(arg, "tap", ["control", "nth", "times"])
            guard let control = f["control"] else {
                throw reader.fail(arg, "tap needs the control's words (tap: {control: Delete, nth: 2})")
            }
            return .tap(
                try reader.string(control, "control"), nth: try f["nth"].map { try reader.int($0, "nth", in: 1...100) },
                times: try f["times"].map { try reader.int($0, "times", in: 1...5) } ?? 1)
        case "swipe-away":
            if let argument { throw reader.fail(argument, "swipe-away swipes away what is on top; it takes nothing") }
            return .swipeAway
        case "save-file":
            if let argument { throw reader.fail(argument, "save-file saves the file iOS's Save to Files sheet shows; it takes nothing") }
            return .saveFile
        case "notification-prompt":
            return .notificationPrompt(allow: try reader.either(try need("allow or deny"), "notification-prompt", "allow", or: "deny"))
        case "answer":
            let arg = try need("right, wrong or an answer")
            guard let mapping = arg.mapping else { return .answer(try reader.string(arg, "answer"), times: 1) }
            guard mapping.count == 1, let (key, count) = mapping.first.map({ ($0.key.scalar?.string, $0.value) }), let key,
                ["right", "wrong"].contains(key)
            else {
                throw reader.fail(arg, "answer takes right, wrong or an answer, or how many times: {wrong: 40}")
            }
            return .answer(key, times: try reader.int(count, "answer", in: 1...200))
        case "pick-file":
            let arg = try need("a file's path")
            let name = try reader.string(arg, "pick-file")
            let folder = URL(fileURLWithPath: reader.file).deletingLastPathComponent()
            let url = URL(fileURLWithPath: name, relativeTo: folder)
            return .pickFile(name: name, contents: FileManager.default.fileExists(atPath: url.path) ? try read(url, at: arg) : nil)
        case "pick-apps":
            return .pickApps(try reader.strings(try need("a list of apps"), "pick-apps").map { try appName($0, at: argument!) })
        case "screen-time-prompt":
            let arg = try need("allow, or the failures to answer with")
            if arg.scalar?.string == "allow" { return .screenTimePrompt([]) }
            return .screenTimePrompt(
                try reader.strings(arg, "screen-time-prompt").map { name in
                    guard let failure = AuthorizationFailure.thrownByiOS.first(where: { Self.promptAnswer($0) == name }) else {
                        throw reader.fail(
                            arg,
                            "“\(name)” is not a Screen Time prompt answer; use allow or: \(AuthorizationFailure.thrownByiOS.map(Self.promptAnswer).joined(separator: ", "))"
                        )
                    }
                    return failure
                })
        case "scan-qr":
            let arg = try need("the key's name")
            if arg.scalar != nil { return .scanQR(key: try reader.string(arg, "scan-qr"), edited: false) }
            let f = try fields(arg, "scan-qr", ["key", "edited"])
            guard let key = f["key"] else { throw reader.fail(arg, "scan-qr needs the key's name (key: Work)") }
            return .scanQR(key: try reader.string(key, "key"), edited: try f["edited"].map { try reader.bool($0, "edited") } ?? false)
        case "tap-key": return .tapKey(profile: try profile(try need("the key's profile")))
        case "hold-tag": return .holdTag(profile: try profile(try need("the profile whose key the tag becomes")))
        case "choose": return .chooseAfterKey(try reader.choice(try need("end, break or cancel"), "choice", as: KeyChoice.self))
        case "confirm-start": return .confirmStart(try reader.either(try need("yes or no"), "confirm-start", "yes", or: "no"))
        case "pray":
            guard let argument else { return .pray(mood: nil) }
            let mood = argument.scalar != nil ? argument : try fields(argument, "pray", ["mood"])["mood"]
            return .pray(mood: try mood.map { try reader.choice($0, "mood", as: Mood.self) })
        case "challenge":
            let name = try argument.map { try reader.string($0, "challenge") } ?? "math"
            guard let kind = ChallengeKind.allCases.first(where: { Self.scenarioName($0) == name }) else {
                throw reader.fail(
                    argument,
                    "challenge “\(name)” should be one of \(ChallengeKind.allCases.map(Self.scenarioName).joined(separator: ", "))")
            }
            return .ritual(kind.ritual, minutes: nil, app: nil)
        case "credits":
            let arg = try need("minutes (5, 15 or 30)")
            if arg.scalar != nil { return .ritual(.credits, minutes: try creditMinutes(arg), app: nil) }
            return try ritual(.credits, arg)
        case "quest":
            let arg = try need("breathing or copy-text")
            let f = arg.scalar != nil ? ["kind": arg] : try fields(arg, "quest", ["kind", "app"])
            let kind: RitualKind =
                switch try f["kind"].map({ try reader.string($0, "quest") }) {
                case "breathing"?: .breathingQuest
                case "copy-text"?: .copyTextQuest
                default: throw reader.fail(arg, "quest should be breathing or copy-text")
                }
            return .ritual(kind, minutes: nil, app: try f["app"].map { try appName($0) })
        case "emergency": return .ritual(.emergency, minutes: nil, app: try argument.map { try appName($0) })
        case "open-intention":
            let arg = try need("an app")
            if arg.scalar != nil { return .openIntention(app: try intentionApp(arg), confirm: false) }
            let f = try fields(arg, "open-intention", ["app", "confirm"])
            guard let app = f["app"] else { throw reader.fail(arg, "open-intention needs an app") }
            return .openIntention(app: try intentionApp(app), confirm: try f["confirm"].map { try reader.bool($0, "confirm") } ?? false)
        case "advance": return .advance(seconds: try reader.duration(try need("a duration"), "advance"))
        case "advance-to": return .advanceTo(try reader.clock(try need("a time"), "advance-to"))
        case "set-clock": return .setClock(try reader.clock(try need("a time"), "set-clock"))
        case "set-timezone":
            let arg = try need("a time zone")
            let id = try reader.string(arg, "time zone")
            guard TimeZone(identifier: id) != nil else {
                throw reader.fail(arg, "“\(id)” is not a time zone; use an IANA name such as Europe/London")
            }
            return .setTimeZone(id)
        case "reboot": try none(); return .reboot
        case "kill-app": try none(); return .killApp
        case "background-refresh": try none(); return .backgroundRefresh
        case "leave-threshold": try none(); return .leaveThreshold
        case "focus":
            let arg = try need("on or off, or {on: NAME} / {off: NAME}")
            if arg.scalar != nil { return .focus(try reader.either(arg, "focus", "on", or: "off")) }
            let f = try fields(arg, "focus", ["on", "off"])
            guard f.count == 1, let (key, name) = f.first else {
                throw reader.fail(arg, "focus turns one Focus on or off: {on: Work} or {off: Work}")
            }
            return .namedFocus(try reader.string(name, key), on: key == "on")
        case "focus-filter":
            let f = try fields(try need("{focus, profile, minutes}"), "focus-filter", ["focus", "profile", "minutes"])
            guard let focus = f["focus"], let profile = f["profile"] else {
                throw reader.fail(argument, "focus-filter needs the Focus and the profile (focus-filter: {focus: Work, profile: Work})")
            }
            return .focusFilter(
                focus: try reader.string(focus, "focus"), profile: try reader.string(profile, "profile"),
                minutes: try f["minutes"].map { Int(try reader.duration($0, "minutes") / 60) })
        case "notifications":
            return .notifications(try reader.choice(try need("a permission"), "notifications", as: NotificationPermission.self))
        case "delete-app": return .deleteApp(try appName(try need("an app")))
        case "install-app": return .installApp(try reader.string(try need("an app's name"), "install-app"))
        case "visit":
            let arg = try need("a website")
            if arg.scalar != nil { return .visit(site: try reader.string(arg, "visit"), blocked: nil) }
            let f = try fields(arg, "visit", ["site", "blocked"])
            guard let site = f["site"] else { throw reader.fail(arg, "visit needs the site (visit: {site: example.com, blocked: true})") }
            return .visit(site: try reader.string(site, "site"), blocked: try f["blocked"].map { try reader.bool($0, "blocked") })
        case "press-live-activity":
            let arg = try need("end, break or back-to-focus")
            switch try reader.string(arg, "press-live-activity") {
            case "end": return .pressLiveActivity(.end)
            case "break": return .pressLiveActivity(.takeBreak)
            case "back-to-focus": return .pressLiveActivity(.backToFocus)
            default: throw reader.fail(arg, "press-live-activity should be end, break or back-to-focus")
            }
        case "authorization": return .authorization(try reader.choice(try need("a status"), "authorization", as: AuthorizationStatus.self))
        case "store-fails": try none(); return .storeFails(true)
        case "store-recovers": try none(); return .storeFails(false)
        case "fault": return .fault(try reader.choice(try need("drop, duplicate, delay or deliver"), "fault", as: FaultSwitch.Fault.self))
        case "faults": return .faults(try SetupReader.faultSettings(try need("{drop, duplicate, delay, max-delay, seed}"), reader))
        case "note": return .note(try reader.string(try need("text"), "note"))
        case "status": try none(); return .status
        case "expect": return .expect(try expectations(try need("what to check")))
        default:
            throw reader.fail(node, "unknown step “\(verb)”; steps are: \(Self.vocabulary.map(\.verb).joined(separator: ", "))")
        }
    }

    /// How a scenario names one of Challenge's games: `tic-tac-toe`, `ink`.
    static func scenarioName(_ kind: ChallengeKind) -> String { kind == .ticTacToe ? "tic-tac-toe" : kind.rawValue }

    /// How a scenario names an answer to iOS's Screen Time prompt.
    static func promptAnswer(_ failure: AuthorizationFailure) -> String {
        switch failure {
        case .canceled: "canceled"
        case .restricted: "restricted"
        case .unavailable: "unavailable"
        case .invalidAccountType: "invalid-account-type"
        case .noPasscode: "no-passcode"
        case .network: "network"
        case .conflict: "conflict"
        case .other: "other"
        case .notGranted: "not-granted"
        }
    }

    // MARK: Steps with arguments

    private func open(_ node: Node) throws -> Step {
        if node.scalar != nil { return .open(app: try appName(node), expect: nil) }
        let f = try fields(node, "open", ["app", "shielded", "reason"])
        guard let app = f["app"] else { throw reader.fail(node, "open needs an app") }
        let shielded = try f["shielded"].map { try reader.bool($0, "shielded") }
        let reason = try f["reason"].map { try reader.choice($0, "reason", as: ReasonKind.self) }
        if reason != nil, shielded == false { throw reader.fail(node, "an open app has no shield reason") }
        return .open(
            app: try appName(app),
            expect: shielded.map { OpenExpectation(shielded: $0, reason: reason) }
                ?? reason.map { OpenExpectation(shielded: true, reason: $0) })
    }

    private func start(_ node: Node) throws -> Step {
        if node.scalar != nil { return .start(profile: try profile(node), origin: .manual, plan: nil) }
        let f = try fields(node, "start", ["profile", "origin", "goal", "for", "until"])
        guard let profileNode = f["profile"] else { throw reader.fail(node, "start needs a profile") }
        let origin = try f["origin"].map { try reader.choice($0, "origin", as: SessionOrigin.self) } ?? .manual
        var plan: PlanSpec?
        if let goal = f["goal"] { plan = .goal(minutes: Int(try reader.duration(goal, "goal") / 60)) }
        if let length = f["for"] {
            guard plan == nil else { throw reader.fail(length, "a session has a goal, a length or an end time: one of them") }
            plan = .minutes(Int(try reader.duration(length, "for") / 60))
        }
        if let until = f["until"] {
            guard plan == nil else { throw reader.fail(until, "a session has a goal, a length or an end time: one of them") }
            plan = .until(try reader.clock(until, "until"))
        }
        return .start(profile: try profile(profileNode), origin: origin, plan: plan)
    }

    private func ritual(_ kind: RitualKind, _ node: Node?) throws -> Step {
        guard let node else { return .ritual(kind, minutes: nil, app: nil) }
        let f = try fields(node, kind.rawValue, ["minutes", "app"])
        return .ritual(kind, minutes: try f["minutes"].map { try creditMinutes($0) }, app: try f["app"].map { try appName($0) })
    }

    /// Minutes of credits: one of the choices the credits screen offers.
    private func creditMinutes(_ node: Node) throws -> Int {
        let minutes = try reader.int(node, "minutes")
        guard CreditsUnlock.choices.contains(minutes) else {
            throw reader.fail(node, "credits buy \(CreditsUnlock.choices.map(String.init).joined(separator: ", ")) minutes, not \(minutes)")
        }
        return minutes
    }

    // MARK: Expectations

    private func expectations(_ node: Node) throws -> [Expectation] {
        if let list = node.sequence { return try list.flatMap { try expectations($0) } }
        let entries = try reader.entries(node, "expect", allowed: Self.expectationKeys)
        let f = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        var result: [Expectation] = []
        let shieldedApps = try f["shielded"].map { try reader.strings($0, "shielded").map { try appName($0, at: f["shielded"]!) } } ?? []
        for (key, value, _) in entries {
            switch key {
            case "shielded": result.append(.shielded(shieldedApps))
            case "unshielded": result.append(.unshielded(try reader.strings(value, "unshielded").map { try appName($0, at: value) }))
            case "reason":
                if value.mapping != nil {
                    let r = try fields(value, "reason", ["app", "kind", "rule"])
                    guard let app = r["app"], let kind = r["kind"] else { throw reader.fail(value, "reason needs app and kind") }
                    result.append(
                        .reason(
                            app: try appName(app), kind: try reader.choice(kind, "reason", as: ReasonKind.self),
                            rule: try r["rule"].map { try reader.string($0, "rule") }))
                } else {
                    guard !shieldedApps.isEmpty else {
                        throw reader.fail(
                            value,
                            "reason: KIND checks the apps under shielded: in the same expect; name them, or write reason: {app, kind}")
                    }
                    let kind = try reader.choice(value, "reason", as: ReasonKind.self)
                    let rule = try f["rule"].map { try reader.string($0, "rule") }
                    result += shieldedApps.map { .reason(app: $0, kind: kind, rule: rule) }
                }
            case "rule":
                guard f["reason"]?.scalar != nil else {
                    throw reader.fail(value, "rule: goes with reason: KIND and shielded: in the same expect")
                }
            case "shield-title":
                if value.mapping != nil {
                    let r = try fields(value, "shield-title", ["app", "text"])
                    guard let app = r["app"], let text = r["text"] else { throw reader.fail(value, "shield-title needs app and text") }
                    result.append(.shieldTitle(app: try appName(app), contains: try reader.string(text, "text")))
                } else {
                    guard !shieldedApps.isEmpty else {
                        throw reader.fail(value, "shield-title: TEXT checks the apps under shielded: in the same expect")
                    }
                    let text = try reader.string(value, "shield-title")
                    result += shieldedApps.map { .shieldTitle(app: $0, contains: text) }
                }
            case "notification": result.append(.notification(contains: try reader.string(value, "notification")))
            case "no-notification": result.append(.noNotification(contains: try reader.string(value, "no-notification")))
            case "shown-once": result.append(.shownOnce(contains: try reader.string(value, "shown-once")))
            case "activities-at-most": result.append(.activitiesAtMost(try reader.int(value, "activities-at-most", in: 0...1_000)))
            case "repair":
                let text = try reader.string(value, "repair")
                if text == "none" { result.append(.repair(nil)); continue }
                let kinds = Dictionary(uniqueKeysWithValues: RepairNotice.Kind.allCases.map { ($0.kebabName, $0) })
                guard let kind = kinds[text] else {
                    throw reader.fail(value, "repair “\(text)” should be none or one of: \(kinds.keys.sorted().joined(separator: ", "))")
                }
                result.append(.repair(kind))
            case "live-activity":
                let text = try reader.string(value, "live-activity")
                result.append(.liveActivity(contains: text == "none" ? nil : text))
            case "live-activity-stale": result.append(.liveActivityStale(try reader.bool(value, "live-activity-stale")))
            case "widget":
                let texts = value.sequence != nil ? try reader.strings(value, "widget") : [try reader.string(value, "widget")]
                result += texts.map { .widgetShows($0) }
            case "not-widget": result.append(.widgetDoesNotShow(try reader.string(value, "not-widget")))
            case "not-live-activity": result.append(.liveActivityDoesNotShow(try reader.string(value, "not-live-activity")))
            case "live-activity-ended":
                let text = try reader.string(value, "live-activity-ended")
                result.append(.liveActivityEnded(contains: text == "none" ? nil : text))
            case "held-notification": result.append(.heldNotification(contains: try reader.string(value, "held-notification")))
            case "device-restrictions":
                switch try reader.string(value, "device-restrictions") {
                case "none": result.append(.deviceRestrictions(.none))
                case "locked": result.append(.deviceRestrictions(.locked))
                default: throw reader.fail(value, "device-restrictions should be none or locked")
                }
            case "refused":
                if let flag = Bool(value.scalar?.string ?? "") {
                    result.append(flag ? .refused(contains: nil) : .accepted)
                } else {
                    result.append(.refused(contains: try reader.string(value, "refused")))
                }
            case "accepted":
                result.append(try reader.bool(value, "accepted") ? .accepted : .refused(contains: nil))
            case "time": result.append(.time(try reader.clock(value, "time")))
            case "widget-reloads-at-least":
                result.append(.widgetReloadsAtLeast(try reader.int(value, "widget-reloads-at-least", in: 0...Int.max)))
            case "session-ended":
                let r = try fields(value, "session-ended", ["profile", "state"])
                guard let profileNode = r["profile"], let state = r["state"] else {
                    throw reader.fail(value, "session-ended needs profile and state")
                }
                result.append(.sessionEnded(profile: try profile(profileNode), state: try reader.choice(state, "state", as: EndState.self)))
            case "on-break":
                if value.scalar != nil { result.append(.onBreak(profile: try profile(value), true)); continue }
                let r = try fields(value, "on-break", ["profile", "on"])
                guard let profileNode = r["profile"] else { throw reader.fail(value, "on-break needs a profile") }
                result.append(.onBreak(profile: try profile(profileNode), try r["on"].map { try reader.bool($0, "on") } ?? true))
            case "screen-time": result.append(.screenTime(minutes: try reader.int(value, "screen-time", in: 0...1_440)))
            case "goal-streak": result.append(.goalStreak(days: try reader.int(value, "goal-streak", in: 0...100_000)))
            case "prayer-streak": result.append(.prayerStreak(days: try reader.int(value, "prayer-streak", in: 0...100_000)))
            case "screen": result.append(.screen(named: try reader.string(value, "screen")))
            case "see":
                let texts = value.sequence != nil ? try reader.strings(value, "see") : [try reader.string(value, "see")]
                result += texts.map { .screenShows($0) }
            case "not-see":
                let texts = value.sequence != nil ? try reader.strings(value, "not-see") : [try reader.string(value, "not-see")]
                result += texts.map { .screenDoesNotShow($0) }
            case "disabled": result.append(.disabled(try reader.string(value, "disabled")))
            case "on", "off":
                let labels = value.sequence != nil ? try reader.strings(value, key) : [try reader.string(value, key)]
                result += labels.map { .isOn($0, key == "on") }
            case "chosen":
                for (picker, option, _) in try reader.entries(value, "chosen", allowed: nil) {
                    result.append(.chosen(picker: picker, option: try reader.string(option, picker)))
                }
            case "choices":
                for (picker, options, _) in try reader.entries(value, "choices", allowed: nil) {
                    result.append(.choices(picker: picker, options: try reader.strings(options, picker)))
                }
            case "balance":
                for (account, amount, _) in try reader.entries(value, "balance", allowed: Account.allCases.map(\.rawValue)) {
                    result.append(.balance(Account(rawValue: account)!, try reader.int(amount, account, in: 0...1_000_000)))
                }
            case "language":
                continue
            case "purchases": result.append(.purchases(try reader.int(value, "purchases", in: 0...100)))
            default:
                result.append(.storeFailed(try reader.bool(value, "store-failed")))
            }
        }
        if let node = f["language"] {
            let languages = try (node.sequence.map(Array.init) ?? [node]).map { try reader.choice($0, "language", as: PhoneLanguage.self) }
            return [.inLanguages(languages, result)]
        }
        return result
    }

    // MARK: Names

    private func fields(_ node: Node, _ what: String, _ allowed: [String]) throws -> [String: Node] {
        Dictionary(uniqueKeysWithValues: try reader.entries(node, what, allowed: allowed).map { ($0.key, $0.value) })
    }

    private func appName(_ node: Node) throws -> String { try appName(try reader.string(node, "app"), at: node) }

    private func appName(_ name: String, at node: Node) throws -> String {
        guard setup.catalogue.app(named: name) != nil else {
            throw reader.fail(node, "unknown app “\(name)”; this phone has: \(setup.catalogue.names.joined(separator: ", "))")
        }
        return name
    }

    private func intentionApp(_ node: Node) throws -> String {
        let name = try appName(node)
        guard setup.freshInstall || setup.state.intentions.contains(where: { $0.app == AppToken(name) }) else {
            throw reader.fail(node, "\(name) has no intention; add one under setup.intentions")
        }
        return name
    }

    private func profile(_ node: Node) throws -> ProfileID {
        let id = try reader.string(node, "profile")
        // A fresh install's profiles are the ones onboarding makes: checked when the step runs.
        guard setup.freshInstall || setup.state.profile(ProfileID(id)) != nil else {
            let known = setup.state.profiles.map(\.id.rawValue)
            throw reader.fail(
                node,
                "unknown profile “\(id)”; "
                    + (known.isEmpty ? "the setup has no profiles" : "the setup has: \(known.joined(separator: ", "))"))
        }
        return ProfileID(id)
    }
}

extension RepairNotice.Kind {
    /// `clock-moved` for `clockMoved`: how scenarios name it.
    var kebabName: String {
        rawValue.reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }
}
