import Foundation

/// The unlock gate (Earned Access flow D): for one app (or one category a restriction holds),
/// why it is blocked and every way back in, each with its cost and, when disabled, why and until
/// when.
///
/// A grant lifts only the restrictions that accept its origin, so a ritual unlocks the app only
/// if *every* restriction shielding it accepts that ritual; an option some of them refuse is
/// listed, disabled, naming them. A ritual a restriction's strictness holds back (firm: no
/// quests) is listed disabled too, saying so; a locked restriction disables every option until it
/// ends. Nothing a restriction offers is ever left off the list.
public struct UnlockGate: Hashable, Sendable {
    /// What the gate is for.
    public enum Subject: Hashable, Sendable {
        /// An app, with its category when the shield knew it.
        case app(AppToken, category: CategoryToken?)
        /// A whole category, as a mode that holds only categories lists it.
        case category(CategoryToken)
        /// A website the person picked, with its category when the shield knew it (a gate or mode
        /// may hold only websites: its shield in Safari and Home's Unlocks lead here).
        case webDomain(WebDomainToken, category: CategoryToken?)

        /// The token a one-item grant for it covers.
        public var token: AnyToken {
            switch self {
            case .app(let app, _): .app(app)
            case .category(let category): .category(category)
            case .webDomain(let site, _): .webDomain(site)
            }
        }
    }

    /// Whether the app is blocked at all.
    public enum Status: Hashable, Sendable {
        /// No restriction covers the app.
        case notShielded
        /// Covered, but a grant or break lets it through until `until` (`nil`: several
        /// overlapping lifts, the earliest end unknown). No new ritual is asked for.
        case open(until: Date?)
        /// Shielded now: see `reason`, `holders` and `options`.
        case shielded
    }

    /// A restriction shielding the app.
    public struct Holder: Hashable, Sendable {
        public let rule: RuleRef
        public let name: RestrictionName
        public let reason: Reason
        public let strictness: Strictness
        /// What it accepts as written, before its strictness.
        public let policy: UnlockPolicy
        /// What it accepts at its strictness (nothing when locked).
        public let offered: UnlockPolicy
        /// When it stops holding the app by itself, if it does.
        public let endsAt: Date?
        /// Whether a session started by hand (or a key, a Shortcut) holds it now, not its schedule alone.
        public let heldBySession: Bool

        /// Whether another restriction's ritual can get through it as a way back: gates, and
        /// profiles held by their schedule alone; a session someone started takes only its own
        /// rituals, an intention only its own opens, the tutorial nothing (see `evaluate`).
        public var takesWaysBack: Bool {
            switch rule {
            case .gate: true
            case .profile: !heldBySession
            case .intention, .tutorial: false
            }
        }
    }

    /// What an option is.
    public enum Way: Hashable, Sendable {
        case ritual(RitualKind)
        /// One counted open of the app's intention.
        case intentionOpen(IntentionLabel)
    }

    /// What an option costs, for its line on the gate.
    public enum Cost: Hashable, Sendable {
        /// A short prayer, no timer.
        case prayer
        /// Solve problems.
        case problems(count: Int)
        /// Win or draw one game.
        case game
        /// One of Challenge's own games, at least ``ChallengeRules/minimumSeconds`` long.
        case challenge(ChallengeKind)
        /// A quest of fixed length, within the quests' allowance (how many a day, how far apart).
        case quest(seconds: Int, allowance: QuestAllowance)
        /// Credits per minute; 5, 15 or 30 minutes.
        case credits(perMinute: Int, choices: [Int])
        /// Hold, reason, and one of the remaining uses.
        case emergency(EmergencyAllowance)
        /// One of the day's opens.
        case open(used: Int, allowed: Int)
    }

    /// One way back in.
    public struct Option: Hashable, Sendable {
        public let way: Way
        public let cost: Cost
        /// What completing it unlocks; `nil` when nothing would.
        public let terms: UnlockTerms?
        public let eligibility: Eligibility
    }

    public let subject: Subject
    public let status: Status
    /// What the shield shows for the app: the strongest reason.
    public let reason: Reason?
    public let holders: [Holder]
    public let options: [Option]
    /// The Focus Bank balance, shown beside the credits option.
    public let balance: Int

    /// Problems a math challenge asks from the gate.
    public static let mathProblems = 5

    /// Whether the credits option is offered and the balance cannot pay for its shortest window:
    /// the gate offers to start focusing, which earns them.
    public var creditsFallShort: Bool {
        options.contains { option in
            if case .unavailable(.insufficientCredits) = option.eligibility { return option.way == .ritual(.credits) }
            return false
        }
    }

    /// The app the gate is for; `nil` for a category.
    public var app: AppToken? {
        if case .app(let app, _) = subject { return app }
        return nil
    }

