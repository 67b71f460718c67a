import EntryPoints
import FeatureModels
import Foundation
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import ThresholdCore
import ThresholdRuntime
import TogetherClient

/// The person holding the simulated phone. Everything they do to Threshold goes through the
/// app's own screen models (`AppModel` and the models it presents, the ones the SwiftUI views
/// bind to) or through an entry point iOS would call (a shield button, a notification, a link, an
/// App Intent, a Live Activity button); this module cannot reach the store (see `FrontDoorTests`).
///
/// The app's models live as long as its process: a kill or a restart drops them, and the next
/// open launches the app again with new ones, as iOS does.
///
/// Two kinds of step use it. Screen steps (``tap(_:)``, ``pick(_:)``, ``type(_:)``) do one thing a
/// view offers, by its words (see ``Screen``). The compact steps scenarios have always used
/// (`pray`, `challenge`, `credits`, `start`, `end`, `tap-key` …) are a person going through the
/// same screens in one go: `pray: anxious` opens Selah's prayer as Home's "Pray to unlock" does,
/// answers the mood, says Amen and closes it.
@MainActor
final class Person {
    let phone: SimulatedPhone
    /// How the person answers iOS's Screen Time prompt.
    let prompt: AccessPrompt
    private let client: AppClient
    /// The app's root model while Threshold runs; `nil` before its first launch and after it was
    /// killed.
    private(set) var app: AppModel?
    /// The ritual screen pushed on the unlock gate, while one is.
    var ritual: UnlockGateModel.Screen?
    /// Why the last thing the person asked for was refused, in the screen's words; `nil` when it
    /// was done.
    private(set) var refusal: String?
    /// The links written on the person's keys, by profile (only the tag holds them).
    var keyLinks: [ProfileID: URL] = [:]
    /// The QR codes of key links the person printed or kept on another screen, by the key's name.
    var qrCodes: [String: URL] = [:]
    /// The profile editor, while its sheet is up (Profiles → a profile).
    var profileEditor: ProfileEditorModel?
    /// The profile Settings' key picker has chosen (its view keeps this as `@State`).
    var keyProfile: ProfileID?
    /// What the Session tab's start panel has chosen (its view keeps this as `@State`).
    var startPanel = StartPanel()
    /// Settings' "Reset your prayer streak?" is showing.
    var settingsConfirmingReset = false
    /// Settings → Help is pushed.
    var showingHelp = false
    /// Settings' hidden diagnostics, while shown.
    var diagnostics: DiagnosticsModel?
    /// Files the person saved from Threshold (a backup), by name: what iOS's Files keeps.
    var savedFiles: [String: Data] = [:]
    /// The intention editor sheet over Profiles, while it is up.
    var intentionEditor: IntentionEditorModel?
    /// Settings › Together is pushed (it stays pushed across tabs, as a tab's navigation does).
    var showingTogether = false
    /// Settings › Together's "Delete your Together account?" is showing.
    var confirmingTogetherDeletion = false
    /// Settings › Together's "Delete your iCloud backup?" is showing.
    var confirmingBackupOff = false
    /// The invitation link the person last shared from Settings › Together (the share sheet: sent
    /// by Messages, say), for another person to open.
    var sharedInvitation: String?
    struct StartPanel {
        enum Kind { case goal, length }
        var profile: ProfileID?
        var goal = SessionModel.defaultGoal
        var length = 25
        var kind = Kind.goal
        var openEnded = false
    }
    private var wasInForeground = false

    /// - Parameter together: Together's server and this phone's Keychain (a Together scenario's
    ///   person, in the server's package); `nil`: this build has no Together.
    init(phone: SimulatedPhone, prompt: AccessPrompt, together: TogetherAccess? = nil) {
        self.phone = phone
        self.prompt = prompt
        self.client = SimulatedApp.client(on: phone, prompt: prompt, seed: 1, together: together)
    }

    var calendar: Calendar { phone.clock.calendar }

    /// Clears the last refusal before a new step.
    func beginStep() { refusal = nil }

    func refuse(_ reason: String) {
        refusal = reason
        phone.note(.app, "says: \(reason)")
    }

    // MARK: The app's life

