import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// The engine's invariants over random states, instants and time zones.
@Suite struct EnginePropertyTests {
    static let worlds = Generator(run: { rng in RandomWorld.draw(using: &rng) })

    // MARK: (a) nothing selected is unshielded outside a grant, break or inactive period

    @Test func selectedTokens_areUnshieldedOnlyWhereAGrantBreakOrInactivePeriodCoversThem() async {
        await propertyCheck(count: 500, input: Self.worlds) { world in
            let e = evaluate(world.state, at: world.now, calendar: world.calendar)
            let oracle = Oracle(world: world)
            let probeCategory = RandomWorld.categories[0]
            for rule in oracle.rulesInForce where !rule.wholeLifted {
                switch rule.kind {
                case .blockList(let selection):
                    for app in selection.applications where !rule.lifts(.app(app)) {
                        #expect(e.shields(app: app), "\(rule.name) should shield \(app) — \(world)")
                    }
                    for category in selection.categories where !rule.lifts(.category(category)) && !rule.lifts(.app(RandomWorld.stranger)) {
                        #expect(
                            e.shields(app: RandomWorld.stranger, category: category),
                            "\(rule.name) should shield category \(category) — \(world)")
                    }
                    for web in selection.webDomains where !rule.lifts(.webDomain(web)) {
                        #expect(
                            e.stores.contains { $0.shields(webDomain: web, category: nil) }, "\(rule.name) should shield \(web) — \(world)")
                    }
                case .allowList:
                    if !rule.lifts(.app(RandomWorld.stranger)) {
                        #expect(
                            e.shields(app: RandomWorld.stranger, category: probeCategory), "\(rule.name) should shield every app — \(world)"
                        )
                    }
                }
            }
        }
    }

    /// The converse: the engine shields nothing that no restriction in force asks for.
    @Test func nothingIsShielded_thatNoRestrictionInForceAsksFor() async {
        await propertyCheck(count: 500, input: Self.worlds) { world in
            let e = evaluate(world.state, at: world.now, calendar: world.calendar)
            let oracle = Oracle(world: world)
            for app in RandomWorld.apps + [RandomWorld.stranger] where e.shields(app: app) {
                let asked = oracle.rulesInForce.contains { rule in
                    guard !rule.wholeLifted, !rule.lifts(.app(app)) else { return false }
                    switch rule.kind {
                    case .blockList(let selection): return selection.applications.contains(app)
                    case .allowList(let selection): return !selection.applications.contains(app)
                    }
                }
                #expect(asked, "\(app) is shielded but nothing in force asks for it — \(world)")
            }
        }
    }

    // MARK: (b) nextChange is exact

    @Test func nextChange_isExact() async {
        await propertyCheck(count: 300, input: Self.worlds, Gen.int(in: 0...1_000_000)) { world, salt in
            let e = evaluate(world.state, at: world.now, calendar: world.calendar)
            var rng = SplitMix64(seed: UInt64(salt))
            guard let next = e.nextChange else {
                for _ in 0..<5 {
                    let later = world.now.addingTimeInterval(Double.random(in: 1...(10 * 86_400), using: &rng))
                    #expect(evaluate(world.state, at: later, calendar: world.calendar) == e, "changed without a nextChange — \(world)")
                }
                return
            }
            #expect(next > world.now)
            let span = next.timeIntervalSince(world.now)
            var probes = (0..<4).map { _ in world.now.addingTimeInterval(Double.random(in: 0..<span, using: &rng)) }
            probes.append(next.addingTimeInterval(-0.001))
            for probe in probes where probe >= world.now {
                #expect(evaluate(world.state, at: probe, calendar: world.calendar) == e, "differs before nextChange at \(probe) — \(world)")
            }
            #expect(evaluate(world.state, at: next, calendar: world.calendar) != e, "nothing differs at nextChange \(next) — \(world)")
        }
    }

    // MARK: (c) order independence

    @Test func result_doesNotDependOnTheOrderOfTheStatesCollections() async {
        await propertyCheck(count: 300, input: Self.worlds, Gen.int(in: 0...1_000_000)) { world, salt in
            var rng = SplitMix64(seed: UInt64(salt))
            let shuffled = world.state.shuffled(using: &rng)
            #expect(
                evaluate(shuffled, at: world.now, calendar: world.calendar)
                    == evaluate(world.state, at: world.now, calendar: world.calendar))
        }
    }

    @Test func stores_neverExceedIOSLimits() async {
        await propertyCheck(count: 300, input: Self.worlds) { world in
            let e = evaluate(world.state, at: world.now, calendar: world.calendar)
            #expect(e.stores.count <= ShieldStore.maximumStores)
            for store in e.stores {
                #expect(store.applications.count <= 50 && store.webDomains.count <= 50)
                if case .specific(let categories, let except)? = store.applicationCategories {
                    #expect(categories.count <= 50 && except.count <= 50)
                }
            }
        }
    }
}