    /// The gate for `app` (in `category`, when the shield knew it), from the enforcement the
    /// shields were set from and the stored state it came from. `rule` is the restriction the
    /// shield named, when its link carried it.
    public init(
        app: AppToken, category: CategoryToken? = nil, rule: RuleRef? = nil, enforcement: Enforcement,
        stored: StoredState, at now: Date, calendar: Calendar
    ) {
        self.init(.app(app, category: category), rule: rule, enforcement: enforcement, stored: stored, at: now, calendar: calendar)
    }

    /// The gate for `subject`.
    ///
    /// A shield's link carries the app and the restriction that shields it, never the category
    /// (the shield action learns none). When that restriction holds apps by category, the
    /// category it holds the app through cannot be told, so it counts as holding the app: the
    /// gate then shows it and its ways through rather than saying the app is not shielded.
    public init(
        _ subject: Subject, rule: RuleRef? = nil, enforcement: Enforcement, stored: StoredState,
        at now: Date, calendar: Calendar
    ) {
        let state = stored.engine
        let clock = Clockwork(calendar: calendar)
        self.subject = subject
        self.balance = stored.balances.credits

        let shielding = enforcement.rules.filter { Self.holds($0, subject, named: rule) }
        self.reason = shielding.map(\.reason).reduce(nil as Reason?) { best, reason in best.map { reason.joined(with: $0) } ?? reason }
        self.holders = shielding.compactMap { Self.holder($0, state: state, clock: clock) }
        guard !shielding.isEmpty else {
            let lifting = enforcement.rules.filter { $0.rule == rule || Self.covers($0.rule, subject, state: state) }
            self.status =
                lifting.isEmpty ? .notShielded : .open(until: lifting.compactMap { Self.liftEnd($0, subject, state: state, at: now) }.min())
            self.options = []
            return
        }
        self.status = .shielded
        self.options = Self.options(for: holders, subject: subject, stored: stored, at: now, calendar: calendar)
    }

    /// A game to open straight into (the Challenge shield's notification, seed 003's "Start
    /// Challenge"): one of the games the gate offers available now, at random; `nil` when it
    /// offers none (only a game the person has on is offered at all).
    public func randomChallenge(using generator: inout SplitMix64) -> Option? {
        let games = options.filter { option in
            guard case .ritual(let kind) = option.way, kind.isChallenge else { return false }
            return option.eligibility.isAvailable && option.terms != nil
        }
        guard !games.isEmpty else { return nil }
        return games[generator.index(below: games.count)]
    }

    /// Terms for a ritual started outside the gate (the prayer link): everything gated by the
    /// restrictions in force that accept it, for the shortest of their windows. `nil` when none
    /// in force accepts it.
    public static func terms(for ritual: RitualKind, enforcement: Enforcement, state: ThresholdState) -> UnlockTerms? {
        let accepting = enforcement.rules.compactMap { policy(of: $0.rule, in: state) }.filter { $0.rituals.contains(ritual) }
        guard let minutes = accepting.map(\.windowMinutes).min() else { return nil }
        return try? UnlockTerms(scope: .allGated, minutes: minutes, creditsPerMinute: accepting.map(\.creditsPerMinute).max() ?? 0)
    }

    /// The end of the unlock window a ritual of `kind` has open for everything gated, if one is
    /// open: the prayer screen shows the time left instead of asking for a new prayer.
    public static func openWindow(of kind: RitualKind, grants: [Grant], at now: Date) -> Date? {
        grants.filter { $0.origin == .ritual(kind) && $0.scope == .allGated && $0.isValid(at: now) }.map(\.end).max()
    }

    // MARK: Options