    /// Follows what iOS did to Threshold during a step: killed or restarted (the models die with
    /// the process), or sent to the background (a ritual screen hears the scene go inactive, as
    /// its view's `scenePhase` does).
    func followLifecycle() {
        if !phone.appRunning {
            app = nil
            ritual = nil
            showingTogether = false
            confirmingTogetherDeletion = false
            confirmingBackupOff = false
        }
        if wasInForeground, !phone.appInForeground { sceneWentToBackground() }
        wasInForeground = phone.appInForeground
    }

    private func sceneWentToBackground() {
        switch ritual {
        case .breathing(let model): model.scenePhaseChanged(to: .background)
        case .copyText(let model): model.scenePhaseChanged(to: .background)
        case .prayer(let model): model.leave()
        default:
            if case .prayer(let model)? = app?.presented { model.leave() }
        }
    }

    /// Opens Threshold (its icon): iOS launches it when it is not running, and the app reads
    /// access and reconciles, as on every foreground.
    @discardableResult
    func openThreshold() async -> AppModel {
        phone.bringThresholdForward()
        let app = self.app ?? AppModel(client: client)
        self.app = app
        await app.foreground()
        wasInForeground = true
        return app
    }

    /// iOS gives Threshold a background app refresh: the app (launched in the background if it was
    /// not running) runs `AppModel.backgroundRefresh()`, as the `App`'s `.backgroundTask` does.
    func backgroundRefresh() async throws {
        guard phone.backgroundRefreshBegins() else {
            throw StepError.notOffered("iOS gives a background refresh only to an app that is not on screen; leave Threshold first")
        }
        let app = self.app ?? AppModel(client: client)
        self.app = app
        await app.backgroundRefresh()
    }

    /// The app on screen: opened first when the person is elsewhere.
    func onScreen() async -> AppModel {
        if let app, wasInForeground, phone.appInForeground { return app }
        return await openThreshold()
    }

    /// A notification was tapped: iOS opens Threshold, whose notification handler routes to the
    /// notification's screen.
    func tapped(_ note: LocalNotification) async {
        let app = await onScreen()
        if let url = URL(string: note.deepLink) { app.open(url) }
        refusal = presentedRefusal(app)
    }

    /// A widget was tapped: iOS opens Threshold, at the widget's link when it has one (`onOpenURL`).
    func tappedWidget(_ link: URL?) async {
        let app = await onScreen()
        if let link { app.open(link) }
        refusal = presentedRefusal(app)
        await appear()
    }

    /// Closes whatever is shown over the tabs (the "Done" or "Close" of its screen).
    func closePresented() {
        if case .prayer(let model)? = app?.presented { model.leave() }
        ritual = nil
        if app?.presented != nil { app?.close() }
    }

    // MARK: Rituals

    /// Selah's prayer as Home's "Pray to unlock" opens it (or the one a notification opened): the
    /// mood, the prayer and its verse, Amen, Done.
    func pray(mood: Mood?) async throws {
        let app = await onScreen()
        let prayer: PrayerModel
        if case .prayer(let shown)? = app.presented {
            prayer = shown
        } else {
            phone.note(.person, "opens Selah's prayer")
            app.route(.prayer(app: nil))
            guard case .prayer(let shown)? = app.presented else { throw ScreenMismatch("Selah's prayer did not open", screen: screen()) }
            prayer = shown
        }
        try finish(prayer, mood: mood)
        closePresented()
    }

    /// A prayer screen from its first step to Amen.
    private func finish(_ prayer: PrayerModel, mood: Mood?) throws {
        if prayer.phase == .loading { prayer.open() }
        switch prayer.phase {
        case .mood:
            let mood = mood ?? .grateful
            phone.note(.person, "answers “\(PrayerScreen.moodQuestion)”: \(mood.displayName)")
            prayer.choose(mood)
        case .reading:
            phone.note(.app, "resumes the prayer left open")
        case .windowOpen(let until):
            return refuse("Your apps are already open until \(phone.clock.readable(until)).")
        case .nothingToUnlock:
            return refuse("Nothing Selah holds is shielded now.")
        case .problem(let problem):
            return refuse(problem)
        case .loading, .finished:
            break
        }
        guard case .reading(let template) = prayer.phase else {
            if case .problem(let problem) = prayer.phase { return refuse(problem) }
            throw ScreenMismatch("the prayer did not show", screen: screen())
        }
        phone.note(.app, "shows the prayer “\(template.firstLine)” and \(prayer.verse?.citation ?? "its verse")")
        prayer.amen()
        phone.note(.person, "says Amen")
        report(prayer.outcome)
    }

