import AppFeature
import EntryPoints
import Foundation
import HomeFeature
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import SessionsFeature
import SettingsFeature
import SwiftUI
import SystemWords
import ThresholdCore
import ThresholdRuntime

/// The compact steps (`pray`, `challenge: math`, `start`, `tap-key` …): a person going through
/// the app's real screens in one go, by the words each screen shows, as they would by hand.
extension Person {
    // MARK: Getting somewhere

    /// Threshold on screen at one of its tabs, with nothing over it and the tab at its first screen.
    func goToTab(_ tab: String) async throws {
        try await onScreen()
        try await dismissAll()
        let shown = try screen()
        if let chosen = shown.tabs.first(where: { Words.fold(Screen.words($0.label)) == Words.fold(tab) }), !chosen.isSelected {
            try await tap(tab) { if case .tab = $0.kind { true } else { false } }
        }
        try await popToRoot()
    }

    /// Whether the screen shows something a person can use that `label` names.
    func offers(_ label: String, where matches: (Control) -> Bool = { _ in true }) -> Bool {
        guard let shown = shownScreen() else { return false }
        return !Words.find(label, in: shown.controls(), where: matches).isEmpty
    }

    /// What the screen says most plainly now: its problem, or its first lines under its title.
    func message(of shown: Screen.Layer) -> String {
        shown.problems.first ?? shown.words.filter { $0 != shown.title.map(PseudoLanguage.english) }.prefix(3).joined(separator: " ")
    }

    // MARK: Selah

    /// Selah's prayer as Home's "Pray to unlock" opens it (or the one a notification opened): the
    /// mood, the prayer and its verse, Amen, Done.
    func pray(mood: Mood?) async throws {
        var shown = try await onScreen()
        if !shown.views.contains("PrayerView") {
            try await goToTab("Home")
            if offers("Pray to unlock") {
                try await tap("Pray to unlock")
            } else if try await !openGateOffering(Self.title(.prayer)) {
                return refuse("Home offers no prayer: " + message(of: try screen()))
            } else {
                try await tap(Self.title(.prayer))
            }
            shown = try screen()
        }
        if offers(mood.map(Self.word) ?? "Grateful") {
            try await tap(mood.map(Self.word) ?? "Grateful")
        } else if !offers("Amen") {
            refuse(message(of: shown))
            return try await dismissAll()
        } else {
            phone.note(.app, "resumes the prayer left open")
        }
        try await tap("Amen")
        if let outcome = try screen().words.first(where: {
            $0.hasPrefix("Apps unlocked") || $0 == "Unlocked" || $0.contains(" unlocked for ")
        }) {
            phone.note(.app, "shows “\(outcome)”")
        }
        try await dismissAll()
    }

    // MARK: The unlock gate

    /// One ritual from the unlock gate: for `app`, the gate its row under Unlocks on Home opens;
    /// without one, the gate already open, or the first thing Unlocks lists. When the gate does not
    /// offer the ritual, or offers it disabled, the refusal is what the gate says.
    func ritual(_ kind: RitualKind, minutes: Int?, app name: String?) async throws {
        if kind == .prayer, name == nil { return try await pray(mood: nil) }
        // The ritual's screen is already open (the person tapped it on the gate): do it there.
        if name == nil, let shown = shownScreen(), shown.views.contains(Self.screenView(kind)),
            ChallengeKind(kind).map({ !ChallengeKind.added.contains($0) || gameOnScreen() == $0 }) ?? true
        {
            try await perform(kind, minutes: minutes)
            return try await dismissAll()
        }
        guard try await openGate(for: name) else { return }
        let gate = try screen()
        guard let option = Words.find(Self.title(kind), in: gate.controls()).first else {
            refuse("The unlock gate offers no \(Self.title(kind)): " + message(of: gate))
            return try await dismissAll()
        }
        if option.isDisabled {
            refuse(option.reason ?? option.name)
            return try await dismissAll()
        }
        try await tap(Self.title(kind))
        try await perform(kind, minutes: minutes)
        try await dismissAll()
    }