    private static func options(for holders: [Holder], subject: Subject, stored: StoredState, at now: Date, calendar: Calendar) -> [Option]
    {
        let locked = holders.first { $0.strictness == .locked }
        var options: [Option] = []

        // Every ritual a holder takes as written: one its strictness holds back is listed disabled.
        // A game the person turned off in Settings › Challenges is theirs to leave out.
        let challenges = stored.settings.challenges
        let listed = Set(holders.flatMap(\.policy.rituals)).filter { ChallengeKind($0).map(challenges.isOn) ?? true }.sorted()
        for kind in listed {
            let accepting = holders.filter { $0.offered.rituals.contains(kind) }
            // A way back (PRODUCT.md): a ritual a restriction offering it for this subject takes
            // gets through every other profile and gate whose strictness lets it.
            let wayBack = isWayBack(kind, into: subject, state: stored.engine)
            let refusing = holders.filter { holder in
                guard !holder.policy.rituals.contains(kind) else { return false }
                return !(wayBack && holder.takesWaysBack && holder.strictness.letsThrough(kind))
            }
            let stricter = holders.filter {
                ($0.policy.rituals.contains(kind) && !$0.offered.rituals.contains(kind))
                    || (wayBack && $0.takesWaysBack && !$0.policy.rituals.contains(kind) && !$0.strictness.letsThrough(kind))
            }
            let scope: GrantScope = kind == .prayer || kind.isChallenge ? .allGated : .token(subject.token)
            let terms = try? UnlockTerms(
                scope: scope, minutes: accepting.map(\.offered.windowMinutes).min() ?? 1,
                creditsPerMinute: accepting.map(\.offered.creditsPerMinute).max() ?? 0)
            let cost: Cost
            var eligibility = Eligibility.available
            switch kind {
            case .prayer: cost = .prayer
            case .mathChallenge: cost = .problems(count: mathProblems)
            case .ticTacToe: cost = .game
            case .ink: cost = .challenge(.ink)
            case .echo: cost = .challenge(.echo)
            case .slide: cost = .challenge(.slide)
            case .unscramble: cost = .challenge(.unscramble)
            case .breathingQuest, .copyTextQuest:
                // Each mode holds quests to its own allowance; the one that binds is shown.
                let allowance = stored.rituals.questAllowance(for: accepting.map(\.rule), at: now, timeZone: calendar.timeZone)
                cost = .quest(
                    seconds: Int(kind == .breathingQuest ? BreathingQuest.duration : CopyTextQuest.duration), allowance: allowance)
                eligibility = allowance.eligibility
            case .credits:
                let perMinute = terms?.creditsPerMinute ?? 0
                cost = .credits(perMinute: perMinute, choices: CreditsUnlock.choices)
                let cheapest = perMinute * (CreditsUnlock.choices.min() ?? 0)
                if cheapest > stored.balances.credits {
                    eligibility = .unavailable(.insufficientCredits(needed: cheapest, balance: stored.balances.credits))
                }
            case .emergency:
                let allowance = EmergencyAllowance(
                    uses: stored.rituals.emergencyUses, policy: stored.settings.emergency,
                    at: now, timeZone: calendar.timeZone)
                cost = .emergency(allowance)
                eligibility = allowance.eligibility
            }
            if let firm = stricter.first(where: { $0.strictness == .firm }) {
                eligibility = .unavailable(.firm(name: firm.name, until: firm.endsAt))
            }
            if !refusing.isEmpty {
                // NB: it returns when every holder refusing it has let go by itself, if all do.
                let ends = refusing.map(\.endsAt)
                let until = ends.contains(nil) ? nil : ends.compactMap { $0 }.max()
                eligibility = .unavailable(.notAccepted(by: refusing.map(\.name), until: until))
            }
            if let locked { eligibility = .unavailable(.locked(name: locked.name, until: locked.endsAt)) }
            options.append(Option(way: .ritual(kind), cost: cost, terms: eligibility.isAvailable ? terms : nil, eligibility: eligibility))
        }

        for holder in holders {
            guard case .intention(let label) = holder.reason else { continue }
            let others = holders.filter { $0.rule != holder.rule }
            var eligibility = Eligibility.available
            if !others.isEmpty {
                let ends = others.map(\.endsAt)
                eligibility = .unavailable(
                    .notAccepted(by: others.map(\.name), until: ends.contains(nil) ? nil : ends.compactMap { $0 }.max()))
            }
            if let locked { eligibility = .unavailable(.locked(name: locked.name, until: locked.endsAt)) }
            let terms = try? UnlockTerms(scope: .token(.app(label.app)), minutes: label.minutesPerOpen)
            options.append(
                Option(
                    way: .intentionOpen(label), cost: .open(used: label.opensUsed, allowed: label.opensPerDay),
                    terms: eligibility.isAvailable ? terms : nil, eligibility: eligibility))
        }
        return options
    }

    // MARK: Restrictions

    /// Whether a gate or block-list profile that offers `kind` at its strictness holds `subject`
    /// by name: then `kind` is a way back into it for every restriction (see `evaluate`).
    private static func isWayBack(_ kind: RitualKind, into subject: Subject, state: ThresholdState) -> Bool {
        func holds(_ selection: Selection) -> Bool {
            switch subject {
            case .app(let app, let category):
                selection.applications.contains(app) || category.map(selection.categories.contains) == true
            case .category(let category):
                selection.categories.contains(category)
            case .webDomain(let site, let category):
                selection.webDomains.contains(site) || category.map(selection.categories.contains) == true
            }
        }
        let offering =
            state.gates.filter { $0.acceptedRituals.contains(kind) }.map(\.selection)
            + state.profiles.filter { $0.listMode == .blockList && $0.acceptedRituals.contains(kind) }.map(\.selection)
        return offering.contains(where: holds)
    }