    /// One ritual from the unlock gate: for `app`, the gate a shield's notification opens; without
    /// an app, the gate for whatever is blocked (Home's "Ways to unlock"). When the gate does not
    /// offer the ritual, or offers it disabled, the refusal is what the gate says.
    func ritual(_ kind: RitualKind, minutes: Int?, app name: String?) async throws {
        if kind == .prayer, name == nil { return try await pray(mood: nil) }
        // The ritual's screen is already open (the person tapped it on the gate): do it there.
        if let shown = ritual, name == nil, Self.kind(of: shown) == kind {
            defer { closePresented() }
            return try await perform(shown, minutes: minutes)
        }
        let app = await onScreen()
        guard let gate = try openGate(for: name, in: app) else {
            return refuse("Nothing shielded now takes \(Self.noun(kind)).")
        }
        defer { closePresented() }
        gate.load()
        guard let shown = gate.gate else { return refuse(gate.problem ?? "The unlock gate could not be shown.") }
        let label = name.flatMap { phone.catalogue.app(named: $0)?.displayName } ?? "This app"
        guard shown.status == .shielded else { return refuse("\(label) is not shielded; there is nothing to unlock.") }
        guard let option = shown.options.first(where: { $0.way == .ritual(kind) }) else {
            return refuse("\(label)'s shield does not take \(Self.noun(kind)).")
        }
        if let reason = option.eligibility.disabledReason { return refuse(reason.description) }
        phone.note(.person, "chooses \(kind.displayName) on the unlock gate")
        guard let screen = gate.choose(option) else { return refuse(gate.problem ?? "\(kind.displayName) could not start.") }
        ritual = screen
        try await perform(screen, minutes: minutes)
    }

    /// Opens an app through its intention from inside Threshold: the unlock gate's "Open with
    /// intention", then "Open it" (or, past today's opens, "Open anyway" when `confirm`).
    func openIntention(_ name: String, confirm: Bool) async throws {
        let app = await onScreen()
        guard let gate = try openGate(for: name, in: app) else { return refuse("\(name) is not shielded.") }
        defer { closePresented() }
        gate.load()
        guard let option = gate.gate?.options.first(where: { if case .intentionOpen = $0.way { true } else { false } }) else {
            throw StepError.unknownIntention(name)
        }
        if let reason = option.eligibility.disabledReason { return refuse(reason.description) }
        guard case .intentionOpen(let model)? = gate.choose(option) else { return refuse(gate.problem ?? "The intention could not open.") }
        phone.note(.person, "opens \(name) through its intention")
        model.confirm()
        if model.open.step == .confirmBeyondAllowance {
            guard confirm else {
                model.nevermind()
                let label = model.open.label
                return refuse("\(label.opensUsed) of \(label.opensPerDay) opens used today. That is past today's opens; your streak for it ends today. Nothing was opened.")
            }
            phone.note(.person, "confirms past today's opens (“Open anyway”)")
            model.confirm()
        }
        report(model.outcome)
    }

    /// The gate for `name` (as its shield's notification opens it), or for whatever is blocked.
    private func openGate(for name: String?, in app: AppModel) throws -> UnlockGateModel? {
        if let name {
            guard let found = phone.catalogue.app(named: name) else { throw SimulatorError.unknownApp(name, known: phone.catalogue.names) }
            if case .unlockGate(let shown)? = app.presented, shown.app == found.token { return shown }
            app.route(.unlockGate(app: found.token, category: found.category, rule: nil))
        } else if case .unlockGate(let shown)? = app.presented {
            return shown
        } else {
            // Home's Unlocks list: the person chooses the first thing it holds.
            closePresented()
            app.tab = .home
            app.home.load()
            guard let first = app.home.unlockable.first else { return nil }
            phone.note(.person, "chooses \(label(of: first.item)) under Unlocks on Home")
            app.openGate(first)
        }
        if case .unlockGate(let shown)? = app.presented { return shown }
        return nil
    }

