import Foundation

/// What must be shielded at `now`, why, and when that next changes.
///
/// Pure and total: the same state, instant and time zone always give the same result, and
/// any state that passed validation evaluates without trapping. Restrictions in force combine
/// as a union; grants and breaks subtract only what they cover; a locked restriction accepts
/// no grant. Only `calendar.timeZone` is read (see ``Clockwork``).
///
/// Paths chosen for the same apps are ways back (PRODUCT.md): a ritual's grant lifts what the
/// restrictions offering that ritual hold, from them and from every gate, and every profile held
/// by its schedule alone, holding the same apps whose strictness lets that ritual through
/// (``Strictness/letsThrough(_:)``). A session someone started takes only its own rituals,
/// intentions only their own opens, and the tutorial nothing.
public func evaluate(_ state: ThresholdState, at now: Date, calendar: Calendar) -> Enforcement {
    Engine(state: state, clock: Clockwork(timeZone: calendar.timeZone, around: now)).enforcement(at: now)
}

/// When what `evaluate` answers at `now` next differs: its `nextChange`, without packing the
/// stores or building the rest of the answer.
public func nextChange(_ state: ThresholdState, after now: Date, calendar: Calendar) -> Date? {
    let engine = Engine(state: state, clock: Clockwork(timeZone: calendar.timeZone, around: now))
    return engine.nextChange(after: now, from: Engine.Snapshot(engine: engine, at: now))
}

/// The evaluation of one state; indexes are built once and reused for every instant the
/// `nextChange` search looks at.
struct Engine {
    let state: ThresholdState
    let clock: Clockwork
    private let sessionsByProfile: [ProfileID: [Session]]
    private let sessionsByOccurrence: [OccurrenceKey: Session]
    private let opensByIntention: [IntentionID: [Grant]]
    // The state's collections in rule order, so that results come out sorted without sorting them.
    private let profiles: [Profile]
    private let gates: [Gate]
    private let intentions: [Intention]
    /// For each ritual, what the restrictions offering it hold by name (their block lists): the
    /// apps, categories and sites that ritual is a way back into.
    private let waysBack: [RitualKind: Set<AnyToken>]

    init(state: ThresholdState, clock: Clockwork) {
        self.state = state
        self.clock = clock
        self.profiles = state.profiles.sorted { $0.id < $1.id }
        self.gates = state.gates.sorted { $0.id < $1.id }
        self.intentions = state.intentions.sorted { $0.id < $1.id }
        self.sessionsByProfile = Dictionary(grouping: state.sessions, by: \.profileID)
        self.sessionsByOccurrence = Dictionary(
            state.sessions.compactMap { s in s.occurrence.map { ($0, s) } }, uniquingKeysWith: { a, _ in a })
        self.opensByIntention = Dictionary(
            grouping: state.grants.compactMap { grant -> (IntentionID, Grant)? in
                if case .intentionOpen(let id) = grant.origin { return (id, grant) }
                return nil
            }, by: \.0
        ).mapValues { $0.map(\.1) }
        var waysBack: [RitualKind: Set<AnyToken>] = [:]
        let holders =
            state.gates.map { ($0.acceptedRituals, $0.selection) }
            + state.profiles.filter { $0.listMode == .blockList }.map { ($0.acceptedRituals, $0.selection) }
        for (rituals, selection) in holders {
            let tokens = selection.tokens
            for kind in rituals { waysBack[kind, default: []].formUnion(tokens) }
        }
        self.waysBack = waysBack
    }

    /// The ways back a restriction at `strictness` lets through besides its own rituals.
    private func waysBack(through strictness: Strictness, besides own: [RitualKind]) -> [RitualKind: Set<AnyToken>] {
        waysBack.filter { kind, _ in !own.contains(kind) && strictness.letsThrough(kind) }
    }

    func enforcement(at now: Date) -> Enforcement {
        let here = Snapshot(engine: self, at: now)
        let (stores, capacityError) = Packing.pack(here.rules)
        return Enforcement(
            stores: stores,
            rules: here.rules,
            activeGrants: here.grants.ids,
            nextChange: nextChange(after: now, from: here),
            capacityError: capacityError)
    }

    /// The first candidate instant at which the result really differs.
    ///
    /// Candidates are a superset of the instants at which anything can change, each tagged with
    /// what it can change. Restrictions are independent of one another, so a candidate is checked
    /// by evaluating only what it belongs to. A grant's start or end always changes the result
    /// (`activeGrants`), so every candidate checked before the first of those sees the same
    /// valid grants as `now`, and the grant index built for `now` serves.
    func nextChange(after now: Date, from here: Snapshot) -> Date? {
        var candidates = boundaries(after: now)
        // Usually the earliest candidate is a real change: find it in one pass, and sort the
        // rest only when it is not.
        guard let first = candidates.indices.min(by: { candidates[$0].at < candidates[$1].at }) else { return nil }
        candidates.swapAt(0, first)
        var sorted = false
        var index = 0
        while index < candidates.count {
            let candidate = candidates[index]
            if changes(candidate, from: here) { return candidate.at }
            if !sorted {
                candidates[1...].sort { $0.at < $1.at }
                sorted = true
            }
            index += 1
        }
        return nil
    }

