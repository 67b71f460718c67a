import Foundation

/// What Free allows and what needs Pro, and what a change of plan does to the set-up.
///
/// Pure: every function takes the engine's state and the plan as values. The store runs
/// ``permit(_:in:plan:)`` before every command and ``admit(_:from:plan:)`` after it (the one way a
/// command reaches the store), so an NFC tap, a Shortcut, a widget and the in-app button meet the
/// same rules. A lapse never ends what is running and deletes nothing: schedules past Free's one
/// are kept paused, a span in force runs to its end, and a renewal resumes them.
public enum PlanRules {
    /// Present's recurring schedules on at once on Free (seed 001 §4: one scheduled session). A
    /// Key profile's schedule and an Earned Access mode's hours are their paths' own and never
    /// count against it (issue 35 item 9).
    public static let freeSchedules = 1

    /// The Pro feature `command` needs in `state`, if any.
    public static func requirement(of command: any Command, in state: ThresholdState) -> ProFeature? {
        switch command {
        case let save as SaveProfile:
            // Editing a profile that is already at Beast Mode adds nothing; making one is Pro.
            let current = state.profile(save.profile.id)
            return save.profile.strictness == .locked && current?.strictness != .locked ? .beastMode : nil
        case let save as SaveGate:
            let current = state.gates.first { $0.id == save.gate.id }
            return save.gate.strictness == .locked && current?.strictness != .locked ? .beastMode : nil
        case let start as StartSession:
            return state.profile(start.profile)?.strictness == .locked ? .beastMode : nil
        case is UseStreakFreeze:
            return .streakFreeze
        default:
            return nil
        }
    }

    /// Throws the refusal naming what Pro adds when `command` needs Pro and the plan has none.
    public static func permit(_ command: any Command, in state: ThresholdState, plan: PlanRecord) throws {
        guard !plan.status.includesPro, let feature = requirement(of: command, in: state) else { return }
        throw feature.refusal
    }

    /// The state after a command, kept within the plan: on Free, schedules the command added past
    /// Free's one are saved paused (a preset past it is created with its schedule paused) and the
    /// notice says so; the paused schedules of a deleted profile go with it.
    public static func admit(_ after: ThresholdState, from before: ThresholdState, plan: inout PlanRecord) throws -> ThresholdState {
        let profileIDs = Set(after.profiles.map(\.id))
        let present = Set(schedules(in: after))
        plan.paused.removeAll { !profileIDs.contains($0.profileID) || present.contains($0.ref) }
        var after = after
        // A schedule the plan paused before Free counted only Present's (a Key profile's, a mode's) comes back.
        let allowed = plan.pausedByPlan.filter { after.profile($0.profileID)?.path != .present }.map(\.ref)
        if !allowed.isEmpty { try resume(allowed, in: &after, plan: &plan) }
        let toPause = pausedBySaving(after, from: before, plan: plan)
        guard !toPause.isEmpty else { return after }
        var state = after
        // A schedule just saved has no span recorded yet, so pausing it ends nothing.
        try pause(toPause, in: &state, plan: &plan, standing: nil)
        let names = toPause.compactMap { name(of: $0, in: after) }
        plan.notice = [.savedPaused(names)]
        return state
    }

    /// The schedules a change from `before` to `after` adds past Free's one, which ``admit(_:from:plan:)``
    /// saves paused: what the editor tells a Free person before they save.
    public static func pausedBySaving(_ after: ThresholdState, from before: ThresholdState, plan: PlanRecord) -> [ScheduleRef] {
        guard !plan.status.includesPro else { return [] }
        let all = limitedSchedules(in: after)
        guard all.count > freeSchedules else { return [] }
        let existing = Set(limitedSchedules(in: before))
        let added = all.filter { !existing.contains($0) }
        let budget = max(0, freeSchedules - all.filter(existing.contains).count)
        return Array(added.dropFirst(budget))
    }

    /// The schedules saving `profile` into `state` would save paused on the plan.
    public static func pausedBySaving(_ profile: Profile, in state: ThresholdState, plan: PlanRecord) throws -> [ScheduleRef] {
        var profiles = state.profiles
        if let index = profiles.firstIndex(where: { $0.id == profile.id }) { profiles[index] = profile } else { profiles.append(profile) }
        return pausedBySaving(try state.with(profiles: profiles), from: state, plan: plan)
    }

    /// The app's refresh from the App Store: records `status`; a lapse from Pro pauses the schedules
    /// past Free's one (a span in force runs to its end as a session, nothing is deleted) and says
    /// so; Pro resumes every paused schedule. A running Beast Mode session is never touched.
    public static func change(
        to status: PlanStatus, state: inout ThresholdState, plan: inout PlanRecord,
        at now: Date, calendar: Calendar, ids: IDGenerator
    ) throws {
        let had = plan.status.includesPro
        plan.status = status
        plan.refreshedAt = now
        if status.includesPro {
            let planPaused = plan.pausedByPlan
            guard !planPaused.isEmpty else { if !had { plan.notice = [] }; return }
            try resume(planPaused.map(\.ref), in: &state, plan: &plan)
            plan.notice = []
            return
        }
        guard had else { return }
        let all = limitedSchedules(in: state)
        guard all.count > freeSchedules else {
            plan.notice = [.proEnded]
            return
        }
        let kept = Array(all.prefix(freeSchedules)), toPause = Array(all.dropFirst(freeSchedules))
        let names = toPause.compactMap { name(of: $0, in: state) }
        let keptNames = kept.compactMap { name(of: $0, in: state) }
        try pause(toPause, in: &state, plan: &plan, standing: (now, calendar, ids))
        plan.notice = [.proEndedPaused(kept: keptNames, paused: names)]
    }