    /// Does a ritual screen the way its view asks: every problem answered, a game played to a win
    /// or a draw, 45 seconds of breathing, the passage typed over 90 seconds, the emergency held
    /// and a reason given, credits spent.
    private func perform(_ screen: UnlockGateModel.Screen, minutes: Int?) async throws {
        switch screen {
        case .prayer(let model):
            try finish(model, mood: nil)
            return
        case .math(let model):
            var solved: [String] = []
            while let problem = model.problem {
                model.answer(String(problem.answer))
                solved.append("\(problem.text) = \(problem.answer)")
            }
            phone.note(.person, "solves the math challenge: \(solved.joined(separator: ", "))")
            report(model.outcome)
        case .ticTacToe(let model):
            var moves: [Int] = []
            while model.game.step == .yourMove, let cell = model.game.board.bestMoves(for: .x).first {
                moves.append(cell)
                model.play(cell)
                if case .finished(.lost) = model.game.step { model.newGame() }
            }
            let result = if case .finished(let outcome) = model.game.step { outcome.rawValue } else { "unfinished" }
            phone.note(.person, "plays tic-tac-toe (cells \(moves.map(String.init).joined(separator: ", "))): \(result)")
            report(model.outcome)
        case .breathing(let model):
            model.start()
            phone.note(.person, "breathes with the quest for \(Int(BreathingQuest.duration)) s")
            phone.advance(by: BreathingQuest.duration)
            followLifecycle()
            model.tick()
            report(model.outcome)
        case .copyText(let model):
            model.start()
            let passage = model.quest.passage.text
            phone.note(.person, "copies “\(passage)” by hand")
            let pieces = Self.typed(passage, inPiecesOf: CopyTextQuest.maximumInsertion)
            let pause = (CopyTextQuest.duration / Double(pieces.count)).rounded(.up)
            for piece in pieces {
                phone.advance(by: pause)
                model.edit(piece)
            }
            model.finish()
            report(model.outcome)
        case .credits(let model):
            let minutes = minutes ?? CreditsUnlock.choices[0]
            phone.note(.person, "spends \(model.credits.cost(minutes: minutes)) Focus Bank credits for \(minutes) min (balance \(model.balance))")
            model.spend(minutes: minutes)
            report(model.outcome)
        case .emergency(let model):
            guard model.isAvailable else { return refuse(model.allowance.eligibility.disabledReason?.description ?? "No emergency unlocks are left for now.") }
            let hold = model.emergency.policy.holdSeconds
            model.pressHold()
            phone.note(.person, "holds the emergency button for \(hold) s")
            phone.advance(by: TimeInterval(hold))
            model.releaseHold()
            let reason = "My doctor is messaging me about tomorrow's appointment"
            phone.note(.person, "gives the reason “\(reason)”")
            model.submit(reason: reason)
            report(model.outcome)
        case .intentionOpen(let model):
            model.confirm()
            report(model.outcome)
        }
    }

    /// Types an answer into the math challenge and taps Check: `right` is the answer the person
    /// works out, `wrong` one that is not, anything else is typed as it is.
    func answer(_ text: String) throws {
        guard case .math(let model)? = ritual else { throw ScreenMismatch("there is no math problem to answer", screen: screen()) }
        guard let problem = model.problem else { throw ScreenMismatch("the math challenge asks nothing now", screen: screen()) }
        let typed = switch text {
        case "right": String(problem.answer)
        case "wrong": String(problem.answer + 1)
        default: text
        }
        phone.note(.person, "answers \(problem.text) with \(typed)")
        model.answer(typed)
    }

    private static func kind(of screen: UnlockGateModel.Screen) -> RitualKind? {
        switch screen {
        case .prayer: .prayer
        case .math: .mathChallenge
        case .ticTacToe: .ticTacToe
        case .breathing: .breathingQuest
        case .copyText: .copyTextQuest
        case .credits: .credits
        case .emergency: .emergency
        case .intentionOpen: nil
        }
    }

