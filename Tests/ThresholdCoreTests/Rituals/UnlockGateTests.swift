import Foundation
import Testing
import TestSupport
import ThresholdCore

@Suite struct UnlockGateTests {
    let ny = calendar("America/New_York")
    let now = at("2026-11-23 10:00")
    let instagram = AppToken("instagram")

    func gate(_ state: ThresholdState, credits: Int = 0, emergencyUses: [Date] = [], app: AppToken? = nil) -> UnlockGate {
        let stored = StoredState.make(engine: state, credits: credits, emergencyUses: emergencyUses)
        return UnlockGate(app: app ?? instagram, enforcement: evaluate(state, at: now, calendar: ny), stored: stored, at: now, calendar: ny)
    }

    func ways(_ gate: UnlockGate) -> [UnlockGate.Way] { gate.options.map(\.way) }

    func earnedAccess(_ strictness: Strictness = .gentle, name: String = "Work") -> (Profile, Session) {
        (
            .make("work", name: name, path: .earnedAccess, strictness: strictness, unlockPolicy: .earnedAccess),
            .make("s", profile: "work", start: at("2026-11-23 09:00"), plan: .until(at("2026-11-23 17:00")))
        )
    }

    @Test func aBalanceShortOfTheShortestWindow_offersToStartFocusing() {
        let (profile, session) = earnedAccess()
        #expect(gate(.make(profiles: [profile], sessions: [session]), credits: 0).creditsFallShort)
        #expect(!gate(.make(profiles: [profile], sessions: [session]), credits: 5).creditsFallShort)
    }

    @Test func earnedAccess_listsEveryOption_withCostsAndTheBalance() throws {
        let (profile, session) = earnedAccess()
        let gate = gate(.make(profiles: [profile], sessions: [session]), credits: 12)
        #expect(gate.status == .shielded)
        #expect(gate.balance == 12)
        #expect(gate.holders.map(\.name) == [.named("Work")])
        #expect(ways(gate) == [.ritual(.breathingQuest), .ritual(.copyTextQuest), .ritual(.credits), .ritual(.emergency)])
        let none = QuestAllowance(uses: [], at: now, timeZone: ny.timeZone)
        let costs: [UnlockGate.Cost] = [
            .quest(seconds: 45, allowance: none), .quest(seconds: 90, allowance: none),
            .credits(perMinute: 1, choices: [5, 15, 30]),
        ]
        #expect(Array(gate.options.map(\.cost).prefix(3)) == costs)
        #expect(gate.options.allSatisfy { $0.eligibility.isAvailable })
        let credits = try #require(gate.options.first { $0.way == .ritual(.credits) }?.terms)
        #expect(credits.scope == .app("instagram"))
        #expect(credits.minutes == 5)
    }

    @Test func firmStrictness_disablesTheQuestsSayingWhy_andDoublesThePrice_andAShortBalanceSaysSo() {
        let (profile, session) = earnedAccess(.firm)
        let gate = gate(.make(profiles: [profile], sessions: [session]), credits: 7)
        #expect(ways(gate) == [.ritual(.breathingQuest), .ritual(.copyTextQuest), .ritual(.credits), .ritual(.emergency)])
        for quest in gate.options.prefix(2) {
            #expect(quest.eligibility == .unavailable(.firm(name: .named("Work"), until: at("2026-11-23 17:00"))))
            #expect(quest.terms == nil)
        }
        let credits = gate.options[2]
        #expect(credits.cost == .credits(perMinute: 2, choices: [5, 15, 30]))
        #expect(credits.eligibility == .unavailable(.insufficientCredits(needed: 10, balance: 7)))
        #expect(credits.terms == nil)
    }

    /// Paths on the same app are ways back (PRODUCT.md): Work's rituals get through Selah and the
    /// prayer through Work, so every option is open.
    @Test func waysBackOnTheSameApp_areEachOpen() {
        let selah = Gate.make("selah", name: "Selah", selection: .apps("instagram", "tiktok"))
        let gate = gate(.make(profiles: [mode()], gates: [selah]), credits: 100)
        #expect(gate.holders.map(\.name) == [.named("Work"), .named("Selah")])
        #expect(gate.options.allSatisfy { $0.eligibility.isAvailable })
        #expect(gate.options.first { $0.way == .ritual(.prayer) }?.terms?.minutes == 10)
    }

