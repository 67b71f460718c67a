import Foundation

/// An instant at which what the device must show changes by time alone: a schedule starts or
/// stops, a grant or break ends, a session reaches its goal or end, the intention counters reset.
public struct Boundary: Hashable, Codable, Sendable, Comparable {
    public let at: Date
    /// Whether something becomes shielded here (a grant or break ends, a span or session
    /// starts): the boundaries the planner covers with a second, independent callback.
    public let tightens: Bool
    /// Whether the boundary is a reading of the wall clock only (a schedule's start or end, local
    /// midnight for the intentions), so that a change of time zone moves it; `false` when an
    /// instant is among what changes here (a grant, a break, a session's start, goal or end), which
    /// a zone change does not move.
    public let followsZone: Bool

    public init(at: Date, tightens: Bool, followsZone: Bool = false) {
        self.at = at
        self.tightens = tightens
        self.followsZone = followsZone
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
    let end = now.addingTimeInterval(horizon)
    let clock = Clockwork(timeZone: calendar.timeZone, around: now, days: -3...(Int(horizon / 86_400) + 3))
    var cursors = Engine.parts(of: state).map { BoundaryCursor(engine: Engine(state: $0, clock: clock), after: now, through: end) }
    var heads = cursors.indices.map { cursors[$0].next() }
    var result: [Boundary] = []
    while result.count < limit {
        // A part with no change inside the stretch it has looked at may have one before the
        // earliest head: it looks further (each time twice as far) until it cannot.
        var earliest = heads.compactMap { $0?.at }.min()
        var looked = true
        while looked {
            looked = false
            for index in cursors.indices where heads[index] == nil && cursors[index].canLookFurther(than: earliest) {
                cursors[index].lookFurther()
                heads[index] = cursors[index].next()
                if let at = heads[index]?.at, earliest.map({ at < $0 }) ?? true { earliest = at }
                looked = true
            }
        }
        guard let at = earliest else { break }
        var tightens = false, followsZone = true
        for index in heads.indices where heads[index]?.at == at {
            tightens = tightens || heads[index]!.tightens
            followsZone = followsZone && heads[index]!.followsZone
            heads[index] = cursors[index].next()
        }
        result.append(Boundary(at: at, tightens: tightens, followsZone: followsZone))
    }
    return result
}

extension Engine {
    /// The state split into parts whose restrictions depend on nothing outside them: each
    /// profile with its sessions and the ritual grants it accepts, the gates with the ritual
    /// grants they accept, each intention with its opens and the freeze days, and the tutorial.
    static func parts(of state: ThresholdState) -> [ThresholdState] {
        // Ritual grants by ritual: a part takes only the grants its restrictions accept, since
        // no other grant can change what it shows. (Handing every part every ritual grant made
        // the planner's cost grow with profiles × grants.)
        var ritualGrants: [RitualKind: [Grant]] = [:], opens: [IntentionID: [Grant]] = [:]
        for grant in state.grants {
            switch grant.origin {
            case .ritual(let kind): ritualGrants[kind, default: []].append(grant)
            case .intentionOpen(let id): opens[id, default: []].append(grant)
            }
        }
        // Profiles share a few sets of accepted rituals: each set's grants are picked out once.
        var acceptedBySet: [Set<RitualKind>: [Grant]] = [:]
        func accepted(by rituals: Set<RitualKind>) -> [Grant] {
            if rituals.count < 2 { return rituals.first.map { ritualGrants[$0] ?? [] } ?? [] }
            if let known = acceptedBySet[rituals] { return known }
            // In the state's order, as the engine would see them in the whole state.
            let grants = state.grants.filter { if case .ritual(let kind) = $0.origin { rituals.contains(kind) } else { false } }
            acceptedBySet[rituals] = grants
            return grants
        }
        let sessions = Dictionary(grouping: state.sessions, by: \.profileID)
        var parts: [ThresholdState] = []
        for profile in state.profiles {
            parts.append(
                ThresholdState(
                    part: [profile], sessions: sessions[profile.id] ?? [],
                    grants: accepted(by: Set(profile.acceptedRituals))))
        }
        if !state.gates.isEmpty {
            parts.append(ThresholdState(part: [], gates: state.gates, grants: accepted(by: Set(state.gates.flatMap(\.acceptedRituals)))))
        }
        for intention in state.intentions {
            parts.append(
                ThresholdState(
                    part: [], intentions: [intention], grants: opens[intention.id] ?? [],
                    streakFreezeDays: state.streakFreezeDays))
        }
        if let tutorial = state.tutorial { parts.append(ThresholdState(part: [], tutorial: tutorial)) }
        return parts
    }

    /// The instants in `(now, end]` at which something stored as an instant starts or stops: a
    /// session's start, stop, goal and breaks, a grant's start and end, the tutorial's start. Every
    /// other candidate is a reading of the wall clock (a schedule's span, midnight).
    func fixedInstants(after now: Date, through end: Date) -> Set<Date> {
        var out = Set<Date>()
        func add(_ instant: Date) { if instant > now && instant <= end { out.insert(instant) } }
        for session in state.sessions {
            add(session.start)
            if let stop = session.stop { add(stop) }
            if let goal = session.goalInstant { add(goal) }
            for pause in session.breaks {
                add(pause.start)
                add(pause.end)
            }
        }
        for grant in state.grants {
            add(grant.start)
            add(grant.end)
        }
        if let tutorial = state.tutorial { add(tutorial.startedAt) }
        return out
    }