    /// Notes what a ritual screen's last view says, and keeps a refusal.
    private func report(_ outcome: RitualOutcome?) {
        switch outcome {
        case .unlocked(let until?)?: phone.note(.app, "shows “Unlocked until \(phone.clock.readable(until))”")
        case .unlocked(nil)?: phone.note(.app, "shows “Unlocked”")
        case .refused(let message)?: refuse(message)
        case nil: refuse("The ritual did not finish.")
        }
    }

    // MARK: Sessions

    /// Starts a profile from the Session tab (the start panel: a goal, a length, or open-ended),
    /// or from a Shortcut, or by tapping its key.
    func start(_ profile: ProfileID, origin: SessionOrigin, plan: PlanSpec?) async throws {
        switch origin {
        case .shortcut:
            // The Start Profile Shortcut takes a length in minutes, or none (until ended).
            let length: SessionLength
            switch plan {
            case nil, .openEnded?: length = .openEnded
            case .minutes(let minutes)?: length = .minutes(minutes)
            case .goal?, .until?:
                throw StepError.notOffered("the Start Profile Shortcut takes a length in minutes (minutes: 25), not a goal or an end time")
            }
            phone.note(.person, "runs the Start Profile Shortcut for \(profile)" + (length == .openEnded ? "" : " (\(Self.describe(length)))"))
            if let problem = phone.runAppIntent({ $0.startProfile(profile, from: .appIntent("StartProfile"), length: length) }).problem {
                refuse(problem)
            }
        case .key:
            try await tapKey(profile)
        case .manual:
            let app = await onScreen()
            app.tab = .session
            app.session.load()
            guard app.session.startable.contains(where: { $0.id == profile }) else {
                throw ScreenMismatch("the Session tab offers no “\(profile)” to start", screen: screen())
            }
            let choice: SessionModel.PlanChoice = switch plan {
            case .goal(let minutes)?: .goal(minutes: minutes)
            case .minutes(let minutes)?: .minutes(minutes)
            case .until(.timeOfDay(let seconds, nil))?: .until(LocalTime(minutesIntoDay: seconds / 60))
            case .until(let spec)?:
                .minutes(Int((spec.instant(from: phone.clock.wall, in: phone.clock.timeZone).timeIntervalSince(phone.clock.wall) / 60).rounded(.up)))
            case .openEnded?, nil: .openEnded
            }
            phone.note(.person, "starts \(profile) on the Session tab (\(Self.describe(choice)))")
            app.session.start(profile, choice)
            if let problem = app.session.problem { refuse(problem) }
        case .schedule:
            throw StepError.notOffered("a person cannot start a schedule; let time pass to its start")
        }
    }

    /// Ends the profile's session from one of the ways a person can: the Session tab's End, its
    /// key, a Shortcut, the widget's or the Live Activity's button. Each runs the same command.
    func end(_ profile: ProfileID, via path: EndPath) async throws {
        switch path {
        case .inApp, .notification:
            let app = try await sessionScreen(for: profile)
            phone.note(.person, "taps End on the Session tab")
            app.session.end()
            if let problem = app.session.problem { refuse(problem) }
        case .key:
            try await tapKey(profile)
            if case .keyTap(let model)? = app?.presented, case .locked = model.phase {
                refuse("Beast Mode holds this session; the key cannot end it early.")
                return closePresented()
            }
            try choose(.end)
        case .shortcut, .widget:
            phone.note(.person, path == .shortcut ? "runs the End Session Shortcut" : "presses End on the widget")
            let trigger: Trigger = path == .shortcut ? .appIntent("EndSession") : .widget("End")
            if let problem = phone.runAppIntent({ $0.endSession(profile, from: trigger) }).problem { refuse(problem) }
        case .liveActivity:
            try pressLiveActivity(.end)
        }
    }

    func takeBreak(_ profile: ProfileID) async throws {
        let app = try await sessionScreen(for: profile)
        phone.note(.person, "taps Break on the Session tab")
        app.session.takeBreak()
        if let problem = app.session.problem { refuse(problem) }
    }

