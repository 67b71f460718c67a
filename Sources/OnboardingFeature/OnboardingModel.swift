import BackupFeature
import EntryPoints
import FeatureClient
import Foundation
import KeysFeature
import Observation
import PaywallFeature
import ProfilesFeature
import ScreenTimeClient
import SelectionFeature
import StoreClient
import ThresholdCore

/// First run: welcome → Screen Time access → paths → apps → Selah set-up → Selah's unlock window →
/// ready (shields on, through the reconciler) → notifications (why, then iOS's prompt) → the
/// tutorial shield.
///
/// Nothing is saved before "ready", and "ready" saves every restriction in one reconcile, so a
/// refusal leaves the state (and the shields) exactly as they were.
@MainActor @Observable
public final class OnboardingModel {
    public enum Step: String, Hashable, Sendable, CaseIterable {
        case welcome
        case authorization
        case paths
        /// Threshold Pro's trial, with "Not now" (seed 002 Flow A): only when Present or Earned
        /// Access is chosen, never for Selah alone.
        case pro
        case apps
        /// Earned Access's first mode, from its template (seed 002 Flow A: Work, weekdays 9–5,
        /// Gentle), its days and hours editable before it is saved.
        case mode
        /// Earned Access's ways back explained before the tabs: credits, quests, the emergency.
        case unlockOptions
        case selah
        case duration
        case ready
        /// Key's first key, once the shields are on (its profile exists then): written to an NFC
        /// tag, or made as a link whose QR code the Camera opens; "Not now" leaves it to Settings.
        case key
        /// Asks for notification permission, saying why: a shield cannot open Threshold, and its
        /// notification is the only way from a shield into the app.
        case notifications
        case tutorial
        /// A backup was restored from the welcome screen: what came back, and what needs its apps
        /// picked again on this iPhone.
        case restored
        case done
    }

    /// Where the tutorial is.
    public enum TutorialPhase: Hashable, Sendable {
        case offered
        /// Every app is shielded; open one, then come back.
        case running
        /// Finished: it earned `xp`.
        case finished(xp: Int)
    }

    public private(set) var step: Step = .welcome
    public private(set) var verdict: AuthorizationVerdict?
    /// Why the last request for access failed: the message and whether retrying can help.
    public private(set) var authorizationFailure: AuthorizationFailure?
    public private(set) var isRequestingAccess = false
    /// Screen Time access was declined and the person goes on with Threshold as a timer (seed
    /// 004's fallback): only the paths whose sessions can run without shields, no apps to pick
    /// (iOS shows none without access), no tutorial shield. Access allowed later ends it.
    public private(set) var timerOnly = false
    public var paths: Set<Pathway> = []
    /// Key's presets, when the Key path is chosen: each becomes a profile (Work to start with).
    public private(set) var presets: Set<ProfilePreset> = [.work]
    /// Whether Key's profile takes its preset's suggested schedule.
    public var takesSuggestedSchedule = false
    /// What each chosen path holds, picked one path at a time on the apps step (issue 34 item 2).
    public private(set) var selections: [Pathway: Selection] = [:]
    /// Which of the paths holding apps the apps step asks about (an index into ``pathsHoldingApps``).
    public private(set) var appsIndex = 0
    public private(set) var pickProblem: PickProblem?
    public var preferences = SelahPreferences.standard
    /// How long a prayer opens the apps. A challenge always opens them for 5 minutes (seed 003).
    public var unlockMinutes = 10
    /// Earned Access's Work mode: its days and hours, from the template until changed.
    public var modeSchedule: ProfileEditorModel.ScheduleDraft = {
        let work = ProfilePreset.work.suggestedSchedule
        return ProfileEditorModel.ScheduleDraft(id: work.id, weekdays: work.weekdays, start: work.start, end: work.end)
    }()
    /// Present's daily screen-time goal in minutes, chosen on the ready step (`nil`: no goal);
    /// saved with everything else by "Turn on shields", counting the picked apps.
    public var screenTimeGoal: Int?
    /// Present's daily reminders, chosen on the notifications step and saved as they change.
    public private(set) var reminders = Reminders()
    /// Why "ready" could not turn the shields on, or the tutorial could not start or finish;
    /// nothing was saved.
    public private(set) var problem: OnboardingProblem?
    /// What the reconcile could not do after saving (shown, with the way to repair).
    public private(set) var repairs: [RepairNotice] = []
    public private(set) var tutorial: TutorialPhase = .offered
    /// Whether Threshold may post notifications, as iOS last said; `nil` before it was read.
    public private(set) var notificationPermission: NotificationPermission?
    /// Why asking for notification permission failed.
    public private(set) var notificationProblem: Problem?
    public private(set) var isRequestingNotifications = false
    let client: AppClient
    /// The phone's clock now, for words that say an instant relative to it ("tomorrow at 9:00 AM").
    public var now: Date { client.now }

