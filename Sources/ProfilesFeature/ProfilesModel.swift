import FeatureClient
import Foundation
import Observation
import PaywallFeature
import SelectionFeature
import StoreClient
import ThresholdCore

/// The profiles list: each profile with whether it is on and, when Beast Mode holds it, why it
/// cannot be changed; presets to start from; deleting.
@MainActor @Observable
public final class ProfilesModel {
    public struct Row: Hashable, Sendable, Identifiable {
        public let profile: Profile
        /// On now (a session or a scheduled span).
        public let isOn: Bool
        /// Why it cannot be edited or deleted now (Beast Mode, or on), in the rule's words.
        public let editRefusal: Problem?
        public let deleteRefusal: Problem?
        /// Its keys that work now: deleting the profile stops them (Settings › Keys relinks or removes them).
        public let keys: Int
        /// The path it belongs to as the person sees it (``StoredState/shownPath(of:)``).
        public let path: Pathway
        /// Its schedules the person paused (kept, starting nothing) until they turn them back on.
        public let pausedSchedules: [Schedule]
        public var id: ProfileID { profile.id }
        /// Whether the row offers "Run … on its schedule": it has schedules, on or paused.
        public var hasSchedules: Bool { !profile.schedules.isEmpty || !pausedSchedules.isEmpty }
        /// Whether it runs on its schedules (none of them paused by the person).
        public var runsOnSchedule: Bool { pausedSchedules.isEmpty && !profile.schedules.isEmpty }
    }

    /// A gate (Selah's, Challenge's): listed with the profiles, so every restriction the person
    /// has is here; its apps and unlocks are changed in Settings.
    public struct GateRow: Hashable, Sendable, Identifiable {
        public let gate: Gate
        public var id: GateID { gate.id }
    }

    public private(set) var rows: [Row] = []
    public private(set) var gates: [GateRow] = []
    /// The paths the person uses (``StoredState/paths``).
    public private(set) var paths: Set<Pathway> = []
    /// Whether Key's presets (Work, Study, Sleep) are offered: Key is in use, or nothing is yet.
    public var offersPresets: Bool { paths.contains(.key) || paths.isEmpty }
    /// Whether intentions are offered: they are Present's (seed 001 §5).
    public var offersIntentions: Bool { paths.contains(.present) }
    /// Why no new profile can be added now (the set-up budget is full), in the rule's words;
    /// `nil` while there is room. The editor's Save is refused with the same words.
    public private(set) var addRefusal: Problem?
    public private(set) var problem: Problem?
    let client: AppClient

    public init(client: AppClient) { self.client = client }

    public func load() {
        guard let stored = client.read(reporting: &problem) else { return }
        addRefusal = SetupBudget.additionRefusal(in: stored.engine).map(Problem.refused)
        let enforcement = evaluate(stored.engine, at: client.now, calendar: client.calendar)
        rows = stored.engine.profiles.map { profile in
            Row(
                profile: profile, isOn: enforcement.rule(.profile(profile.id)) != nil,
                editRefusal: client.refusal(of: SaveProfile(profile), in: stored),
                deleteRefusal: client.refusal(of: DeleteProfile(profile.id), in: stored),
                keys: stored.settings.keyTags.filter { $0.profileID == profile.id && !$0.isRevoked(at: client.now) }.count,
                path: stored.shownPath(of: profile),
                pausedSchedules: stored.plan.pausedByPerson(of: profile.id).map(\.schedule))
        }
        gates = stored.engine.gates.map(GateRow.init)
        paths = stored.paths
    }

    /// An editor for a profile, or for a new one (from a preset when given, named as the screen
    /// names the preset in the phone's language).
    public func editor(for profile: ProfileID? = nil, preset: (ProfilePreset, name: String)? = nil) -> ProfileEditorModel {
        let existing = profile.flatMap { id in rows.first { $0.id == id }?.profile }
        let editor = ProfileEditorModel(editing: existing, preset: preset?.0, presetName: preset?.name, client: client)
        // A new profile belongs to a path the person runs sessions on: Present's, else Key's
        // (a preset is Key's, and Key is the path a profile takes when none is in use).
        if existing == nil, preset == nil, paths.contains(.present) { editor.path = .present }
        return editor
    }

    /// Runs the profile on its schedules, or pauses them without deleting them (seed 004: a preset
    /// switched off); a span in force runs to its end. Beast Mode refuses while it holds the profile.
    public func runOnSchedule(_ profile: ProfileID, _ on: Bool) {
        problem = client.perform(on ? "resume schedules" : "pause schedules", PauseSchedules(profile, paused: !on))
        load()
    }

