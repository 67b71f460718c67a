import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct CautiousEvaluationTests {
    let ny = calendar("America/New_York")
    let instagram = AppToken("instagram")

    func time(wall: Date, trusted: Date) -> TrustedTime {
        let anchor = ClockAnchor(trusted: trusted, uptime: 0, bootID: "b")
        return TrustedTime(ClockReading(wall: wall, uptime: 0, bootID: "b"), since: anchor)
    }

    @Test func clockForward_doesNotEndALockedSessionEarly() {
        let state = ThresholdState.make(
            profiles: [.make("beast", path: .present, strictness: .locked)],
            sessions: [.make("s", profile: "beast", start: at("2026-11-23 09:00"), plan: .until(at("2026-11-23 10:00")))])
        let moved = time(wall: at("2026-11-23 12:00"), trusted: at("2026-11-23 09:30"))
        #expect(!evaluate(state, at: moved.wall, calendar: ny).shields(app: instagram))
        let cautious = evaluate(state, at: moved, calendar: ny)
        #expect(cautious.shields(app: instagram))
        #expect(cautious.nextChange == at("2026-11-23 12:30"), "the session's real end, carried onto the moved clock")
    }

    @Test func clockBack_doesNotExtendAGrant() {
        let state = ThresholdState.make(gates: [.make("selah")], grants: [.make("g", from: at("2026-11-23 10:00"), minutes: 10)])
        let moved = time(wall: at("2026-11-23 10:05"), trusted: at("2026-11-23 10:15"))
        #expect(!evaluate(state, at: moved.wall, calendar: ny).shields(app: instagram))
        let cautious = evaluate(state, at: moved, calendar: ny)
        #expect(cautious.shields(app: instagram))
        #expect(cautious.activeGrants.isEmpty)
    }

    @Test func withoutAJump_itIsThePlainEvaluation() {
        let state = ThresholdState.make(gates: [.make("selah")], grants: [.make("g", from: at("2026-11-23 10:00"), minutes: 10)])
        let instant = at("2026-11-23 10:05")
        #expect(evaluate(state, at: TrustedTime(agreed: instant), calendar: ny) == evaluate(state, at: instant, calendar: ny))
    }

    @Test func allowListAndBlockList_mergeWithoutLosingTheAllowListsExceptions() {
        var allow = RuleShield()
        allow.allApplications = true
        allow.applicationExceptions = [AppToken("maps")]
        var block = RuleShield()
        block.applications = [instagram]
        let merged = allow.union(block)
        #expect(merged.shields(app: instagram, category: nil))
        #expect(!merged.shields(app: AppToken("maps"), category: nil))
        #expect(merged.shields(app: AppToken("chess"), category: nil))
    }

    @Test func cautiousResult_shieldsWhateverEitherInstantShields() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...(3 * 86_400)), Gen.int(in: -(6 * 3_600)...(6 * 3_600))) { offset, jump in
            let trusted = at("2026-11-23 06:00").adding(seconds: Double(offset))
            let wall = trusted.adding(seconds: Double(jump))
            let state = Self.mixedState
            let cautious = evaluate(state, at: time(wall: wall, trusted: trusted), calendar: ny)
            for name in ["instagram", "tiktok", "youtube", "reddit", "maps"] {
                let app = AppToken(name)
                let either =
                    evaluate(state, at: wall, calendar: ny).shields(app: app, category: CategoryToken("social"))
                    || evaluate(state, at: trusted, calendar: ny).shields(app: app, category: CategoryToken("social"))
                if either {
                    #expect(cautious.shields(app: app, category: CategoryToken("social")), "\(name) at wall \(wall), trusted \(trusted)")
                }
            }
        }
    }

    static let mixedState = ThresholdState.make(
        profiles: [
            .make(
                "work", selection: .apps("instagram", "tiktok"), unlockPolicy: .prayer, breakPolicy: .fivePerHour,
                schedules: [.on(Weekday.weekdays, "09:00", "17:00")]),
            .make("focus", selection: .apps("maps"), listMode: .allowList),
        ],
        gates: [.make("selah", selection: .apps("youtube"))],
        intentions: [.make("rd", app: "reddit")],
        sessions: [
            .make("s", profile: "work", start: at("2026-11-24 09:00"), breaks: [.make("b", from: at("2026-11-24 10:00"), minutes: 5)]),
            .make("f", profile: "focus", start: at("2026-11-25 08:00"), plan: .until(at("2026-11-25 09:00"))),
        ],
        grants: [
            .make("g1", from: at("2026-11-23 12:00"), minutes: 10),
            .make("g2", from: at("2026-11-24 12:00"), minutes: 30),
            .make("o1", .app("reddit"), from: at("2026-11-23 20:00"), minutes: 5, origin: .intentionOpen("rd")),
        ])
}