/// An independent, deliberately plain statement of which restrictions are in force and what
/// lifts them — the property tests compare the engine against it.
struct Oracle {
    enum Kind {
        case blockList(Selection)
        case allowList(Selection)
    }

    struct Rule {
        let name: String
        let kind: Kind
        let wholeLifted: Bool
        let liftedTokens: Set<AnyToken>
        func lifts(_ token: AnyToken) -> Bool { liftedTokens.contains(token) }
    }

    let rulesInForce: [Rule]

    init(world: RandomWorld) {
        let state = world.state, now = world.now
        let clock = Clockwork(calendar: world.calendar)
        let valid = state.grants.filter { $0.start <= now && now < $0.end }
        func accepted(by strictness: Strictness, _ policy: UnlockPolicy) -> [Grant] {
            guard strictness != .locked else { return [] }
            let rituals = policy.offered(under: strictness).rituals
            return valid.filter { grant in
                if case .ritual(let kind) = grant.origin { return rituals.contains(kind) }
                return false
            }
        }
        func tokens(_ grants: [Grant]) -> Set<AnyToken> {
            Set(grants.compactMap { if case .token(let t) = $0.scope { return t } else { return nil } })
        }
        // Ways back (PRODUCT.md): what each ritual's offering gates and block-list profiles hold.
        var held: [RitualKind: Set<AnyToken>] = [:]
        let offering =
            state.gates.map { ($0.strictness, $0.unlockPolicy, $0.selection) }
            + state.profiles.filter { $0.listMode == .blockList }.map { ($0.strictness, $0.unlockPolicy, $0.selection) }
        for (strictness, policy, selection) in offering where strictness != .locked {
            for kind in policy.offered(under: strictness).rituals { held[kind, default: []].formUnion(selection.tokens) }
        }
        /// What a restriction lets through of the rituals it does not offer itself.
        func waysBack(_ strictness: Strictness, _ policy: UnlockPolicy) -> Set<AnyToken> {
            guard strictness != .locked else { return [] }
            let own = policy.offered(under: strictness).rituals
            var lifted = Set<AnyToken>()
            for grant in valid {
                guard case .ritual(let kind) = grant.origin, !own.contains(kind), strictness.letsThrough(kind) else { continue }
                let ways = held[kind] ?? []
                switch grant.scope {
                case .allGated: lifted.formUnion(ways)
                case .token(let token): if ways.contains(token) { lifted.insert(token) }
                }
            }
            return lifted
        }
        var rules: [Rule] = []
        for profile in state.profiles {
            let running = state.sessions.filter { s in
                s.profileID == profile.id && s.start <= now
                    && (s.ending.map { now < $0.at } ?? true)
                    && ({ if case .until(let end) = s.plan { return now < end } else { return true } }())
            }
            let spans = profile.schedules.compactMap { schedule -> OccurrenceKey? in
                guard let span = schedule.occurrence(at: now, in: clock) else { return nil }
                let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: span.day)
                let ended = state.sessions.contains { $0.occurrence == key && ($0.ending.map { $0.at <= now } ?? false) }
                return ended ? nil : key
            }
            guard !running.isEmpty || !spans.isEmpty else { continue }
            let onBreak = running.contains { $0.breaks.contains { $0.start <= now && now < $0.end } }
            let grants = accepted(by: profile.strictness, profile.unlockPolicy)
            rules.append(
                Rule(
                    name: "profile \(profile.id)",
                    kind: profile.listMode == .allowList ? .allowList(profile.selection) : .blockList(profile.selection),
                    wholeLifted: onBreak || grants.contains { $0.scope == .allGated },
                    liftedTokens: tokens(grants).union(running.isEmpty ? waysBack(profile.strictness, profile.unlockPolicy) : [])))
        }
        for gate in state.gates {
            let grants = accepted(by: gate.strictness, gate.unlockPolicy)
            rules.append(
                Rule(
                    name: "gate \(gate.id)", kind: .blockList(gate.selection),
                    wholeLifted: grants.contains { $0.scope == .allGated },
                    liftedTokens: tokens(grants).union(waysBack(gate.strictness, gate.unlockPolicy))))
        }
        for intention in state.intentions {
            let opens = valid.filter { $0.origin == .intentionOpen(intention.id) }
            rules.append(
                Rule(
                    name: "intention \(intention.id)", kind: .blockList(Selection(applications: [intention.app])),
                    wholeLifted: false, liftedTokens: tokens(opens)))
        }
        if let tutorial = state.tutorial, tutorial.startedAt <= now {
            rules.append(Rule(name: "tutorial", kind: .allowList(.empty), wholeLifted: false, liftedTokens: []))
        }
        rulesInForce = rules
    }
}