    /// The paywall the `.pro` step shows.
    public let paywall: PaywallModel
    /// The welcome screen's restore from a backup file.
    public let backup: BackupModel
    /// The welcome screen's "Restore from iCloud", offered when the iCloud Keychain brought a
    /// Together account whose encrypted backup was stored (``CloudBackupModel/canRestore``).
    public let cloudBackup: CloudBackupModel
    /// The key step's key, written to a tag or made as a link.
    public let keyMaking: KeyMaking
    /// The profiles a key can start, once the shields are on: Key's presets.
    public private(set) var keyProfiles: [Profile] = []
    /// The profile the key step's key starts (the first preset until the person chooses).
    public var keyProfile: ProfileID?

    public init(client: AppClient) {
        self.client = client
        paywall = PaywallModel(client: client)
        backup = BackupModel(client: client)
        cloudBackup = CloudBackupModel(client: client)
        keyMaking = KeyMaking(client: client)
    }

    /// Restores a backup on this fresh install instead of setting up: onboarding then shows what
    /// came back and ends with Continue. A refused file changes nothing and says why.
    public func restore(_ data: Data) {
        guard step == .welcome else { return }
        if backup.restore(data) { step = .restored }
    }

    /// Restores the encrypted backup another iPhone stored with Together, opened with the key the
    /// iCloud Keychain brought, exactly as a file would be restored (``restore(_:)``).
    public func restoreFromCloud() async {
        guard step == .welcome, let data = await cloudBackup.fetchForRestore() else { return }
        restore(data)
    }

    /// Whether this device reads NFC tags: where it does not, Key's words speak of QR codes.
    public var readsTags: Bool { client.canWriteTags }

    /// Whether the chosen paths include something Pro adds to (Present's Beast Mode and schedules,
    /// Earned Access's locked strictness): the paywall is offered then, never for Selah alone.
    public var offersPro: Bool { !paths.isDisjoint(with: [.present, .earnedAccess]) }

    /// "Not now" on the paywall (or Continue after buying): onboarding goes on, on Free or Pro.
    public func leavePaywall() {
        paywall.notNow()
        next()
    }

    /// The steps for the paths chosen: Selah set-up and the prayer's window only for Selah (a
    /// challenge's window is fixed at 5 minutes).
    public var steps: [Step] {
        Step.allCases.filter { step in
            switch step {
            case .selah, .duration: paths.contains(.selah)
            case .mode, .unlockOptions: paths.contains(.earnedAccess)
            case .key: paths.contains(.key)
            case .pro: offersPro
            // NB: the tutorial shields every app, which iOS does not do without access.
            case .tutorial: !timerOnly
            case .restored: false
            default: true
            }
        }
    }