    /// Every instant in `(now, end]` at which something in the state starts or stops: the
    /// engine's boundaries, and every schedule span and midnight (for intentions) in between.
    func candidates(after now: Date, through end: Date) -> [Date] {
        var candidates = boundaries(after: now).map(\.at)
        // Spans start on the local days from yesterday (overnight) to the day `end` falls on.
        let days = clock.localDate(of: end).dayNumber - clock.localDate(of: now).dayNumber
        for profile in state.profiles {
            for schedule in profile.schedules {
                for span in schedule.nextOccurrences(after: now, in: clock, horizonDays: days) {
                    candidates.append(span.start)
                    candidates.append(span.end)
                }
            }
        }
        if !state.intentions.isEmpty {
            let today = clock.localDate(of: now)
            for offset in 0...days { candidates.append(clock.startOfDay(today.adding(days: offset))) }
        }
        // NB: repeats are dropped once sorted rather than through a `Set`: hashing every instant
        // cost more than the rest of this, hundreds of times per plan.
        var unique: [Date] = []
        for instant in candidates.filter({ $0 > now && $0 <= end }).sorted() where unique.last != instant {
            unique.append(instant)
        }
        return unique
    }
}

/// Walks one part's candidate instants in order, yielding those where what it shows changes.
/// It looks a day ahead at first and further only when asked, so a part whose next change is
/// near costs little however far the horizon reaches.
struct BoundaryCursor {
    let engine: Engine
    private let end: Date
    private var from: Date
    private(set) var lookedUntil: Date
    private var candidates: [Date]
    /// The candidates that are instants rather than wall-clock readings.
    private var fixed: Set<Date>
    private var index = 0
    private var current: [VisibleRule]

    init(engine: Engine, after now: Date, through end: Date) {
        self.engine = engine
        self.end = end
        self.from = now
        self.lookedUntil = min(end, now.addingTimeInterval(86_400))
        self.candidates = engine.candidates(after: now, through: lookedUntil)
        self.fixed = engine.fixedInstants(after: now, through: lookedUntil)
        self.current = Engine.Snapshot(engine: engine, at: now).visible
    }

    /// The next change inside the stretch looked at, if any.
    mutating func next() -> Boundary? {
        while index < candidates.count {
            let instant = candidates[index]
            index += 1
            let visible = Engine.Snapshot(engine: engine, at: instant).visible
            guard visible != current else { continue }
            defer { current = visible }
            return Boundary(at: instant, tightens: VisibleRule.tightens(from: current, to: visible), followsZone: !fixed.contains(instant))
        }
        return nil
    }

    /// Whether looking further could find a change before `instant` (or at all, when `nil`).
    func canLookFurther(than instant: Date?) -> Bool {
        lookedUntil < end && instant.map { lookedUntil < $0 } ?? true
    }

    /// Takes in the next stretch, twice as long as the one before.
    mutating func lookFurther() {
        let previous = lookedUntil
        lookedUntil = min(end, previous.addingTimeInterval(previous.timeIntervalSince(from)))
        candidates = engine.candidates(after: previous, through: lookedUntil)
        fixed = engine.fixedInstants(after: previous, through: lookedUntil)
        index = 0
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
        let appsCovered = applications.allSatisfy {
            other.applications.contains($0) || other.allApplications && !other.applicationExceptions.contains($0)
        }
        let websCovered = webDomains.allSatisfy {
            other.webDomains.contains($0) || other.allWebDomains && !other.webDomainExceptions.contains($0)
        }
        let byCategory = !categories.isEmpty || allApplications || allWebDomains
        return appsCovered && websCovered
            && categories.isSubset(of: other.categories)
            && (!allApplications || other.allApplications)
            && (!allWebDomains || other.allWebDomains)
            && (!byCategory
                || (other.applicationExceptions.isSubset(of: applicationExceptions)
                    && other.webDomainExceptions.isSubset(of: webDomainExceptions)))
    }
}

/// The latest instant at or before `now`, at most `lookBack` earlier, at which a wall-clock rule
/// of the state reads differently than just before: a schedule's span starts or ends, or (with
/// intentions) a local day begins. `nil` when the state has no such rule, or none changed in that
/// time. What the wall-clock rules say holds from it until the next such boundary, which is what
/// the planner's zone watch (``ActivityPlanner``) keeps on the wall clock.
public func lastWallClockChange(
    _ state: ThresholdState, atOrBefore now: Date, calendar: Calendar,
    lookBack: TimeInterval = ActivityPlanner.maximumInterval
) -> Date? {
    let clock = Clockwork(timeZone: calendar.timeZone, around: now, days: -9...1)
    let earliest = now.addingTimeInterval(-lookBack)
    var latest: Date?
    func consider(_ instant: Date) {
        guard instant <= now, instant >= earliest, latest.map({ instant > $0 }) ?? true else { return }
        latest = instant
    }
    let today = clock.localDate(of: now)
    let days = Int((lookBack / 86_400).rounded(.up)) + 1
    for profile in state.profiles {
        for schedule in profile.schedules {
            for offset in -days...0 {
                guard let span = schedule.occurrence(startingOn: today.adding(days: offset), in: clock) else { continue }
                consider(span.start)
                consider(span.end)
            }
        }
    }
    if !state.intentions.isEmpty { consider(clock.startOfDay(today)) }
    return latest
}
