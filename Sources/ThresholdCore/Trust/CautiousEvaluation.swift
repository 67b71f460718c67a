import Foundation

/// What must be shielded when the wall clock may have been moved: a restriction holds if it holds
/// at either the wall clock or the trusted time, and a lift (grant, break, off period) counts
/// only where it holds at both.
///
/// With no jump this is `evaluate(state, at: time.wall, calendar:)`. With one, each restriction's
/// shield is the union of its shields at the two instants, the valid grants are those valid at
/// both, and `nextChange` is the earlier of the two instants' next changes, the trusted one
/// carried onto the wall clock (which iOS schedules by).
public func evaluate(_ state: ThresholdState, at time: TrustedTime, calendar: Calendar) -> Enforcement {
    let engine = Engine(state: state, clock: Clockwork(timeZone: calendar.timeZone, around: time.wall))
    guard time.isJumped else { return engine.enforcement(at: time.wall) }
    let atWall = engine.enforcement(at: time.wall)
    let atTrusted = engine.enforcement(at: time.trusted)
    let rules = RuleEnforcement.cautious(atWall.rules, atTrusted.rules)
    let (stores, capacityError) = Packing.pack(rules)
    let carried = atTrusted.nextChange.map { $0.addingTimeInterval(time.jump) }
    return Enforcement(
        stores: stores,
        rules: rules,
        activeGrants: Set(atWall.activeGrants).intersection(atTrusted.activeGrants).sorted(),
        nextChange: [atWall.nextChange, carried].compactMap { $0 }.min(),
        capacityError: capacityError)
}

/// The boundaries ahead on the wall clock when it may have been moved: those of the wall
/// instant and those of the trusted instant carried onto the wall clock, merged.
public func upcomingBoundaries(_ state: ThresholdState, at time: TrustedTime, calendar: Calendar, limit: Int) -> [Boundary] {
    let atWall = upcomingBoundaries(state, after: time.wall, calendar: calendar, limit: limit)
    guard time.isJumped else { return atWall }
    let carried = upcomingBoundaries(state, after: time.trusted, calendar: calendar, limit: limit)
        .map { Boundary(at: $0.at.addingTimeInterval(time.jump), tightens: $0.tightens) }
    return Array((atWall + carried).sorted().prefix(limit))
}

extension RuleEnforcement {
    /// Merges the restrictions in force at two instants: every rule from either, each shielding
    /// the union of what it shields at both.
    static func cautious(_ first: [RuleEnforcement], _ second: [RuleEnforcement]) -> [RuleEnforcement] {
        let inFirst = Dictionary(first.map { ($0.rule, $0) }, uniquingKeysWith: { a, _ in a })
        let inSecond = Dictionary(second.map { ($0.rule, $0) }, uniquingKeysWith: { a, _ in a })
        return Set(inFirst.keys).union(inSecond.keys).sorted().map { ref in
            switch (inFirst[ref], inSecond[ref]) {
            case let (a?, b?):
                let shield = a.shield.union(b.shield)
                // The status and reason of whichever side shields the most (the second on a tie).
                let lead = shield == a.shield && shield != b.shield ? a : b
                return RuleEnforcement(
                    rule: ref, reason: lead.reason, status: lead.status,
                    sources: Array(Set(a.sources).union(b.sources)).sorted(), shield: shield)
            case let (a?, nil): return a
            case let (nil, b?): return b
            case (nil, nil): preconditionFailure("a key comes from one of the two sides")
            }
        }
    }
}

extension RuleShield {
    /// Everything either shields. Exceptions (which only subtract from a category or "all"
    /// policy) are those both sides with such a policy make.
    func union(_ other: RuleShield) -> RuleShield {
        var result = RuleShield()
        result.applications = applications.union(other.applications)
        result.categories = categories.union(other.categories)
        result.webDomains = webDomains.union(other.webDomains)
        result.allApplications = allApplications || other.allApplications
        result.allWebDomains = allWebDomains || other.allWebDomains
        let sides = [self, other].filter { !$0.categories.isEmpty || $0.allApplications || $0.allWebDomains }
        result.applicationExceptions = sides.map(\.applicationExceptions).reduce(sides.first?.applicationExceptions ?? []) {
            $0.intersection($1)
        }
        result.webDomainExceptions = sides.map(\.webDomainExceptions).reduce(sides.first?.webDomainExceptions ?? []) { $0.intersection($1) }
        // An app one side shields outright is not an exception to the other's policy.
        result.applicationExceptions.subtract(result.applications)
        result.webDomainExceptions.subtract(result.webDomains)
        return result
    }
}
