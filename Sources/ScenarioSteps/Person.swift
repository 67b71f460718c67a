import AppFeature
import EntryPoints
import FeatureClient
import KeysFeature
import Foundation
import SystemWords
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import SelectionFeature
import SettingsFeature
import SwiftUI
import ThresholdCore
import ThresholdRuntime
import TogetherClient

/// The person holding the simulated phone. While Threshold runs, its real SwiftUI views
/// (`AppScreens`, over the app's model) are drawn by SwiftUI for Linux, and everything the person
/// does to the app is done on that drawing, by the words it shows: a tap on a button, a toggle, a
/// choice in a picker, typing into a field. Everything else goes through an entry point iOS would
/// call (a shield button, a notification, a link, an App Intent, a Live Activity button); this
/// module cannot reach the store (see `FrontDoorTests`).
///
/// The app's models and views live as long as its process: a kill or a restart drops them, and
/// the next open launches the app again with new ones, as iOS does.
@MainActor
package final class Person {
    package let phone: SimulatedPhone
    /// How the person answers iOS's Screen Time prompt.
    let prompt: AccessPrompt
    let client: AppClient
    /// The app's root model while Threshold runs; `nil` before its first launch and after it was
    /// killed.
    private(set) var app: AppModel?
    /// The app's views while Threshold runs.
    package private(set) var host: ViewHost?
    /// What iOS asks the app to show (links, notifications, quick actions), as its delegates post them.
    private var requests = SystemRequests()
    /// Why the last thing the person asked for was refused, in the screen's words; `nil` when it
    /// was done.
    private(set) var refusal: String?
    /// The links written on the person's keys, by profile (only the tag holds them).
    package var keyLinks: [ProfileID: URL] = [:]
    /// The QR codes of key links the person kept (printed, or on another screen), by the key's name.
    package var qrCodes: [String: URL] = [:]
    /// Files the person saved from Threshold (a backup), by name: what iOS's Files keeps.
    package var savedFiles: [String: Data] = [:]
    /// What the person last shared through the share sheet (an invitation's link, say).
    package var sharedInvitation: String?
    /// Every link the app asked iOS to open, in order (iOS's Settings, a web page).
    package private(set) var openedLinks: [URL] = []
    /// The phone's appearance and text size (iOS's Settings › Display & Brightness), which the
    /// views read from their environment.
    package var colorScheme = ColorScheme.light
    package var dynamicTypeSize = DynamicTypeSize.large
    /// Core NFC's sheet, while it asks for a tag to write a key's link to.
    package var tagSession: (link: URL, completion: (Result<Void, KeyWriteFailure>) -> Void)?
    private var wasInForeground = false
    /// The day of the month the app last saw, to tell it when midnight passed.
    private var shownDay: Int?
    /// Presentations iOS refused, told once while they stay refused.
    private var noted: Set<String> = []
    /// iOS's prompts shown so far (Screen Time's and notifications').
    private var promptsShown = 0

    /// - Parameter together: Together's server and this phone's Keychain (a Together scenario's
    ///   person, in the server's package); `nil`: this build has no Together.
    init(phone: SimulatedPhone, prompt: AccessPrompt, together: TogetherAccess? = nil) {
        self.phone = phone
        self.prompt = prompt
        self.client = SimulatedApp.client(on: phone, prompt: prompt, seed: 1, together: together)
        promptsShown = prompt.prompts + phone.notifications.prompts
    }

    var calendar: Calendar { phone.clock.calendar }

    /// Clears the last refusal before a new step.
    func beginStep() { refusal = nil }

    func refuse(_ reason: String) {
        refusal = reason
        phone.note(.app, "says: \(reason)")
    }

    // MARK: The app's life

    /// Opens Threshold (its icon): iOS launches it when it is not running; its root view then
    /// reads access and reconciles, as on every foreground.
    func openThreshold() async throws {
        phone.note(.person, "opens Threshold")
        try await bringForward()
    }

    /// iOS puts Threshold on the screen, launching it when it is not running.
    func bringForward() async throws {
        phone.bringThresholdForward()
        if app == nil { launch() }
        wasInForeground = true
        try await settle()
    }

    /// iOS launches the app: a new model, and its views drawn.
    private func launch() {
        let app = AppModel(client: client)
        self.app = app
        requests = SystemRequests()
        host = ViewHost(AppScreens(model: app, requests: requests), environment: environment(), now: { [phone] in phone.clock.wall })
    }

    /// What iOS gives the app's views: the phone's locale, zone and calendar, the scene's phase,
    /// and what iOS itself draws or does for them here (token names, the NFC sheet, opening URLs).
    private func environment() -> EnvironmentValues {
        var environment = host?.environment ?? EnvironmentValues()
        environment.locale = phone.locale
        environment.timeZone = phone.clock.timeZone
        // NB: the phone's calendar in its language, as `Calendar.autoupdatingCurrent` is on iOS.
        environment.calendar = phone.clock.calendar
        environment.calendar.locale = environment.locale
        environment.appLanguage = phone.language.appLanguage
        environment.scenePhase = phone.appInForeground ? .active : .background
        environment.colorScheme = colorScheme
        environment.dynamicTypeSize = dynamicTypeSize
        let phone = phone
        environment.simulatedTokenName = { token in phone.name(of: token) }
        environment.keyTagWriting = KeyTagWriting(isAvailable: phone.readsNFCTags) { [weak self] link, completion in
            self?.tagSession = (link, completion)
            phone.note(.device, "Core NFC's sheet asks: Hold the tag near the top of the iPhone.")
            return nil
        }
        environment.openURL = OpenURLAction { [weak self] url in
            self?.opened(url)
            return .handled
        }
        return environment
    }

    /// A link the app asked iOS to open (Settings, the App Store's subscriptions, the terms).
    private func opened(_ url: URL) {
        openedLinks.append(url)
        phone.note(.device, "iOS opens \(url.absoluteString)")
        if url.scheme == "app-settings" {
            phone.note(.person, "is in the Settings app")
            phone.leaveThreshold()
        }
    }

    /// Draws the app's views until they are still: everything they started has finished. A
    /// system prompt (Screen Time access, notifications) that came up meanwhile covered the app:
    /// its scene went inactive and active again, as the views see.
    package func settle(phase: ScenePhase? = nil) async throws {
        guard let host, phone.appRunning else { return }
        var environment = environment()
        if let phase { environment.scenePhase = phase }
        if environment.scenePhase != host.environment.scenePhase || environment.timeZone != host.environment.timeZone {
            host.environment = environment
        }
        host.timePassed()
        // iOS tells a running app when midnight comes (`significantTimeChangeNotification`).
        let today = Calendar.current.dateComponents(in: phone.clock.timeZone, from: phone.clock.wall).day
        if let day = shownDay, day != today { requests.post(.significantTimeChange) }
        shownDay = today
        do {
            try await host.settle()
        } catch {
            throw StepError.neverSettles("\(error)")
        }
        // NB: read from the presentations, not the screen, which a step may never need to read.
        let refused = Screen.refused(on: host)
        for presentation in refused where !noted.contains(presentation) {
            phone.note(.device, "iOS refuses to present the \(presentation): Threshold already shows another from that screen")
        }
        noted = Set(refused)
        if phase == nil, phone.appInForeground, promptsShown != prompt.prompts + phone.notifications.prompts {
            promptsShown = prompt.prompts + phone.notifications.prompts
            phone.note(.device, "iOS's prompt covers Threshold, then goes")
            try await settle(phase: .inactive)
            try await settle()
        }
    }

    /// Follows what iOS did to Threshold during a step: killed or restarted (the models and views
    /// die with the process), or sent to the background (the views see the scene's phase change).
    func followLifecycle() {
        if !phone.appRunning {
            app = nil
            host = nil
            tagSession = nil
            shownDay = nil
        }
        wasInForeground = phone.appInForeground
    }

    /// iOS gives Threshold a background app refresh: the app (launched in the background if it was
    /// not running) runs `AppModel.backgroundRefresh()`, as the `App`'s `.backgroundTask` does.
    func backgroundRefresh() async throws {
        guard !phone.appInForeground else {
            throw StepError.notOffered("iOS gives a background refresh only to an app that is not on screen; leave Threshold first")
        }
        // A build without Together declares no `fetch` background mode (it would have nothing to
        // fetch), and iOS gives such an app no background refresh.
        guard client.together != nil else {
            throw StepError.notOffered(
                "iOS gives no background refresh to a build without Together: its Info.plist declares no fetch background mode")
        }
        guard phone.backgroundRefreshBegins() else {
            throw StepError.notOffered("iOS gives a background refresh only to an app that is not on screen; leave Threshold first")
        }
        if app == nil { launch() }
        await app?.backgroundRefresh()
        try await settle()
    }

    /// The app on screen: opened first when the person is elsewhere.
    @discardableResult
    func onScreen() async throws -> Screen.Layer {
        if app == nil || !phone.appInForeground { try await openThreshold() }
        return try screen()
    }

    /// iOS opens Threshold at a link (a notification, a widget, a universal link): the app's
    /// handler (`onOpenURL`, the notification delegate) routes it.
    func arrive(at link: URL) async throws {
        try await bringForward()
        requests.post(.link(link))
        try await settle()
        noteRefusalShown()
    }

    // MARK: Reading the screen

    /// The top layer of what Threshold shows now.
    package func screen() throws -> Screen.Layer {
        guard let host, phone.appInForeground else {
            throw ScreenMismatch("Threshold is not on screen (open-threshold opens it)", shown: "the Home Screen")
        }
        try host.update()
        return host.screen.top
    }

    /// The top layer, or `nil` when Threshold is not on screen.
    package func shownScreen() -> Screen.Layer? {
        guard let host, phone.appInForeground, (try? host.update()) != nil else { return nil }
        return host.screen.top
    }

    /// What the screen shows as a problem now, as the refusal of what was just asked.
    func noteRefusalShown(before: [String] = []) {
        guard let shown = shownScreen() else { return }
        if let problem = shown.problems.first(where: { !before.contains($0) }) { refuse(problem) }
    }

    // MARK: Acting on the screen

    /// Taps what `label` names on the screen shown now: a button, a toggle, a tab, a choice of a
    /// picker, a link, the back button. Fails with what the screen shows when nothing or more
    /// than one thing is called that, or it is disabled (with the reason the screen gives).
    /// With `times` above 1, taps it again as soon as the screen has drawn what the tap changed,
    /// before the work it started has finished (``againBeforeItFinishes``).
    func tap(_ label: String, nth: Int? = nil, times: Int = 1, where matches: (Control) -> Bool = { _ in true }) async throws {
        let shown = try screen()
        let control = try find(label, on: shown, nth: nth, where: matches)
        let before = shown.problems
        phone.note(.person, "taps “\(control.name)” on \(shown.name)")
        switch control.kind {
        case .link(let url):
            opened(url)
        case .share(let item):
            sharedInvitation = item
            phone.note(.device, "iOS's share sheet offers “\(item)”; the person sends it")
        case .field:
            phone.note(.device, "the keyboard comes up")
        case .swipeAction(let row):
            phone.note(.person, "swipes “\(row)” and taps “\(control.name)”")
            control.use()
        case .stepper where control.increment == nil:
            return refuse("“\(control.name)” goes no higher")
        default:
            control.use()
        }
        for _ in 1..<max(1, times) { try againBeforeItFinishes(label, nth: nth, where: matches) }
        try await settle()
        // Going to a tab or back is not a request: what that screen shows was said before.
        switch control.kind {
        case .tab, .back: break
        default: noteRefusalShown(before: before)
        }
    }

    /// A second tap before the first one's work finishes: the views draw what the tap changed
    /// (a button greyed, a spinner), as iOS does before the next touch, but nothing the tap
    /// started has run. Where the control is gone or greyed by then, the tap does nothing.
    private func againBeforeItFinishes(_ label: String, nth: Int?, where matches: (Control) -> Bool) throws {
        try host?.update()
        let shown = try screen()
        let again = Words.find(label, in: shown.controls(), where: matches)
        guard let control = nth.map({ again.indices.contains($0 - 1) ? again[$0 - 1] : nil }) ?? again.first, !control.isDisabled else {
            phone.note(.person, "taps “\(label)” again at once; it is \(again.isEmpty ? "gone" : "greyed") by then, so nothing happens")
            return
        }
        phone.note(.person, "taps “\(control.name)” again before the first tap's work has finished")
        control.use()
    }

    /// The one control `label` names on `shown`; with `nth`, the nth (from 1, in the screen's
    /// order) of those it names.
    func find(
        _ label: String, on shown: Screen.Layer, lookingFor what: String = "to tap", nth: Int? = nil,
        where matches: (Control) -> Bool = { _ in true }
    ) throws -> Control {
        var found = Words.find(label, in: shown.controls(), where: matches)
        if let nth {
            guard found.indices.contains(nth - 1) else {
                throw ScreenMismatch(
                    "“\(label)” names \(found.count) thing\(found.count == 1 ? "" : "s") \(what), not \(nth)", screen: shown)
            }
            found = [found[nth - 1]]
        }
        // The screen's own controls before the tab bar's (a tab and a row can share their words).
        let content = found.filter { if case .tab = $0.kind { false } else { true } }
        if found.count > 1, content.count == 1 { found = content }
        guard !found.isEmpty else { throw ScreenMismatch("there is no “\(label)” \(what)", screen: shown) }
        guard found.count == 1 else {
            throw ScreenMismatch("“\(label)” names \(found.count) things: " + Self.pointedAt(found), screen: shown)
        }
        let control = found[0]
        if control.isDisabled {
            throw ScreenMismatch(
                "“\(control.name)” is disabled" + (control.reason.map { " (\($0))" } ?? " (the screen gives no reason)"), screen: shown)
        }
        return control
    }

    /// Controls as a person points at them: each with where it is, and which of the same words
    /// it is in screen order ("[Work] under “Profiles”, the 1st of 2").
    static func pointedAt(_ controls: [Control]) -> String {
        controls.enumerated().map { index, control in
            let same = controls.filter { $0.description == control.description && $0.place == control.place }
            let which =
                same.count > 1
                ? ", the \(Self.ordinal(controls[...index].filter { $0.description == control.description && $0.place == control.place }.count)) of \(same.count)"
                : ""
            return "\(control.description) \(control.place)\(which)"
        }.joined(separator: " and ")
    }

    private static func ordinal(_ n: Int) -> String {
        let suffix =
            switch (n % 10, n % 100) {
            case (1, let h) where h != 11: "st"
            case (2, let h) where h != 12: "nd"
            case (3, let h) where h != 13: "rd"
            default: "th"
            }
        return "\(n)\(suffix)"
    }

    /// Types `text` into the field `label` names, in place of what it held (as selecting all and
    /// typing does); with `submit`, presses return after.
    func type(_ text: String, into label: String, submit: Bool = false) async throws {
        let shown = try screen()
        let field = try find(label, on: shown, lookingFor: "field to type in") { if case .field = $0.kind { true } else { false } }
        phone.note(
            .person, text.isEmpty ? "clears “\(field.name)” on \(shown.name)" : "types “\(text)” into “\(field.name)” on \(shown.name)")
        field.set?(text)
        try await settle()
        // NB: the field is read again only to press return: typing may take it away (an answer
        // the screen accepts at once), which is no failure.
        guard submit else { return }
        let typed = try find(
            label, on: screen(), lookingFor: "field to type in", where: { if case .field = $0.kind { true } else { false } })
        if let submit = typed.submit {
            phone.note(.person, "presses return")
            submit()
            try await settle()
        }
    }

    /// Sets the stepper or time picker `label` names: + or − until the stepper's words read the
    /// number (it names itself by its words without the number: "breaks" for "2 breaks"), or the
    /// picker to the time of day.
    func set(_ label: String, to value: SetValue) async throws {
        if case .choice(let option) = value { return try await choose(option, in: label) }
        let isValued: (Control) -> Bool = {
            switch $0.kind {
            case .stepper, .datePicker: true
            default: false
            }
        }
        let shown = try screen()
        let control = try find(label, on: shown, lookingFor: "stepper or time picker to set", where: isValued)
        switch (control.kind, value) {
        case (.datePicker, .time(let spec)):
            try await setTime(spec.instant(from: phone.clock.wall, in: phone.clock.timeZone), of: label)
        case (.stepper, .number(let wanted)):
            phone.note(.person, "sets “\(control.name)” to \(wanted)")
            // NB: the same stepper, followed by its place on the screen: its words change as it steps ("1 break").
            let place = control.element?.path
            func same() throws -> Control {
                let shown = try screen()
                guard let stepper = shown.controls().first(where: { $0.element?.path == place && isValued($0) }) else {
                    throw ScreenMismatch("“\(control.name)” is no longer on the screen", screen: shown)
                }
                return stepper
            }
            for _ in 0..<1_000 {
                let stepper = try same()
                guard let shows = Self.number(in: stepper.name) else {
                    throw ScreenMismatch("“\(stepper.name)” shows no number to set", screen: shownScreen())
                }
                if shows == wanted { return }
                guard let press = shows < wanted ? stepper.increment : stepper.decrement else {
                    return refuse("“\(stepper.name)” goes no \(shows < wanted ? "higher" : "lower")")
                }
                press()
                try await settle()
                if let after = Self.number(in: try same().name), after == shows {
                    return refuse("“\(stepper.name)” goes no \(shows < wanted ? "higher" : "lower")")
                }
            }
        case (.stepper, .time), (.stepper, .choice):
            throw ScreenMismatch("“\(control.name)” is a stepper: set it to a number", screen: shown)
        default:
            throw ScreenMismatch("“\(control.name)” is a time picker: set it to a time (to: \"19:00\")", screen: shown)
        }
    }

    /// The first whole number in a control's words ("3 breaks").
    package static func number(in words: String) -> Int? {
        words.split { !$0.isNumber }.first.flatMap { Int($0) }
    }

    /// Presses and holds what `label` names for as long as it asks (the phone's clock moves on
    /// meanwhile), or runs its VoiceOver action.
    func longPress(_ label: String) async throws {
        let shown = try screen()
        let control = try find(label, on: shown) {
            switch $0.kind {
            case .longPress, .accessibilityAction: true
            default: false
            }
        }
        let before = shown.problems
        if case .longPress(let seconds) = control.kind, let press = control.element?.longPress {
            phone.note(.person, "presses and holds “\(control.name)” for \(Format.duration(seconds))")
            press.pressing?(true)
            try await settle()
            phone.advance(by: seconds)
            followLifecycle()
            try await settle()
            press.perform()
            press.pressing?(false)
        } else {
            phone.note(.person, "uses the VoiceOver action “\(control.name)”")
            control.use()
        }
        try await settle()
        noteRefusalShown(before: before)
    }

    /// Closes what is shown over the app: back to its first screen, then its Close, Cancel or Done
    /// in the toolbar when it has one, else a swipe down; a confirmation's Cancel.
    func dismiss() async throws {
        let shown = try screen()
        guard shown.kind != .app else { return }
        if let back = shown.back {
            phone.note(.person, "taps “‹ \(back.label)”")
            back.action()
            return try await settle()
        }
        let toolbar = Set(shown.toolbar.map(\.path))
        let closers = shown.controls().filter { control in
            let chrome = control.element.map { toolbar.contains($0.path) } ?? false
            let named = ["close", "cancel", "done", "not now"].contains(Words.fold(control.name))
            return named && !control.isDisabled && (chrome || shown.kind == .alert || shown.kind == .confirmationDialog)
        }
        if let close = closers.first {
            phone.note(.person, "taps “\(close.name)” on \(shown.name)")
            close.use()
        } else if let dismiss = shown.dismiss {
            phone.note(.person, "swipes \(shown.name) away")
            dismiss()
        } else {
            throw ScreenMismatch("\(shown.name) has no way out", screen: shown)
        }
        try await settle()
    }

    /// Swipes away what is shown on top, as a swipe down or a tap outside does: only where iOS
    /// offers that (not an alert, a full-screen cover or a sheet that holds itself up).
    func swipeAway() async throws {
        let shown = try screen()
        guard shown.kind != .app, shown.kind != .alert, let dismiss = shown.dismiss else {
            throw ScreenMismatch(
                shown.kind == .app
                    ? "nothing is shown over the app to swipe away"
                    : "\(shown.name) cannot be swiped away; only its buttons close it", screen: shown)
        }
        phone.note(.person, "swipes \(shown.name) away")
        dismiss()
        try await settle()
    }

    /// Closes everything shown over the tabs, so a tab can be used.
    func dismissAll() async throws {
        for _ in 0..<6 {
            guard let shown = shownScreen(), shown.kind != .app else { return }
            try await dismiss()
        }
    }

    /// Goes back to the first screen of the tab shown (its back buttons).
    func popToRoot() async throws {
        for _ in 0..<8 {
            guard let shown = shownScreen(), shown.kind == .app, let back = shown.back else { return }
            phone.note(.person, "taps “‹ \(back.label)”")
            back.action()
            try await settle()
        }
    }

    /// Opens a system sheet by what says it opens it (its VoiceOver hint), when the sheet is not
    /// up yet and exactly one control on the screen says so.
    private func open(_ kind: Screen.Layer.Kind, saidBy hint: String) async throws {
        let shown = try screen()
        guard shown.kind != kind else { return }
        let openers = shown.controls().filter {
            $0.element?.accessibility.hint.map { PseudoLanguage.english($0.string).hasPrefix(hint) } ?? false
        }
        guard openers.count == 1, let opener = openers.first else { return }
        if opener.isDisabled {
            throw ScreenMismatch("“\(opener.name)” is disabled" + (opener.reason.map { " (\($0))" } ?? ""), screen: shown)
        }
        phone.note(.person, "taps “\(opener.name)” on \(shown.name)")
        opener.use()
        try await settle()
    }

    /// The person picks apps in iOS's Screen Time picker: the one the screen shown opened, or the
    /// one its only control that opens it opens.
    func pick(_ selection: Selection, names: [String]) async throws {
        try await open(.system("Screen Time picker"), saidBy: "Opens the Screen Time picker")
        let shown = try screen()
        guard shown.kind == .system("Screen Time picker"), let answer = shown.answer else {
            throw ScreenMismatch("iOS's Screen Time picker is not open (tap what opens it first, such as Choose apps)", screen: shown)
        }
        phone.note(.person, "picks \(names.joined(separator: ", ")) in the Screen Time picker")
        let before = try screen().problems
        answer(PickerResult.picked(selection))
        try await settle()
        noteRefusalShown(before: before)
    }

    /// The person picks a file in iOS's document picker: the one the screen shown opened, or the
    /// one its only control that opens a backup file opens.
    func pickFile(_ name: String, contents: Data?) async throws {
        try await open(.system("document picker"), saidBy: "Opens a backup file")
        let shown = try screen()
        guard shown.kind == .system("document picker"), let answer = shown.answer else {
            throw ScreenMismatch(
                "iOS's document picker is not open (tap what opens it first, such as Restore from a backup)", screen: shown)
        }
        guard let data = contents ?? savedFiles[name] else {
            throw ScreenMismatch(
                "there is no file “\(name)”: none beside the scenario, none saved (saved: \(savedFiles.keys.sorted()))", screen: shown)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "threshold-\(UUID().uuidString)-\((name as NSString).lastPathComponent)")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        phone.note(.person, "picks “\(name)”")
        let before = shown.problems
        answer(url)
        try await settle()
        noteRefusalShown(before: before)
    }

    /// iOS's Save to Files sheet is up: the person saves the file there.
    func saveFile() async throws {
        let shown = try screen()
        guard shown.kind == .system("Save to Files"), let file = shown.context as? ExportedFile, let answer = shown.answer else {
            throw ScreenMismatch("iOS's Save to Files sheet is not open", screen: shown)
        }
        guard let data = file.data else { throw ScreenMismatch("the file to save is empty", screen: shown) }
        savedFiles[file.name] = data
        phone.note(.person, "saves “\(file.name)” in Files")
        answer(URL(fileURLWithPath: "/Files/\(file.name)"))
        try await settle()
    }

    /// Core NFC's sheet is up: the person holds a tag to the phone, and it takes the link.
    @discardableResult
    func holdTag() async throws -> URL {
        guard let session = tagSession else {
            throw ScreenMismatch("no NFC sheet is asking for a tag", screen: shownScreen())
        }
        tagSession = nil
        phone.note(.person, "holds a tag to the phone; it takes \(session.link.absoluteString)")
        session.completion(.success(()))
        try await settle()
        return session.link
    }

}

extension SimulatedPhone {
    /// What the phone calls the app, category or website a token names (iOS's `Label(token)`);
    /// `nil` for a token it does not know.
    func name(of token: AnyToken) -> String? {
        switch token {
        case .app(let app): catalogue.app(for: app)?.displayName
        case .category(let category): category.description.capitalized
        case .webDomain(let domain): domain.description
        }
    }
}
