import EntryPoints
import FeatureClient
import Foundation
import HomeFeature
import ScenarioSetup
import ScreenTimeClient
import ScreenTimeSimulator
import SwiftUI
import SystemWords
import ThresholdCore
import ThresholdRuntime
import TogetherClient

/// Runs steps on a simulated phone, telling what happens, and checks expectations.
///
/// The person acts only through Threshold's screens and iOS's entry points (``Person``); the
/// device's own controls (the clock, a restart, a Focus, Settings' switches) are the phone's.
@MainActor
package final class StepRunner {
    package let person: Person
    package var phone: SimulatedPhone { person.phone }
    /// The last reconcile any process ran during a step, for `storeFailed`.
    private(set) var lastOutcome: ReconcileOutcome?
    /// Why the last request was refused: by a screen, the link router, an entry point, or iOS.
    private(set) var lastRefusal: String?
    private var shownTimeline = 0

    package init(phone: SimulatedPhone, prompt: AccessPrompt, together: TogetherAccess? = nil) {
        self.person = Person(phone: phone, prompt: prompt, together: together)
        if phone.language == .spanish { SpanishContent.taught }
    }

    /// Runs one step. Throws ``StepError`` when the step cannot be done as asked, and
    /// ``ExpectationFailure`` or ``ScreenMismatch`` when what the phone shows differs.
    package func run(_ step: Step) async throws {
        // What the app resolves outside its views (`String(localized:)`) is in the phone's language too.
        try await AppLanguage.$current.withValue(phone.language.appLanguage) { try await take(step) }
    }

    private func take(_ step: Step) async throws {
        let before = phone.outcomes.count
        person.beginStep()
        if case .expect = step {} else { lastRefusal = nil }
        defer {
            if phone.outcomes.count > before { lastOutcome = phone.outcomes.last?.outcome }
            if let refusal = person.refusal { lastRefusal = refusal }
        }
        try await act(step)
        // What iOS did to Threshold meanwhile (killed it, sent it away, moved the clock), its
        // views see; a QR code the screen shows, the person keeps.
        person.followLifecycle()
        try await person.settle()
        person.keepQRCodes()
    }

    private func act(_ step: Step) async throws {
        switch step {
        case .openThreshold:
            try await person.openThreshold()
        case .open(let app, let expected):
            let result = try phone.open(app)
            phone.note(.person, "opens \(app)")
            phone.note(.device, result.shielded ? "shows the shield: \(result.content.map(phone.shieldWords.line) ?? "")" : "\(app) opens")
            if let expected { try check(result, expected) }
        case .use(let app, let seconds):
            phone.note(.person, "uses \(app) for \(Format.duration(seconds))")
            let used = try phone.use(app, for: seconds)
            if used < seconds { phone.note(.device, "\(app) is shielded after \(Format.duration(used))") }
        case .press(let app, let role):
            phone.note(
                .person,
                "presses “\(try phone.open(app).content?.button(role).map { phone.shieldWords.label($0.label) } ?? role.rawValue)” on \(app)'s shield"
            )
            tell(
                try phone.pressShield(role, on: app), closed: "\(app) closes", notified: "\(app) closes; the notification leads to",
                opened: "\(app) opens")
        case .pressWebsite(let site, let role):
            phone.note(
                .person,
                "presses “\(phone.visit(site).content?.button(role).map { phone.shieldWords.label($0.label) } ?? role.rawValue)” on \(site)'s shield in Safari"
            )
            tell(
                try phone.pressShield(role, onWebsite: site), closed: "Safari closes the page", notified: "the notification leads to",
                opened: "\(site) opens")
        case .tapNotification(let id):
            // A notification a shield's button just asked for comes a few seconds later: the person waits for it.
            let coming = phone.notifications.pending.filter { id.map($0.id.hasPrefix) ?? true }.compactMap(\.fireDate).min()
            if let coming, coming.timeIntervalSince(phone.clock.wall) <= 60,
                id.map({ id in !phone.notifications.inbox.contains { $0.id.hasPrefix(id) } }) ?? true
            {
                phone.note(.person, "waits for the notification")
                phone.advance(to: coming)
                person.followLifecycle()
            }
            guard let note = id.map({ id in phone.notifications.inbox.last { $0.id.hasPrefix(id) } }) ?? phone.notifications.inbox.last
            else {
                throw StepError.noNotification(id)
            }
            phone.note(.person, "taps the notification “\(note.title)”")
            let destination = try phone.tapNotification(note.id)
            phone.note(.app, "opens at \(destination.url)")
            try await person.tapped(note)
        case .tapWidget(let kind):
            let link = try LockScreen.link(of: kind, on: phone)
            phone.note(.person, "taps the \(kind.rawValue) widget")
            if let link {
                phone.note(.app, "opens at \(link.absoluteString)")
                try await person.arrive(at: link)
            } else {
                try await person.openThreshold()
            }
        case .quickAction(let action):
            phone.note(.person, "long-presses Threshold's icon and chooses “\(action == .unblock ? "Unblock" : "Feedback")”")
            try await person.arrive(at: action.link)
        case .link(let url):
            phone.note(.person, "opens the link \(url)")
            try await person.follow(link: url)
        case .start(let profile, let origin, let plan):
            try await person.start(profile, origin: origin, plan: plan)
        case .end(let profile, let via):
            try await person.end(profile, via: via)
        case .takeBreak(let profile):
            try await person.takeBreak(profile)
        case .resume(let profile):
            try await person.resume(profile)
        case .useStreakFreeze:
            try await person.useStreakFreeze()
        case .store(let event):
            try await person.appStore(event)
        case .tapKey(let profile):
            try await person.tapKey(profile)
        case .holdTag(let profile):
            try await person.holdTag(as: profile)
        case .scanQR(let key, let edited):
            try await person.scanQR(key, edited: edited)
        case .chooseAfterKey(let choice):
            try await person.choose(choice)
        case .confirmStart(let yes):
            try await person.confirmStart(yes)
        case .pray(let mood):
            try await person.pray(mood: mood)
        case .ritual(let kind, let minutes, let app):
            try await person.ritual(kind, minutes: minutes, app: app)
        case .openIntention(let app, let confirm):
            try await person.openIntention(app, confirm: confirm)
        case .tap(let label, let nth, let times):
            try await person.tap(label, nth: nth, times: times)
        case .swipeAway:
            try await person.swipeAway()
        case .type(let field, let text):
            try await person.type(text, into: field)
        case .set(let control, let value):
            try await person.set(control, to: value)
        case .longPress(let label):
            try await person.longPress(label)
        case .swipe(let row, let action):
            try await person.tap(action) { control in
                if case .swipeAction(let words) = control.kind { Words.fold(words).contains(Words.fold(row)) } else { false }
            }
        case .notificationPrompt(let allow):
            phone.notifications.answersPrompt = allow ? .allowed : .denied
            phone.note(.person, "will \(allow ? "allow" : "refuse") notifications when iOS asks")
        case .answer(let text, let times):
            for _ in 0..<times { try await person.answer(text) }
        case .pickFile(let name, let contents):
            try await person.pickFile(name, contents: contents)
        case .saveFile:
            try await person.saveFile()
        case .pickApps(let names):
            let tokens = try names.map { name in
                guard let app = phone.catalogue.app(named: name) else {
                    throw SimulatorError.unknownApp(name, known: phone.catalogue.names)
                }
                return app.token
            }
            try await person.pick(Selection(applications: Set(tokens)), names: names)
        case .screenTimePrompt(let failures):
            person.prompt.willAnswer(failures)
            phone.note(
                .person,
                failures.isEmpty
                    ? "will allow Screen Time access when iOS asks"
                    : "will answer iOS's Screen Time prompt: \(failures.map(\.description).joined(separator: ", then "))")
        case .advance(let seconds):
            phone.note(.device, "⋯ \(Format.duration(seconds)) pass")
            phone.advance(by: seconds)
        case .advanceTo(let spec):
            let target = spec.instant(from: phone.clock.wall, in: phone.clock.timeZone)
            guard target >= phone.clock.wall else { throw StepError.timeRunsForward(spec.description) }
            phone.note(.device, "⋯ time passes until \(phone.clock.readable(target, weekday: true))")
            phone.advance(to: target)
        case .setClock(let spec):
            phone.note(.person, "sets the clock by hand")
            do {
                try phone.setClock(to: spec.instant(from: phone.clock.wall, in: phone.clock.timeZone))
            } catch SimulatorError.notAllowed(let reason) {
                person.refuse(reason)
            }
        case .setTimeZone(let identifier):
            guard let zone = TimeZone(identifier: identifier) else { throw StepError.unknownTimeZone(identifier) }
            phone.setTimeZone(zone)
        case .reboot:
            phone.reboot()
        case .killApp:
            phone.killApp()
        case .backgroundRefresh:
            try await person.backgroundRefresh()
        case .leaveThreshold:
            phone.note(.person, "goes to the home screen")
            phone.leaveThreshold()
        case .focus(let on):
            phone.setFocus(on)
        case .namedFocus(let name, let on):
            let ran = phone.setFocus(name, on: on)
            // The filter has no screen: what it could not do is what its notification says.
            if let problem = ran?.problem.map(phone.refusalWords.words) ?? ran?.notifications.first.map({ phone.worded($0).body }) {
                person.refuse(problem)
            }
            person.followLifecycle()
            try await person.settle()
        case .focusFilter(let focus, let profile, let minutes):
            phone.note(.person, "adds Threshold's filter to the \(focus) Focus in Settings")
            try refusable { try phone.addFocusFilter(to: focus, profileNamed: profile, minutes: minutes) }
        case .notifications(let permission):
            // Changed in iOS's Settings: Threshold is not on screen meanwhile.
            phone.leaveThreshold()
            phone.notifications.permission = permission
            phone.note(.device, "notifications for Threshold: \(permission.rawValue)")
        case .deleteApp(let app):
            phone.note(.person, "tries to delete \(app)")
            try refusable { try phone.deleteApp(app) }
        case .installApp(let app):
            phone.note(.person, "tries to install \(app) from the App Store")
            try refusable { try phone.installApp(app) }
        case .visit(let site, let blocked):
            phone.note(.person, "opens \(site) in Safari")
            let visit = phone.visit(site)
            if let blocked, (visit.blocked != nil) != blocked {
                throw ExpectationFailure("expected \(site) to be \(blocked ? "blocked" : "open") in Safari, but \(visit)")
            }
        case .pressLiveActivity(let button):
            try await pressLiveActivity(button)
        case .authorization(let status):
            // Changed in iOS's Settings (or by whoever manages Screen Time): Threshold is not on screen meanwhile.
            phone.leaveThreshold()
            phone.authorization = status
            phone.note(.device, "Screen Time access: \(status.rawValue)")
        case .storeFails(let fails):
            guard phone.damageSavedData(fails) else { throw StepError.storeCannotFail }
            phone.note(.device, fails ? "the saved data becomes unreadable" : "the saved data is readable again")
        case .fault(let fault):
            phone.faults.scripted.append(fault)
            phone.note(
                .fault,
                "the next callback will be \(fault == .deliver ? "delivered" : fault.rawValue + (fault == .drop ? "ped" : fault == .delay ? "ed" : "d"))"
            )
        case .faults(let settings):
            var faults = FaultSwitch(seed: settings.seed)
            faults.dropRate = settings.drop
            faults.duplicateRate = settings.duplicate
            faults.delayRate = settings.delay
            faults.maximumDelay = settings.maximumDelay
            phone.faults = faults
        case .note(let text):
            phone.note(.person, text)
        case .status:
            for line in try statusLines() { phone.note(.status, line) }
        case .expect(let expectations):
            for expectation in expectations {
                try await check(expectation)
                phone.note(.check, expectation.description)
            }
        }
    }

    /// The timeline lines added since the last call.
    package func newTimeline() -> [String] {
        defer { shownTimeline = phone.timeline.count }
        return phone.timeline.dropFirst(shownTimeline).map { Format.entry($0, clock: phone.clock) }
    }

    // MARK: Checks

    /// Does something iOS may refuse (deleting or installing an app, a Focus filter's profile): its
    /// refusal is the step's, as the person meets it.
    private func refusable(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch SimulatorError.notAllowed(let reason) {
            person.refuse(reason)
        }
    }

    /// Tells what a shield's press did, and has the person take in a refusal.
    private func tell(_ press: ShieldPress, closed: String, notified: String, opened: String) {
        switch press {
        case .closed: phone.note(.device, closed)
        case .notified(let note): phone.note(.device, "\(notified) \(note.deepLink)")
        case .opened: phone.note(.device, opened)
        case .refused(let message):
            phone.note(.device, "refused: \(message)")
            person.refuse(message)
        }
    }

    private func check(_ result: OpenResult, _ expected: OpenExpectation) throws {
        guard result.shielded == expected.shielded else {
            throw ExpectationFailure("expected \(result.app) to be \(expected.shielded ? "shielded" : "open"), but \(result)")
        }
        if let kind = expected.reason {
            guard let reason = result.reason, ReasonKind(reason) == kind else {
                throw ExpectationFailure(
                    "expected \(result.app)'s shield to give the reason \(kind.rawValue), but it gives \(result.reason.map { ReasonKind($0).rawValue } ?? "none")"
                )
            }
        }
    }

    private func check(_ expectation: Expectation) async throws {
        let stored = try? phone.savedState()
        switch expectation {
        case .inLanguages(let languages, let expectations):
            guard languages.contains(phone.language) else { return }
            for expectation in expectations { try await check(expectation) }
        case .shielded(let apps):
            let open = apps.filter { !phone.shieldedApps.contains($0) }
            guard open.isEmpty else {
                throw ExpectationFailure("expected \(open.joined(separator: ", ")) to be shielded; \(phone.shieldSummary())")
            }
        case .unshielded(let apps):
            let shut = apps.filter { phone.shieldedApps.contains($0) }
            guard shut.isEmpty else {
                throw ExpectationFailure("expected \(shut.joined(separator: ", ")) to be open; \(phone.shieldSummary())")
            }
        case .reason(let app, let kind, let rule):
            let reason = try shownReason(app, stored)
            guard ReasonKind(reason) == kind else {
                throw ExpectationFailure(
                    "expected \(app)'s shield to give the reason \(kind.rawValue), but it gives \(ReasonKind(reason).rawValue)")
            }
            if let rule, reason.rule.linkValue != rule, reason.rule.description != rule, reason.rule.idValue != rule {
                throw ExpectationFailure("expected \(app)'s shield to be held by \(rule), but it is held by \(reason.rule)")
            }
        case .shieldTitle(let app, let text):
            let reason = try shownReason(app, stored)
            // NB: a reason was read from it, so the saved state is there (`shownReason` throws otherwise).
            guard let stored else { throw ExpectationFailure("\(app)'s shield has no saved state to show") }
            // What the shield extension shows for it, through its own front door.
            let item = ShieldedItem.app(found(app)?.token, category: found(app)?.category, name: found(app)?.displayName)
            let content = ShieldContent.shown(for: item, reason: reason, in: .success(stored), at: phone.clock.wall)
            let words = phone.shieldWords.words(content)
            guard Reading.english(words.title).contains(text) || Reading.english(words.subtitle).contains(text) else {
                throw ExpectationFailure("expected \(app)'s shield to read “\(text)”, but it shows “\(words.title)” — \(words.subtitle)")
            }
        case .notification(let text):
            guard phone.notifications.inbox.contains(where: { $0.matches(text) }) else {
                throw ExpectationFailure("expected a notification containing “\(text)”; the inbox holds \(inboxSummary())")
            }
        case .shownOnce(let text):
            // Each showing by its id, read against what the phone shows under that id.
            let shown = phone.notifications.shown.filter { phone.notifications.notification(withID: $0.id)?.matches(text) == true }
            guard shown.count == 1 else {
                throw ExpectationFailure("expected a notification containing “\(text)” shown once; it was shown \(shown.count) times")
            }
        case .noNotification(let text):
            if let found = phone.notifications.inbox.first(where: { $0.matches(text) }) {
                throw ExpectationFailure("expected no notification containing “\(text)”, but “\(found.title)” (\(found.id)) was posted")
            }
        case .activitiesAtMost(let limit):
            let count = phone.activityCentre.registrations.count
            guard count <= limit else { throw ExpectationFailure("expected at most \(limit) activities, but \(count) are monitored") }
        case .repair(let kind):
            let repairs = stored?.applied.repairs ?? []
            if let kind {
                guard repairs.contains(where: { $0.kind == kind }) else {
                    throw ExpectationFailure(
                        "expected a \(kind.rawValue) repair notice; there are \(repairs.isEmpty ? "none" : repairs.map(\.description).joined(separator: "; "))"
                    )
                }
            } else if !repairs.isEmpty {
                throw ExpectationFailure("expected no repair notice, but: \(repairs.map(\.description).joined(separator: "; "))")
            }
        case .liveActivity(let text):
            let shown = phone.liveActivities.current == nil ? nil : try LockScreen.liveActivity(on: phone) { _ in }
            switch (text, shown) {
            case (nil, nil): break
            case (nil, let shown?):
                throw ExpectationFailure("expected no Live Activity, but it shows \(shown.words.map { "“\($0)”" }.joined(separator: ", "))")
            case (let text?, nil): throw ExpectationFailure("expected a Live Activity showing “\(text)”, but none is showing")
            case (let text?, let shown?):
                guard shown.shows(text) else {
                    throw ExpectationFailure(
                        "expected the Live Activity to show “\(text)”, but it shows \(shown.words.map { "“\($0)”" }.joined(separator: ", "))"
                    )
                }
            }
        case .liveActivityDoesNotShow(let text):
            guard phone.liveActivities.current != nil else {
                throw ExpectationFailure("expected a Live Activity not showing “\(text)”, but none is showing")
            }
            let shown = try LockScreen.liveActivity(on: phone) { _ in }
            // NB: read as `live-activity:` reads it; its buttons' words are among its words.
            if let shown, shown.shows(text) {
                throw ExpectationFailure(
                    "expected the Live Activity not to show “\(text)”, but it shows \(shown.words.map { "“\($0)”" }.joined(separator: ", "))"
                )
            }
        case .widgetShows(let text):
            let widgets = try HomeScreenWidget.allCases.flatMap { try LockScreen.widget($0, on: phone) }
            guard widgets.contains(where: { Self.widget($0, shows: text) }) else {
                throw ExpectationFailure("expected a widget to show “\(text)”, but \(try Self.describeWidgets(on: phone))")
            }
        case .widgetDoesNotShow(let text):
            let widgets = try HomeScreenWidget.allCases.flatMap { try LockScreen.widget($0, on: phone) }
            if widgets.contains(where: { Self.widget($0, shows: text) }) {
                throw ExpectationFailure("expected no widget to show “\(text)”, but \(try Self.describeWidgets(on: phone))")
            }
        case .liveActivityEnded(let text):
            // What the lock screen shows of the last Live Activity the app (or its intent) ended,
            // until its dismissal; the extensions cannot end one (ProcessRules), so a session that
            // ended with only they running has no ending here until the app runs.
            let until =
                phone.liveActivities.lingering(at: phone.clock.wall)?.ending.map { " until \(phone.clock.readable($0.dismissAt))" } ?? ""
            let shown = try LockScreen.endedLiveActivity(on: phone)
            let words = shown.map { $0.words.map { "“\($0)”" }.joined(separator: ", ") } ?? ""
            switch (text, shown) {
            case (nil, nil): break
            case (nil, _?): throw ExpectationFailure("expected no ended Live Activity, but \(words) is showing\(until)")
            case (let text?, nil):
                throw ExpectationFailure(
                    "expected an ended Live Activity showing “\(text)”, but none is showing"
                        + (phone.liveActivities.current.map { " (the Live Activity “\($0.title)” has not ended)" } ?? ""))
            case (let text?, let shown?):
                guard shown.shows(text) else {
                    throw ExpectationFailure("expected the ended Live Activity to show “\(text)”, but it shows \(words)\(until)")
                }
            }
        case .liveActivityStale(let expected):
            guard let shown = phone.liveActivities.current else {
                throw ExpectationFailure("expected a Live Activity, but none is showing")
            }
            guard shown.isStale(at: phone.clock.wall) == expected else {
                throw ExpectationFailure(
                    "expected the Live Activity to be \(expected ? "stale" : "up to date"), but it is \(expected ? "up to date" : "stale") (stale from \(shown.staleDate.map { phone.clock.readable($0) } ?? "never"))"
                )
            }
        case .heldNotification(let text):
            guard phone.notifications.held.contains(where: { $0.matches(text) }) else {
                throw ExpectationFailure(
                    "expected the Focus to hold back a notification containing “\(text)”; it holds \(phone.notifications.held.isEmpty ? "nothing" : phone.notifications.held.map { "“\($0.title)”" }.joined(separator: ", "))"
                )
            }
        case .deviceRestrictions(let expected):
            guard phone.deviceRestrictions == expected else {
                throw ExpectationFailure("expected device restrictions \(expected), but they are \(phone.deviceRestrictions)")
            }
        case .refused(let text):
            guard let refusal = lastRefusal else {
                throw ExpectationFailure("expected the last request to be refused, but it was accepted")
            }
            if let text, !Reading.english(refusal).localizedCaseInsensitiveContains(text) {
                throw ExpectationFailure("expected the refusal to mention “\(text)”, but it says: \(refusal)")
            }
        case .accepted:
            if let refusal = lastRefusal { throw ExpectationFailure("expected the last request to be accepted, but: \(refusal)") }
        case .time(let spec):
            let now = phone.clock.wall
            let matches: Bool =
                switch spec {
                case .timeOfDay(let seconds, let weekday):
                    Clockwork(timeZone: phone.clock.timeZone).secondsIntoDay(of: now) == seconds
                        && weekday.map { $0 == Clockwork(timeZone: phone.clock.timeZone).localDate(of: now).weekday } ?? true
                default: spec.instant(from: now, in: phone.clock.timeZone) == now
                }
            guard matches else {
                throw ExpectationFailure("expected the time to be \(spec), but it is \(phone.clock.readable(now, weekday: true))")
            }
        case .widgetReloadsAtLeast(let count):
            guard phone.widgets.reloads >= count else {
                throw ExpectationFailure("expected at least \(count) widget reloads, but there were \(phone.widgets.reloads)")
            }
        case .sessionEnded(let profile, let state):
            // A session that reached its planned end stopped by itself: completed.
            let now = phone.clock.wall
            let endings = (stored?.engine.sessions ?? []).filter { $0.profileID == profile }.compactMap { session -> Session.Ending? in
                session.ending ?? session.plannedEnd.flatMap { $0 <= now ? Session.Ending(at: $0, state: .completed) : nil }
            }
            let last = endings.max { $0.at < $1.at }
            guard let last, last.state == state else {
                throw ExpectationFailure(
                    "expected \(profile)'s last session to have ended \(state.rawValue), but it \(last.map { "ended \($0.state.rawValue)" } ?? "has not ended")"
                )
            }
        case .onBreak(let profile, let expected):
            let status = stored.map {
                evaluate($0.engine, at: phone.clock.wall, calendar: phone.clock.calendar).rule(.profile(profile))?.status
            }
            let onBreak: Bool = if case .onBreak?? = status { true } else { false }
            guard onBreak == expected else {
                throw ExpectationFailure("expected \(profile) \(expected ? "to be" : "not to be") on a break")
            }
        case .balance(let account, let amount):
            guard let stored else {
                throw ExpectationFailure("expected \(amount) \(account.displayName), but the saved data cannot be read")
            }
            guard stored.balances[account] == amount else {
                throw ExpectationFailure("expected \(amount) \(account.displayName), but the balance is \(stored.balances[account])")
            }
        case .purchases(let count):
            guard phone.appStore.purchases == count else {
                throw ExpectationFailure(
                    "expected the App Store to have sold \(count) subscription\(count == 1 ? "" : "s"), but it sold \(phone.appStore.purchases)"
                )
            }
        case .screenTime(let minutes):
            let today = Clockwork(timeZone: phone.clock.timeZone).localDate(of: phone.clock.wall)
            let reported = stored?.progress.screenTimeMinutes(on: today) ?? 0
            guard reported == minutes else {
                throw ExpectationFailure("expected \(minutes) min of screen time reported today, but \(reported)")
            }
        case .goalStreak(let days):
            let streak = stored?.progress.goalStreak
            guard streak?.days == days else {
                throw ExpectationFailure(
                    "expected a \(days)-day goal streak, but it is \(streak.map { "\($0.days) days with \($0.lives) lives" } ?? "not counted")"
                )
            }
        case .prayerStreak(let days):
            // What Home's Streaks card counts ("days of prayer"), read from its model as it stands.
            let streak = try await person.homeShows().streaks.prayerDays
            guard streak == days else {
                throw ExpectationFailure("expected a \(days)-day prayer streak, but Home shows \(streak) days of prayer")
            }
        case .screen(let name):
            guard let shown = person.shownScreen(), shown.isNamed(name) else {
                throw ScreenMismatch("expected the \(name) screen", screen: person.shownScreen())
            }
        case .screenShows(let text):
            guard let shown = person.shownScreen(), shown.shows(text) else {
                throw ScreenMismatch("expected the screen to show “\(text)”", screen: person.shownScreen())
            }
        case .screenDoesNotShow(let text):
            if let shown = person.shownScreen(), shown.shows(text) {
                throw ScreenMismatch("expected the screen not to show “\(text)”", screen: shown)
            }
        case .disabled(let label):
            guard let shown = person.shownScreen() else { throw ScreenMismatch("expected a disabled “\(label)”", screen: nil) }
            let found = Words.find(label, in: shown.controls())
            guard !found.isEmpty else { throw ScreenMismatch("expected a disabled “\(label)”", screen: shown) }
            guard found.allSatisfy(\.isDisabled) else { throw ScreenMismatch("expected “\(label)” to be disabled", screen: shown) }
        case .isOn(let label, let expected):
            guard let shown = person.shownScreen() else {
                throw ScreenMismatch("expected “\(label)” to be \(expected ? "on" : "off")", screen: nil)
            }
            let found = Words.find(label, in: shown.controls()) { control in
                switch control.kind {
                case .toggle, .button, .option: true
                default: false
                }
            }
            guard found.count == 1, let control = found.first else {
                throw ScreenMismatch(
                    found.isEmpty ? "there is no switch or choice “\(label)”" : "“\(label)” names \(found.count) things", screen: shown)
            }
            let isOn: Bool =
                switch control.kind {
                case .toggle(let isOn): isOn
                case .option(_, let isSelected): isSelected
                default: control.element?.accessibility.traits.contains(.isSelected) ?? false
                }
            guard isOn == expected else {
                throw ScreenMismatch("expected “\(control.name)” to be \(expected ? "on" : "off")", screen: shown)
            }
        case .choices(let picker, let options):
            guard let shown = person.shownScreen() else { throw ScreenMismatch("expected “\(picker)” to offer choices", screen: nil) }
            let offered = shown.controls().compactMap { control -> String? in
                if case .option(let name, _) = control.kind, Words.fold(name).hasPrefix(Words.fold(picker)) { control.name } else { nil }
            }
            let missing = options.filter { option in !offered.contains { Words.fold($0) == Words.fold(option) } }
            guard missing.isEmpty else {
                throw ScreenMismatch(
                    "expected “\(picker)” to offer \(missing.map { "“\($0)”" }.joined(separator: ", ")); it offers \(offered.map { "“\($0)”" }.joined(separator: ", "))",
                    screen: shown)
            }
            // The choices are the picker's whole list: one offered beyond them is a mismatch too.
            let extra = offered.filter { choice in !options.contains { Words.fold($0) == Words.fold(choice) } }
            guard extra.isEmpty else {
                throw ScreenMismatch(
                    "expected “\(picker)” to offer only \(options.map { "“\($0)”" }.joined(separator: ", ")); it also offers \(extra.map { "“\($0)”" }.joined(separator: ", "))",
                    screen: shown)
            }
        case .chosen(let picker, let option):
            guard let shown = person.shownScreen() else { throw ScreenMismatch("expected “\(picker)” to show “\(option)”", screen: nil) }
            let chosen = shown.controls().filter { control in
                if case .option(let name, true) = control.kind { Words.fold(name).hasPrefix(Words.fold(picker)) } else { false }
            }
            guard chosen.contains(where: { Words.fold($0.name) == Words.fold(option) }) else {
                throw ScreenMismatch(
                    "expected “\(picker)” to show “\(option)”, but it shows \(chosen.map { "“\($0.name)”" }.joined(separator: " and "))",
                    screen: shown)
            }
        case .storeFailed(let failed):
            guard (lastOutcome?.failedClosed ?? false) == failed else {
                throw ExpectationFailure(
                    failed
                        ? "expected the last reconcile to fail closed, but it saved"
                        : "expected the last reconcile to save, but it failed: \(lastOutcome?.storeFailure.map { String(describing: $0) } ?? "")"
                )
            }
        }
    }

    /// Presses a Live Activity button by its words on the lock screen's drawing of it.
    private func pressLiveActivity(_ button: LiveActivityButton) async throws {
        var pressed: LiveActivityButton?
        guard let shown = try LockScreen.liveActivity(on: phone, press: { pressed = $0 }) else {
            throw ExpectationFailure("there is no Live Activity to press “\(button.rawValue)” on")
        }
        let control = try person.find(Self.word(button), on: shown)
        control.use()
        guard let pressed else { throw ExpectationFailure("“\(control.name)” on the Live Activity pressed nothing") }
        try await person.pressLiveActivity(pressed)
    }

    /// A Live Activity button's words.
    private static func word(_ button: LiveActivityButton) -> String {
        switch button {
        case .end: "End"
        case .takeBreak: "Break"
        case .backToFocus: "Back to focus"
        }
    }

    /// Whether a widget shows `text`: a number exactly, words anywhere.
    private static func widget(_ layer: Screen.Layer, shows text: String) -> Bool {
        Int(text) != nil ? layer.words.contains(text) : layer.shows(text)
    }

    private static func describeWidgets(on phone: SimulatedPhone) throws -> String {
        try HomeScreenWidget.allCases.map { widget in
            "the \(widget.rawValue) widget shows "
                + (try LockScreen.widget(widget, on: phone).first?.words ?? []).map { "“\($0)”" }.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    /// The reason the shield shows for a shielded app.
    private func shownReason(_ app: String, _ stored: StoredState?) throws -> Reason {
        guard let found = phone.catalogue.app(named: app) else { throw SimulatorError.unknownApp(app, known: phone.catalogue.names) }
        guard phone.shieldedApps.contains(app) else { throw ExpectationFailure("expected \(app) to be shielded; \(phone.shieldSummary())") }
        guard let reason = stored?.lastEnforcement(deviceZone: phone.clock.timeZone)?.reason(forApp: found.token, category: found.category)
        else {
            throw ExpectationFailure("\(app) is shielded but the saved enforcement gives no reason")
        }
        return reason
    }

    private func found(_ app: String) -> AppCatalogue.App? { phone.catalogue.app(named: app) }

    private func inboxSummary() -> String {
        phone.notifications.inbox.isEmpty ? "nothing" : phone.notifications.inbox.map { "“\($0.title)”" }.joined(separator: ", ")
    }

    package func statusLines() throws -> [String] {
        var lines = [
            "time: \(phone.clock.readable(phone.clock.wall, weekday: true)) \(phone.clock.timeZone.identifier), Threshold \(phone.appInForeground ? "on screen" : phone.appRunning ? "running in the background" : "not running")"
        ]
        let stored = try? phone.savedState()
        let enforcement = stored?.lastEnforcement(deviceZone: phone.clock.timeZone)
        for app in phone.shieldedApps {
            guard let found = phone.catalogue.app(named: app) else { continue }
            let reason = enforcement?.reason(forApp: found.token, category: found.category)
            lines.append("\(app): shielded (\(reason.map { ReasonKind($0).rawValue + " by " + $0.rule.description } ?? "reason unknown"))")
        }
        if phone.shieldedApps.isEmpty { lines.append("nothing shielded") }
        let registrations = phone.activityCentre.registrations
        lines.append(
            "\(registrations.count) of \(DeviceActivityCentre.maximumActivities) activities; next wake-up \(phone.activityCentre.nextCallbackInstant.map { phone.clock.readable($0, weekday: true) } ?? "none")"
        )
        if let live = phone.liveActivities.current {
            lines.append("Live Activity: \(live.title) (\(live.phase.rawValue)\(live.isStale(at: phone.clock.wall) ? ", stale" : ""))")
        }
        if phone.focus.isOn { lines.append("a Focus is on; it holds \(phone.notifications.held.count) notifications") }
        if phone.deviceRestrictions != .none { lines.append("device restrictions: \(phone.deviceRestrictions)") }
        lines.append("\(phone.notifications.inbox.count) notifications; widgets reloaded \(phone.widgets.reloads) times")
        if let balances = stored?.balances { lines.append("\(balances.xp) XP, \(balances.coins) coins, \(balances.credits) credits") }
        for repair in stored?.applied.repairs ?? [] { lines.append("repair: \(repair)") }
        if stored == nil { lines.append("the saved data cannot be read: shields stay as they were") }
        return lines
    }
}

extension PhoneNotification {
    /// Whether it says `text`, as the person reads it (``Reading``: the pseudolanguage or Spanish read back).
    func matches(_ text: String) -> Bool {
        id.hasPrefix(text) || Reading.english(title).localizedCaseInsensitiveContains(text)
            || Reading.english(body).localizedCaseInsensitiveContains(text)
            || deepLink.contains(text)
    }
}

extension RuleRef {
    /// `selah` for `gate:selah`: the bare id a scenario may name.
    var idValue: String {
        switch self {
        case .profile(let id): id.rawValue
        case .gate(let id): id.rawValue
        case .intention(let id): id.rawValue
        case .tutorial: "tutorial"
        }
    }
}

/// A check on the phone did not hold.
struct ExpectationFailure: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A step could not be done as asked.
enum StepError: Error, CustomStringConvertible {
    case unknownProfile(String)
    case unknownIntention(String)
    case noKeyPrompt
    case noStartConfirmation
    case noNotification(String?)
    case unknownTimeZone(String)
    case timeRunsForward(String)
    case storeCannotFail
    /// The app offers no way to do this (yet): what to do instead.
    case notOffered(String)
    /// The screen kept working past the person's patience (a spinner that never ended, views that
    /// kept changing themselves): a person would wait for ever.
    case neverSettles(String)

    var description: String {
        switch self {
        case .unknownProfile(let id): "there is no profile “\(id)”"
        case .unknownIntention(let app): "\(app) has no intention"
        case .noKeyPrompt: "there is no “End or take a break?” question to answer; tap the key first"
        case .noStartConfirmation: "there is no start to confirm; open a start link to a Beast Mode profile first"
        case .noNotification(let id): id.map { "there is no notification “\($0)”" } ?? "the inbox is empty"
        case .unknownTimeZone(let id): "“\(id)” is not a time zone (use an IANA name such as Europe/London)"
        case .timeRunsForward(let spec): "\(spec) is in the past; advance only goes forward (set-clock moves the clock)"
        case .storeCannotFail: "this store cannot be made to fail"
        case .notOffered(let what): what
        case .neverSettles(let why): why
        }
    }
}