    public func delete(_ profile: ProfileID) {
        problem = client.perform("delete profile", DeleteProfile(profile))
        load()
    }
}

/// The profile and schedule editor: a draft the person changes freely, each field's error shown
/// beside it in the model's own words, and Save refused (with the reason) while Beast Mode holds
/// the profile.
@MainActor @Observable
public final class ProfileEditorModel {
    /// A field an error belongs to.
    public enum Field: Hashable, Sendable {
        case name, emoji, selection, unlock, breaks
        case schedule(ScheduleID)
    }

    /// A schedule as the form edits it.
    public struct ScheduleDraft: Hashable, Sendable, Identifiable {
        public let id: ScheduleID
        public var weekdays: Set<Weekday>
        public var start: LocalTime
        public var end: LocalTime

        public init(id: ScheduleID, weekdays: Set<Weekday>, start: LocalTime, end: LocalTime) {
            self.id = id
            self.weekdays = weekdays
            self.start = start
            self.end = end
        }

        /// The draft of a saved schedule.
        public init(_ schedule: Schedule) {
            self.init(id: schedule.id, weekdays: schedule.weekdays, start: schedule.start, end: schedule.end)
        }
    }

    public let id: ProfileID
    public let isNew: Bool
    public var name: String
    public var emoji: String
    public var path: Pathway
    public private(set) var selection: Selection
    public var listMode: ListMode
    /// How strict; choosing Beast Mode turns on denying app installs (its default), which the
    /// person may turn off again.
    public var strictness: Strictness {
        didSet { if strictness == .locked, oldValue != .locked { deniesAppInstallation = true } }
    }
    /// Safari's adult-content filter while the profile is on.
    public var filtersAdultWebsites: Bool
    /// Websites blocked by the domain the person typed, in order.
    public private(set) var blockedWebsites: [TypedWebsite]
    /// What the person is typing into "Website to block".
    public var websiteToBlock = ""
    /// Why the last website typed was not added; nothing changed.
    public private(set) var websiteProblem: Problem?
    /// No app can be installed while the profile is on (the App Store is hidden).
    public var deniesAppInstallation: Bool
    public var rituals: Set<RitualKind>
    public var windowMinutes: Int
    public var creditsPerMinute: Int
    public var breakCount: Int
    public var breakAllowance: BreakPolicy.Allowance
    public var breakMinutes: Int
    public var schedules: [ScheduleDraft]
    /// Its schedules the person paused under Profiles: shown as kept, changed once turned back on.
    public let pausedSchedules: [ScheduleDraft]
    /// The paths the person uses: the editor offers their ways back only.
    private let paths: Set<Pathway>
    /// The ways back the profile had when the editor opened: still offered, so turning one off
    /// does not take its switch away.
    private let hadRituals: Set<RitualKind>
    /// The ids of every schedule of the profile kept paused (by the person or the plan): a new
    /// schedule takes none of them, or it would stand in for the paused one when that resumes.
    private let pausedIDs: Set<ScheduleID>
    /// Whether a pick of nothing is a timer's (``Settings/timerOnly``), as the editor opened.
    private let timerOnly: Bool
    /// The preset whose suggestion of what to pick the editor says, for a new profile from one.
    public let suggestion: ProfilePreset?
    /// Rest, not focus (``Profile/isRest``): kept from the profile, or Sleep's preset.
    public let isRest: Bool
    /// Minutes before each scheduled start that a heads-up comes (0: none); offered from `Profile.headsUpChoices`.
    public var headsUpMinutes: Int
    public private(set) var pickProblem: PickProblem?
    /// Why the last save was refused (Beast Mode, the store); nothing was saved.
    public private(set) var problem: Problem?
    public private(set) var saved = false
    let client: AppClient
    private var nextSchedule = 1

