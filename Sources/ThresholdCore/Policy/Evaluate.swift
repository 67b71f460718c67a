import Foundation

/// What must be shielded at `now`, why, and when that next changes.
///
/// Pure and total: the same state, instant and time zone always give the same result, and
/// any state that passed validation evaluates without trapping. Restrictions in force combine
/// as a union; grants and breaks subtract only what they cover; a locked restriction accepts
/// no grant. Only `calendar.timeZone` is read (see ``Clockwork``).
public func evaluate(_ state: ThresholdState, at now: Date, calendar: Calendar) -> Enforcement {
    Engine(state: state, clock: Clockwork(calendar: calendar)).enforcement(at: now)
}

/// The evaluation of one state; indexes are built once and reused for every instant the
/// `nextChange` search looks at.
struct Engine {
    let state: ThresholdState
    let clock: Clockwork
    private let sessionsByProfile: [ProfileID: [Session]]
    private let sessionsByOccurrence: [OccurrenceKey: Session]
    private let opensByIntention: [IntentionID: [Grant]]

    init(state: ThresholdState, clock: Clockwork) {
        self.state = state
        self.clock = clock
        self.sessionsByProfile = Dictionary(grouping: state.sessions, by: \.profileID)
            .mapValues { $0.sorted { $0.id < $1.id } }
        self.sessionsByOccurrence = Dictionary(
            state.sessions.compactMap { s in s.occurrence.map { ($0, s) } }, uniquingKeysWith: { a, _ in a })
        self.opensByIntention = Dictionary(grouping: state.grants.compactMap { grant -> (IntentionID, Grant)? in
            if case .intentionOpen(let id) = grant.origin { return (id, grant) }
            return nil
        }, by: \.0).mapValues { $0.map(\.1) }
    }

    func enforcement(at now: Date) -> Enforcement {
        let here = Snapshot(engine: self, at: now)
        let (stores, capacityError) = Packing.pack(here.rules)
        return Enforcement(
            stores: stores,
            rules: here.rules,
            activeGrants: here.activeGrants,
            nextChange: nextChange(after: now, from: here),
            capacityError: capacityError)
    }

    /// The first candidate instant at which the result really differs. Candidates are a
    /// superset of the instants at which anything can change; checking each in order makes the
    /// answer exact even where a boundary turns out to change nothing.
    private func nextChange(after now: Date, from here: Snapshot) -> Date? {
        let candidates = Set(boundaries(after: now)).sorted()
        return candidates.first { Snapshot(engine: self, at: $0) != here }
    }

    // MARK: Rules in force

    /// The part of the result that depends on the instant (everything but the packing and
    /// `nextChange`, which follow from it).
    struct Snapshot: Equatable {
        let rules: [RuleEnforcement]
        let activeGrants: [GrantID]

        init(engine: Engine, at now: Date) {
            let valid = engine.state.grants.filter { $0.isValid(at: now) }
            var rules: [RuleEnforcement] = []
            rules += engine.state.profiles.compactMap { engine.rule(for: $0, at: now, grants: valid) }
            rules += engine.state.gates.map { engine.rule(for: $0, grants: valid) }
            rules += engine.state.intentions.map { engine.rule(for: $0, at: now, grants: valid) }
            if let tutorial = engine.state.tutorial, tutorial.startedAt <= now {
                var shield = RuleShield()
                shield.allApplications = true
                rules.append(RuleEnforcement(rule: .tutorial, reason: .tutorial, status: .enforcing, sources: [.always], shield: shield))
            }
            self.rules = rules.sorted { $0.rule < $1.rule }
            self.activeGrants = valid.map(\.id).sorted()
        }
    }

    private func rule(for profile: Profile, at now: Date, grants: [Grant]) -> RuleEnforcement? {
        var sources: [RuleSource] = []
        for schedule in profile.schedules {
            guard let span = schedule.occurrence(at: now, in: clock) else { continue }
            let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: span.day)
            if isEnded(key, by: now) { continue }
            sources.append(.schedule(key))
        }
        let running = (sessionsByProfile[profile.id] ?? []).filter { $0.isRunning(at: now) }
        sources += running.map { .session($0.id) }
        guard !sources.isEmpty else { return nil }

        let reason: Reason
        if profile.path.isSessionPath {
            let label = SessionLabel(profileID: profile.id, name: profile.name, emoji: profile.emoji,
                                     path: profile.path, strictness: profile.strictness)
            let goals = running.compactMap(\.goalInstant)
            let allReached = !running.isEmpty && goals.count == running.count && sources.count == running.count
                && goals.allSatisfy { $0 <= now }
            if allReached, let longest = running.compactMap({ s -> Int? in
                if case .goal(let minutes) = s.plan { return minutes }
                return nil
            }).max() {
                reason = .sessionGoalReached(label, xp: XPTable.xp(forGoalMinutes: longest))
            } else {
                reason = .sessionActive(label)
            }
        } else {
            reason = .gated(GateLabel(rule: .profile(profile.id), name: profile.name, path: profile.path,
                                      rituals: profile.acceptedRituals.sorted()))
        }