    private static func holder(_ rule: RuleEnforcement, state: ThresholdState, clock: Clockwork) -> Holder? {
        let name: RestrictionName
        let strictness: Strictness
        switch rule.rule {
        case .profile(let id):
            guard let profile = state.profile(id) else { return nil }
            (name, strictness) = (.named(profile.name), profile.strictness)
        case .gate(let id):
            guard let gate = state.gates.first(where: { $0.id == id }) else { return nil }
            (name, strictness) = (.named(gate.name), gate.strictness)
        case .intention(let id):
            guard state.intention(id) != nil else { return nil }
            (name, strictness) = (.intention(id.rawValue), .gentle)
        case .tutorial:
            (name, strictness) = (.tutorial, .gentle)
        }
        let bySession = rule.sources.contains { if case .session = $0 { return true } else { return false } }
        return Holder(
            rule: rule.rule, name: name, reason: rule.reason, strictness: strictness,
            policy: writtenPolicy(of: rule.rule, in: state) ?? .none,
            offered: policy(of: rule.rule, in: state) ?? .none, endsAt: rule.endsAt(in: state, clock: clock),
            heldBySession: bySession)
    }

    /// What a restriction accepts at its strictness; `nil` for intentions and the tutorial,
    /// which accept no ritual.
    private static func policy(of rule: RuleRef, in state: ThresholdState) -> UnlockPolicy? {
        switch rule {
        case .profile(let id):
            state.profile(id).map { $0.unlockPolicy.offered(under: $0.strictness) }
        case .gate(let id):
            state.gates.first { $0.id == id }.map { $0.unlockPolicy.offered(under: $0.strictness) }
        case .intention, .tutorial:
            nil
        }
    }

    /// What a restriction accepts as written, before its strictness.
    private static func writtenPolicy(of rule: RuleRef, in state: ThresholdState) -> UnlockPolicy? {
        switch rule {
        case .profile(let id): state.profile(id)?.unlockPolicy
        case .gate(let id): state.gates.first { $0.id == id }?.unlockPolicy
        case .intention, .tutorial: nil
        }
    }

    /// Whether a restriction in force shields the subject now. For an app whose category is
    /// unknown, the restriction the shield named holds it when it holds apps by category (see
    /// ``init(_:rule:enforcement:stored:at:calendar:)``).
    private static func holds(_ rule: RuleEnforcement, _ subject: Subject, named: RuleRef?) -> Bool {
        let shield = rule.shield
        switch subject {
        case .app(let app, let category):
            if shield.shields(app: app, category: category) { return true }
            guard category == nil, rule.rule == named, !shield.applicationExceptions.contains(app) else { return false }
            return !shield.categories.isEmpty || shield.allApplications
        case .category(let category):
            return shield.categories.contains(category) || shield.allApplications
        case .webDomain(let site, let category):
            if shield.shields(webDomain: site, category: category) { return true }
            guard category == nil, rule.rule == named, !shield.webDomainExceptions.contains(site) else { return false }
            return !shield.categories.isEmpty || shield.allWebDomains
        }
    }

    /// Whether a restriction would shield the subject if nothing lifted it.
    private static func covers(_ rule: RuleRef, _ subject: Subject, state: ThresholdState) -> Bool {
        func covers(_ selection: Selection, _ mode: ListMode) -> Bool {
            switch subject {
            case .app(let app, let category):
                let listed = selection.applications.contains(app) || category.map(selection.categories.contains) == true
                return mode == .blockList ? listed : !selection.applications.contains(app)
            case .category(let category):
                return mode == .blockList ? selection.categories.contains(category) : true
            case .webDomain(let site, let category):
                let listed = selection.webDomains.contains(site) || category.map(selection.categories.contains) == true
                return mode == .blockList ? listed : !selection.webDomains.contains(site)
            }
        }
        switch rule {
        case .profile(let id): return state.profile(id).map { covers($0.selection, $0.listMode) } ?? false
        case .gate(let id): return state.gates.first { $0.id == id }.map { covers($0.selection, .blockList) } ?? false
        case .intention(let id):
            guard case .app(let app, _) = subject else { return false }
            return state.intention(id)?.app == app
        case .tutorial: return true
        }
    }

    /// When the lift letting the subject through this restriction ends.
    private static func liftEnd(_ rule: RuleEnforcement, _ subject: Subject, state: ThresholdState, at now: Date) -> Date? {
        if let until = rule.liftedUntil { return until }
        guard case .partlyLifted(let ids) = rule.status else { return nil }
        return state.grants.filter { ids.contains($0.id) && $0.scope == .token(subject.token) && $0.isValid(at: now) }.map(\.end).max()
    }
}