    init(editing profile: Profile?, preset: ProfilePreset?, presetName: String?, client: AppClient) {
        self.client = client
        isNew = profile == nil
        id = profile?.id ?? ProfileID("profile-" + String(client.random() % 1_000_000_000, radix: 36))
        name = profile?.name ?? presetName ?? ""
        emoji = profile?.emoji ?? preset?.emoji ?? "🎯"
        path = profile?.path ?? .key
        selection = profile?.selection ?? .empty
        listMode = profile?.listMode ?? preset?.listMode ?? .blockList
        suggestion = profile == nil ? preset : nil
        isRest = profile?.isRest ?? preset?.isRest ?? false
        strictness = profile?.strictness ?? .gentle
        let strict = profile?.strict ?? .none
        filtersAdultWebsites = strict.filtersAdultWebsites
        blockedWebsites = strict.blockedWebsites
        deniesAppInstallation = strict.deniesAppInstallation
        rituals = profile?.unlockPolicy.rituals ?? []
        windowMinutes = profile?.unlockPolicy.windowMinutes ?? 10
        creditsPerMinute = profile?.unlockPolicy.creditsPerMinute ?? 1
        let breaks = profile?.breakPolicy ?? preset?.breakPolicy ?? .none
        breakCount = breaks.count
        breakAllowance = breaks.allowance
        breakMinutes = max(1, breaks.minutes)
        headsUpMinutes = profile?.headsUpMinutes ?? Profile.defaultHeadsUpMinutes
        schedules = (profile?.schedules ?? preset.map { [$0.suggestedSchedule] } ?? []).map(ScheduleDraft.init)
        // NB: an unreadable state shows no paused schedule, offers every way back and asks for
        // apps; Save then says why it is refused.
        let stored = try? client.read()
        let paused = profile.map { profile in (stored?.plan.paused ?? []).filter { $0.profileID == profile.id } } ?? []
        pausedSchedules = paused.filter(\.byPerson).map { ScheduleDraft($0.schedule) }
        pausedIDs = Set(paused.map(\.schedule.id))
        paths = stored?.paths ?? Set(Pathway.allCases)
        timerOnly = stored?.settings.timerOnly ?? false
        hadRituals = profile?.unlockPolicy.rituals ?? []
    }

    /// The ways back the editor offers: those of the paths the person uses (Selah's prayer,
    /// Challenge's games, Earned Access's credits and quests), the emergency unlock every path
    /// has, and any the profile already has.
    public var offeredRituals: [RitualKind] {
        RitualKind.allCases.filter { kind in hadRituals.contains(kind) || rituals.contains(kind) || kind.path.map(paths.contains) ?? true }
    }

    /// Where the draft's schedules share time with another profile's, and what that does: both
    /// shield what they block while both are on. `nil` when they share none (or cannot be read).
    public var overlapWarning: OverlapWarning? {
        // NB: an unreadable state or a draft schedule the model refuses warns of nothing; the
        // save says why it is refused.
        guard let drafts = try? schedules.map(schedule), !drafts.isEmpty, let others = try? client.read().engine.profiles else {
            return nil
        }
        for other in others where other.id != id && !other.schedules.isEmpty {
            if let overlap = ScheduleOverlap.first(between: drafts, and: other.schedules) {
                return OverlapWarning(profile: ProfileTitle(other), overlap: overlap)
            }
        }
        return nil
    }

    /// Other paths' restrictions that hold some of the draft's apps too, named before saving with
    /// the way each opens them (issue 34 item 2); empty when none does (or the state is unreadable:
    /// the save then says why).
    public var sharedWith: [SharedHolder] {
        guard listMode == .blockList, let stored = try? client.read() else { return [] }
        return stored.holders(sharing: selection, path: path, except: isNew ? nil : .profile(id))
    }

    /// Builds the profile the draft describes, or throws the model's refusal.
    public func profile() throws -> Profile {
        try Profile(
            id: id, name: name, emoji: emoji, path: path, selection: selection, listMode: listMode, strictness: strictness,
            unlockPolicy: try unlockPolicy(), breakPolicy: try breakPolicy(), schedules: try schedules.map(schedule),
            headsUpMinutes: headsUpMinutes, strict: strict, isRest: isRest)
    }

    /// Every field's error, as the model's validation words it. Each part is built on its own;
    /// a profile-level refusal is placed on the field whose change makes it go away.
    public var errors: [Field: Problem] {
        var errors: [Field: Problem] = [:]
        // A block list that holds nothing is only a timer's, while Screen Time access is off.
        if selection.blocksNothing(as: listMode), !timerOnly {
            errors[.selection] = .refused(.nothingToBlock)
        }
        do { _ = try unlockPolicy() } catch { errors[.unlock] = Problem(error) }
        do { _ = try breakPolicy() } catch { errors[.breaks] = Problem(error) }
        for draft in schedules {
            do { _ = try schedule(draft) } catch { errors[.schedule(draft.id)] = Problem(error) }
        }
        guard errors.isEmpty else { return errors }
        do {
            _ = try profile()
        } catch let error as ValidationError {
            errors[field(of: error)] = .refused(error.refusal)
        } catch {
            errors[.name] = Problem(error)
        }
        return errors
    }

    /// On Free, how many of the draft's schedules Save would keep paused (Free keeps one on): the
    /// editor says so before Save, with "See Threshold Pro". 0 on Pro, or while the draft is invalid.
    public var schedulesSavedPaused: Int {
        // NB: an unreadable state or an invalid draft foretells nothing; Save says why it is refused.
        guard let stored = try? client.read(), let draft = try? profile(),
            let paused = try? PlanRules.pausedBySaving(draft, in: stored.engine, plan: stored.plan)
        else { return 0 }
        return paused.count
    }