    private func changes(_ candidate: (at: Date, scope: BoundaryScope), from here: Snapshot) -> Bool {
        switch candidate.scope {
        case .grant, .tutorial:
            return true
        case .profile(let profile):
            return rule(for: profile, at: candidate.at, grants: here.grants) != here.profileRules[profile.id]
        case .intentions:
            let day = clock.localDate(of: candidate.at)
            return intentions.contains { rule(for: $0, at: candidate.at, today: day, grants: here.grants) != here.intentionRules[$0.id] }
        }
    }

    // MARK: Rules in force

    /// The restrictions in force at one instant, with the indexes the `nextChange` search reuses.
    struct Snapshot {
        let rules: [RuleEnforcement]
        let grants: GrantIndex
        let profileRules: [ProfileID: RuleEnforcement]
        let intentionRules: [IntentionID: RuleEnforcement]

        init(engine: Engine, at now: Date) {
            let grants = GrantIndex(engine.state.grants.filter { $0.isValid(at: now) })
            let today = engine.clock.localDate(of: now)
            // Profiles, gates, intentions, then the tutorial, each by id: `RuleRef`'s order.
            var rules: [RuleEnforcement] = []
            rules.reserveCapacity(engine.profiles.count + engine.gates.count + engine.intentions.count + 1)
            var profileRules: [ProfileID: RuleEnforcement] = [:]
            var intentionRules: [IntentionID: RuleEnforcement] = [:]
            for profile in engine.profiles {
                guard let rule = engine.rule(for: profile, at: now, grants: grants) else { continue }
                rules.append(rule)
                profileRules[profile.id] = rule
            }
            for gate in engine.gates { rules.append(engine.rule(for: gate, grants: grants)) }
            for intention in engine.intentions {
                let rule = engine.rule(for: intention, at: now, today: today, grants: grants)
                rules.append(rule)
                intentionRules[intention.id] = rule
            }
            if let tutorial = engine.state.tutorial, tutorial.startedAt <= now {
                var shield = RuleShield()
                shield.allApplications = true
                rules.append(RuleEnforcement(rule: .tutorial, reason: .tutorial, status: .enforcing, sources: [.always], shield: shield))
            }
            self.rules = rules
            self.grants = grants
            self.profileRules = profileRules
            self.intentionRules = intentionRules
        }
    }

    private func rule(for profile: Profile, at now: Date, grants: GrantIndex) -> RuleEnforcement? {
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
            let label = SessionLabel(
                profileID: profile.id, name: profile.name, emoji: profile.emoji,
                path: profile.path, strictness: profile.strictness)
            let goals = running.compactMap(\.goalInstant)
            let allReached =
                !running.isEmpty && goals.count == running.count && sources.count == running.count
                && goals.allSatisfy { $0 <= now }
            if allReached,
                let longest = running.compactMap({ s -> Int? in
                    if case .goal(let minutes) = s.plan { return minutes }
                    return nil
                }).max()
            {
                reason = .sessionGoalReached(label, xp: XPTable.xp(forGoalMinutes: longest))
            } else {
                reason = .sessionActive(label)
            }
        } else {
            reason = .gated(
                GateLabel(
                    rule: .profile(profile.id), name: profile.name, path: profile.path,
                    rituals: profile.acceptedRituals))
        }

