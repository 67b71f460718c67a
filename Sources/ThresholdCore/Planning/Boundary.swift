import Foundation

/// An instant at which what the device must show changes by time alone: a schedule starts or
/// stops, a grant or break ends, a session reaches its goal or end, the intention counters reset.
public struct Boundary: Hashable, Codable, Sendable, Comparable {
    public let at: Date
    /// Whether something becomes shielded here (a grant or break ends, a span or session
    /// starts): the boundaries the planner covers with a second, independent callback.
    public let tightens: Bool

    public init(at: Date, tightens: Bool) {
        self.at = at
        self.tightens = tightens
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.at != rhs.at ? lhs.at < rhs.at : lhs.tightens && !rhs.tightens
    }
}

/// The next `limit` instants after `now`, up to `horizon` ahead, at which the shields or their
/// reasons change by time alone: every instant where a shield extension or the device would
/// show something different, and none where they would not.
///
/// Built on the engine's own boundary candidates (the instants at which anything in the state
/// starts or stops), widened to every schedule span and midnight inside the horizon, and kept
/// only where the evaluated result really differs, as `Enforcement.nextChange` is.
///
/// The state is split into parts whose rules depend on nothing outside them (each profile with
/// its sessions, the gates, each intention, the tutorial); each part is walked lazily and the
/// parts' changes are merged in time order. A candidate instant is evaluated against its own
/// part only, so the cost grows with the boundaries asked for, not with every rule at every
/// candidate.
public func upcomingBoundaries(
    _ state: ThresholdState, after now: Date, calendar: Calendar, limit: Int = 40,
    horizon: TimeInterval = 8 * 86_400
) -> [Boundary] {
    guard limit > 0, horizon > 0 else { return [] }
    let clock = Clockwork(calendar: calendar)
    let end = now.addingTimeInterval(horizon)
    var cursors = Engine.parts(of: state).map { BoundaryCursor(engine: Engine(state: $0, clock: clock), after: now, through: end) }
    var heads = cursors.indices.map { cursors[$0].next() }
    var result: [Boundary] = []
    while result.count < limit, let at = heads.compactMap({ $0?.at }).min() {
        var tightens = false
        for index in heads.indices where heads[index]?.at == at {
            tightens = tightens || heads[index]!.tightens
            heads[index] = cursors[index].next()
        }
        result.append(Boundary(at: at, tightens: tightens))
    }
    return result
}

extension Engine {
    /// The state split into parts whose restrictions depend on nothing outside them: each
    /// profile with its sessions and the ritual grants, the gates with the ritual grants, each
    /// intention with its opens and the freeze days, and the tutorial.
    static func parts(of state: ThresholdState) -> [ThresholdState] {
        let ritualGrants = state.grants.filter { if case .ritual = $0.origin { true } else { false } }
        var parts: [ThresholdState] = []
        // Every part holds a subset of a valid state's values, so it is valid too.
        for profile in state.profiles {
            parts.append(try! ThresholdState(profiles: [profile], sessions: state.sessions.filter { $0.profileID == profile.id },
                                             grants: ritualGrants))
        }
        if !state.gates.isEmpty { parts.append(try! ThresholdState(gates: state.gates, grants: ritualGrants)) }
        for intention in state.intentions {
            parts.append(try! ThresholdState(intentions: [intention], grants: state.grants.filter { $0.origin == .intentionOpen(intention.id) },
                                             streakFreezeDays: state.streakFreezeDays))
        }
        if let tutorial = state.tutorial { parts.append(try! ThresholdState(tutorial: tutorial)) }
        return parts
    }

    /// Every instant in `(now, end]` at which something in the state starts or stops: the
    /// engine's boundaries, and every schedule span and midnight (for intentions) in between.
    func candidates(after now: Date, through end: Date) -> [Date] {
        var candidates = Set(boundaries(after: now))
        let days = Int((end.timeIntervalSince(now) / 86_400).rounded(.up)) + 1
        for profile in state.profiles {
            for schedule in profile.schedules {
                for span in schedule.nextOccurrences(after: now, in: clock, horizonDays: days) {
                    candidates.insert(span.start)
                    candidates.insert(span.end)
                }
            }
        }
        if !state.intentions.isEmpty {
            let today = clock.localDate(of: now)
            for offset in 1...days { candidates.insert(clock.startOfDay(today.adding(days: offset))) }
        }
        return candidates.filter { $0 > now && $0 <= end }.sorted()
    }
}

/// Walks one part's candidate instants in order, yielding those where what it shows changes.
struct BoundaryCursor {
    let engine: Engine
    private let candidates: [Date]
    private var index = 0
    private var current: [VisibleRule]

    init(engine: Engine, after now: Date, through end: Date) {
        self.engine = engine
        self.candidates = engine.candidates(after: now, through: end)
        self.current = Engine.Snapshot(engine: engine, at: now).visible
    }

    mutating func next() -> Boundary? {
        while index < candidates.count {
            let instant = candidates[index]
            index += 1
            let visible = Engine.Snapshot(engine: engine, at: instant).visible
            guard visible != current else { continue }
            defer { current = visible }
            return Boundary(at: instant, tightens: VisibleRule.tightens(from: current, to: visible))
        }
        return nil
    }
}

/// The part of one restriction the device shows: what it shields, and the reason on the shield.
struct VisibleRule: Equatable {
    let rule: RuleRef
    let reason: Reason
    let shield: RuleShield

    /// Whether going from `before` to `after` shields anything that was not shielded (by the
    /// same restriction) before. Conservative: when unsure, it says yes.
    static func tightens(from before: [VisibleRule], to after: [VisibleRule]) -> Bool {
        let earlier = Dictionary(before.map { ($0.rule, $0.shield) }, uniquingKeysWith: { a, _ in a })
        return after.contains { rule in
            guard !rule.shield.isEmpty else { return false }
            guard let was = earlier[rule.rule] else { return true }
            return !rule.shield.isCovered(by: was)
        }
    }
}

extension Engine.Snapshot {
    var visible: [VisibleRule] { rules.map { VisibleRule(rule: $0.rule, reason: $0.reason, shield: $0.shield) } }
}

extension RuleShield {
    /// Whether everything this shields, `other` shields too (checked set by set; exceptions
    /// count only where a category or "all" policy is in play).
    func isCovered(by other: RuleShield) -> Bool {
        let appsCovered = applications.allSatisfy { other.applications.contains($0) || other.allApplications && !other.applicationExceptions.contains($0) }
        let websCovered = webDomains.allSatisfy { other.webDomains.contains($0) || other.allWebDomains && !other.webDomainExceptions.contains($0) }
        let byCategory = !categories.isEmpty || allApplications || allWebDomains
        return appsCovered && websCovered
            && categories.isSubset(of: other.categories)
            && (!allApplications || other.allApplications)
            && (!allWebDomains || other.allWebDomains)
            && (!byCategory || (other.applicationExceptions.isSubset(of: applicationExceptions)
                && other.webDomainExceptions.isSubset(of: webDomainExceptions)))
    }
}