    /// The paywall "See Threshold Pro" opens over the editor.
    public func paywall() -> PaywallModel { PaywallModel(client: client) }

    /// Whether the last refusal was one only Pro lifts (Beast Mode on Free): "See Threshold Pro" beside it.
    public var problemNeedsPro: Bool { problem?.needsPro ?? false }

    /// Why Save would be refused now (Beast Mode holds the profile): asked of `SaveProfile` itself.
    public var lockReason: Problem? {
        guard !isNew, let stored = try? client.read(), let current = stored.engine.profile(id) else { return nil }
        return client.refusal(of: SaveProfile(current), in: stored)
    }

    public func pick(_ result: PickerResult) {
        do {
            let state = try client.read().engine
            switch SelectionPick.check(result, listMode: listMode, in: state, client: client) {
            case .success(let picked):
                selection = picked
                pickProblem = nil
            case .failure(let problem):
                pickProblem = problem
            }
        } catch {
            pickProblem = .refused(Problem(error))
        }
    }

    /// What the profile adds while on, as the form holds it.
    public var strict: StrictOptions {
        StrictOptions(
            filtersAdultWebsites: filtersAdultWebsites, blockedWebsites: blockedWebsites, deniesAppInstallation: deniesAppInstallation)
    }

    /// Blocks the website typed into "Website to block" (read as a domain: `https://www.example.com/x`
    /// is `example.com`); refused, with the reason, when it is not one or would be one too many.
    public func blockWebsite() {
        do {
            var options = strict
            try options.block(try TypedWebsite(websiteToBlock))
            blockedWebsites = options.blockedWebsites
            websiteToBlock = ""
            websiteProblem = nil
        } catch {
            websiteProblem = Problem(error)
        }
    }

    public func unblockWebsite(_ website: TypedWebsite) {
        blockedWebsites.removeAll { $0 == website }
        websiteProblem = nil
    }

    public func addSchedule() {
        while schedules.contains(where: { $0.id == ScheduleID("schedule-\(nextSchedule)") })
            || pausedIDs.contains(ScheduleID("schedule-\(nextSchedule)"))
        {
            nextSchedule += 1
        }
        schedules.append(
            ScheduleDraft(
                id: ScheduleID("schedule-\(nextSchedule)"), weekdays: Weekday.weekdays,
                start: try! LocalTime(hour: 9), end: try! LocalTime(hour: 17)))
    }

    public func removeSchedule(_ id: ScheduleID) { schedules.removeAll { $0.id == id } }

    /// Saves through the reconciler, so the shields follow at once. Refused: nothing changes.
    public func save() {
        do {
            problem = client.perform(isNew ? "new profile" : "edit profile", SaveProfile(try profile()))
        } catch {
            problem = Problem(error)
        }
        saved = problem == nil
    }

    // MARK: Parts

    private func unlockPolicy() throws -> UnlockPolicy {
        try UnlockPolicy(rituals: rituals, windowMinutes: windowMinutes, creditsPerMinute: creditsPerMinute)
    }

    private func breakPolicy() throws -> BreakPolicy {
        try BreakPolicy(count: breakCount, per: breakAllowance, minutes: breakCount == 0 ? 0 : breakMinutes)
    }

    private func schedule(_ draft: ScheduleDraft) throws -> Schedule {
        try Schedule(id: draft.id, weekdays: draft.weekdays, start: draft.start, end: draft.end)
    }

    /// The field a profile-level refusal belongs to: the one whose stand-in value changes it.
    private func field(of error: ValidationError) -> Field {
        if let draft = schedules.first(where: { error.subject.hasSuffix("schedule \($0.id)") }) { return .schedule(draft.id) }
        func refusal(name: String? = nil, emoji: String? = nil) -> Problem? {
            do {
                _ = try Profile(
                    id: id, name: name ?? self.name, emoji: emoji ?? self.emoji, path: path, selection: selection,
                    listMode: listMode, strictness: strictness, unlockPolicy: try unlockPolicy(),
                    breakPolicy: try breakPolicy(), schedules: try schedules.map(schedule), strict: strict)
                return nil
            } catch {
                return Problem(error)
            }
        }
        if refusal(name: "Profile") != .refused(error.refusal) { return .name }
        if refusal(emoji: "🎯") != .refused(error.refusal) { return .emoji }
        return .selection
    }
}

/// Another profile whose schedule shares time with the draft's: the editor says where, and that
/// both shield what they block while both are on.
public struct OverlapWarning: Hashable, Sendable {
    public let profile: ProfileTitle
    public let overlap: ScheduleOverlap
}
