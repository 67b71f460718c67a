import Foundation
import Testing
@testable import ThresholdCore

/// A repair notice is a value a screen says (issue 25): its kind and its numbers, names and the
/// system's error, saved as such, and notices an earlier build saved as words still read.
@Suite struct RepairNoticeTests {
    @Test func aNotice_takesTheKindOfItsMessage() {
        #expect(RepairNotice(.storeNotCleared(store: "threshold.0", error: "refused")).kind == .shieldsNotApplied)
        #expect(RepairNotice(.wakeUpNotRegistered(error: "refused")).kind == .monitoringFailed)
        #expect(RepairNotice(.liveActivityNotUpdated(error: "off")).kind == .surfaceFailed)
        #expect(RepairNotice(.notAuthorized).kind == .notAuthorized)
    }

    @Test func aMovedClock_isSaidInWholeMinutes_aheadOrBehind() {
        #expect(RepairNotice.clockMoved(jump: 7_200) == RepairNotice(.clockMoved(minutes: 120, ahead: true)))
        #expect(RepairNotice.clockMoved(jump: -89) == RepairNotice(.clockMoved(minutes: 1, ahead: false)))
    }

    @Test func aNotice_roundTripsThroughItsSavedForm() throws {
        let notices = [
            RepairNotice.clockMoved(jump: -1_800),
            RepairNotice(.capacity(CapacityError(problems: [.tooManyStores(needed: 52, unshielded: 120)]))),
            RepairNotice(.storeNotApplied(store: "threshold.3", error: "Screen Time failed: busy")),
        ]
        let decoded = try JSONDecoder().decode([RepairNotice].self, from: JSONEncoder().encode(notices))
        #expect(decoded == notices)
    }

    @Test func aNoticeAnEarlierBuildSavedAsWords_stillReads_withItsKind() throws {
        let saved = #"[{"kind":"clockMoved","message":"The clock is 30 minutes ahead of the time that has passed."}]"#
        let decoded = try JSONDecoder().decode([RepairNotice].self, from: Data(saved.utf8))
        #expect(decoded.map(\.kind) == [.clockMoved])
        #expect(decoded.map(\.message) == [.saved("The clock is 30 minutes ahead of the time that has passed.")])
    }

    @Test func anEarlierBuildsAppliedRecord_keepsItsNotices() throws {
        let saved = #"{"repairs":[{"kind":"notAuthorized","message":"Screen Time access is not granted."}]}"#
        let record = try JSONDecoder().decode(AppliedRecord.self, from: Data(saved.utf8))
        #expect(record.repairs.map(\.kind) == [.notAuthorized])
        #expect(record.repairs.map(\.message) == [.saved("Screen Time access is not granted.")])
    }
}