        if let pause = running.compactMap({ $0.activeBreak(at: now) }).max(by: { ($0.end, $0.id) < ($1.end, $1.id) }) {
            return RuleEnforcement(
                rule: .profile(profile.id), reason: reason, status: .onBreak(pause.id, until: pause.end),
                sources: sources.sorted(), shield: RuleShield())
        }
        return lifted(
            rule: .profile(profile.id), reason: reason, sources: sources.sorted(),
            selection: profile.selection, listMode: profile.listMode,
            grants: grants.accepted(
                by: profile.acceptedRituals,
                // NB: a session someone started is a commitment: only its own rituals.
                waysBack: running.isEmpty ? waysBack(through: profile.strictness, besides: profile.acceptedRituals) : [:]),
            strict: profile.strict)
    }

    private func rule(for gate: Gate, grants: GrantIndex) -> RuleEnforcement {
        let reason = Reason.gated(
            GateLabel(
                rule: .gate(gate.id), name: gate.name, path: gate.path,
                rituals: gate.acceptedRituals))
        return lifted(
            rule: .gate(gate.id), reason: reason, sources: [.always], selection: gate.selection,
            listMode: .blockList,
            grants: grants.accepted(by: gate.acceptedRituals, waysBack: waysBack(through: gate.strictness, besides: gate.acceptedRituals)))
    }

    private func rule(for intention: Intention, at now: Date, today: LocalDate, grants: GrantIndex) -> RuleEnforcement {
        let opens = (opensByIntention[intention.id] ?? []).filter { $0.start <= now && clock.localDate(of: $0.start) == today }.count
        let label = IntentionLabel(
            intentionID: intention.id, app: intention.app, opensUsed: opens,
            opensPerDay: intention.opensPerDay, minutesPerOpen: intention.minutesPerOpen)
        let reason: Reason = state.streakFreezeDays.contains(today) ? .streakFreeze(label) : .intention(label)
        return lifted(
            rule: .intention(intention.id), reason: reason, sources: [.always],
            selection: Selection(applications: [intention.app]), listMode: .blockList,
            grants: grants.opens(of: intention.id))
    }

    /// A rule's shield after the grants it accepts.
    private func lifted(
        rule: RuleRef, reason: Reason, sources: [RuleSource], selection: Selection,
        listMode: ListMode, grants: AcceptedGrants, strict: StrictOptions = .none
    ) -> RuleEnforcement {
        if let whole = grants.whole {
            return RuleEnforcement(
                rule: rule, reason: reason, status: .granted(whole.id, until: whole.end),
                sources: sources, shield: RuleShield())
        }
        var used = Set<GrantID>()
        var shield = RuleShield()
        // A grant for one app or site lifts no filter: only a whole grant (or a break) does.
        shield.filtersAdultWebsites = strict.filtersAdultWebsites
        shield.blockedWebsites = Set(strict.blockedWebsites)
        switch listMode {
        case .blockList:
            let apps = grants.lifting(selection.applications, as: AnyToken.app, used: &used)
            let categories = grants.lifting(selection.categories, as: AnyToken.category, used: &used)
            let webs = grants.lifting(selection.webDomains, as: AnyToken.webDomain, used: &used)
            shield.applications = selection.applications.subtracting(apps)
            shield.categories = selection.categories.subtracting(categories)
            shield.webDomains = selection.webDomains.subtracting(webs)
            if !shield.categories.isEmpty {
                // An app or site let through may belong to a shielded category: except it there too.
                shield.applicationExceptions = grants.allApps(used: &used)
                shield.webDomainExceptions = grants.allWebDomains(used: &used)
            }
        case .allowList:
            shield.allApplications = true
            shield.applicationExceptions = selection.applications.union(grants.allApps(used: &used))
            shield.allWebDomains = true
            shield.webDomainExceptions = selection.webDomains.union(grants.allWebDomains(used: &used))
        }
        let status: RuleStatus
        if used.isEmpty {
            status = .enforcing
        } else if case .intention = rule, let grant = grants.latest {
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

    /// What a candidate boundary can change.
    enum BoundaryScope {
        case profile(Profile)
        case grant
        case intentions
        case tutorial
    }

    /// Every instant after `now` at which something in the state starts or stops, tagged with
    /// what it belongs to.
    func boundaries(after now: Date) -> [(at: Date, scope: BoundaryScope)] {
        var out: [(at: Date, scope: BoundaryScope)] = []
        func add(_ instant: Date, _ scope: BoundaryScope) {
            if instant > now { out.append((instant, scope)) }
        }
        for profile in profiles {
            for schedule in profile.schedules {
                if let next = nextBoundary(of: schedule, in: profile, after: now) { add(next, .profile(profile)) }
            }
            for session in sessionsByProfile[profile.id] ?? [] {
                add(session.start, .profile(profile))
                if let stop = session.stop { add(stop, .profile(profile)) }
                if let goal = session.goalInstant, session.stop.map({ goal < $0 }) ?? true { add(goal, .profile(profile)) }
                for pause in session.breaks {
                    add(pause.start, .profile(profile))
                    add(pause.end, .profile(profile))
                }
            }
        }
        for grant in state.grants {
            add(grant.start, .grant)
            add(grant.end, .grant)
        }
        if !intentions.isEmpty {
            let today = clock.localDate(of: now)
            add(clock.startOfDay(today.adding(days: 1)), .intentions)
            for day in state.streakFreezeDays where day >= today {
                add(clock.startOfDay(day), .intentions)
                add(clock.startOfDay(day.adding(days: 1)), .intentions)
            }
        }
        if let tutorial = state.tutorial { add(tutorial.startedAt, .tutorial) }
        return out
    }

    /// The next start or end of one of the profile's spans that is not already ended early.
    private func nextBoundary(of schedule: Schedule, in profile: Profile, after now: Date) -> Date? {
        let today = clock.localDate(of: now)
        for offset in -1...8 {
            guard let span = schedule.occurrence(startingOn: today.adding(days: offset), in: clock), span.end > now else { continue }
            let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: span.day)
            if isEnded(key, by: now) { continue }
            // An ending recorded for later (a give-up written ahead of the clock) ends the span then.
            let end = min(span.end, sessionsByOccurrence[key]?.ending?.at ?? span.end)
            if span.start > now {
                if span.start < end { return span.start }
                continue
            }
            return end
        }
        return nil
    }
}

