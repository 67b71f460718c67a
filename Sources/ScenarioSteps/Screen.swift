import EntryPoints
import FeatureModels
import Foundation
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import ThresholdCore

/// What Threshold's screen shows now, read from the models the SwiftUI views draw: a name, the
/// lines of text, the buttons with what each does (the view's own action on the same model), and
/// the text fields with what each holds (typing sets the model's value the field is bound to).
///
/// Words are the views' English text (their String Catalog keys); `ScreenWordsTests` checks that
/// every label here appears in the view that draws it, so a journey cannot tap a button the app
/// does not show.
struct Screen: CustomStringConvertible {
    struct Button {
        let label: String
        /// Why it is disabled, as the screen says; `nil` when it can be tapped.
        var disabled: String?
        /// It answers a long press, not a tap (Settings' version).
        var longPress = false
        let action: @MainActor () async throws -> Void

        init(_ label: String, disabled: String? = nil, longPress: Bool = false, action: @escaping @MainActor () async throws -> Void) {
            self.label = label
            self.disabled = disabled
            self.longPress = longPress
            self.action = action
        }
    }

    /// A text field: the words that name it (its placeholder in the view), what it holds, and
    /// what typing into it does (the view's binding to the same model).
    struct Field {
        let label: String
        let text: String
        let set: @MainActor (String) -> Void

        init(_ label: String, text: String, set: @escaping @MainActor (String) -> Void) {
            self.label = label
            self.text = text
            self.set = set
        }
    }

    let name: String
    var lines: [String]
    var buttons: [Button]
    var fields: [Field]

    init(_ name: String, lines: [String] = [], buttons: [Button] = [], fields: [Field] = []) {
        self.name = name
        self.lines = lines
        self.buttons = buttons
        self.fields = fields
    }

    /// Whether `text` is on the screen: in its name, a line, a button, or a field's name or text.
    func shows(_ text: String) -> Bool {
        ([name] + lines + buttons.map(\.label) + fields.flatMap { [$0.label, $0.text] }).contains { $0.localizedCaseInsensitiveContains(text) }
    }

