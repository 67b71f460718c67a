import BackupFeature
import FeatureClient
import Foundation
import KeysFeature
import Observation
import PaywallFeature
import PurchasesClient
import SelectionFeature
import StoreClient
import ThresholdCore
import ThresholdKeys
import UnlockFeature

/// Settings: the apps each gate holds and how long its unlocks last, tradition, vibe and
/// translation, prayer history, the emergency limits, the NFC keys (write, list, revoke) and,
/// hidden behind a confirmation, resetting Selah's streak.
@MainActor @Observable
public final class SettingsModel {
    public struct KeyRow: Hashable, Sendable, Identifiable {
        public let tag: KeyTag
        /// The profile it starts ("💼 Work"), or its id when the profile was deleted.
        public let profileTitle: String
        public let isRevoked: Bool
        /// Its profile was deleted: it starts nothing until linked to another profile, or removed.
        public let isOrphaned: Bool
        public var id: KeyTagID { tag.id }
    }

    public private(set) var preferences = SelahPreferences.standard
    public private(set) var gates: [Gate] = []
    public private(set) var profiles: [Profile] = []

    /// The paths the person uses (``StoredState/paths``). Settings shows those paths' sections
    /// only (a Selah-only person sees no plan, Keys, emergency, Present settings or tutorial).
    public private(set) var pathsInUse: Set<Pathway> = []

    /// Whether the plan's section shows: a path Pro adds to is in use (Present's and Key's Beast
    /// Mode and schedules, Earned Access's modes), or the person has or had Pro.
    public var showsPlan: Bool {
        !pathsInUse.isDisjoint(with: [.present, .key, .earnedAccess]) || plan.status != .free || !pausedSchedules.isEmpty
    }

    /// Whether Keys shows: Key is in use, or a key was written (it can still be revoked).
    public var showsKeys: Bool { pathsInUse.contains(.key) || !keys.isEmpty }

    /// Whether the tutorial can be shown again: it is Present's (seed 001 §13), and earns XP.
    public var offersTutorial: Bool { pathsInUse.contains(.present) }

    /// Whether any gate or profile offers the emergency unlock, whose allowance Settings states.
    public var offersEmergency: Bool {
        gates.contains { $0.unlockPolicy.rituals.contains(.emergency) }
            || profiles.contains { $0.unlockPolicy.rituals.contains(.emergency) }
    }

    /// Whether the person uses Challenge or any gate or profile offers one of its games, whose
    /// choices (which games are on, Play for fun) Settings shows.
    public var offersChallenges: Bool {
        pathsInUse.contains(.challenge)
            || gates.contains { $0.unlockPolicy.rituals.contains { $0.isChallenge } }
            || profiles.contains { $0.unlockPolicy.rituals.contains { $0.isChallenge } }
    }
    public private(set) var keys: [KeyRow] = []
    public private(set) var emergency = EmergencyPolicy.standard
    public private(set) var emergencyAllowance: EmergencyAllowance?
    public private(set) var prayers = PrayerHistory([])
    public private(set) var prayerStreak = 0
    public private(set) var isResetRevealed = false
    public private(set) var pickProblem: PickProblem?
    /// The last change that could not be made; nothing changed.
    public private(set) var problem: SettingsProblem?
    /// The saved data could not be read: nothing that saves can be done (``problem`` says why).
    public private(set) var isUnreadable = false
    /// What counts as screen time and the daily goal; `nil` until a goal is set.
    public private(set) var screenTime: ScreenTimeTracking?
    /// The daily reminders (Daily Review at 9 AM, the evening nudge at 7 PM).
    public private(set) var reminders = Reminders()
    /// Whether a quip comes at each 30-minute screen-time threshold.
    public private(set) var quips = true
    /// Which of Challenge's games are on.
    public private(set) var challenges = ChallengeSettings()
    /// Free or Pro, the schedules a lapse paused, and what the person should know about the plan.
    public private(set) var plan = PlanRecord.free
    /// Where the App Store lets the person change or cancel the subscription.
    public let manageSubscriptionURL = PurchasesClient.manageSubscriptionsURL
    /// Settings › Backup: export everything as a file, or restore one (on a fresh install only).
    public let backup: BackupModel
    /// Settings › Keys: writing a key to a tag, or making a key link.
    public let keyMaking: KeyMaking
    let client: AppClient

    public init(client: AppClient) {
        self.client = client
        backup = BackupModel(client: client)
        keyMaking = KeyMaking(client: client)
        keyMaking.kept = { [weak self] in self?.load() }
    }

    /// A schedule Free paused, for the list the person picks the one to keep on from.
    public struct PausedRow: Hashable, Sendable {
        public let ref: ScheduleRef
        /// Its profile ("💼 Work"), or the profile's id when it was deleted.
        public let profileTitle: String
        /// Its hours, on the phone's wall clock.
        public let start: LocalTime
        public let end: LocalTime
    }