    /// Why the current step cannot be left yet; `nil` when it can.
    public var blocker: Blocker? {
        switch step {
        case .authorization: verdict == .approved || timerOnly ? nil : .needsAccess
        case .paths: paths.isEmpty ? .needsPath : nil
        case .apps: selection == nil && !timerOnly ? .needsApps : nil
        case .mode: modeSchedule.weekdays.isEmpty ? .needsDays : modeSchedule.start == modeSchedule.end ? .needsHours : nil
        case .ready: .needsReady
        case .tutorial: tutorial == .running ? .tutorialRunning : nil
        // NB: declining is a choice, not a blocker: the shield then says to open Threshold by hand.
        case .welcome, .pro, .unlockOptions, .selah, .duration, .key, .notifications, .restored, .done: nil
        }
    }

    public enum Blocker: Hashable, Sendable {
        case needsAccess, needsPath, needsApps, needsDays, needsHours, needsReady, tutorialRunning
    }

    public func next() {
        guard blocker == nil, let index = steps.firstIndex(of: step), index + 1 < steps.count else { return }
        if step == .apps, appsIndex + 1 < pathsHoldingApps.count {
            appsIndex += 1
            pickProblem = nil
            return
        }
        step = steps[index + 1]
        if step == .apps { appsIndex = 0 }
    }

    public func back() {
        guard canGoBack, let index = steps.firstIndex(of: step) else { return }
        if step == .apps, appsIndex > 0 {
            appsIndex -= 1
            pickProblem = nil
            return
        }
        step = steps[index - 1]
        if step == .apps { appsIndex = max(pathsHoldingApps.count - 1, 0) }
    }

    /// Whether Back goes anywhere (the screen offers it only then): not from the first step, not
    /// once the shields are on (notifications, the tutorial, done), not from a restore's result.
    public var canGoBack: Bool {
        guard let index = steps.firstIndex(of: step) else { return false }
        return index > 0 && ![.key, .notifications, .tutorial, .done].contains(step)
    }

    // MARK: Screen Time access

    /// Reads access without asking (on appear, and when the app comes back from Settings).
    public func checkAccess() async {
        verdict = await client.authorization.verdict()
        if verdict == .approved { (authorizationFailure, timerOnly) = (nil, false) }
    }

    /// Shows the system's request; a failure says what happened and whether a retry can help.
    public func requestAccess() async {
        guard !isRequestingAccess else { return }
        isRequestingAccess = true
        defer { isRequestingAccess = false }
        do {
            _ = try await client.authorization.request()
            authorizationFailure = nil
        } catch let failure as AuthorizationFailure {
            authorizationFailure = failure
        } catch {
            authorizationFailure = .other
        }
        verdict = await client.authorization.verdict()
        if verdict == .approved {
            (authorizationFailure, timerOnly) = (nil, false)
        } else if authorizationFailure == nil {
            // The request returned without access and without an error: the person declined
            // (denied); or iOS finished without turning access on (awaseem/foqos#199), which is
            // not the person's doing and a retry alone does not mend.
            authorizationFailure = verdict == .denied ? .canceled : .notGranted
        }
    }

    /// "Use Threshold as a timer": access was declined; onboarding goes on with the paths whose
    /// sessions run without shields (``timerPaths``), and says what is missing on every step.
    public func useAsTimer() {
        guard step == .authorization, verdict != .approved else { return }
        timerOnly = true
        paths.formIntersection(Self.timerPaths)
        step = .paths
    }

    /// The paths a timer serves: sessions without shields (Key's, Present's). A gate or a mode
    /// only shields, so the others need Screen Time access.
    public static let timerPaths: Set<Pathway> = [.key, .present]

    /// The paths the paths step offers: every one, or a timer's.
    public var offeredPaths: [Pathway] { Pathway.allCases.filter { !timerOnly || Self.timerPaths.contains($0) } }

    // MARK: Notifications

    /// Reads the permission without asking (on appear, and back from Settings).
    public func checkNotifications() {
        if let permission = client.runtime.screenTime.notificationPermission() { notificationPermission = permission }
    }