    /// Opens the unlock gate: for `name`, by its row under Unlocks on Home; without one, the gate
    /// already open, or the first row. `false` (with the refusal) when Home offers none.
    func openGate(for name: String?) async throws -> Bool {
        if let shown = shownScreen(), shown.views.contains("UnlockGateView"), name == nil || shown.shows(displayName(name)) {
            try await popToRoot()
            return true
        }
        try await goToTab("Home")
        let rows = try screen().controls().filter { control in
            if case .button = control.kind {
                control.element?.accessibility.hint.map { PseudoLanguage.english($0.string) } == "Shows the ways to unlock it."
            } else {
                false
            }
        }
        let row = name.map { name in rows.first { Words.fold($0.name).hasPrefix(Words.fold(displayName(name))) } } ?? rows.first
        guard let row else {
            refuse(name.map { "\(displayName($0)) is not under Unlocks on Home" } ?? "Nothing is under Unlocks on Home")
            return false
        }
        phone.note(.person, "chooses \(row.name) under Unlocks on Home")
        row.use()
        try await settle()
        return true
    }

    /// Opens, from Home's Unlocks, the first gate that offers `option`; `false` (on Home) when none does.
    private func openGateOffering(_ option: String) async throws -> Bool {
        let rows = try screen().controls().filter { control in
            if case .button = control.kind {
                control.element?.accessibility.hint.map { PseudoLanguage.english($0.string) } == "Shows the ways to unlock it."
            } else {
                false
            }
        }
        for row in rows {
            phone.note(.person, "chooses \(row.name) under Unlocks on Home")
            row.use()
            try await settle()
            if offers(option) { return true }
            try await dismissAll()
        }
        return false
    }

    /// How iOS names an app of the phone's.
    func displayName(_ name: String?) -> String {
        guard let name else { return "" }
        return phone.catalogue.app(named: name)?.displayName ?? name
    }

    /// Does a ritual's screen the way it asks: every problem answered, a game played to a win or
    /// a draw, 45 seconds of breathing, the passage typed over 90 seconds, the emergency held and a
    /// reason given, credits spent.
    func perform(_ kind: RitualKind, minutes: Int?) async throws {
        switch kind {
        case .prayer:
            try await pray(mood: nil)
            return
        case .mathChallenge:
            var solved: [String] = []
            for _ in 0..<40 {
                guard let problem = try mathProblem() else { break }
                solved.append("\(problem.text) = \(problem.answer)")
                try await answer("right")
            }
            phone.note(.person, "solved \(solved.joined(separator: ", "))")
        case .ticTacToe:
            for _ in 0..<20 {
                let shown = try screen()
                let cells = board(on: shown)
                let board = TicTacToeBoard(cells: cells.map(\.mark))
                if board.isOver || cells.isEmpty {
                    guard offers("New game") else { break }
                    try await tap("New game")
                    continue
                }
                guard let cell = board.bestMoves(for: .x).first, let control = cells[cell].control else { break }
                phone.note(.person, "plays \(control.name)")
                control.use()
                try await settle()
            }
        case .ink, .echo, .slide, .unscramble:
            guard let game = ChallengeKind(kind) else { return }
            try await playGame(game)
        case .breathingQuest:
            try await tap("Begin")
            phone.note(.person, "breathes with the quest for \(Int(BreathingQuest.duration)) s")
            phone.advance(by: BreathingQuest.duration)
            followLifecycle()
            try await settle()
        case .copyTextQuest:
            let shown = try screen()
            guard
                let passage = shown.content.flatMap(\.flattened).first(where: { element in
                    if case .section(let header, _) = element.kind { Words.fold(Screen.words(header)) == "type this" } else { false }
                }).map({ Screen.words($0.children) })
            else {
                throw ScreenMismatch("the quest shows no passage under “Type this”", screen: shown)
            }
            phone.note(.person, "copies “\(passage)” by hand")
            let pieces = Self.typed(passage, inPiecesOf: CopyTextQuest.maximumInsertion)
            let pause = (CopyTextQuest.duration / Double(pieces.count)).rounded(.up)
            for piece in pieces {
                phone.advance(by: pause)
                followLifecycle()
                try await settle()
                try await type(piece, into: "Your copy")
            }
            try await tap("Done")
        case .credits:
            let minutes = minutes ?? CreditsUnlock.choices[0]
            if let option = Words.find("\(minutes) minutes for", in: try screen().controls()).first, option.isDisabled {
                return refuse(option.name)
            }
            try await tap("\(minutes) minutes for")
        case .emergency:
            guard offers("Hold") else { return refuse(message(of: try screen())) }
            try await longPress("Hold")
            try await type("My doctor is messaging me about tomorrow's appointment", into: "Why do you need it now?")
            try await tap("Unlock")
        }
        if let outcome = try screen().words.first(where: {
            $0.hasPrefix("Apps unlocked") || $0 == "Unlocked" || $0.contains(" unlocked for ")
        }) {
            phone.note(.app, "shows “\(outcome)”")
        }
    }