    /// The schedules the plan paused, named for the list the person picks the one to keep on from
    /// (those the person paused are turned back on under Profiles).
    public var pausedSchedules: [PausedRow] {
        plan.pausedByPlan.map { paused in
            let profile = profiles.first { $0.id == paused.profileID }
            return PausedRow(
                ref: paused.ref, profileTitle: profile.map(\.title) ?? paused.profileID.rawValue,
                start: paused.schedule.start, end: paused.schedule.end)
        }
    }

    /// On Free, makes a paused schedule the one that stays on; the one on now is paused (a span of
    /// it in force runs to its end).
    public func keepOn(_ ref: ScheduleRef) {
        reload(saying: client.perform("settings: keep schedule", KeepSchedule(ref)))
    }

    /// The hidden diagnostics screen, read now (long-press the version).
    public func diagnostics() -> DiagnosticsModel {
        let model = DiagnosticsModel(client: client, version: AppVersion.current)
        model.load()
        return model
    }

    /// A paywall for Settings' "Threshold Pro".
    public func paywall() -> PaywallModel { PaywallModel(client: client) }

    public func load() {
        let now = client.now
        do {
            let stored = try client.read()
            preferences = stored.settings.selah
            screenTime = stored.settings.screenTime
            reminders = stored.settings.reminders
            quips = stored.settings.quips
            challenges = stored.settings.challenges
            plan = stored.plan
            gates = stored.engine.gates
            profiles = stored.engine.profiles
            pathsInUse = stored.paths
            keys = stored.settings.keyTags.map { tag in
                KeyRow(
                    tag: tag, profileTitle: stored.engine.profile(tag.profileID).map(\.title) ?? tag.profileID.rawValue,
                    isRevoked: tag.isRevoked(at: now), isOrphaned: stored.engine.profile(tag.profileID) == nil)
            }
            emergency = stored.settings.emergency
            emergencyAllowance = EmergencyAllowance(
                uses: stored.rituals.emergencyUses, policy: stored.settings.emergency,
                at: now, timeZone: client.calendar.timeZone)
            let completions = try PrayerLog.read(client)
            prayers = PrayerHistory(completions)
            prayerStreak = SelahStreak.days(completions, now: now, calendar: client.calendar, resetAt: stored.settings.streakResetAt)
            problem = nil
            isUnreadable = false
        } catch {
            problem = .refused(Problem(error))
            isUnreadable = true
        }
    }

    // MARK: Selah

    /// The person chose one Selah preference: saved, and only then (loading writes nothing).
    public func choose<Value: Equatable>(_ preference: WritableKeyPath<SelahPreferences, Value>, _ value: Value) {
        guard preferences[keyPath: preference] != value else { return }
        var chosen = preferences
        chosen[keyPath: preference] = value
        reload(saying: client.perform("settings: Selah", SaveSelahPreferences(chosen)))
    }

    /// Replaces a gate's apps with a new pick, refused (keeping the old ones) when the pick is
    /// empty, failed, or more than iOS can shield.
    public func editApps(of gate: GateID, _ result: PickerResult) {
        guard let current = gates.first(where: { $0.id == gate }) else { return }
        let stored: StoredState
        do { stored = try client.read() } catch {
            pickProblem = .refused(Problem(error))
            return
        }
        switch SelectionPick.check(result, in: stored.engine, client: client) {
        case .failure(let problem):
            pickProblem = problem
        case .success(let selection):
            pickProblem = nil
            let holders = stored.holders(sharing: selection, path: current.path, except: .gate(gate))
            // Where other paths hold some of the pick too, the person hears so before it is saved.
            guard holders.isEmpty else {
                sharedPick = SharedPick(gate: gate, selection: selection, holders: holders)
                return
            }
            save(apps: selection, of: current)
        }
    }

    /// A pick that other paths' restrictions hold some of too, waiting for the person's yes.
    public struct SharedPick: Hashable, Sendable {
        public let gate: GateID
        public let selection: Selection
        public let holders: [SharedHolder]
    }

    /// The pick waiting for a yes (``editApps(of:_:)``); `nil` when none is.
    public private(set) var sharedPick: SharedPick?

    /// Saves the pick waiting for a yes, or (`false`) keeps the apps the gate had.
    public func answerSharedPick(save yes: Bool) {
        guard let pick = sharedPick else { return }
        sharedPick = nil
        guard yes, let current = gates.first(where: { $0.id == pick.gate }) else { return }
        save(apps: pick.selection, of: current)
    }

    private func save(apps selection: Selection, of gate: Gate) {
        save(gate: gate) {
            try Gate(
                id: $0.id, name: $0.name, path: $0.path, selection: selection, strictness: $0.strictness,
                unlockPolicy: $0.unlockPolicy)
        }
    }

    /// How long a gate's unlocks last (5, 10, 15 or 30 minutes in the picker).
    public func setUnlockMinutes(of gate: GateID, _ minutes: Int) {
        guard let current = gates.first(where: { $0.id == gate }) else { return }
        save(gate: current) {
            try Gate(
                id: $0.id, name: $0.name, path: $0.path, selection: $0.selection, strictness: $0.strictness,
                unlockPolicy: UnlockPolicy(
                    rituals: $0.unlockPolicy.rituals, windowMinutes: minutes,
                    creditsPerMinute: $0.unlockPolicy.creditsPerMinute))
        }
    }

