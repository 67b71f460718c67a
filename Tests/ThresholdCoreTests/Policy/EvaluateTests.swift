import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct EvaluateTests {
    let ny = calendar("America/New_York")
    let instagram = AppToken("instagram"), tiktok = AppToken("tiktok"), youtube = AppToken("youtube")
    let social = CategoryToken("social")

    func shielded(_ e: Enforcement, _ names: String...) -> Bool {
        names.allSatisfy { e.shields(app: AppToken($0)) }
    }

    // MARK: Union of restrictions

    @Test func twoOverlappingProfiles_shieldTheUnion_andChangeAtTheFirstEnd() {
        let state = ThresholdState.make(profiles: [
            .make("work", selection: .apps("instagram", "tiktok"), schedules: [.on(Weekday.weekdays, "09:00", "17:00")]),
            .make("study", selection: .apps("tiktok", "youtube"), schedules: [.on(Weekday.weekdays, "13:00", "18:00")]),
        ])
        let monday2pm = evaluate(state, at: at("2026-11-23 14:00"), calendar: ny)
        #expect(shielded(monday2pm, "instagram", "tiktok", "youtube"))
        #expect(!monday2pm.shields(app: AppToken("maps")))
        #expect(monday2pm.rules.map(\.rule) == [.profile("study"), .profile("work")])
        #expect(monday2pm.nextChange == at("2026-11-23 17:00"))

        let after5 = evaluate(state, at: at("2026-11-23 17:00"), calendar: ny)
        #expect(!after5.shields(app: instagram))
        #expect(shielded(after5, "tiktok", "youtube"))
        #expect(after5.nextChange == at("2026-11-23 18:00"))
    }

    @Test func allowList_shieldsEverythingButItsExceptions() {
        let state = ThresholdState.make(
            profiles: [.make("deep", path: .present, selection: .apps("maps", "messages"), listMode: .allowList)],
            sessions: [.make("s", profile: "deep", start: at("2026-11-21 10:00"), plan: .goal(minutes: 60))])
        let e = evaluate(state, at: at("2026-11-21 10:30"), calendar: ny)
        #expect(e.stores.count == 1)
        #expect(e.stores[0].applicationCategories == .all(except: [AppToken("maps"), AppToken("messages")]))
        #expect(e.shields(app: instagram, category: social))
        #expect(!e.shields(app: AppToken("maps"), category: CategoryToken("navigation")))
        #expect(
            e.reason(forApp: instagram, category: social)
                == .sessionActive(
                    SessionLabel(profileID: "deep", name: "Deep", emoji: "🎯", path: .present, strictness: .gentle)))
        #expect(e.reasons[.allApplications] != nil)
    }

    @Test func allowListsTogether_letThroughOnlyWhatBothAllow() {
        let state = ThresholdState.make(
            profiles: [
                .make("a", selection: .apps("maps", "messages"), listMode: .allowList),
                .make("b", selection: .apps("maps", "music"), listMode: .allowList),
            ],
            sessions: [.make("s1", profile: "a", start: at("2026-11-21 09:00")), .make("s2", profile: "b", start: at("2026-11-21 09:00"))])
        let e = evaluate(state, at: at("2026-11-21 10:00"), calendar: ny)
        #expect(!e.shields(app: AppToken("maps")))
        #expect(e.shields(app: AppToken("messages")))
        #expect(e.shields(app: AppToken("music")))
    }

    // MARK: Grants

    @Test func oneAppGrantDuringAManyAppSession_liftsOnlyThatApp_untilItEnds() {
        let grantStart = at("2026-11-21 10:10")
        let apps = (0..<10).map { "app\($0)" } + ["instagram"]
        let state = ThresholdState.make(
            profiles: [
                .make(
                    "bank", path: .earnedAccess,
                    selection: Selection(applications: Set(apps.map(AppToken.init)), categories: [social]),
                    unlockPolicy: .earnedAccess)
            ],
            sessions: [.make("s", profile: "bank", start: at("2026-11-21 10:00"))],
            grants: [.make("g", .app("instagram"), from: grantStart, minutes: 15, origin: .ritual(.credits))])
        let during = evaluate(state, at: grantStart.adding(minutes: 1), calendar: ny)
        #expect(!during.shields(app: instagram, category: social))
        #expect((0..<10).allSatisfy { during.shields(app: AppToken("app\($0)")) })
        #expect(during.shields(app: tiktok, category: social))
        #expect(during.stores[0].applicationCategories == .specific([social], except: [instagram]))
        #expect(during.rule(.profile("bank"))?.status == .partlyLifted(grants: ["g"]))
        #expect(during.nextChange == grantStart.adding(minutes: 15))

        let after = evaluate(state, at: grantStart.adding(minutes: 15), calendar: ny)
        #expect(after.shields(app: instagram, category: social))
        #expect(after.activeGrants.isEmpty)
    }

    /// Paths chosen for the same apps are ways back (PRODUCT.md's Sleep schedule with Selah): a
    /// prayer lifts what Selah holds from the Sleep schedule too, and nothing Selah does not hold;
    /// a session someone started takes only its own rituals.
    @Test func aRitualLiftsWhatItsWayBackHolds_fromEveryRestrictionThatLetsItThrough() {
        let start = at("2026-11-21 10:00")
        let state = ThresholdState.make(
            profiles: [
                .make(
                    "sleep", selection: .apps("tiktok", "youtube"), unlockPolicy: .none,
                    schedules: [.on(Weekday.everyDay, "09:00", "17:00")])
            ],
            gates: [.make("selah", selection: .apps("instagram", "tiktok"))],
            grants: [.make("amen", .allGated, from: start, minutes: 10, origin: .ritual(.prayer))])
        let e = evaluate(state, at: start.adding(minutes: 1), calendar: ny)
        #expect(!e.shields(app: instagram))  // the prayer lifts Selah's gate …
        #expect(!e.shields(app: tiktok))  // … and TikTok from the Sleep schedule, Selah being a way back into it
        #expect(e.shields(app: youtube))  // … but not YouTube, which only Sleep holds
        #expect(e.rule(.gate("selah"))?.status == .granted("amen", until: start.adding(minutes: 10)))
        #expect(e.rule(.profile("sleep"))?.status == .partlyLifted(grants: ["amen"]))

        let started = ThresholdState.make(
            profiles: [.make("sleep", selection: .apps("tiktok", "youtube"), unlockPolicy: .none)],
            gates: [.make("selah", selection: .apps("instagram", "tiktok"))],
            sessions: [.make("s", profile: "sleep", start: start)],
            grants: [.make("amen", .allGated, from: start, minutes: 10, origin: .ritual(.prayer))])
        let session = evaluate(started, at: start.adding(minutes: 1), calendar: ny)
        #expect(session.shields(app: tiktok))  // a session someone started: only its own rituals
        #expect(
            session.reason(forApp: tiktok)
                == .sessionActive(
                    SessionLabel(profileID: "sleep", name: "Sleep", emoji: "🎯", path: .key, strictness: .gentle)))
    }

    /// Each restriction's strictness still decides: locked lets no way back through, firm none of
    /// the quests.
    @Test func aWayBackGetsThroughOnlyWhatEachStrictnessAccepts() throws {
        let start = at("2026-11-21 10:00")
        func state(_ strictness: Strictness, _ origin: RitualKind) -> ThresholdState {
            .make(
                profiles: [
                    .make(
                        "work", selection: .apps("tiktok"), strictness: strictness, unlockPolicy: .none,
                        schedules: [.on(Weekday.everyDay, "09:00", "17:00")])
                ],
                gates: [
                    .make("bank", selection: .apps("tiktok"), unlockPolicy: .earnedAccess),
                    .make("selah", selection: .apps("tiktok")),
                ],
                grants: [.make("g", origin == .prayer ? .allGated : .app("tiktok"), from: start, minutes: 5, origin: .ritual(origin))])
        }
        let during = start.adding(minutes: 1)
        #expect(!evaluate(state(.gentle, .breathingQuest), at: during, calendar: ny).shields(app: tiktok))
        #expect(evaluate(state(.firm, .breathingQuest), at: during, calendar: ny).shields(app: tiktok))
        #expect(!evaluate(state(.firm, .prayer), at: during, calendar: ny).shields(app: tiktok))
        #expect(evaluate(state(.locked, .prayer), at: during, calendar: ny).shields(app: tiktok))
    }

    @Test func lockedStrictness_ignoresEveryGrant() {
        let start = at("2026-11-21 10:00")
        let state = ThresholdState.make(
            profiles: [.make("beast", path: .present, selection: .apps("instagram"), strictness: .locked, unlockPolicy: .prayer)],
            sessions: [.make("s", profile: "beast", start: start, plan: .goal(minutes: 60))],
            grants: [
                .make("amen", .allGated, from: start, minutes: 10, origin: .ritual(.prayer)),
                .make("one", .app("instagram"), from: start, minutes: 10, origin: .ritual(.prayer)),
            ])
        let e = evaluate(state, at: start.adding(minutes: 5), calendar: ny)
        #expect(e.shields(app: instagram))
        #expect(e.rule(.profile("beast"))?.status == .enforcing)
        #expect(e.activeGrants == ["amen", "one"])
    }

    @Test func categoryGrant_liftsTheWholeCategory() {
        let start = at("2026-11-21 10:00")
        let state = ThresholdState.make(
            gates: [
                .make(
                    "quiz", path: .challenge, selection: Selection(categories: [social, CategoryToken("games")]), unlockPolicy: .challenge)
            ],
            grants: [.make("g", .token(.category(social)), from: start, minutes: 5, origin: .ritual(.ticTacToe))])
        let e = evaluate(state, at: start, calendar: ny)
        #expect(!e.shields(app: instagram, category: social))
        #expect(e.shields(app: AppToken("chess"), category: CategoryToken("games")))
    }

    // MARK: Sessions and breaks

    @Test func breakInsideAScheduledProfile_liftsItAndShieldsReturnAtItsEnd() {
        let span = OccurrenceKey(profileID: "work", scheduleID: "main", day: day("2026-11-23"))
        let breakStart = at("2026-11-23 10:00")
        let state = ThresholdState.make(
            profiles: [
                .make(
                    "work", selection: .apps("instagram", "tiktok"), breakPolicy: .fivePerHour,
                    schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
            ],
            sessions: [
                .make(
                    "s", profile: "work", origin: .schedule, start: at("2026-11-23 09:00"),
                    plan: .until(at("2026-11-23 17:00")), occurrence: span,
                    breaks: [.make("b", from: breakStart, minutes: 5)])
            ])
        let onBreak = evaluate(state, at: breakStart.adding(minutes: 2), calendar: ny)
        #expect(!onBreak.shields(app: instagram))
        #expect(onBreak.rule(.profile("work"))?.status == .onBreak("b", until: breakStart.adding(minutes: 5)))
        #expect(onBreak.nextChange == breakStart.adding(minutes: 5))
        #expect(evaluate(state, at: breakStart.adding(minutes: 5), calendar: ny).shields(app: instagram))
    }

    @Test func endingAScheduledSpanEarly_endsThatSpanOnly() {
        let span = OccurrenceKey(profileID: "work", scheduleID: "main", day: day("2026-11-23"))
        let state = ThresholdState.make(
            profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])],
            sessions: [
                .make(
                    "s", profile: "work", origin: .schedule, start: at("2026-11-23 09:00"),
                    plan: .until(at("2026-11-23 17:00")), occurrence: span,
                    ending: .init(at: at("2026-11-23 11:00"), state: .gaveUp))
            ])
        let before = evaluate(state, at: at("2026-11-23 10:59"), calendar: ny)
        #expect(before.shields(app: instagram))
        #expect(before.nextChange == at("2026-11-23 11:00"), "the recorded ending is the next change")
        let ended = evaluate(state, at: at("2026-11-23 11:00"), calendar: ny)
        #expect(!ended.shields(app: instagram))
        #expect(ended.nextChange == at("2026-11-24 09:00"))
        #expect(evaluate(state, at: at("2026-11-24 09:00"), calendar: ny).shields(app: instagram))
    }

    @Test func manualStartOverlappingASpan_isOneRestrictionWithBothSources() {
        let state = ThresholdState.make(
            profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])],
            sessions: [.make("early", profile: "work", origin: .key, start: at("2026-11-23 08:50"), plan: .until(at("2026-11-23 17:00")))])
        let e = evaluate(state, at: at("2026-11-23 09:30"), calendar: ny)
        let rule = e.rule(.profile("work"))
        #expect(rule?.sources == [.schedule(.init(profileID: "work", scheduleID: "main", day: day("2026-11-23"))), .session("early")])
        #expect(e.rules.count == 1)
    }

    @Test func presentSession_turnsToTheCelebrationAtItsGoal() {
        let start = at("2026-11-21 10:00")
        let state = ThresholdState.make(
            profiles: [.make("present", emoji: "🌿", path: .present)],
            sessions: [.make("s", profile: "present", start: start, plan: .goal(minutes: 45))])
        let label = SessionLabel(profileID: "present", name: "Present", emoji: "🌿", path: .present, strictness: .gentle)
        let before = evaluate(state, at: start.adding(minutes: 44), calendar: ny)
        #expect(before.reason(forApp: instagram) == .sessionActive(label))
        #expect(before.nextChange == start.adding(minutes: 45))
        let after = evaluate(state, at: start.adding(minutes: 45), calendar: ny)
        #expect(after.reason(forApp: instagram) == .sessionGoalReached(label, xp: 8))
        #expect(after.shields(app: instagram))  // extra time keeps the shield until the person ends it
        #expect(after.nextChange == nil)
    }

    // MARK: Intentions, freezes, tutorial

    @Test func intention_countsTodaysOpens_andResetsAtMidnight() {
        let first = at("2026-11-21 09:00")
        let state = ThresholdState.make(
            intentions: [.make("ig", app: "instagram", opens: 3, minutes: 5)],
            grants: [
                .make("o1", .app("instagram"), from: first, minutes: 5, origin: .intentionOpen("ig")),
                .make("o2", .app("instagram"), from: at("2026-11-21 12:00"), minutes: 5, origin: .intentionOpen("ig")),
            ])
        let open = evaluate(state, at: first.adding(minutes: 1), calendar: ny)
        #expect(!open.shields(app: instagram))
        let evening = evaluate(state, at: at("2026-11-21 20:00"), calendar: ny)
        guard case .intention(let label)? = evening.reason(forApp: instagram) else {
            Issue.record("expected an intention shield"); return
        }
        #expect(label.opensUsed == 2 && label.opensLeft == 1)
        #expect(evening.nextChange == at("2026-11-22 00:00"))
        guard case .intention(let tomorrow)? = evaluate(state, at: at("2026-11-22 00:00"), calendar: ny).reason(forApp: instagram) else {
            Issue.record("expected an intention shield"); return
        }
        #expect(tomorrow.opensUsed == 0)
    }

    @Test func streakFreezeDay_showsTheFreezeShield() {
        let state = ThresholdState.make(intentions: [.make("ig", app: "instagram")], streakFreezeDays: [day("2026-11-23")])
        let sunday = evaluate(state, at: at("2026-11-22 22:00"), calendar: ny)
        #expect(sunday.nextChange == at("2026-11-23 00:00"))
        guard case .streakFreeze? = evaluate(state, at: at("2026-11-23 08:00"), calendar: ny).reason(forApp: instagram) else {
            Issue.record("expected the streak-freeze shield"); return
        }
    }

    @Test func tutorial_shieldsEveryApp_belowAnyOtherReason() {
        let start = at("2026-11-21 10:00")
        let state = ThresholdState.make(gates: [.make("selah")], tutorial: Tutorial(startedAt: start))
        let e = evaluate(state, at: start, calendar: ny)
        #expect(e.reason(forApp: AppToken("maps")) == .tutorial)
        guard case .gated? = e.reason(forApp: instagram) else { Issue.record("expected Selah's shield"); return }
    }

    // MARK: Capacity

    @Test func hundredAndTwentyApps_spreadOverThreeStores() {
        let names = (0..<120).map { String(format: "app%03d", $0) }
        let state = ThresholdState.make(gates: [.make("selah", selection: .apps(names))])
        let e = evaluate(state, at: at("2026-11-21 10:00"), calendar: ny)
        #expect(e.stores.map(\.applications.count) == [50, 50, 20])
        #expect(e.stores.map(\.name) == ["threshold.0", "threshold.1", "threshold.2"])
        #expect(names.allSatisfy { e.shields(app: AppToken($0)) })
        #expect(e.capacityError == nil)
    }

    @Test func twoThousandSixHundredApps_reportOverCapacity_neverDropSilently() {
        let names = (0..<2600).map { String(format: "app%04d", $0) }
        let state = ThresholdState.make(
            profiles: [.make("a", selection: .apps(Array(names[..<1300]))), .make("b", selection: .apps(Array(names[1300...])))],
            sessions: [.make("s1", profile: "a", start: at("2026-11-21 09:00")), .make("s2", profile: "b", start: at("2026-11-21 09:00"))])
        let e = evaluate(state, at: at("2026-11-21 10:00"), calendar: ny)
        #expect(e.stores.count == 50)
        #expect(e.stores.allSatisfy { $0.applications.count == 50 })
        #expect(e.capacityError == CapacityError(problems: [.tooManyStores(needed: 52, unshielded: 100)]))
    }

    @Test func tooManyExceptions_failClosedByKeepingThoseAppsShielded() {
        let start = at("2026-11-21 10:00")
        let grants = (0..<55).map {
            Grant.make(GrantID("g\($0)"), .app(String(format: "a%02d", $0)), from: start, minutes: 5, origin: .ritual(.credits))
        }
        let state = ThresholdState.make(
            gates: [.make("bank", path: .earnedAccess, selection: Selection(categories: [social]), unlockPolicy: .earnedAccess)],
            grants: grants)
        let e = evaluate(state, at: start, calendar: ny)
        #expect(e.capacityError?.problems == [.tooManyExceptions(kind: "apps", count: 55, dropped: 5)])
        #expect(!e.shields(app: AppToken("a00"), category: social))
        #expect(e.shields(app: AppToken("a54"), category: social))
    }
}
