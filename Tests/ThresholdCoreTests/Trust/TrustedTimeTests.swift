import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct TrustedTimeTests {
    let noon = at("2026-11-23 12:00")

    func reading(_ wall: Date, uptime: TimeInterval, boot: String = "b1") -> ClockReading {
        ClockReading(wall: wall, uptime: uptime, bootID: boot)
    }

    @Test func firstReading_isTrusted() {
        let time = TrustedTime(reading(noon, uptime: 100), since: nil)
        #expect(time.trusted == noon && !time.isJumped)
        #expect(time.anchor == ClockAnchor(trusted: noon, uptime: 100, bootID: "b1"))
    }

    @Test func clockMovedForward_isCaught_andTrustedTimeFollowsUptime() {
        let anchor = TrustedTime(reading(noon, uptime: 100), since: nil).anchor
        let later = TrustedTime(reading(noon.adding(minutes: 125), uptime: 100 + 300), since: anchor)
        #expect(later.trusted == noon.adding(minutes: 5))
        #expect(later.jump == 120 * 60 && later.isJumped)
        // And it stays caught while the clock stays wrong.
        let again = TrustedTime(reading(noon.adding(minutes: 130), uptime: 100 + 600), since: later.anchor)
        #expect(again.trusted == noon.adding(minutes: 10) && again.isJumped)
    }

    @Test func clockMovedBack_isCaught() {
        let anchor = TrustedTime(reading(noon, uptime: 100), since: nil).anchor
        let later = TrustedTime(reading(noon.adding(minutes: -60), uptime: 160), since: anchor)
        #expect(later.trusted == noon.adding(minutes: 1))
        #expect(later.jump == -61 * 60)
    }

    @Test func smallDrift_isAdopted() {
        let anchor = TrustedTime(reading(noon, uptime: 100), since: nil).anchor
        let later = TrustedTime(reading(noon.adding(seconds: 3_690), uptime: 100 + 3_600), since: anchor)
        #expect(!later.isJumped && later.trusted == later.wall)
    }

    @Test func settingTheClockRightAgain_clearsTheJump() {
        let anchor = TrustedTime(reading(noon, uptime: 100), since: nil).anchor
        let moved = TrustedTime(reading(noon.adding(minutes: 180), uptime: 160), since: anchor)
        let fixed = TrustedTime(reading(noon.adding(minutes: 2), uptime: 220), since: moved.anchor)
        #expect(moved.isJumped && !fixed.isJumped)
        #expect(fixed.trusted == noon.adding(minutes: 2))
    }

    @Test func acrossARestart_aBackwardMoveIsCaught_asALowerBound() {
        let anchor = TrustedTime(reading(noon, uptime: 5_000), since: nil).anchor
        let afterRestart = TrustedTime(reading(noon.adding(minutes: -90), uptime: 30, boot: "b2"), since: anchor)
        #expect(afterRestart.isJumped && afterRestart.trusted == noon && afterRestart.anchor.isLowerBound)
        // Counted on in the new boot; the wall clock reaching the bound is adopted.
        let stillBehind = TrustedTime(reading(noon.adding(minutes: -80), uptime: 630, boot: "b2"), since: afterRestart.anchor)
        #expect(stillBehind.isJumped && stillBehind.trusted == noon.adding(minutes: 10))
        let caughtUp = TrustedTime(reading(noon.adding(minutes: 15), uptime: 640, boot: "b2"), since: stillBehind.anchor)
        #expect(!caughtUp.isJumped && caughtUp.trusted == caughtUp.wall && !caughtUp.anchor.isLowerBound)
    }

    @Test func acrossARestart_aForwardClockIsAdopted_theDocumentedLimit() {
        let anchor = TrustedTime(reading(noon, uptime: 5_000), since: nil).anchor
        let afterRestart = TrustedTime(reading(noon.adding(minutes: 600), uptime: 30, boot: "b2"), since: anchor)
        #expect(!afterRestart.isJumped)
    }

    @Test func anchorsSavedBeforeLowerBoundsExisted_decode() throws {
        let json = #"{"trusted":0,"uptime":12,"bootID":"b1"}"#
        let anchor = try JSONDecoder().decode(ClockAnchor.self, from: Data(json.utf8))
        #expect(!anchor.isLowerBound && anchor.uptime == 12)
    }

    // MARK: A floor (a usage event's evidence)

    @Test func afterARestart_aFloorPastTheWallClock_raisesTheTrustedTime_asALowerBound() {
        let anchor = TrustedTime(reading(noon, uptime: 5_000), since: nil).anchor
        // Restarted and set back inside a window opened at noon; the wall reads after the anchor, so it is adopted.
        let adopted = TrustedTime(reading(noon.adding(minutes: 1), uptime: 200, boot: "b2"), since: anchor)
        #expect(!adopted.isJumped)
        // A usage event proves ten minutes have passed since noon.
        let proved = TrustedTime(
            reading(noon.adding(minutes: 3), uptime: 320, boot: "b2"), since: adopted.anchor, atLeast: noon.adding(minutes: 10))
        #expect(proved.trusted == noon.adding(minutes: 10) && proved.isJumped && proved.jump == -7 * 60 && proved.anchor.isLowerBound)
        // Counted on from there in the same boot, until the wall clock reaches it.
        let later = TrustedTime(reading(noon.adding(minutes: 4), uptime: 380, boot: "b2"), since: proved.anchor)
        #expect(later.trusted == noon.adding(minutes: 11) && later.isJumped)
        let caughtUp = TrustedTime(reading(noon.adding(minutes: 12), uptime: 440, boot: "b2"), since: later.anchor)
        #expect(!caughtUp.isJumped && !caughtUp.anchor.isLowerBound)
    }

    @Test func aFloorWithinTheTolerance_orBehindTheTrustedTime_changesNothing() {
        let anchor = TrustedTime(reading(noon, uptime: 100), since: nil).anchor
        let plain = TrustedTime(reading(noon.adding(minutes: 10), uptime: 700), since: anchor)
        for floor in [noon.adding(minutes: 12), noon.adding(minutes: 5), noon.adding(minutes: 10)] {
            let time = TrustedTime(reading(noon.adding(minutes: 10), uptime: 700), since: anchor, atLeast: floor)
            #expect(time == plain, "floor \(floor)")
        }
        let justOver = TrustedTime(
            reading(noon.adding(minutes: 10), uptime: 700), since: anchor, atLeast: noon.adding(minutes: 12).adding(seconds: 1))
        #expect(justOver.isJumped && justOver.trusted == noon.adding(minutes: 12).adding(seconds: 1))
    }

    @Test func aFloor_alsoLiftsAJumpAlreadyCaught() {
        let anchor = TrustedTime(reading(noon, uptime: 100), since: nil).anchor
        // Moved back an hour in the same boot: the trusted time follows uptime; a floor further on still counts.
        let time = TrustedTime(reading(noon.adding(minutes: -55), uptime: 400), since: anchor, atLeast: noon.adding(minutes: 10))
        #expect(time.trusted == noon.adding(minutes: 10) && time.anchor.isLowerBound)
    }
}