    private func save(gate: Gate, _ change: (Gate) throws -> Gate) {
        do {
            reload(saying: client.perform("settings: gate", SaveGate(try change(gate))))
        } catch {
            reload(saying: Problem(error))
        }
    }

    /// Reads again after a change, then says what could not be done (reading clears ``problem``).
    private func reload(saying refused: Problem?) {
        load()
        if let refused { problem = .refused(refused) }
    }

    // MARK: Screen time and reminders

    /// Sets the daily screen-time goal (`nil`: no goal), counting the apps the person's profiles,
    /// gates and intentions name. A different goal starts afresh (streak 0, one life); a goal
    /// outside 30 minutes – 16 hours is refused with what is allowed, and nothing changes. A first
    /// goal before any apps are chosen is refused too (``SettingsProblem/noAppsToCount``).
    public func setScreenTimeGoal(_ minutes: Int?) {
        // NB: read here rather than in the change: only this app's screens choose apps, on the main
        // actor, so nothing changes the choice between this read and the reconcile below.
        if minutes != nil, let stored = try? client.read(), stored.settings.screenTime == nil, stored.engine.screenTimeSelection.isEmpty {
            load()
            problem = .noAppsToCount
            return
        }
        reload(saying: client.perform("settings: screen-time goal", SetScreenTimeGoal(minutes: minutes)))
    }

    /// Turns the Daily Review (9 AM) or the evening nudge (7 PM) on or off; the reconcile hands iOS
    /// the notifications now due, or withdraws them.
    public func setReminders(_ reminders: Reminders) {
        let refused = client.perform("settings: reminders", SetReminders(reminders))
        load()
        if let refused { problem = .refused(refused) }
    }

    /// Turns the screen-time quips on or off. Read when each threshold is handled: off before a
    /// threshold, no quip for it; a quip already sent stays sent.
    public func setQuips(_ on: Bool) {
        let refused = client.perform("settings: quips", SetQuips(on: on))
        load()
        if let refused { problem = .refused(refused) }
    }

    // MARK: Challenges

    /// Turns one of Challenge's games on or off: a gate then lists it or not, and a challenge
    /// picked for the person comes only from those on. Turning off the last one is refused.
    public func setChallenge(_ kind: ChallengeKind, on: Bool) {
        let refused = client.perform("settings: challenges", SetChallenge(kind, on: on))
        load()
        if let refused { problem = .refused(refused) }
    }

    /// How hard the math challenge's problems are, from the next challenge on. Only here: the
    /// gate cannot lower it at the moment of unlocking.
    public func setMathDifficulty(_ difficulty: MathDifficulty) {
        guard challenges.mathDifficulty != difficulty else { return }
        let refused = client.perform("settings: math difficulty", SetMathDifficulty(difficulty))
        load()
        if let refused { problem = .refused(refused) }
    }

    /// A game to play for fun ("Play for fun"): it grants nothing and records nothing.
    public func practice(_ kind: ChallengeKind) -> UnlockGateModel.Screen? {
        UnlockGateModel.Screen.practice(kind, client: client.rituals)
    }

    // MARK: Tutorial

    /// The tutorial shown again (seed 001 §13): every app is shielded until the person comes
    /// back to Threshold, as on the first run; a replay earns no XP.
    public func showTutorialAgain() {
        let refused = client.perform("settings: tutorial", ReplayTutorial())
        load()
        if let refused { problem = .refused(refused) }
    }

    // MARK: Streak

    /// Shows the reset button (it is hidden so that it is never pressed by accident).
    public func revealReset() { isResetRevealed = true }

    /// Resets Selah's streak; the view asks for confirmation first. The prayers stay in the history.
    public func resetStreak() {
        guard isResetRevealed else { return }
        isResetRevealed = false
        reload(saying: client.perform("settings: reset streak", ResetSelahStreak()))
    }

    // MARK: Keys

    public func revoke(_ tag: KeyTagID) {
        keyAction(RevokeKey(tag))
    }

    /// Removes a revoked key, or one whose profile was deleted, from the list.
    public func removeKey(_ tag: KeyTagID) {
        keyAction(RemoveKey(tag))
    }

    /// Links a key whose profile was deleted to `profile`.
    public func relinkKey(_ tag: KeyTagID, to profile: ProfileID) {
        keyAction(RelinkKey(tag, to: profile))
    }

    private func keyAction(_ command: some StateCommand) {
        keyMaking.problem = client.perform("key", command).map { .refused($0) }
        load()
    }
}

/// Why a change in Settings could not be made, as a value Settings says in its own words (issue 25).
public enum SettingsProblem: Hashable, Sendable {
    /// A rule refused it, or the store failed.
    case refused(Problem)
    /// A screen-time goal needs apps to count: none is chosen yet.
    case noAppsToCount
}
