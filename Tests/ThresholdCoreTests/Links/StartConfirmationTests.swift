import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// A link any app or web page can open must not lock the phone by itself: a start the person
/// could not undo (Beast Mode) asks first; every other start goes ahead.
@Suite struct StartConfirmationTests {
    let ny = calendar("America/New_York")
    let beast = Profile.make(
        "beast", name: "Deep work", emoji: "🦁", path: .present, selection: .apps("instagram", "tiktok"),
        strictness: .locked, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])

    @Test func aLockedProfileAnHourBeforeItsSchedule_needsConfirmation_untilTheScheduleEnds() throws {
        let now = at("2026-11-24 08:10")  // a Tuesday; a manual start joins the 9:00 span
        let confirmation = try #require(StartConfirmation.needed(toStart: "beast", in: .make(profiles: [beast]), at: now, calendar: ny))
        #expect(confirmation.lockedUntil == at("2026-11-24 17:00"))
        #expect(confirmation.name == "🦁 Deep work" && confirmation.selectedItems == 2 && confirmation.byLink)
    }

    @Test func aProfileThePersonCanEnd_startsWithoutAsking() {
        let gentle = Profile.make("gentle", path: .present, strictness: .gentle, schedules: beast.schedules)
        let firm = Profile.make("firm", path: .present, strictness: .firm, schedules: beast.schedules)
        let now = at("2026-11-24 08:10")
        #expect(StartConfirmation.needed(toStart: "gentle", in: .make(profiles: [gentle]), at: now, calendar: ny) == nil)
        #expect(StartConfirmation.needed(toStart: "firm", in: .make(profiles: [firm]), at: now, calendar: ny) == nil)
    }

    @Test func theAppsOwnStart_withItsLength_isLockedUntilThatLengthEnds() throws {
        let now = at("2026-11-24 06:00")  // far from the schedule: a length gives the session its end
        let confirmation = try #require(
            StartConfirmation.needed(
                toStart: "beast", plan: .until(at("2026-11-24 06:25")), byLink: false,
                in: .make(profiles: [beast]), at: now, calendar: ny))
        #expect(confirmation.lockedUntil == at("2026-11-24 06:25") && !confirmation.byLink)
    }

    @Test func aStartTheEngineWouldRefuse_asksNothing_theStartSaysWhy() {
        // Far from its schedule a locked profile has no end, and Beast Mode refuses to start
        // without one; an unknown profile is refused too. Neither needs the person's word.
        #expect(StartConfirmation.needed(toStart: "beast", in: .make(profiles: [beast]), at: at("2026-11-24 06:00"), calendar: ny) == nil)
        #expect(StartConfirmation.needed(toStart: "nobody", in: .make(profiles: [beast]), at: at("2026-11-24 08:10"), calendar: ny) == nil)
    }

    @Test func anAllowListProfile_saysItShieldsEverythingBut() throws {
        let allow = Profile.make(
            "allow", path: .present, selection: .apps("maps"), listMode: .allowList, strictness: .locked,
            schedules: beast.schedules)
        let now = at("2026-11-24 08:30")
        let confirmation = try #require(StartConfirmation.needed(toStart: "allow", in: .make(profiles: [allow]), at: now, calendar: ny))
        #expect(confirmation.listMode == .allowList && confirmation.selectedItems == 1)
    }
}