    /// A session someone started is a commitment: another path's ritual does not get through it,
    /// and the option says when it returns, at the session's end.
    @Test func aSessionSomeoneStarted_takesNoWayBack_andSaysWhenItEnds() {
        let (profile, session) = earnedAccess()
        let selah = Gate.make("selah", name: "Selah", selection: .apps("instagram", "tiktok"))
        let gate = gate(.make(profiles: [profile], gates: [selah], sessions: [session]), credits: 100)
        let prayer = gate.options.first { $0.way == .ritual(.prayer) }
        #expect(prayer?.eligibility == .unavailable(.notAccepted(by: [.named("Work")], until: at("2026-11-23 17:00"))))
        #expect(prayer?.eligibility.availableAt == at("2026-11-23 17:00"))
    }

    /// Earned Access's Work mode held by its schedule (weekdays 9 to 5).
    func mode(_ strictness: Strictness = .gentle) -> Profile {
        .make(
            "work", name: "Work", path: .earnedAccess, strictness: strictness, unlockPolicy: .earnedAccess,
            schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
    }

    /// Under Firm, a quest Selah offers does not get through Work, which says so; an intention
    /// takes only its own opens, so a ritual does not get through it.
    @Test func aWayBack_stopsAtAStrictnessThatRefusesIt_andAtAnIntention() {
        let quests = Gate.make(
            "calm", name: "Calm", selection: .apps("instagram"),
            unlockPolicy: try! UnlockPolicy(rituals: [.breathingQuest, .prayer]))
        let gate = gate(.make(profiles: [mode(.firm)], gates: [quests]), credits: 100)
        let breathing = gate.options.first { $0.way == .ritual(.breathingQuest) }
        #expect(breathing?.eligibility == .unavailable(.firm(name: .named("Work"), until: at("2026-11-23 17:00"))))
        #expect(gate.options.first { $0.way == .ritual(.prayer) }?.eligibility.isAvailable == true)

        let selah = Gate.make("selah", name: "Selah", selection: .apps("instagram"))
        let intention = Intention.make("ig", app: "instagram")
        let held = self.gate(.make(gates: [selah], intentions: [intention]))
        let prayer = held.options.first { $0.way == .ritual(.prayer) }
        #expect(prayer?.eligibility == .unavailable(.notAccepted(by: [.intention("ig")])))
        #expect(
            said(.disabled(.notAccepted(by: [.intention("ig")]))) == "Your intention does not accept this, so the app would stay blocked.",
            "an intention is named as the person's, never by its id")
        #expect(said(.disabled(.notAccepted(by: [.named("Selah")]))) == "Selah does not accept this, so the app would stay blocked.")
        #expect(
            said(.disabled(.notAccepted(by: [.tutorial, .intention("ig")])))
                == "The tutorial and your intention do not accept this, so the app would stay blocked.")
    }

    @Test func aLockedHolder_disablesEverything_untilItEnds() {
        let (profile, session) = earnedAccess()
        let beast = Profile.make("beast", name: "Beast", path: .present, strictness: .locked, unlockPolicy: .earnedAccess)
        let state = ThresholdState.make(
            profiles: [profile, beast],
            sessions: [
                session, .make("b", profile: "beast", start: at("2026-11-23 09:30"), plan: .until(at("2026-11-23 11:00"))),
            ])
        let gate = gate(state, credits: 100)
        #expect(!gate.options.isEmpty)
        for option in gate.options {
            #expect(option.eligibility == .unavailable(.locked(name: .named("Beast"), until: at("2026-11-23 11:00"))))
            #expect(option.eligibility.availableAt == at("2026-11-23 11:00"))
        }
    }

    @Test func aLockedHolderAlone_listsWhatItTakes_disabledUntilItEnds() {
        let (profile, session) = earnedAccess(.locked)
        let gate = gate(.make(profiles: [profile], sessions: [session]), credits: 100)
        #expect(ways(gate) == [.ritual(.breathingQuest), .ritual(.copyTextQuest), .ritual(.credits), .ritual(.emergency)])
        #expect(gate.options.allSatisfy { $0.eligibility == .unavailable(.locked(name: .named("Work"), until: at("2026-11-23 17:00"))) })
    }

    @Test func theRestrictionALinkNames_holdsAnAppOfUnknownCategory_whenItHoldsByCategory() throws {
        let social = CategoryToken("social")
        let mode = Profile.make(
            "social", name: "Social", path: .earnedAccess, selection: Selection(categories: [social]),
            unlockPolicy: .earnedAccess)
        let state = ThresholdState.make(
            profiles: [mode],
            sessions: [
                .make("s", profile: "social", start: at("2026-11-23 09:00"), plan: .until(at("2026-11-23 17:00")))
            ])
        let stored = StoredState.make(engine: state, credits: 30)
        let enforcement = evaluate(state, at: now, calendar: ny)
        func gate(_ rule: RuleRef?) -> UnlockGate {
            UnlockGate(app: instagram, rule: rule, enforcement: enforcement, stored: stored, at: now, calendar: ny)
        }
        #expect(gate(nil).status == .notShielded, "with neither the category nor the restriction, nothing says it is held")
        #expect(gate(.profile("work")).status == .notShielded, "a restriction not in force holds nothing")
        let named = gate(.profile("social"))
        #expect(named.status == .shielded)
        #expect(named.holders.map(\.name) == [.named("Social")])
        guard case .gated? = named.reason else {
            Issue.record("the reason is the mode's, got \(String(describing: named.reason))")
            return
        }
        let credits = try #require(named.options.first { $0.way == .ritual(.credits) })
        #expect(credits.terms?.scope == .app("instagram"))
    }

    @Test func aCategoryAModeHolds_hasAGateOfItsOwn_whoseGrantsOpenTheWholeCategory() throws {
        let social = CategoryToken("social")
        let mode = Profile.make(
            "social", name: "Social", path: .earnedAccess, selection: Selection(categories: [social]),
            unlockPolicy: .earnedAccess)
        let session = Session.make("s", profile: "social", start: at("2026-11-23 09:00"), plan: .until(at("2026-11-23 17:00")))
        let state = ThresholdState.make(profiles: [mode], sessions: [session])
        let stored = StoredState.make(engine: state, credits: 30)
        let shut = UnlockGate(.category(social), enforcement: evaluate(state, at: now, calendar: ny), stored: stored, at: now, calendar: ny)
        #expect(shut.status == .shielded && shut.app == nil)
        #expect(shut.holders.map(\.name) == [.named("Social")])
        let credits = try #require(shut.options.first { $0.way == .ritual(.credits) })
        #expect(credits.terms?.scope == .token(.category(social)))
        #expect(
            UnlockGate(
                .category(CategoryToken("games")), enforcement: evaluate(state, at: now, calendar: ny), stored: stored,
                at: now, calendar: ny
            ).status == .notShielded)

        let grant = Grant.make("g", .token(.category(social)), from: now, minutes: 15, origin: .ritual(.credits))
        let lifted = ThresholdState.make(profiles: [mode], sessions: [session], grants: [grant])
        let open = UnlockGate(
            .category(social), enforcement: evaluate(lifted, at: now, calendar: ny), stored: .make(engine: lifted),
            at: now, calendar: ny)
        #expect(open.status == .open(until: now.adding(minutes: 15)))
        #expect(!evaluate(lifted, at: now, calendar: ny).shields(app: instagram, category: social))
    }

    /// Issue 24 item 3: a mode may hold only websites; each has a gate whose grants open it alone.
    @Test func aWebsiteAModeHolds_hasAGateOfItsOwn_whoseGrantsOpenThatWebsiteAlone() throws {
        let reddit = WebDomainToken("reddit.com"), news = WebDomainToken("news.example.org")
        let mode = Profile.make(
            "sites", name: "Reading", path: .earnedAccess, selection: Selection(webDomains: [reddit, news]),
            unlockPolicy: .earnedAccess)
        let session = Session.make("s", profile: "sites", start: at("2026-11-23 09:00"), plan: .until(at("2026-11-23 17:00")))
        let state = ThresholdState.make(profiles: [mode], sessions: [session])
        let shut = UnlockGate(
            .webDomain(reddit, category: nil), enforcement: evaluate(state, at: now, calendar: ny),
            stored: .make(engine: state, credits: 30), at: now, calendar: ny)
        #expect(shut.status == .shielded && shut.app == nil)
        #expect(shut.holders.map(\.name) == [.named("Reading")])
        let quest = try #require(shut.options.first { $0.way == .ritual(.breathingQuest) })
        #expect(quest.terms?.scope == .token(.webDomain(reddit)))
        #expect(
            UnlockGate(
                .webDomain(WebDomainToken("wikipedia.org"), category: nil), enforcement: evaluate(state, at: now, calendar: ny),
                stored: .make(engine: state), at: now, calendar: ny
            ).status == .notShielded)

        let grant = Grant.make("g", .token(.webDomain(reddit)), from: now, minutes: 10, origin: .ritual(.breathingQuest))
        let lifted = ThresholdState.make(profiles: [mode], sessions: [session], grants: [grant])
        let enforcement = evaluate(lifted, at: now, calendar: ny)
        let open = UnlockGate(
            .webDomain(reddit, category: nil), enforcement: enforcement, stored: .make(engine: lifted), at: now, calendar: ny)
        #expect(open.status == .open(until: now.adding(minutes: 10)))
        #expect(enforcement.reason(forWebDomain: reddit) == nil)
        #expect(enforcement.reason(forWebDomain: news) != nil)
    }

    @Test func anAppNothingCovers_isNotShielded_andAGrantedOneIsOpenUntilTheGrantEnds() {
        let (profile, session) = earnedAccess()
        let grant = Grant.make("g", .app("instagram"), from: at("2026-11-23 09:55"), minutes: 15, origin: .ritual(.credits))
        let state = ThresholdState.make(profiles: [profile], sessions: [session], grants: [grant])
        #expect(gate(state, app: AppToken("maps")).status == .notShielded)
        let open = gate(state)
        #expect(open.status == .open(until: at("2026-11-23 10:10")))
        #expect(open.options.isEmpty)
        #expect(open.reason == nil)
    }

    @Test func anIntention_offersItsOpen_withOpensUsedAndAllowed() throws {
        let state = ThresholdState.make(
            intentions: [.make("ig", app: "instagram", opens: 2, minutes: 5)],
            grants: [.make("o1", .app("instagram"), from: at("2026-11-23 08:00"), minutes: 5, origin: .intentionOpen("ig"))])
        let gate = gate(state)
        let option = try #require(gate.options.first)
        guard case .intentionOpen(let label) = option.way else {
            Issue.record("expected the intention's open, got \(option.way)")
            return
        }
        #expect(label.opensUsed == 1)
        #expect(option.cost == .open(used: 1, allowed: 2))
        #expect(option.terms == .make(.app("instagram"), minutes: 5, creditsPerMinute: 0))
    }

    @Test func theEmergencyOption_saysWhenTheNextReturns() {
        let (profile, session) = earnedAccess()
        let gate = gate(.make(profiles: [profile], sessions: [session]), emergencyUses: [at("2026-11-23 09:00")])
        let emergency = gate.options.first { $0.way == .ritual(.emergency) }
        #expect(emergency?.eligibility == .unavailable(.dailyLimit(used: 1, limit: 1, returnsAt: at("2026-11-24 00:00"))))
        if case .emergency(let allowance)? = emergency?.cost {
            #expect(allowance.remainingToday == 0 && allowance.remainingThisWeek == 2)
        } else {
            Issue.record("the emergency option should carry its allowance")
        }
    }

    @Test func whenAnOptionReturns_isAnInstantTheScreenSays() {
        #expect(DisabledReason.cooldown(until: at("2026-11-23 10:40")).availableAt == at("2026-11-23 10:40"))
        #expect(DisabledReason.dailyLimit(used: 1, limit: 1, returnsAt: at("2026-11-24 00:00")).availableAt == at("2026-11-24 00:00"))
        #expect(
            Eligibility.unavailable(.locked(name: .named("Beast"), until: at("2026-12-02 09:00"))).availableAt == at("2026-12-02 09:00"))
        #expect(DisabledReason.insufficientCredits(needed: 5, balance: 2).availableAt == nil)
        #expect(Eligibility.available.availableAt == nil)
    }

    @Test func prayerTerms_takeTheShortestWindowOfTheGatesInForce_andAnOpenWindowIsFound() {
        let state = ThresholdState.make(gates: [
            .make("a", selection: .apps("instagram"), unlockPolicy: try! UnlockPolicy(rituals: [.prayer], windowMinutes: 15)),
            .make("b", selection: .apps("tiktok"), unlockPolicy: .prayer),
        ])
        let enforcement = evaluate(state, at: now, calendar: ny)
        #expect(
            UnlockGate.terms(for: .prayer, enforcement: enforcement, state: state) == .make(.allGated, minutes: 10, creditsPerMinute: 1))
        #expect(UnlockGate.terms(for: .credits, enforcement: enforcement, state: state) == nil)

        let grants = [Grant.make("p", from: now.adding(minutes: -4), minutes: 10)]
        #expect(UnlockGate.openWindow(of: .prayer, grants: grants, at: now) == now.adding(minutes: 6))
        #expect(UnlockGate.openWindow(of: .prayer, grants: grants, at: now.adding(minutes: 6)) == nil)
    }
}