    /// On Free, the person chooses which schedule stays on: `ref` (a paused one) comes back and the
    /// one on now is paused; a span of it in force runs to its end.
    public static func keep(
        _ ref: ScheduleRef, state: inout ThresholdState, plan: inout PlanRecord,
        at now: Date, calendar: Calendar, ids: IDGenerator
    ) throws {
        guard !plan.status.includesPro else {
            throw ValidationError("schedule \(ref)", .proRunsEverySchedule)
        }
        let planPaused = plan.pausedByPlan
        guard planPaused.contains(where: { $0.ref == ref }) else {
            if schedules(in: state).contains(ref) { return }
            throw ValidationError("schedule \(ref)", .noSuchPausedSchedule(known: planPaused.map(\.ref.description)))
        }
        let others = limitedSchedules(in: state)
        try pause(others, in: &state, plan: &plan, standing: (now, calendar, ids))
        try resume([ref], in: &state, plan: &plan)
        plan.notice = []
    }

    /// The person pauses `profile`'s schedules (a preset switched off, seed 004) or turns them back
    /// on. Paused, they are kept out of the profile, so nothing starts, and a span in force runs to
    /// its end as the session that stands for it; back on, they return where they were, within the
    /// plan (on Free, a Present schedule past Free's one is saved paused, and the notice says so).
    public static func setSchedules(
        of profile: ProfileID, paused: Bool, state: inout ThresholdState, plan: inout PlanRecord,
        at now: Date, calendar: Calendar, ids: IDGenerator
    ) throws {
        let current = try state.requireProfile(profile)
        if paused {
            let refs = current.schedules.map { ScheduleRef(profileID: profile, scheduleID: $0.id) }
            try pause(refs, in: &state, plan: &plan, standing: (now, calendar, ids), byPerson: true)
        } else {
            let before = state
            try resume(plan.pausedByPerson(of: profile).map(\.ref), in: &state, plan: &plan)
            state = try admit(state, from: before, plan: &plan)
        }
    }

    /// Every schedule of every profile, in profile order then schedule order.
    public static func schedules(in state: ThresholdState) -> [ScheduleRef] { refs(of: state.profiles) }

    /// Every schedule of `profiles`, in profile order then schedule order.
    private static func refs(of profiles: [Profile]) -> [ScheduleRef] {
        profiles.flatMap { profile in profile.schedules.map { ScheduleRef(profileID: profile.id, scheduleID: $0.id) } }
    }

    /// The schedules Free limits to ``freeSchedules``: Present's sessions'.
    public static func limitedSchedules(in state: ThresholdState) -> [ScheduleRef] {
        refs(of: state.profiles.filter { $0.path == .present })
    }

    /// "💼 Work (09:00–17:00)": how a notice names a schedule.
    public static func name(of ref: ScheduleRef, in state: ThresholdState) -> ScheduleName? {
        guard let profile = state.profile(ref.profileID),
            let schedule = profile.schedules.first(where: { $0.id == ref.scheduleID })
        else { return nil }
        return ScheduleName(profile: ProfileTitle(profile), start: schedule.start, end: schedule.end)
    }

    // MARK: Pausing and resuming

    private static func pause(
        _ refs: [ScheduleRef], in state: inout ThresholdState, plan: inout PlanRecord,
        standing: (now: Date, calendar: Calendar, ids: IDGenerator)?, byPerson: Bool = false
    ) throws {
        for ref in refs {
            guard let profile = state.profile(ref.profileID),
                let position = profile.schedules.firstIndex(where: { $0.id == ref.scheduleID })
            else { continue }
            let schedule = profile.schedules[position]
            if let standing {
                // A span in force keeps going to its end, as the session that stands for it.
                let inForce = ProfileInForce(profile, in: state, at: standing.now, calendar: standing.calendar)
                if let running = inForce.unrecordedSpans.first(where: { $0.key.scheduleID == schedule.id }) {
                    state = try state.replacing(try Session.standingFor(running.key, running.span, ids: standing.ids))
                }
            }
            var kept = profile.schedules
            kept.remove(at: position)
            state = try state.with(profiles: state.profiles.upserting(try profile.with(schedules: kept)))
            plan.paused.append(PausedSchedule(profileID: ref.profileID, schedule: schedule, position: position, byPerson: byPerson))
        }
    }

    private static func resume(_ refs: [ScheduleRef], in state: inout ThresholdState, plan: inout PlanRecord) throws {
        for ref in refs {
            guard let index = plan.paused.firstIndex(where: { $0.ref == ref }) else { continue }
            let paused = plan.paused.remove(at: index)
            guard let profile = state.profile(paused.profileID),
                !profile.schedules.contains(where: { $0.id == paused.schedule.id })
            else { continue }
            var schedules = profile.schedules
            schedules.insert(paused.schedule, at: min(paused.position, schedules.count))
            state = try state.with(profiles: state.profiles.upserting(try profile.with(schedules: schedules)))
        }
    }
}

extension Profile {
    /// A copy with other schedules, validated again.
    public func with(schedules: [Schedule]) throws -> Profile {
        try Profile(
            id: id, name: name, emoji: emoji, path: path, selection: selection, listMode: listMode,
            strictness: strictness, unlockPolicy: unlockPolicy, breakPolicy: breakPolicy, schedules: schedules,
            headsUpMinutes: headsUpMinutes, strict: strict, isRest: isRest)
    }
}
