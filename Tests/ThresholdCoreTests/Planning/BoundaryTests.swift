import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct BoundaryTests {
    let ny = calendar("America/New_York")

    @Test func overlappingSpansOfOneProfile_changeNothingVisibleWhereTheyMeet() {
        let state = ThresholdState.make(profiles: [
            .make("work", schedules: [.on([.monday], "09:00", "12:00", id: "a"), .on([.monday], "11:00", "17:00", id: "b")])
        ])
        let found = upcomingBoundaries(state, after: at("2026-11-23 08:00"), calendar: ny, limit: 3).map(\.at)
        #expect(found == [at("2026-11-23 09:00"), at("2026-11-23 17:00"), at("2026-11-30 09:00")])
        // nextChange sees the source change at 11:00; the device does not.
        #expect(evaluate(state, at: at("2026-11-23 10:00"), calendar: ny).nextChange == at("2026-11-23 11:00"))
    }

    @Test func startsAndGrantEndsTighten_endsAndGrantStartsDoNot() {
        let state = ThresholdState.make(
            profiles: [.make("work", unlockPolicy: .prayer, schedules: [.on([.monday], "09:00", "17:00")])],
            grants: [.make("g", from: at("2026-11-23 10:00"), minutes: 10)])
        let found = upcomingBoundaries(state, after: at("2026-11-23 08:00"), calendar: ny, limit: 4)
        #expect(
            found == [
                Boundary(at: at("2026-11-23 09:00"), tightens: true, followsZone: true),
                Boundary(at: at("2026-11-23 10:00"), tightens: false),
                Boundary(at: at("2026-11-23 10:10"), tightens: true),
                Boundary(at: at("2026-11-23 17:00"), tightens: false, followsZone: true),
            ])
    }

    @Test func aBoundaryWhereAGrantEndsWithASchedule_isAnInstant_andMidnightForIntentionsFollowsTheZone() {
        let state = ThresholdState.make(
            profiles: [.make("work", unlockPolicy: .prayer, schedules: [.on([.monday], "09:00", "17:00")])],
            intentions: [.make("ig", app: "instagram")],
            grants: [
                .make("g", from: at("2026-11-23 08:50"), minutes: 10),
                .make("o", .app("instagram"), from: at("2026-11-23 16:00"), minutes: 5, origin: .intentionOpen("ig")),
            ])
        let found = upcomingBoundaries(state, after: at("2026-11-23 08:00"), calendar: ny, limit: 5)
        #expect(
            found.map { [$0.at: $0.followsZone] } == [
                [at("2026-11-23 09:00"): false], [at("2026-11-23 16:00"): false],
                [at("2026-11-23 16:05"): false], [at("2026-11-23 17:00"): true], [at("2026-11-24 00:00"): true],
            ])
    }

    @Test func theLastWallClockChange_isTheLatestSpanStartOrEndOrMidnightAtOrBeforeNow() {
        let work = ThresholdState.make(profiles: [.make("work", schedules: [.on([.monday, .tuesday], "09:00", "17:00")])])
        #expect(lastWallClockChange(work, atOrBefore: at("2026-11-23 12:00"), calendar: ny) == at("2026-11-23 09:00"))
        #expect(lastWallClockChange(work, atOrBefore: at("2026-11-23 17:00"), calendar: ny) == at("2026-11-23 17:00"))
        #expect(lastWallClockChange(work, atOrBefore: at("2026-11-27 18:00"), calendar: ny) == at("2026-11-24 17:00"))
        let withIntentions = ThresholdState.make(profiles: work.profiles, intentions: [.make("ig", app: "instagram")])
        #expect(lastWallClockChange(withIntentions, atOrBefore: at("2026-11-27 18:00"), calendar: ny) == at("2026-11-27 00:00"))
        #expect(lastWallClockChange(.make(gates: [.make("selah")]), atOrBefore: at("2026-11-27 18:00"), calendar: ny) == nil)
    }

    @Test func midnight_isABoundaryOnlyWhenTodaysOpensWereUsed() {
        let fresh = ThresholdState.make(intentions: [.make("ig", app: "instagram")])
        #expect(upcomingBoundaries(fresh, after: at("2026-11-23 20:00"), calendar: ny, limit: 5).isEmpty)
        let used = ThresholdState.make(
            intentions: [.make("ig", app: "instagram")],
            grants: [.make("o", .app("instagram"), from: at("2026-11-23 10:00"), minutes: 5, origin: .intentionOpen("ig"))])
        #expect(upcomingBoundaries(used, after: at("2026-11-23 20:00"), calendar: ny, limit: 5).map(\.at) == [at("2026-11-24 00:00")])
    }

    @Test func boundariesFromSeveralParts_mergeInTimeOrder_oneInstantOnce() {
        let state = ThresholdState.make(
            profiles: [
                .make("a", selection: .apps("x"), schedules: [.on([.monday], "09:00", "10:00")]),
                .make("b", selection: .apps("y"), schedules: [.on([.monday], "09:00", "09:30")]),
            ],
            gates: [.make("selah", selection: .apps("z"))],
            grants: [.make("g", from: at("2026-11-23 09:15"), minutes: 15)])
        let found = upcomingBoundaries(state, after: at("2026-11-23 08:00"), calendar: ny, limit: 10, horizon: 86_400)
        #expect(found.map(\.at) == [at("2026-11-23 09:00"), at("2026-11-23 09:15"), at("2026-11-23 09:30"), at("2026-11-23 10:00")])
        #expect(found[2].tightens, "at 9:30 the gate's grant ends (tightens) while b's span ends (lifts)")
    }

    @Test func everyBoundary_isAnInstantWhereTheDeviceWouldShowSomethingElse() {
        let state = ThresholdState.make(
            profiles: [.make("work", breakPolicy: .fivePerHour, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])],
            gates: [.make("selah", selection: .apps("tiktok"))],
            intentions: [.make("ig", app: "youtube")],
            sessions: [
                .make("s", profile: "work", start: at("2026-11-23 09:00"), breaks: [.make("b", from: at("2026-11-23 10:00"), minutes: 5)])
            ],
            grants: [
                .make("g", from: at("2026-11-23 09:30"), minutes: 10),
                .make("o", .app("youtube"), from: at("2026-11-23 11:00"), minutes: 5, origin: .intentionOpen("ig")),
            ])
        var previous = at("2026-11-23 08:00")
        for boundary in upcomingBoundaries(state, after: previous, calendar: ny, limit: 12) {
            let before = evaluate(state, at: boundary.at.adding(seconds: -1), calendar: ny)
            let after = evaluate(state, at: boundary.at, calendar: ny)
            #expect(before.stores != after.stores || before.reasons != after.reasons, "\(boundary.at) changes something")
            #expect(boundary.at > previous)
            previous = boundary.at
        }
    }
}
