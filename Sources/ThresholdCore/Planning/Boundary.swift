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
public func upcomingBoundaries(
    _ state: ThresholdState, after now: Date, calendar: Calendar, limit: Int = 40,
    horizon: TimeInterval = 8 * 86_400
) -> [Boundary] {
    Engine(state: state, clock: Clockwork(calendar: calendar))
        .upcomingBoundaries(after: now, through: now.addingTimeInterval(horizon), limit: limit)
}

extension Engine {
    func upcomingBoundaries(after now: Date, through end: Date, limit: Int) -> [Boundary] {
        guard limit > 0, end > now else { return [] }
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
        var previous = Snapshot(engine: self, at: now).visible
        var result: [Boundary] = []
        for instant in candidates.filter({ $0 > now && $0 <= end }).sorted() {
            let next = Snapshot(engine: self, at: instant).visible
            guard next != previous else { continue }
            result.append(Boundary(at: instant, tightens: VisibleRule.tightens(from: previous, to: next)))
            previous = next
            if result.count == limit { break }
        }
        return result
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