    func resume(_ profile: ProfileID) async throws {
        let app = try await sessionScreen(for: profile)
        phone.note(.person, "taps Back to focus on the Session tab")
        app.session.endBreak()
        if let problem = app.session.problem { refuse(problem) }
    }

    /// The Session tab, showing `profile`'s session: it shows the one running, so a step about
    /// another profile cannot be done there.
    private func sessionScreen(for profile: ProfileID) async throws -> AppModel {
        let app = await onScreen()
        closePresented()
        app.tab = .session
        app.session.load()
        guard app.session.profile?.id == profile else {
            throw ScreenMismatch("the Session tab shows no session of “\(profile)”", screen: screen())
        }
        return app
    }

    /// Presses a button on the Live Activity (its intent runs without opening the app).
    func pressLiveActivity(_ button: LiveActivityButton) throws {
        phone.note(.person, "presses “\(button.rawValue)” on the Live Activity")
        let press = try phone.pressLiveActivity(button)
        if let problem = press.reconciliation.problem { refuse(problem) }
    }

    /// This week's streak freeze, from the intentions under Profiles (it protects today).
    func useStreakFreeze() async {
        let app = await onScreen()
        closePresented()
        app.tab = .profiles
        await appear()
        phone.note(.person, "taps “Use a streak freeze today” under Profiles")
        if let reason = app.intentions.freezeRefusal { return refuse(reason) }
        app.intentions.useFreeze()
        if let problem = app.intentions.problem { refuse(problem) }
    }

    // MARK: Keys and links

    /// Taps the profile's NFC key: its link reaches the app like any universal link. The first tap
    /// writes the key (Settings → Keys → Write a key; the tag keeps the only copy of its link).
    func tapKey(_ profile: ProfileID) async throws {
        guard phone.readsNFCTags else {
            phone.note(.person, "holds the \(profile) key to the device; it reads no NFC tags, so nothing happens")
            return refuse("This device cannot read NFC tags.")
        }
        let link: URL
        if let written = keyLinks[profile] { link = written } else { link = try await writeKey(for: profile) }
        phone.note(.person, "taps the \(profile) key")
        await follow(link: link.absoluteString)
    }

    private func writeKey(for profile: ProfileID) async throws -> URL {
        let app = await onScreen()
        app.tab = .settings
        app.settings.load()
        guard let found = app.settings.profiles.first(where: { $0.id == profile }) else { throw StepError.unknownProfile(profile.rawValue) }
        guard let link = writeKey(found, in: app.settings) else {
            throw ScreenMismatch("Settings → Keys did not keep a key: \(app.settings.problem ?? "no reason given")", screen: screen())
        }
        app.tab = .home
        return link
    }

    /// Settings → Keys' "Write a key" for `profile`: Core NFC's sheet comes up, the person holds a
    /// tag to the phone and it takes the link, and the key is kept. `nil` when Settings refused
    /// (its `problem` says why).
    @discardableResult
    func writeKey(_ profile: Profile, in settings: SettingsModel) -> URL? {
        settings.prepareKey(for: profile.id, name: profile.name)
        guard let pending = settings.pendingKey else { return nil }
        settings.keyWritten()
        guard settings.problem == nil else { return nil }
        phone.note(.person, "holds a tag to the phone; it takes the \(profile.emoji) \(profile.name) key: \(pending.link.absoluteString)")
        keyLinks[profile.id] = pending.link
        return pending.link
    }

    /// The Camera reads a key's QR code (or a copy edited by hand) and opens its link, as iOS does.
    func scanQR(_ name: String, edited: Bool) async throws {
        guard var link = qrCodes[name] else {
            throw ScreenMismatch("the person has no QR code for a key named “\(name)” (made: \(qrCodes.keys.sorted()))", screen: screen())
        }
        if edited, var parts = URLComponents(url: link, resolvingAgainstBaseURL: false), let secret = parts.fragment, let last = secret.last {
            parts.fragment = String(secret.dropLast()) + (last == "A" ? "B" : "A")
            link = parts.url ?? link
        }
        phone.note(.person, "points the Camera at the \(name) key's QR code\(edited ? " (a copy edited by hand)" : "")")
        await follow(link: link.absoluteString)
    }