    /// Shows iOS's prompt (once; after that iOS answers from Settings) and records the answer,
    /// so the shields' text follows it at once.
    public func requestNotifications() async {
        guard !isRequestingNotifications else { return }
        isRequestingNotifications = true
        defer { isRequestingNotifications = false }
        do {
            notificationPermission = try await client.runtime.screenTime.requestNotificationPermission()
            notificationProblem = nil
        } catch {
            notificationProblem = Problem(error)
            checkNotifications()
        }
        // The reconcile records the permission, which the shield's text reads.
        if let refused = client.runtime.reconcile(.inApp("notifications")).problem { notificationProblem = refused }
    }

    /// Turns Present's Daily Review (9 AM) or evening nudge (7 PM) on or off, saved at once (the
    /// shields are already on by this step).
    public func setReminders(_ chosen: Reminders) {
        if let refused = client.perform("onboarding: reminders", SetReminders(chosen)) {
            notificationProblem = refused
        } else {
            reminders = chosen
        }
    }

    // MARK: Choices

    /// Chooses a Key preset, or drops it; the last one stays (the Key path needs a profile).
    public func togglePreset(_ preset: ProfilePreset) {
        if presets.contains(preset) {
            if presets.count > 1 { presets.remove(preset) }
        } else {
            presets.insert(preset)
        }
    }

    public func toggle(_ path: Pathway) {
        if paths.contains(path) { paths.remove(path) } else if offeredPaths.contains(path) { paths.insert(path) }
    }

    // MARK: Each path's apps

    /// The chosen paths, in the order the apps step asks what each holds.
    public var pathsHoldingApps: [Pathway] { Pathway.allCases.filter(paths.contains) }

    /// The path the apps step is asking about.
    public var appsPath: Pathway? {
        step == .apps && pathsHoldingApps.indices.contains(appsIndex) ? pathsHoldingApps[appsIndex] : nil
    }

    /// What the path the apps step asks about holds, when picked.
    public var selection: Selection? { appsPath.flatMap { selections[$0] } }

    /// What `path` holds, once picked.
    public func selection(of path: Pathway) -> Selection? { selections[path] }

    /// The paths asked about before this one, whose apps this one can take in one tap.
    public var earlierPicks: [Pathway] { Array(pathsHoldingApps.prefix(appsIndex)).filter { selections[$0] != nil } }

    /// "Same apps as Selah": the path asked about takes what `earlier` holds, and the step goes on.
    public func useSameApps(as earlier: Pathway) {
        guard let path = appsPath, let picked = selections[earlier] else { return }
        selections[path] = picked
        pickProblem = nil
        next()
    }

    /// Takes what the picker returned for the path the apps step asks about, or says why not
    /// (and keeps the earlier pick).
    public func pick(_ result: PickerResult) {
        guard let path = appsPath else { return }
        let state: ThresholdState
        do {
            state = try client.read().engine
        } catch {
            pickProblem = .refused(Problem(error))
            return
        }
        switch SelectionPick.check(result, in: state, client: client) {
        case .success(let picked):
            selections[path] = picked
            pickProblem = nil
        case .failure(let problem):
            pickProblem = problem
        }
    }

    // MARK: Ready