// MARK: - Grants valid at one instant, indexed

/// The grants valid at one instant, indexed by what accepts them and what they cover, so that
/// each restriction finds its grants without scanning every grant.
struct GrantIndex {
    let ids: [GrantID]
    private var whole: [RitualKind: Grant] = [:]
    private var byToken: [RitualKind: [AnyToken: [Grant]]] = [:]
    private var opens: [IntentionID: [Grant]] = [:]

    init(_ valid: [Grant]) {
        ids = valid.map(\.id).sorted()
        for grant in valid {
            switch (grant.origin, grant.scope) {
            case (.ritual(let kind), .allGated):
                if let current = whole[kind], (current.end, current.id) >= (grant.end, grant.id) { continue }
                whole[kind] = grant
            case (.ritual(let kind), .token(let token)):
                byToken[kind, default: [:]][token, default: []].append(grant)
            case (.intentionOpen(let id), _):
                opens[id, default: []].append(grant)
            }
        }
    }

    /// What a restriction accepting `rituals` lets through: their grants whole, and a ritual it
    /// does not offer but lets through as a way back, for what that way back holds (`waysBack`).
    func accepted(by rituals: [RitualKind], waysBack: [RitualKind: Set<AnyToken>] = [:]) -> AcceptedGrants {
        let whole = rituals.compactMap { self.whole[$0] }.max { ($0.end, $0.id) < ($1.end, $1.id) }
        var tables = rituals.compactMap { byToken[$0] }
        for (kind, held) in waysBack.sorted(by: { $0.key < $1.key }) {
            var table: [AnyToken: [Grant]] = [:]
            if let grant = self.whole[kind] {
                for token in held { table[token] = [grant] }
            }
            for (token, grants) in byToken[kind] ?? [:] where held.contains(token) {
                table[token, default: []].append(contentsOf: grants)
            }
            if !table.isEmpty { tables.append(table) }
        }
        return AcceptedGrants(whole: whole, byToken: tables)
    }

    func opens(of intention: IntentionID) -> AcceptedGrants {
        var byToken: [AnyToken: [Grant]] = [:]
        for grant in opens[intention] ?? [] {
            if case .token(let token) = grant.scope { byToken[token, default: []].append(grant) }
        }
        return AcceptedGrants(whole: nil, byToken: [byToken])
    }
}

/// The grants one restriction accepts at one instant.
struct AcceptedGrants {
    /// The grant that lifts everything, if any (the one that lasts longest).
    let whole: Grant?
    /// One-token grants, per accepted ritual.
    let byToken: [[AnyToken: [Grant]]]

    var latest: Grant? {
        byToken.lazy.flatMap { $0.values.joined() }.max { ($0.end, $0.id) < ($1.end, $1.id) }
    }

    /// Which of `tokens` a grant lets through, noting the grants used.
    func lifting<T: Hashable>(_ tokens: Set<T>, as wrap: (T) -> AnyToken, used: inout Set<GrantID>) -> Set<T> {
        guard !byToken.isEmpty else { return [] }
        var lifted = Set<T>()
        for token in tokens {
            for table in byToken {
                guard let grants = table[wrap(token)] else { continue }
                lifted.insert(token)
                used.formUnion(grants.map(\.id))
            }
        }
        return lifted
    }

    func allApps(used: inout Set<GrantID>) -> Set<AppToken> {
        collect(used: &used) { if case .app(let app) = $0 { return app } else { return nil } }
    }

    func allWebDomains(used: inout Set<GrantID>) -> Set<WebDomainToken> {
        collect(used: &used) { if case .webDomain(let web) = $0 { return web } else { return nil } }
    }

    private func collect<T: Hashable>(used: inout Set<GrantID>, _ pick: (AnyToken) -> T?) -> Set<T> {
        var result = Set<T>()
        for table in byToken {
            for (token, grants) in table {
                guard let value = pick(token) else { continue }
                result.insert(value)
                used.formUnion(grants.map(\.id))
            }
        }
        return result
    }
}