        if let pause = running.compactMap({ $0.activeBreak(at: now) }).max(by: { ($0.end, $0.id) < ($1.end, $1.id) }) {
            return RuleEnforcement(rule: .profile(profile.id), reason: reason, status: .onBreak(pause.id, until: pause.end),
                                   sources: sources.sorted(), shield: RuleShield())
        }
        return lifted(rule: .profile(profile.id), reason: reason, sources: sources.sorted(),
                      selection: profile.selection, listMode: profile.listMode,
                      grants: grants.filter { accepts(profile.acceptedRituals, $0) })
    }

    private func rule(for gate: Gate, grants: [Grant]) -> RuleEnforcement {
        let reason = Reason.gated(GateLabel(rule: .gate(gate.id), name: gate.name, path: gate.path,
                                            rituals: gate.acceptedRituals.sorted()))
        return lifted(rule: .gate(gate.id), reason: reason, sources: [.always], selection: gate.selection,
                      listMode: .blockList, grants: grants.filter { accepts(gate.acceptedRituals, $0) })
    }

    private func rule(for intention: Intention, at now: Date, grants: [Grant]) -> RuleEnforcement {
        let today = clock.localDate(of: now)
        let opens = (opensByIntention[intention.id] ?? []).filter { $0.start <= now && clock.localDate(of: $0.start) == today }.count
        let label = IntentionLabel(intentionID: intention.id, app: intention.app, opensUsed: opens,
                                   opensPerDay: intention.opensPerDay, minutesPerOpen: intention.minutesPerOpen)
        let reason: Reason = state.streakFreezeDays.contains(today) ? .streakFreeze(label) : .intention(label)
        let own = grants.filter { $0.origin == .intentionOpen(intention.id) }
        return lifted(rule: .intention(intention.id), reason: reason, sources: [.always],
                      selection: Selection(applications: [intention.app]), listMode: .blockList, grants: own)
    }

    private func accepts(_ rituals: Set<RitualKind>, _ grant: Grant) -> Bool {
        if case .ritual(let kind) = grant.origin { return rituals.contains(kind) }
        return false
    }

    /// A rule's shield after the grants it accepts.
    private func lifted(rule: RuleRef, reason: Reason, sources: [RuleSource], selection: Selection,
                        listMode: ListMode, grants: [Grant]) -> RuleEnforcement {
        if let whole = grants.filter({ $0.scope == .allGated }).max(by: { ($0.end, $0.id) < ($1.end, $1.id) }) {
            return RuleEnforcement(rule: rule, reason: reason, status: .granted(whole.id, until: whole.end),
                                   sources: sources, shield: RuleShield())
        }
        var apps = Set<AppToken>(), categories = Set<CategoryToken>(), webs = Set<WebDomainToken>()
        var used: [GrantID] = []
        for grant in grants {
            guard case .token(let token) = grant.scope else { continue }
            switch token {
            case .app(let app): apps.insert(app)
            case .category(let category): categories.insert(category)
            case .webDomain(let web): webs.insert(web)
            }
            used.append(grant.id)
        }
        var shield = RuleShield()
        switch listMode {
        case .blockList:
            shield.applications = selection.applications.subtracting(apps)
            shield.categories = selection.categories.subtracting(categories)
            shield.webDomains = selection.webDomains.subtracting(webs)
            if !shield.categories.isEmpty {
                shield.applicationExceptions = apps
                shield.webDomainExceptions = webs
            }
        case .allowList:
            shield.allApplications = true
            shield.applicationExceptions = selection.applications.union(apps)
            shield.allWebDomains = true
            shield.webDomainExceptions = selection.webDomains.union(webs)
        }
        let status: RuleStatus
        if used.isEmpty {
            status = .enforcing
        } else if case .intention = rule, let grant = grants.max(by: { ($0.end, $0.id) < ($1.end, $1.id) }) {
            status = .granted(grant.id, until: grant.end)
        } else {
            status = .partlyLifted(grants: used.sorted())
        }
        return RuleEnforcement(rule: rule, reason: reason, status: status, sources: sources, shield: shield)
    }

    /// Whether a scheduled span was ended early (by its session record) at or before `instant`.
    private func isEnded(_ key: OccurrenceKey, by instant: Date) -> Bool {
        guard let ending = sessionsByOccurrence[key]?.ending else { return false }
        return ending.at <= instant
    }

    // MARK: Boundaries

    /// Every instant after `now` at which something in the state starts or stops.
    func boundaries(after now: Date) -> [Date] {
        var out: [Date] = []
        for profile in state.profiles {
            for schedule in profile.schedules {
                if let next = nextBoundary(of: schedule, in: profile, after: now) { out.append(next) }
            }
        }
        for session in state.sessions {
            out.append(session.start)
            if let stop = session.stop { out.append(stop) }
            if let goal = session.goalInstant, session.stop.map({ goal < $0 }) ?? true { out.append(goal) }
            for pause in session.breaks {
                out.append(pause.start)
                out.append(pause.end)
            }
        }
        for grant in state.grants {
            out.append(grant.start)
            out.append(grant.end)
        }
        if !state.intentions.isEmpty {
            let today = clock.localDate(of: now)
            out.append(clock.startOfDay(today.adding(days: 1)))
            for day in state.streakFreezeDays where day >= today {
                out.append(clock.startOfDay(day))
                out.append(clock.startOfDay(day.adding(days: 1)))
            }
        }
        if let tutorial = state.tutorial { out.append(tutorial.startedAt) }
        return out.filter { $0 > now }
    }

    /// The next start or end of one of the profile's spans that is not already ended early.
    private func nextBoundary(of schedule: Schedule, in profile: Profile, after now: Date) -> Date? {
        let today = clock.localDate(of: now)
        for offset in -1...8 {
            guard let span = schedule.occurrence(startingOn: today.adding(days: offset), in: clock), span.end > now else { continue }
            let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: span.day)
            if isEnded(key, by: now) { continue }
            return span.start > now ? span.start : span.end
        }
        return nil
    }
}