    /// The restrictions the chosen paths make of the pick. Present and Earned Access share one
    /// Focus profile: the session a person starts by hand, whose focused minutes earn Focus Bank
    /// credits (seed 002: "Start Focus in ≤ 2 taps"; without it an Earned Access person could
    /// never earn the credits their Work mode asks for).
    public func restrictions(of selections: [Pathway: Selection]) throws -> [any Command] {
        var commands: [any Command] = []
        for path in pathsHoldingApps {
            // NB: a timer's profiles hold nothing until access is on and their apps are picked in Profiles.
            guard let selection = selections[path] ?? (timerOnly ? .empty : nil) else { throw OnboardingProblem.noApps }
            switch path {
            case .selah:
                commands.append(
                    SaveGate(
                        try Gate(
                            id: "selah", name: names.selah, path: .selah, selection: selection,
                            unlockPolicy: UnlockPolicy(rituals: [.prayer], windowMinutes: unlockMinutes))))
            case .challenge:
                commands.append(
                    SaveGate(
                        try Gate(
                            id: "challenge", name: names.challenge, path: .challenge, selection: selection,
                            unlockPolicy: .challenge)))
            case .earnedAccess:
                commands.append(
                    SaveProfile(
                        try Profile(
                            id: Self.workModeID, name: names.workMode, emoji: Self.modeEmoji, path: .earnedAccess,
                            selection: selection, unlockPolicy: .earnedAccess,
                            schedules: [try workModeSchedule()])))
                if !paths.contains(.present) { commands.append(SaveProfile(try focusProfile(selection))) }
            case .present:
                commands.append(SaveProfile(try focusProfile(selection)))
            case .key:
                // NB: Key's one pick serves every preset, so every preset blocks it (Sleep's allow
                // list is offered in Profiles, where it gets a pick of its own).
                for preset in ProfilePreset.allCases where presets.contains(preset) {
                    commands.append(
                        SaveProfile(
                            try preset.profile(
                                named: names.preset(preset), selection: selection, listMode: .blockList,
                                withSchedule: takesSuggestedSchedule)))
                }
            }
        }
        return commands
    }

    /// What Threshold calls what it makes: the screen gives the names from its catalog, in the
    /// phone's language, when the person turns the shields on (what they are called then is the
    /// person's own). Until a screen names them (a test of the model alone), they read as the
    /// catalogs' English.
    public struct Names: Hashable, Sendable {
        public var selah = "Selah"
        public var challenge = "Challenge"
        public var workMode = "Work mode"
        public var focus = "Focus"
        public var presets: [ProfilePreset: String] = [.work: "Work", .study: "Study", .sleep: "Sleep"]

        public init() {}

        func preset(_ preset: ProfilePreset) -> String { presets[preset] ?? preset.rawValue }
    }

    public var names = Names()
    public static let modeEmoji = "🏦"
    /// Earned Access's first mode, from its template (seed 002 Flow A: Work, weekdays 9–5).
    static let workModeID: ProfileID = "work-mode"

    private func workModeSchedule() throws -> Schedule {
        try Schedule(id: modeSchedule.id, weekdays: modeSchedule.weekdays, start: modeSchedule.start, end: modeSchedule.end)
    }

    /// When turning shields on shields something: at once (a gate always holds its apps, or a
    /// schedule is in its hours), at a schedule's next start, or only while a session runs.
    public enum ShieldsBegin: Hashable, Sendable {
        case atOnce
        case at(Date, name: String)
        case withASession
    }

    /// What the ready step says of when the shields begin (seed 002 sets up outside the mode's
    /// hours three quarters of the week, when "at once" would not be true).
    public var shieldsBegin: ShieldsBegin {
        if !paths.isDisjoint(with: [.selah, .challenge]) { return .atOnce }
        var scheduled: [(name: String, schedule: Schedule)] = []
        if paths.contains(.earnedAccess), let schedule = try? workModeSchedule() {
            scheduled.append(("\(Self.modeEmoji) \(names.workMode)", schedule))
        }
        if paths.contains(.key), takesSuggestedSchedule {
            for preset in ProfilePreset.allCases where presets.contains(preset) {
                scheduled.append(("\(preset.emoji) \(names.preset(preset))", preset.suggestedSchedule))
            }
        }
        let now = client.now
        let clock = Clockwork(calendar: client.calendar)
        if scheduled.contains(where: { $0.schedule.occurrence(at: now, in: clock) != nil }) { return .atOnce }
        let starts = scheduled.compactMap { entry in
            entry.schedule.nextOccurrences(after: now, in: clock, horizonDays: 8).first.map { (entry.name, $0.start) }
        }
        guard let first = starts.min(by: { $0.1 < $1.1 }) else { return .withASession }
        return .at(first.1, name: first.0)
    }