    /// A universal link arrives (typed, read from a tag, opened by another app): iOS opens
    /// Threshold, whose router shows what the link asks for, or says why it cannot.
    func follow(link: String) async {
        guard let url = URL(string: link) else { return refuse("“\(link)” is not a link.") }
        let app = await onScreen()
        app.open(url)
        if let refused = presentedRefusal(app) { refuse(refused) }
        switch app.presented {
        case .keyTap(let model)?:
            switch model.phase {
            case .started(let profile) where model.problem == nil: phone.note(.app, "shows “Session started.” for \(profile)")
            case .choosing(let active): phone.note(.app, "asks: End \(active.name) or take a break?")
            case .locked(let active):
                let left = model.remaining.map { " (\(Format.duration($0)) left)" } ?? ""
                phone.note(.app, "shows \(active.name) is locked until it ends\(left); the key cannot end it early")
            default: break
            }
        case .confirmStart(let confirmation, _)?:
            phone.note(.app, "asks: \(confirmation.title) \(confirmation.message(at: phone.clock.wall, calendar: calendar))")
        default:
            if app.presented == nil, let problem = app.session.problem { refuse(problem) }
        }
        // The screen the link brought forward appears (a partner's invitation pushes Together).
        await appear()
    }

    /// Why what the app shows now refuses what the person asked, if it does.
    private func presentedRefusal(_ app: AppModel) -> String? {
        switch app.presented {
        case .badLink(let error)?: return "That link does not name anything Threshold does. Nothing was changed. \(error)"
        case .keyTap(let model)?:
            if case .refused(let reason) = model.phase { return reason.description }
            return model.problem
        default: return nil
        }
    }

    /// Answers the key tap's “End or take a break?”.
    func choose(_ choice: KeyChoice) throws {
        guard case .keyTap(let model)? = app?.presented, case .choosing = model.phase else { throw StepError.noKeyPrompt }
        switch choice {
        case .end:
            phone.note(.person, "taps End session")
            model.end()
        case .takeBreak:
            phone.note(.person, "taps Take a break")
            model.takeBreak()
        case .cancel:
            phone.note(.person, "keeps going")
        }
        if let problem = model.problem { refuse(problem) }
        closePresented()
    }

    /// Answers a start link's confirmation.
    func confirmStart(_ yes: Bool) throws {
        guard let app, case .confirmStart(let confirmation, _)? = app.presented else { throw StepError.noStartConfirmation }
        if yes {
            phone.note(.person, "confirms \(confirmation.title)")
            app.confirmStart()
            if let problem = app.session.problem { refuse(problem) }
        } else {
            phone.note(.person, "declines; nothing starts")
            app.declineStart()
        }
    }

    /// Home as it shows now (opening Threshold first when it is not on screen would change what
    /// a check looks at, so Home is read from the model as it stands, loaded again).
    func homeShows() async throws -> HomeModel {
        let app = self.app ?? AppModel(client: client)
        app.home.load()
        if let problem = app.home.problem { throw ExpectationFailure("Home cannot be shown: \(problem)") }
        return app.home
    }

    // MARK: Words

    /// The ritual as a refusal names it: "a prayer", "Focus Bank credits".
    static func noun(_ kind: RitualKind) -> String {
        switch kind {
        case .prayer: "a prayer"
        case .mathChallenge: "a math challenge"
        case .ticTacToe: "a game of tic-tac-toe"
        case .breathingQuest: "a breathing quest"
        case .copyTextQuest: "a copy-text quest"
        case .credits: "Focus Bank credits"
        case .emergency: "an emergency unlock"
        }
    }

    private static func describe(_ choice: SessionLength) -> String {
        switch choice {
        case .goal(let minutes): "goal \(minutes) min"
        case .minutes(let minutes): "for \(minutes) min"
        case .until(let time): "until \(time)"
        case .openEnded: "open-ended"
        }
    }

    /// The passage as a person types it: each edit adds at most `length` characters.
    private static func typed(_ text: String, inPiecesOf length: Int) -> [String] {
        stride(from: length, to: text.count + length, by: length).map { String(text.prefix($0)) }
    }
}