    /// The math problem the screen shows, as the person works it out: `nil` when there is none.
    func mathProblem() throws -> (text: String, answer: Int)? {
        let shown = try screen()
        for text in shown.words {
            if let answer = Self.worked(text) { return (text, answer) }
        }
        return nil
    }

    /// The value of an arithmetic problem as written ("23 × 7", "14 × 6 + 19"): products and
    /// quotients first, then sums and differences; `nil` when the text is not one.
    static func worked(_ text: String) -> Int? {
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count >= 3, parts.count % 2 == 1 else { return nil }
        var terms: [Int] = []
        var signs: [Int] = []
        guard var term = Int(parts[0]) else { return nil }
        var sign = 1
        for index in stride(from: 1, to: parts.count, by: 2) {
            guard let value = Int(parts[index + 1]) else { return nil }
            switch parts[index] {
            case "×", "x": term *= value
            case "÷":
                guard value != 0 else { return nil }
                term /= value
            case "+", "−", "-":
                terms.append(term)
                signs.append(sign)
                sign = parts[index] == "+" ? 1 : -1
                term = value
            default: return nil
            }
        }
        terms.append(term)
        signs.append(sign)
        return zip(terms, signs).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// Types an answer into the math challenge and taps Check: `right` is the answer the person
    /// works out from the problem shown, `wrong` one that is not, anything else is typed as it is.
    func answer(_ text: String) async throws {
        if let game = gameOnScreen(), text == "right" || text == "wrong" { return try await move(in: game, right: text == "right") }
        guard let problem = try mathProblem() else { throw ScreenMismatch("there is no math problem to answer", screen: shownScreen()) }
        let typed =
            switch text {
            case "right": String(problem.answer)
            case "wrong": String(problem.answer + 1)
            default: text
            }
        try await type(typed, into: "Answer")
        try await tap("Check")
    }

    /// The tic-tac-toe board as its cells read to VoiceOver: "Row 1, column 2", "X", "O" or "Empty".
    private func board(on shown: Screen.Layer) -> [(mark: Mark?, control: Control?)] {
        let controls = shown.controls()
        return (0..<9).compactMap { index -> (mark: Mark?, control: Control?)? in
            let label = "Row \(index / 3 + 1), column \(index % 3 + 1)"
            guard
                let control = controls.first(where: { $0.element?.accessibility.label.map { PseudoLanguage.english($0.string) } == label })
            else { return nil }
            let value = control.element?.accessibility.value.map { PseudoLanguage.english($0.string) }
            let mark: Mark? = value == "X" ? .x : value == "O" ? .o : nil
            return (mark, control)
        }
    }

    /// Opens an app through its intention, as its shield offers: "Open <App>" grants one of the
    /// day's opens; past them the shield asks again, and a second press (`confirm`) opens it
    /// anyway, or the person leaves it shielded.
    func openIntention(_ name: String, confirm: Bool) async throws {
        phone.note(.person, "opens \(name)")
        guard let button = try phone.open(name).content?.button(.secondary) else { throw StepError.unknownIntention(name) }
        phone.note(.person, "presses “\(phone.shieldWords.label(button.label))” on \(name)'s shield")
        if case .refused(let message) = try phone.pressShield(.secondary, on: name) { return refuse(message) }
        let after = try phone.open(name)
        guard after.shielded, let content = after.content, let again = content.button(.secondary) else {
            phone.note(.device, "\(name) opens")
            return
        }
        guard confirm else {
            phone.note(.person, "presses “\(phone.shieldWords.label(content.primary.label))” and leaves it shielded")
            _ = try phone.pressShield(.primary, on: name)
            let words = phone.shieldWords.words(content)
            return refuse([words.title, words.subtitle].joined(separator: " "))
        }
        phone.note(.person, "presses “\(phone.shieldWords.label(again.label))” again")
        if case .refused(let message) = try phone.pressShield(.secondary, on: name) { refuse(message) }
    }

    // MARK: Sessions

    /// Starts a profile from the Session tab (the start panel: a goal, a length, an end time, or
    /// until ended), or from a Shortcut, or by tapping its key.
    func start(_ profile: ProfileID, origin: SessionOrigin, plan: PlanSpec?) async throws {
        switch origin {
        case .focus:
            throw StepError.notOffered(
                "a Focus starts a profile by itself: add its filter (focus-filter: {focus: Work, profile: …}) and turn the Focus on (focus: {on: Work})"
            )
        case .shortcut:
            // The Start Profile Shortcut takes a length in minutes, or none (until ended).
            let length: SessionLength
            switch plan {
            case nil, .openEnded?: length = .openEnded
            case .minutes(let minutes)?: length = .minutes(minutes)
            case .goal?, .until?:
                throw StepError.notOffered("the Start Profile Shortcut takes a length in minutes (minutes: 25), not a goal or an end time")
            }
            phone.note(.person, "runs the Start Profile Shortcut for \(profile)")
            if let problem = phone.runAppIntent({ $0.startProfile(profile, from: .appIntent("StartProfile"), length: length) }).problem {
                refuse(phone.refusalWords.words(problem))
            }
            try await settle()
        case .key:
            try await tapKey(profile)
            // Another profile is on, so the key's sheet asks first; the person set out to start this one.
            if let shown = shownScreen(), shown.views.contains("KeyTapView"),
                let yes = try screen().controls().first(where: { PseudoLanguage.english($0.name).hasPrefix("Start ") && !$0.isDisabled })
            {
                try await tap(yes.name)
            }
        case .manual:
            try await goToTab("Session")
            guard let found = app?.session.startable.first(where: { $0.id == profile }) else {
                throw ScreenMismatch("the Session tab offers no “\(profile)” to start", screen: shownScreen())
            }
            try await choose(Reading.english(whole: "\(found.emoji) \(found.name)"), in: "Profile")
            let openEnded = try screen().controls().contains { control in
                if case .toggle(true) = control.kind { Words.fold(control.name) == "until i end it" } else { false }
            }
            switch plan {
            case .openEnded?, nil:
                if !openEnded { try await tap("Until I end it") }
            case .goal(let minutes)?:
                if openEnded { try await tap("Until I end it") }
                try await choose("Goal", in: "How long")
                try await choose("\(minutes) min", in: "Goal")
            case .minutes(let minutes)?:
                if openEnded { try await tap("Until I end it") }
                try await choose("Length", in: "How long")
                try await choose("\(minutes) min", in: "Ends by itself after")
            case .until(let spec)?:
                if openEnded { try await tap("Until I end it") }
                try await choose("End time", in: "How long")
                try await setTime(spec.instant(from: phone.clock.wall, in: phone.clock.timeZone), of: "Ends at")
            }
            try await tap("Start")
            // A Beast Mode start asks first what it locks; a `start:` step means it.
            if offers("Start Beast Mode") { try await tap("Start Beast Mode") }
        case .schedule:
            throw StepError.notOffered("a person cannot start a schedule; let time pass to its start")
        }
    }

    /// Chooses `option` in the picker `picker` names.
    func choose(_ option: String, in picker: String) async throws {
        let shown = try screen()
        let pickers = Set(
            shown.controls().compactMap { control -> String? in
                if case .option(let name, _) = control.kind { name } else { nil }
            })
        let named = pickers.filter { Words.fold($0) == Words.fold(picker) }
        let chosen = named.count == 1 ? named : pickers.filter { Words.fold($0).hasPrefix(Words.fold(picker)) }
        guard chosen.count == 1, let name = chosen.first else {
            throw ScreenMismatch(
                chosen.isEmpty ? "there is no “\(picker)” to choose in" : "“\(picker)” names \(chosen.count) pickers", screen: shown)
        }
        let inPicker: (Control) -> Bool = { if case .option(let pickerName, _) = $0.kind { pickerName == name } else { false } }
        if case .option(_, true)? = Words.find(option, in: shown.controls(), where: inPicker).first?.kind { return }
        try await tap(option, where: inPicker)
    }

    /// Sets the time of day of the date picker `label` names.
    func setTime(_ date: Date, of label: String) async throws {
        let shown = try screen()
        let picker = try find(label, on: shown) { if case .datePicker = $0.kind { true } else { false } }
        guard case .datePicker(let content)? = picker.element?.kind else { return }
        phone.note(.person, "sets “\(picker.name)” to \(phone.clock.readable(date))")
        content.set(date)
        try await settle()
    }

    /// Ends the profile's session from one of the ways a person can: the Session tab's End, its
    /// key, a Shortcut, the widget's or the Live Activity's button. Each runs the same command.
    func end(_ profile: ProfileID, via path: EndPath) async throws {
        switch path {
        case .inApp, .notification:
            let card = try await sessionTab(showing: profile)
            let ends = try screen().controls().filter(Self.isEnd)
            guard ends.indices.contains(card) else { throw ScreenMismatch("the Session tab shows no way to end it", screen: shownScreen()) }
            let end = ends[card]
            if end.isDisabled {
                return refuse(try screen().problems.first ?? end.reason ?? "“\(end.name)” is disabled")
            }
            try await tap(end.name, nth: ends[...card].filter { $0.name == end.name }.count)
        case .key:
            try await tapKey(profile)
            if let shown = shownScreen(), shown.views.contains("KeyTapView"), !offersEnd() {
                refuse(message(of: shown))
                return try await dismissAll()
            }
            try await choose(.end)
        case .shortcut, .widget:
            phone.note(.person, path == .shortcut ? "runs the End Session Shortcut" : "presses End on the widget")
            let trigger: Trigger = path == .shortcut ? .appIntent("EndSession") : .widget("End")
            if let problem = phone.runAppIntent({ $0.endSession(profile, from: trigger) }).problem {
                refuse(phone.refusalWords.words(problem))
            }
            try await settle()
        case .liveActivity:
            try await pressLiveActivity(.end)
        }
    }

    func takeBreak(_ profile: ProfileID) async throws {
        let card = try await sessionTab(showing: profile)
        // Each card on the tab shows one “Take a break” while focusing: this session's is the
        // one of its card, counted among the cards not on a break.
        let nth = app?.session.sessions.prefix(card + 1).filter { $0.content.phase != .onBreak }.count ?? 1
        let breaks = Words.find("Take a break", in: try screen().controls())
        guard breaks.indices.contains(nth - 1) else {
            throw ScreenMismatch("the Session tab offers no break", screen: shownScreen())
        }
        let control = breaks[nth - 1]
        if control.isDisabled { return refuse(control.reason ?? "“Take a break” is disabled") }
        try await tap("Take a break", nth: nth)
    }

    func resume(_ profile: ProfileID) async throws {
        let card = try await sessionTab(showing: profile)
        try await tap("Back to focus", nth: app?.session.sessions.prefix(card + 1).filter { $0.content.phase == .onBreak }.count)
    }

    /// The Session tab, showing `profile`'s session among the profiles on (each its own card,
    /// newest first): which card it is. A step about a profile not on cannot be done there.
    @discardableResult
    private func sessionTab(showing profile: ProfileID) async throws -> Int {
        try await goToTab("Session")
        guard let card = app?.session.sessions.firstIndex(where: { $0.id == profile }) else {
            throw ScreenMismatch("the Session tab shows no session of “\(profile)”", screen: shownScreen())
        }
        return card
    }

    /// This week's streak freeze, from the intentions under Profiles (it protects today).
    func useStreakFreeze() async throws {
        try await goToTab("Profiles")
        guard let control = Words.find("Use a streak freeze today", in: try screen().controls()).first else {
            let shown = try screen()
            return refuse(shown.words.first { $0.localizedCaseInsensitiveContains("streak freeze") } ?? message(of: shown))
        }
        if control.isDisabled { return refuse(control.reason ?? "“Use a streak freeze today” is disabled") }
        try await tap("Use a streak freeze today")
    }

    // MARK: Keys and links

    /// Taps the profile's NFC key: its link reaches the app like any universal link. The first tap
    /// writes the key (Settings › Keys › Write a key; the tag keeps the only copy of its link).
    func tapKey(_ profile: ProfileID) async throws {
        guard phone.readsNFCTags else {
            phone.note(.person, "holds the \(profile) key to the device; it reads no NFC tags, so nothing happens")
            return refuse("This device cannot read NFC tags.")
        }
        let link: URL
        if let written = keyLinks[profile] { link = written } else { link = try await writeKey(for: profile) }
        phone.note(.person, "taps the \(profile) key")
        try await follow(link: link.absoluteString)
    }

    /// Settings › Keys: the profile chosen (the key takes its name), "Write a key", and a tag held
    /// to the phone when Core NFC's sheet asks.
    private func writeKey(for profile: ProfileID) async throws -> URL {
        try await goToTab("Settings")
        guard let found = app?.settings.profiles.first(where: { $0.id == profile }) else {
            throw StepError.unknownProfile(profile.rawValue)
        }
        try await choose(Reading.english(whole: "\(found.emoji) \(found.name)"), in: "Profile")
        try await tap("Write a key")
        guard tagSession != nil else {
            throw ScreenMismatch("Settings › Keys did not write a key: \(refusal ?? "no reason given")", screen: shownScreen())
        }
        let link = try await holdTag()
        keyLinks[profile] = link
        try await goToTab("Home")
        return link
    }

    /// Core NFC's sheet is up while a key is written (onboarding's key step, Settings › Keys): the
    /// person holds a tag to the phone and keeps it as `profile`'s key.
    func holdTag(as profile: ProfileID) async throws {
        keyLinks[profile] = try await holdTag()
    }

    /// The Camera reads a key's QR code (or a copy edited by hand) and opens its link, as iOS does.
    func scanQR(_ name: String, edited: Bool) async throws {
        guard var link = qrCodes[name] else {
            throw ScreenMismatch(
                "the person has no QR code for a key named “\(name)” (made: \(qrCodes.keys.sorted()))", screen: shownScreen())
        }
        if edited, var parts = URLComponents(url: link, resolvingAgainstBaseURL: false), let secret = parts.fragment, let last = secret.last
        {
            parts.fragment = String(secret.dropLast()) + (last == "A" ? "B" : "A")
            link = parts.url ?? link
        }
        phone.note(.person, "points the Camera at the \(name) key's QR code\(edited ? " (a copy edited by hand)" : "")")
        try await follow(link: link.absoluteString)
    }

    /// Keeps the QR codes the screen shows, by the key each belongs to (the section it is in).
    func keepQRCodes() {
        guard let shown = shownScreen() else { return }
        for section in shown.content.flatMap(\.flattened) {
            guard case .section(let header, _) = section.kind else { continue }
            for element in section.flattened {
                guard case .image(let image) = element.kind, case .qrCode(let link) = image.source else { continue }
                let key = PseudoLanguage.english(Screen.words(header)).components(separatedBy: " · ").first ?? ""
                if qrCodes[key] != link {
                    qrCodes[key] = link
                    phone.note(.person, "keeps the QR code of the \(key) key")
                }
            }
        }
    }

    /// A universal link arrives (typed, read from a tag, opened by another app): iOS opens
    /// Threshold at it, whose router shows what the link asks for, or says why it cannot.
    func follow(link: String) async throws {
        guard let url = URL(string: link) else { return refuse("“\(link)” is not a link.") }
        try await bringForward()
        let handlers = host?.presentations.openURL ?? []
        guard !handlers.isEmpty else { throw ScreenMismatch("nothing on screen takes a link (onOpenURL)", screen: shownScreen()) }
        let before = shownScreen()?.problems ?? []
        for handler in handlers { handler(url) }
        try await settle()
        if let shown = shownScreen() {
            if shown.views.contains("LinkProblemView") { refuse(Screen.words(shown.content)) } else { noteRefusalShown(before: before) }
            phone.note(.app, "shows \(shown.name)")
        }
    }

    /// A notification was tapped: iOS opens Threshold, whose notification handler routes to the
    /// notification's screen.
    func tapped(_ note: PhoneNotification) async throws {
        guard let url = URL(string: note.deepLink) else { return try await openThreshold() }
        try await arrive(at: url)
    }

    /// Whether a control ends the running session: "End session", "Give up", "Complete session",
    /// or "End today's Work" for a schedule's span.
    static func isEnd(_ control: Control) -> Bool {
        let name = Words.fold(control.name)
        return ["end session", "give up", "complete session"].contains(name) || name.hasPrefix(Words.fold("End today's"))
    }

    /// Whether the key's sheet offers to end the session.
    private func offersEnd() -> Bool {
        shownScreen()?.controls().contains(where: Self.isEnd) ?? false
    }

    /// Answers the key tap's “End or take a break?”.
    func choose(_ choice: KeyChoice) async throws {
        guard let shown = shownScreen(), shown.views.contains("KeyTapView"), offersEnd() else { throw StepError.noKeyPrompt }
        switch choice {
        case .end: try await tap(try screen().controls().first(where: Self.isEnd)?.name ?? "End session")
        case .takeBreak:
            // A break the quota does not allow is disabled, with when the next comes beside it.
            if let offered = try screen().controls().first(where: { Words.fold($0.name) == "take a break" }), offered.isDisabled {
                refuse(offered.reason ?? "“Take a break” is disabled")
            } else {
                try await tap("Take a break")
            }
        case .cancel: phone.note(.person, "keeps going")
        }
        try await dismissAll()
    }

    /// Answers a start link's confirmation.
    func confirmStart(_ yes: Bool) async throws {
        guard let shown = shownScreen(), offers("Start Beast Mode") else { throw StepError.noStartConfirmation }
        _ = shown
        try await tap(yes ? "Start Beast Mode" : "Not now")
    }

    /// Presses a button on the Live Activity, by its words as the lock screen draws it (its intent
    /// runs in Threshold's process without opening it).
    func pressLiveActivity(_ button: LiveActivityButton) async throws {
        phone.note(.person, "presses “\(button.rawValue)” on the Live Activity")
        let press = try phone.pressLiveActivity(button)
        if let problem = press.reconciliation.problem { refuse(phone.refusalWords.words(problem)) }
        try await settle()
    }

    /// Home as it shows now (opening Threshold first when it is not on screen would change what
    /// a check looks at, so Home is read from the model as it stands, loaded again).
    func homeShows() async throws -> HomeModel {
        let app = self.app ?? AppModel(client: client)
        app.home.load()
        if let problem = app.home.problem { throw ExpectationFailure("Home cannot be shown: \(problem)") }
        return app.home
    }

    /// The App Store acts (`store:`); a transaction it makes reaches a running app as
    /// `Transaction.updates` does, and a closed app at its next foreground (from the entitlements).
    func appStore(_ event: StoreEvent) async throws {
        let store = phone.appStore
        switch event {
        case .renew: store.renew()
        case .expire: store.expire()
        case .autoRenewOff: store.setAutoRenew(false)
        case .failBilling: store.failBilling()
        case .refund: store.refund()
        case .askToBuy: store.askToBuy = true
        case .approve: store.approve()
        }
        phone.note(.device, "App Store: \(event.rawValue)")
        if phone.appRunning, let app {
            await app.transactionsUpdated(store.takeUpdates())
            try await settle()
        }
    }

    // MARK: Words

    /// A mood as the prayer screen says it.
    static func word(_ mood: Mood) -> String { mood.displayName }

    /// A ritual's option on the unlock gate.
    static func title(_ kind: RitualKind) -> String { kind.displayName }

    /// The view of the screen a ritual's option opens.
    static func screenView(_ kind: RitualKind) -> String {
        switch kind {
        case .prayer: "PrayerView"
        case .mathChallenge: "MathChallengeView"
        case .ticTacToe: "TicTacToeView"
        case .ink, .echo, .slide, .unscramble: "GameChallengeView"
        case .breathingQuest: "BreathingView"
        case .copyTextQuest: "CopyTextView"
        case .credits: "CreditsView"
        case .emergency: "EmergencyView"
        }
    }

    /// The passage as a person types it: each edit adds at most `length` characters.
    static func typed(_ text: String, inPiecesOf length: Int) -> [String] {
        stride(from: length, to: text.count + length, by: length).map { String(text.prefix($0)) }
    }
}