    /// Whether Work mode starts at once, running until its next span's end, when the person sets
    /// up outside its hours and asks for real blocking right away (seed 002 Flow A). It earns
    /// nothing: it is the mode's schedule brought forward, not focus.
    public var shieldsFromNow = false

    /// Until when "Shield them from now" would shield: the end of Work mode's next span; `nil`
    /// when it is not offered (no Earned Access, or something shields at once anyway).
    public var shieldsFromNowUntil: Date? {
        guard paths.contains(.earnedAccess), case .at = shieldsBegin, let schedule = try? workModeSchedule() else { return nil }
        return StartScheduleEarly.runsUntil([schedule], at: client.now, calendar: client.calendar)
    }

    private func focusProfile(_ selection: Selection) throws -> Profile {
        try Profile(id: "focus", name: names.focus, emoji: "🎯", path: .present, selection: selection)
    }

    /// Saves every restriction and the Selah preferences in one reconcile, which turns the shields
    /// on. A refusal saves nothing.
    public func finish() {
        guard timerOnly || pathsHoldingApps.allSatisfy({ selections[$0] != nil }) else {
            problem = .noApps
            return
        }
        var commands: [any Command]
        do {
            commands = try restrictions(of: selections)
            if shieldsFromNow, shieldsFromNowUntil != nil { commands.append(StartScheduleEarly(profile: Self.workModeID)) }
        } catch {
            problem = .refused(Problem(error))
            return
        }
        let done = client.runtime.reconcile(
            .inApp("onboarding"),
            command: CompleteOnboarding(
                paths: paths, restrictions: commands, screenTimeGoal: selections[.present] == nil ? nil : screenTimeGoal,
                counting: selections[.present] ?? .empty, selah: preferences, timerOnly: timerOnly))
        if let refused = done.problem {
            problem = .refused(refused)
            return
        }
        problem = nil
        repairs = done.outcome.repairs
        if paths.contains(.key) {
            do {
                keyProfiles = try client.read().engine.profiles.filter { $0.path == .key }
            } catch {
                // NB: the shields are on; the key step says why it offers no profile, and Settings can make the key later.
                keyMaking.problem = .refused(Problem(error))
            }
            keyProfile = keyProfiles.first?.id
            step = .key
        } else {
            checkNotifications()
            step = .notifications
        }
    }

    // MARK: Key

    /// The profile the key step's key starts.
    public var chosenKeyProfile: Profile? { keyProfiles.first { $0.id == keyProfile } }

    // MARK: Tutorial

    /// Shields every app until the person comes back (seed 001 §13).
    public func startTutorial() {
        if let refused = client.perform("tutorial", StartTutorial()) {
            problem = .refused(refused)
        } else {
            problem = nil
            tutorial = .running
        }
    }

    /// The person came back to Threshold (or said they had seen the shield): the tutorial ends.
    public func finishTutorial() {
        guard tutorial == .running else { return }
        // NB: what was kept: the tutorial's XP is Present's, and earned only where Present is in use.
        let (done, earned) = client.runtime.reconcile(.inApp("tutorial"), returning: ReturnFromTutorial())
        if let refused = done.problem {
            problem = .refused(refused)
        } else {
            problem = nil
            tutorial = .finished(xp: earned ?? 0)
        }
    }

    public func skipTutorial() {
        guard tutorial != .running else { return }
        step = .done
    }

    public func close() {
        guard blocker == nil else { return }
        step = .done
    }
}

/// Why onboarding could not turn the shields on or run the tutorial, as a value onboarding says in
/// its own words (issue 25). Nothing was saved.
public enum OnboardingProblem: Error, Hashable, Sendable {
    /// No apps are chosen yet.
    case noApps
    /// A rule refused it, or the store failed.
    case refused(Problem)
}