    func button(_ label: String) -> Button? {
        buttons.first { $0.label.compare(label, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
    }

    func field(_ label: String) -> Field? {
        fields.first { $0.label.compare(label, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
    }

    var description: String {
        var parts = ["the \(name) screen"]
        if !lines.isEmpty { parts.append("showing " + lines.map { "“\($0)”" }.joined(separator: ", ")) }
        if !fields.isEmpty { parts.append("with fields " + fields.map { "[\($0.label): “\($0.text)”]" }.joined(separator: " ")) }
        parts.append(buttons.isEmpty ? "with no buttons"
                     : "with buttons " + buttons.map { button in
                         "[\(button.label)\(button.disabled.map { " — disabled: \($0)" } ?? "")\(button.longPress ? " — long press" : "")]"
                     }.joined(separator: " "))
        if !fields.isEmpty { parts.append("and fields " + fields.map { "[\($0.label): “\($0.text)”]" }.joined(separator: " ")) }
        return parts.joined(separator: " ")
    }
}

extension Screen {
    /// Present's two reminder switches, as `ReminderToggles` draws them in onboarding and
    /// Settings: each line says on or off, each button flips one and hands the whole to `set`.
    mutating func addReminderToggles(_ reminders: Reminders, set: @escaping @MainActor (Reminders) -> Void) {
        lines.append("Daily Review at 9 AM: \(reminders.dailyReview ? "on" : "off")")
        lines.append("Evening nudge at 7 PM: \(reminders.eveningPrompt ? "on" : "off")")
        buttons.append(.init("Daily Review at 9 AM") {
            var changed = reminders
            changed.dailyReview.toggle()
            set(changed)
        })
        buttons.append(.init("Evening nudge at 7 PM") {
            var changed = reminders
            changed.eveningPrompt.toggle()
            set(changed)
        })
    }
}

/// The screen differs from what a step expected: what the step wanted and what the screen shows.
struct ScreenMismatch: Error, CustomStringConvertible {
    let message: String
    let screen: Screen

    init(_ message: String, screen: Screen) {
        self.message = message
        self.screen = screen
    }

    var description: String { "\(message); Threshold shows \(screen)" }
}

/// The prayer screen's words that steps and notes share with the view.
enum PrayerScreen {
    static let moodQuestion = "How are you right now?"
}

extension Person {
    // MARK: Acting on the screen

    /// Taps the button labelled `label` on the screen shown now; fails with what the screen does
    /// show when there is no such button, or it is disabled.
    func tap(_ label: String) async throws {
        let shown = screen()
        guard let button = shown.button(label) else { throw ScreenMismatch("there is no “\(label)” to tap", screen: shown) }
        if let reason = button.disabled { throw ScreenMismatch("“\(label)” is disabled (\(reason))", screen: shown) }
        if button.longPress { throw ScreenMismatch("a tap on “\(label)” does nothing; it answers a long press", screen: shown) }
        phone.note(.person, "taps “\(button.label)” on \(shown.name)")
        try await button.action()
        await appear()
    }

    /// Types `text` into the field named `label` on the screen shown now, in place of what it held
    /// (as selecting all and typing does); fails with what the screen does show when there is no
    /// such field.
    func type(_ text: String, into label: String) throws {
        let shown = screen()
        guard let field = shown.field(label) else { throw ScreenMismatch("there is no “\(label)” field to type in", screen: shown) }
        phone.note(.person, text.isEmpty ? "clears “\(field.label)” on \(shown.name)" : "types “\(text)” into “\(field.label)” on \(shown.name)")
        field.set(text)
    }

    /// Presses and holds what shows `label`; fails unless it answers a long press.
    func longPress(_ label: String) async throws {
        let shown = screen()
        guard let button = shown.button(label), button.longPress else {
            throw ScreenMismatch("nothing called “\(label)” answers a long press", screen: shown)
        }
        phone.note(.person, "presses and holds “\(button.label)” on \(shown.name)")
        try await button.action()
        await appear()
    }

    /// The person picks apps in iOS's picker, which the screen shown now opens.
    func pick(_ selection: Selection, names: [String]) async throws {
        let shown = screen()
        guard let app, phone.appInForeground else { throw ScreenMismatch("Threshold is not on screen to pick apps in", screen: shown) }
        phone.note(.person, "picks \(names.joined(separator: ", ")) in the Screen Time picker")
        if let onboarding = app.onboarding, app.needsOnboarding, onboarding.step == .apps {
            onboarding.pick(.picked(selection))
            if let problem = onboarding.pickProblem { refuse("\(problem)") }
        } else if let editor = profileEditor, app.tab == .profiles, app.presented == nil {
            editor.pick(.picked(selection))
            if let problem = editor.pickProblem { refuse("\(problem)") }
        } else if let editor = intentionEditor, app.tab == .profiles, app.presented == nil {
            // The intention editor's "Choose the app".
            editor.pick(.picked(selection))
            if let problem = editor.pickProblem { refuse("\(problem)") }
        } else {
            throw ScreenMismatch("nothing here opens the app picker", screen: shown)
        }
    }

    /// The person picks a file in iOS's document picker, which the screen shown now opens
    /// (onboarding's "Restore from a backup", Settings' "Import a backup").
    func pickFile(_ name: String, contents: Data?) async throws {
        let shown = screen()
        guard let app, phone.appInForeground else { throw ScreenMismatch("Threshold is not on screen to pick a file in", screen: shown) }
        guard let data = contents ?? savedFiles[name] else {
            throw ScreenMismatch("there is no file “\(name)”: none beside the scenario, none saved (saved: \(savedFiles.keys.sorted()))", screen: shown)
        }
        if app.needsOnboarding, let onboarding = app.onboarding, shown.button("Restore from a backup") != nil {
            phone.note(.person, "picks “\(name)” to restore")
            onboarding.restore(data)
            if let problem = onboarding.backup.problem { refuse(problem) }
        } else if !app.needsOnboarding, app.presented == nil, app.tab == .settings, shown.button("Import a backup") != nil {
            phone.note(.person, "picks “\(name)” to import")
            app.settings.backup.restore(data)
            if let problem = app.settings.backup.problem { refuse(problem) }
        } else {
            throw ScreenMismatch("nothing here opens the document picker", screen: shown)
        }
        await appear()
    }

    /// A button that opens iOS's document picker was tapped; `pick-file` picks in it.
    func documentPickerOpens() {
        phone.note(.device, "iOS's document picker opens (pick-file picks a file in it)")
    }

    /// What the screen's views do when they appear: read the state again, or ask iOS.
    func appear() async {
        guard let app, phone.appInForeground else { return }
        if app.needsOnboarding, let onboarding = app.onboarding {
            switch onboarding.step {
            case .authorization: await onboarding.checkAccess()
            case .pro: if onboarding.paywall.status == .loading { await onboarding.paywall.load() }
            case .notifications: onboarding.checkNotifications()
            case .done: app.onboardingClosed()
            default: break
            }
            if !app.needsOnboarding { await appear() }
            return
        }
        switch app.presented {
        case .prayer(let model)?: if model.phase == .loading { model.open() }
        case .paywall(let model)?: if model.status == .loading { await model.load() }
        case .unlockGate(let model)?: if ritual == nil { model.load() }
        case .dailyReview(let model)?: model.load()
        default: break
        }
        // A partner's invitation link took the person to Settings: SettingsView pushes Together,
        // which asks (its `onChange(of: receivedInvitation)`).
        if app.tab == .settings, app.together.receivedInvitation != nil, !showingTogether { await openTogether(app.together) }
        app.reloadVisible()
    }

    /// iOS's prompt (Screen Time, notifications) covered the app and went: the scene goes inactive
    /// and active again, and the app's foreground runs as its `scenePhase` task does.
    func systemPromptClosed() async {
        await app?.foreground()
    }

    // MARK: Reading the screen

    /// The screen in front: onboarding, a ritual pushed on the unlock gate, what is presented
    /// over the tabs, or the tab.
    func screen() -> Screen {
        guard let app, phone.appInForeground else {
            return Screen("Home Screen", lines: ["Threshold is not on screen (open-threshold opens it)"])
        }
        if app.needsOnboarding, let onboarding = app.onboarding { return onboardingScreen(onboarding) }
        if let ritual { return ritualScreen(ritual) }
        switch app.presented {
        case .prayer(let model)?: return prayerScreen(model)
        case .unlockGate(let model)?: return gateScreen(model)
        case .keyTap(let model)?: return keyScreen(model)
        case .confirmStart(let confirmation, _)?:
            return Screen("start confirmation", lines: [confirmation.title, confirmation.message(at: phone.clock.wall, calendar: calendar)],
                          buttons: [.init("Start Beast Mode") { app.confirmStart() }, .init("Not now") { app.declineStart() }])
        case .badLink(let error)?:
            return Screen("link problem", lines: ["\(error)"], buttons: [.init("Done") { app.presented = nil }])
        case .feedback?:
            return Screen("feedback", buttons: [.init("Done") { app.presented = nil }])
        case .paywall(let model)?:
            return paywallScreen(model) { app.close() }
        case .dailyReview(let model)?:
            return dailyReviewScreen(model, app: app)
        case nil:
            return tabScreen(app)
        }
    }

    private func tabBar(_ app: AppModel) -> [Screen.Button] {
        [("Home", AppModel.Tab.home), ("Session", .session), ("Profiles", .profiles), ("Insights", .insights), ("Settings", .settings)]
            .map { label, tab in
                Screen.Button(label) { [weak self] in
                    let switched = app.tab != tab
                    app.tab = tab
                    // Settings › Together, left pushed on its tab, appears again: its `task` reads anew.
                    if switched, tab == .settings, let self, self.showingTogether { await self.openTogether(app.together) }
                }
            }
    }

    private func tabScreen(_ app: AppModel) -> Screen {
        var screen: Screen
        switch app.tab {
        case .home: screen = homeScreen(app)
        case .session: screen = sessionScreen(app)
        case .settings: screen = settingsScreen(app)
        case .profiles: screen = profilesScreen(app)
        case .insights: screen = insightsScreen(app)
        }
        if app.verdict == .revoked {
            screen.lines.insert("Screen Time access was turned off, so iOS is enforcing nothing. Turn it on again to restore your shields.", at: 0)
            screen.buttons.insert(.init("Allow Screen Time access") { [weak self] in
                await app.requestAccess()
                await self?.systemPromptClosed()
            }, at: 0)
        } else if app.verdict == .denied || app.verdict == .notYetAsked {
            screen.lines.insert("Threshold needs Screen Time access to shield the apps you choose.", at: 0)
            screen.buttons.insert(.init("Allow Screen Time access") { [weak self] in
                await app.requestAccess()
                await self?.systemPromptClosed()
            }, at: 0)
        }
        if let problem = app.problem { screen.lines.insert(problem, at: 0) }
        // A sheet (the profile editor, a key link, the diagnostics) covers the tab bar.
        let sheetUp = switch app.tab {
        case .profiles: profileEditor != nil || intentionEditor != nil
        case .settings: diagnostics != nil || app.settings.keyLink != nil || showingTogether && (confirmingTogetherDeletion || confirmingBackupOff)
        default: false
        }
        if !sheetUp { screen.buttons += tabBar(app) }
        return screen
    }

    private func homeScreen(_ app: AppModel) -> Screen {
        let home = app.home
        var screen = Screen("home")
        switch home.primary {
        case .session(let content):
            screen.lines.append(content.title)
            screen.buttons.append(.init("Open session") { app.tab = .session })
        case .unlocked:
            screen.lines += ["Apps unlocked"] + (home.window.map { [$0.timeLeft] } ?? [])
        case .pray:
            screen.lines.append("Selah holds your apps. A short prayer opens them for a while.")
            screen.buttons.append(.init("Pray to unlock") { app.route(AppDestination.prayer(app: nil)) })
        case .unlockOptions:
            screen.lines.append("Some apps are shielded. Choose one under Unlocks to see the ways through.")
        case .start(let profiles):
            screen.lines.append(profiles.isEmpty ? "Nothing is running." : "Nothing is running. Start a focus session when you are ready.")
            if !profiles.isEmpty { screen.buttons.append(.init("Start a session") { app.tab = .session }) }
        case .setUp:
            screen.lines.append("Nothing is set up yet. Choose the apps to shield and how they open.")
            screen.buttons.append(.init("Set up a profile") { app.tab = .profiles })
        }
        if !home.unlockable.isEmpty {
            // The Unlocks card: each thing a gate or mode holds, by its label, opening its gate.
            screen.lines.append("Unlocks")
            screen.buttons += home.unlockable.map { item in .init(label(of: item.item)) { app.openGate(item) } }
        }
        for active in home.active { screen.lines.append("Active now: \(active.title)") }
        // Today's card: XP, credits and coins always; screen time, its score and points when tracked.
        screen.lines.append("\(home.today.balances.xp) XP")
        screen.lines.append("\(home.today.balances.credits) credits")
        screen.lines.append("\(home.today.balances.coins) coins")
        if let minutes = home.today.screenTimeMinutes, let score = home.today.score, let points = home.today.points {
            screen.lines.append("\(Format.duration(TimeInterval(minutes * 60))) screen time")
            screen.lines.append("Score \(score)")
            screen.lines.append("\(points) screen-time points")
        }
        screen.lines.append("\(home.streaks.prayerDays) days of prayer")
        screen.lines.append("\(home.streaks.focusDays) days of focus")
        if let goal = home.streaks.goal {
            screen.lines.append("\(goal.days) days under your goal")
            screen.lines.append("\(goal.lives) lives")
        }
        if let review = home.review {
            // The Daily Review card: yesterday's screen time and score, the goal, the thumbs.
            screen.lines += reviewLines(review)
            screen.buttons += [.init("Thumbs up") { home.rateYesterday(.thumbsUp) }, .init("Thumbs down") { home.rateYesterday(.thumbsDown) }]
        }
        for day in home.streaks.unreportedDays {
            screen.lines.append("\(day.weekday.name): screen time was not reported, so it neither kept nor broke your streak.")
        }
        return screen
    }

    /// The Daily Review as its card on Home and its own screen show it.
    private func reviewLines(_ review: HomeModel.DailyReview) -> [String] {
        var lines = ["Daily Review"]
        if let minutes = review.minutes, let score = review.score {
            lines.append("Yesterday: \(Format.duration(TimeInterval(minutes * 60))) screen time · score \(score)")
        } else {
            lines.append("Yesterday's screen time was not reported.")
        }
        if let under = review.underGoal { lines.append(under ? "Under your goal. Well kept." : "Over your goal.") }
        switch review.rating {
        case .thumbsUp?: lines.append("You gave yesterday a thumbs up.")
        case .thumbsDown?: lines.append("You gave yesterday a thumbs down.")
        case nil: lines.append("How did yesterday feel?")
        }
        return lines
    }

    /// The Daily Review's own screen (its 9 AM reminder opens it): yesterday, the thumbs, Close.
    private func dailyReviewScreen(_ model: DailyReviewModel, app: AppModel) -> Screen {
        var screen = Screen("daily review")
        if let problem = model.problem { screen.lines.append(problem) }
        if let review = model.review { screen.lines += reviewLines(review) }
        screen.buttons = [.init("Thumbs up") { model.rate(.thumbsUp) }, .init("Thumbs down") { model.rate(.thumbsDown) },
                          .init("Close") { app.close() }]
        return screen
    }

    private func sessionScreen(_ app: AppModel) -> Screen {
        let session = app.session
        var screen = Screen("session")
        if let running = session.running {
            screen.lines.append(running.title)
            if let quota = session.quota, quota.allowed > 0 { screen.lines.append("\(quota.remaining) of \(quota.allowed) breaks left") }
            let end = switch session.endingNow {
            case .completed?: "Complete session"
            case .gaveUp?: "Give up"
            case .canceled?, nil: "End session"
            }
            screen.buttons.append(.init(end, disabled: session.endRefusal) { session.end() })
            if running.phase == .onBreak {
                screen.buttons.append(.init("Back to focus") { session.endBreak() })
            } else {
                screen.buttons.append(.init("Take a break", disabled: session.breakRefusal) { session.takeBreak() })
            }
        } else if session.startable.isEmpty {
            screen.lines += ["No session profiles yet", "Make a Present or Key profile under Profiles to start a session."]
        } else {
            // The start panel: a profile (the first until another is chosen), a goal or "Until I end it", Start.
            let chosen = session.startable.first { $0.id == startPanel.profile } ?? session.startable[0]
            let panel = startPanel
            screen.lines += ["Start a session", "Profile: \(chosen.emoji) \(chosen.name)",
                             panel.openEnded ? "Until I end it" : panel.kind == .goal ? "Goal: \(panel.goal) min" : "Ends by itself after \(panel.length) min"]
            screen.buttons += session.startable.map { profile in .init("\(profile.emoji) \(profile.name)") { [weak self] in self?.startPanel.profile = profile.id } }
            screen.buttons.append(.init("Until I end it") { [weak self] in self?.startPanel.openEnded.toggle() })
            if !panel.openEnded {
                // The segmented "How long": a goal or a length (an end time is a clock face; `start: {until:}` picks one).
                screen.buttons += [.init("Goal") { [weak self] in self?.startPanel.kind = .goal },
                                   .init("Length") { [weak self] in self?.startPanel.kind = .length }]
                let choices = panel.kind == .goal ? SessionModel.goalChoices : SessionLength.choices
                screen.buttons += choices.map { minutes in
                    .init("\(minutes) min") { [weak self] in
                        if self?.startPanel.kind == .goal { self?.startPanel.goal = minutes } else { self?.startPanel.length = minutes }
                    }
                }
            }
            let plan: SessionModel.PlanChoice = panel.openEnded ? .openEnded : panel.kind == .goal ? .goal(minutes: panel.goal) : .minutes(panel.length)
            screen.buttons.append(.init("Start") { session.start(chosen.id, plan) })
        }
        if let ending = session.lastEnding { screen.lines += ending.earned }
        if let problem = session.problem { screen.lines.append(problem) }
        if session.problemNeedsPro { screen.buttons.append(.init("See Threshold Pro") { app.showPaywall() }) }
        return screen
    }

    private func prayerScreen(_ model: PrayerModel) -> Screen {
        var screen = Screen("prayer")
        let done = Screen.Button("Done") { [weak self] in self?.closePresented() }
        switch model.phase {
        case .loading: break
        case .windowOpen(let until):
            screen.lines += ["Your apps are already open until \(phone.clock.readable(until))"] + (model.window.map { [$0.timeLeft] } ?? [])
            screen.buttons.append(done)
        case .nothingToUnlock:
            screen.lines.append("Nothing Selah holds is shielded now.")
            screen.buttons.append(done)
        case .mood:
            screen.lines.append(PrayerScreen.moodQuestion)
            screen.buttons += Mood.allCases.map { mood in .init(mood.displayName) { model.choose(mood) } }
        case .reading(let template):
            screen.lines += [template.firstLine] + (model.verse.map { [$0.text, $0.citation] } ?? [])
            screen.buttons += [.init("Amen") { model.amen() }, .init("A different mood") { model.changeMood() }]
        case .finished:
            screen.lines += outcomeLines(model.outcome, model.window)
            screen.buttons.append(done)
        case .problem(let problem):
            screen.lines.append(problem)
            screen.buttons.append(done)
        }
        return screen
    }

    private func gateScreen(_ model: UnlockGateModel) -> Screen {
        var screen = Screen("unlock gate", buttons: [.init("Close") { [weak self] in self?.closePresented() }])
        guard let gate = model.gate else {
            screen.lines.append(model.problem ?? "")
            return screen
        }
        screen.lines.insert(model.appName ?? label(of: model.subject.token), at: 0)
        switch gate.status {
        case .notShielded: screen.lines.append("This app is not shielded now.")
        case .open(let until?):
            screen.lines += ["Apps unlocked", UnlockWindow(until: until, minutes: nil, at: phone.clock.wall, calendar: calendar).timeLeft]
        case .open(nil): screen.lines.append("Open now.")
        case .shielded:
            screen.lines += gate.holders.map { "Shielded by \($0.name)" }
            for option in gate.options {
                let label: String = switch option.way {
                case .ritual(let kind): kind.displayName
                case .intentionOpen: "Open with intention"
                }
                let disabled = option.eligibility.disabledReason.map { reason in
                    [reason.description, model.availableAgain(option)].compactMap { $0 }.joined(separator: " ")
                }
                if let disabled { screen.lines.append("\(label): \(disabled)") }
                screen.buttons.append(.init(label, disabled: disabled) { [weak self] in
                    if let chosen = model.choose(option) { self?.ritual = chosen }
                })
            }
        }
        return screen
    }

    private func ritualScreen(_ ritual: UnlockGateModel.Screen) -> Screen {
        let back = Screen.Button("Done") { [weak self] in self?.ritual = nil }
        switch ritual {
        case .prayer(let model): return prayerScreen(model)
        case .math(let model):
            var screen = Screen("math challenge", lines: outcomeLines(model.outcome, model.window))
            if let problem = model.problem {
                screen.lines += [problem.text, "\(model.challenge.remaining) to go · \(model.challenge.mistakes) of \(MathChallenge.maximumMistakes) mistakes"]
            }
            switch model.feedback {
            case .wrong(let correct)?: screen.lines.append("Not quite: it was \(correct). One more problem added.")
            case .failed(let correct)?:
                screen.lines.append("It was \(correct). That was the third mistake; this attempt is over.")
                screen.buttons.append(.init("Try again") { model.retry() })
            case .notANumber?: screen.lines.append("Type a whole number.")
            case .correct?, .completed?, .notAsking?, nil: break
            }
            screen.buttons.append(back)
            return screen
        case .credits(let model):
            var screen = Screen("Focus Bank", lines: ["Balance: \(model.balance) credits"] + outcomeLines(model.outcome, model.window))
            if model.outcome == nil {
                screen.buttons += model.options.map { option in
                    .init("\(option.minutes) minutes for \(option.cost) credits", disabled: option.eligibility.disabledReason?.description) {
                        model.spend(minutes: option.minutes)
                    }
                }
            } else {
                screen.buttons.append(back)
            }
            return screen
        case .intentionOpen(let model):
            var screen = Screen("intention", lines: outcomeLines(model.outcome, model.window))
            switch model.open.step {
            case .offer: screen.buttons += [.init("Open it") { model.confirm() }, .init("Never mind") { model.nevermind() }]
            case .confirmBeyondAllowance:
                screen.lines.append("That is past today's opens; your streak for it ends today.")
                screen.buttons += [.init("Open anyway") { model.confirm() }, .init("Never mind") { model.nevermind() }]
            case .completed, .declined: screen.buttons.append(back)
            }
            return screen
        case .ticTacToe(let model): return Screen("tic-tac-toe", lines: outcomeLines(model.outcome), buttons: model.outcome == nil ? [] : [back])
        case .breathing(let model): return Screen("breathing quest", lines: outcomeLines(model.outcome), buttons: model.outcome == nil ? [.init("Begin") { model.start() }] : [back])
        case .copyText(let model): return Screen("copy-text quest", lines: outcomeLines(model.outcome), buttons: [back])
        case .emergency(let model):
            var lines = outcomeLines(model.outcome, model.window)
            if !model.isAvailable { lines += ["No emergency unlocks are left for now."] + (model.availableAgain.map { [$0] } ?? []) }
            return Screen("emergency unlock", lines: lines, buttons: [back])
        }
    }

    /// What the views' `TokenLabel` shows for a token: the app's name on this phone.
    func label(of token: AnyToken) -> String {
        switch token {
        case .app(let app): phone.catalogue.app(for: app)?.displayName ?? "\(app)"
        case .category(let category): "\(category)"
        case .webDomain(let domain): "\(domain)"
        }
    }

    private func keyScreen(_ model: KeyTapModel) -> Screen {
        var screen = Screen("key", lines: model.problem.map { [$0] } ?? [])
        let done = Screen.Button("Done") { [weak self] in self?.closePresented() }
        switch model.phase {
        case .working: break
        case .started: screen.lines.append("Session started.")
        case .notStarted: break
        case .choosing(let active):
            screen.lines.append(active.name)
            if let remaining = model.remaining { screen.lines.append("Time left: \(Format.duration(remaining))") }
            screen.buttons.append(.init("End session") { model.end() })
            if model.offersBreak { screen.buttons.append(.init("Take a break") { model.takeBreak() }) }
            if model.offersBackToFocus { screen.buttons.append(.init("Back to focus") { model.backToFocus() }) }
        case .locked(let active):
            screen.lines.append(active.name)
            if let remaining = model.remaining { screen.lines.append("Time left: \(Format.duration(remaining))") }
            screen.lines.append("Beast Mode holds this session; the key cannot end it early.")
        case .ended: screen.lines.append("Session ended.")
        case .onBreak: screen.lines.append("On a break.")
        case .backToFocus: screen.lines.append("Back to focus.")
        case .refused(let reason): screen.lines.append(reason.description)
        }
        screen.buttons.append(done)
        return screen
    }

    /// What a ritual's last view says: "Apps unlocked for 15 minutes" and the time left, or why not.
    private func outcomeLines(_ outcome: RitualOutcome?, _ window: UnlockWindow? = nil) -> [String] {
        if let window { return [window.headline, window.timeLeft] }
        return switch outcome {
        case .unlocked(let until?)?: ["Apps unlocked", UnlockWindow(until: until, minutes: nil, at: phone.clock.wall, calendar: calendar).timeLeft]
        case .unlocked(nil)?: ["Apps unlocked"]
        case .refused(let message)?: [message]
        case nil: []
        }
    }

    // MARK: Onboarding

    /// The onboarding step, with the line under it saying why Continue is disabled.
    private func onboardingScreen(_ model: OnboardingModel) -> Screen {
        var screen = onboardingStep(model)
        if let blocker = model.blocker, blocker != .needsReady, model.step != .tutorial { screen.lines.append(Self.blockerText(blocker)) }
        return screen
    }

    private func onboardingStep(_ model: OnboardingModel) -> Screen {
        let next = Screen.Button("Continue", disabled: model.blocker.map(Self.blockerText)) { model.next() }
        let back = Screen.Button("Back") { model.back() }
        switch model.step {
        case .welcome:
            var screen = Screen("onboarding: welcome", lines: ["Threshold"], buttons: [next])
            // Offered when the iCloud Keychain brought a Together account with a stored backup.
            if model.cloudBackup.canRestore {
                screen.buttons.append(.init("Restore from iCloud", disabled: model.cloudBackup.working ? "Restoring" : nil) {
                    await model.restoreFromCloud()
                })
                if let problem = model.cloudBackup.problem { screen.lines.append(problem) }
            }
            // Its button opens iOS's document picker: `pick-file` picks there.
            screen.buttons.append(.init("Restore from a backup") { [weak self] in self?.documentPickerOpens() })
            if let problem = model.backup.problem { screen.lines.append(problem) }
            return screen
        case .restored:
            var screen = Screen("onboarding: restored", lines: ["Your backup is restored"], buttons: [.init("Continue") { model.close() }])
            if let restored = model.backup.restored {
                screen.lines.append(restored.sentence)
                if !restored.repick.isEmpty {
                    screen.lines.append("Screen Time keeps app choices on the iPhone that made them. Pick the apps again for:")
                    screen.lines += restored.repick.map { "• \($0)" }
                }
            }
            return screen
        case .authorization:
            var screen = Screen("onboarding: Screen Time access", lines: ["Screen Time access"])
            if model.verdict == .approved {
                screen.lines.append("Screen Time access is on.")
            } else {
                if let failure = model.authorizationFailure { screen.lines.append(Self.failureText(failure)) }
                screen.buttons.append(.init(model.authorizationFailure == nil ? "Allow Screen Time access" : "Try again") { [weak self] in
                    await model.requestAccess()
                    await self?.systemPromptClosed()
                })
            }
            screen.buttons += [next, back]
            return screen
        case .paths:
            var screen = Screen("onboarding: paths", lines: ["Your ways in"])
            screen.lines += model.paths.sorted { $0.rawValue < $1.rawValue }.map { "✓ \($0.displayName)" }
            screen.buttons += Pathway.allCases.map { path in .init(path.displayName) { model.toggle(path) } }
            screen.buttons += [next, back]
            return screen
        case .pro:
            return paywallScreen(model.paywall) { model.leavePaywall() }
        case .apps:
            var screen = Screen("onboarding: apps", lines: ["What to shield"])
            if model.paths.contains(.key) {
                // Key's presets, each a toggle with its suggestion.
                screen.lines.append("Key profiles")
                for preset in ProfilePreset.allCases {
                    screen.lines.append((model.presets.contains(preset) ? "✓ " : "") + "\(preset.emoji) \(preset.name): \(preset.suggestion)")
                    screen.buttons.append(.init("\(preset.emoji) \(preset.name)") { model.togglePreset(preset) })
                }
                screen.lines.append((model.takesSuggestedSchedule ? "✓ " : "") + "Also run them on their usual schedules")
                screen.buttons.append(.init("Also run them on their usual schedules") { model.takesSuggestedSchedule.toggle() })
            }
            screen.buttons += [next, back]
            return screen
        case .selah:
            return Screen("onboarding: Selah", lines: ["How you pray"], buttons: [next, back])
        case .duration:
            var screen = Screen("onboarding: unlock duration", lines: ["How long an unlock lasts", "Unlock for \(model.unlockMinutes) min"])
            screen.buttons += OnboardingModel.unlockChoices.map { minutes in .init("\(minutes) min") { model.unlockMinutes = minutes } }
            screen.buttons += [next, back]
            return screen
        case .ready:
            var screen = Screen("onboarding: ready", lines: ["Ready"], buttons: [.init("Turn on shields") { model.finish() }, back])
            if model.paths.contains(.present) {
                // Present's goal picker: "No goal", "Under 1 h" … "Under 6 h".
                screen.lines.append("Daily screen-time goal: \(model.screenTimeGoal.map { "Under \($0 / 60) h" } ?? "No goal")")
                screen.buttons.append(.init("No goal") { model.screenTimeGoal = nil })
                screen.buttons += Settings.screenTimeGoalChoices.map { minutes in .init("Under \(minutes / 60) h") { model.screenTimeGoal = minutes } }
            }
            if let problem = model.problem { screen.lines.append(problem) }
            return screen
        case .notifications:
            var screen = Screen("onboarding: notifications", lines: ["Notifications"])
            switch model.notificationPermission {
            case .allowed?: screen.lines.append("Notifications are on.")
            case .denied?:
                screen.lines.append("Notifications are off. Shields will tell you to open Threshold yourself; you can turn notifications on in Settings › Notifications › Threshold.")
            case .notDetermined?, nil:
                screen.buttons.append(.init("Allow notifications") { [weak self] in
                    await model.requestNotifications()
                    await self?.systemPromptClosed()
                })
            }
            if model.paths.contains(.present) { screen.addReminderToggles(model.reminders, set: model.setReminders) }
            if let problem = model.notificationProblem { screen.lines.append(problem) }
            screen.buttons.append(next)
            return screen
        case .tutorial, .done:
            switch model.tutorial {
            case .offered:
                return Screen("onboarding: tutorial", lines: ["See a shield"],
                              buttons: [.init("Show me") { model.startTutorial() }, .init("Skip") { model.skipTutorial() }])
            case .running:
                return Screen("onboarding: tutorial", lines: ["Every app is shielded"], buttons: [.init("I've seen it") { model.finishTutorial() }])
            case .finished(let xp):
                return Screen("onboarding: tutorial", lines: ["You're set", "+\(xp) XP"], buttons: [.init("Done") { model.close() }])
            }
        }
    }

    private static func blockerText(_ blocker: OnboardingModel.Blocker) -> String {
        switch blocker {
        case .needsAccess: "Threshold cannot shield anything without Screen Time access."
        case .needsPath: "Choose at least one way in."
        case .needsApps: "Choose the apps to shield."
        case .needsReady: "Turn on shields to finish."
        case .tutorialRunning: "Open any app to see its shield, then come back."
        }
    }

    private static func failureText(_ failure: AuthorizationFailure) -> String {
        switch failure {
        case .canceled: "You closed the request. Threshold needs Screen Time access to shield apps; ask again when you are ready."
        case .restricted: "Screen Time is restricted on this iPhone by a parent or a management profile. Ask whoever manages it, then try again."
        case .unavailable: "Screen Time is not available to Threshold on this device."
        case .invalidAccountType: "Sign in to iCloud with your own Apple Account (Settings › your name), then try again."
        case .noPasscode: "Screen Time needs a device passcode. Set one in Settings › Face ID & Passcode, then try again."
        case .network: "Allowing Screen Time needs the internet once. Connect, then try again."
        case .conflict: "Another app manages Screen Time here in a way that conflicts. Remove its access in Settings › Screen Time, then try again."
        case .other: "Screen Time access could not be granted. Try again; if it keeps failing, reinstall Threshold."
        }
    }
}
