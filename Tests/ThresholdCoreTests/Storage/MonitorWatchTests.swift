import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// How Threshold notices that iOS did not call the monitor at a wake-up it registered (iOS 26.3.1):
/// a person's entry a quarter of an hour or more past it, with no callback since.
@Suite struct MonitorWatchTests {
    let nine = at("2026-11-24 09:00")
    let five = at("2026-11-24 17:00")

    @Test func anEntryAQuarterOfAnHourPastAWakeUpWithNoCallback_notesItMissed_andAwaitsTheNext() {
        var watch = MonitorWatch()
        watch.entered(at: nine.adding(minutes: -60), next: nine, inUse: true)
        #expect(watch.awaited == nine && watch.missed == nil)
        watch.entered(at: nine.adding(minutes: 14), next: five, inUse: true)
        #expect(watch.awaited == nine && watch.missed == nil, "inside the grace the callback may still come")
        watch.entered(at: nine.adding(minutes: 15), next: five, inUse: true)
        #expect(watch.missed == nine && watch.awaited == five && watch.untold == nine)
        // A second miss in the same spell keeps the first: the notice names when it began.
        watch.entered(at: five.adding(minutes: 30), next: nil, inUse: true)
        #expect(watch.missed == nine && watch.awaited == nil)
    }

    @Test func aCallback_clearsTheMiss_andTheNoticeRead() {
        var watch = MonitorWatch(awaited: five, missed: nine, told: true)
        #expect(watch.untold == nil)
        watch.heard(next: five.adding(minutes: 60))
        #expect(watch == MonitorWatch(awaited: five.adding(minutes: 60)))
    }

    /// A background entry (a Focus filter, a clock change told to a running process) does not mean
    /// the phone is in use, so iOS may still hold the callback: it judges nothing, and keeps the
    /// passed wake-up for an entry of the person's to judge.
    @Test func anEntryNotOfThePersons_judgesNothing_andKeepsThePassedWakeUp() {
        var watch = MonitorWatch(awaited: nine)
        watch.entered(at: nine.adding(minutes: 60), next: five, inUse: false)
        #expect(watch == MonitorWatch(awaited: nine))
        watch.entered(at: nine.adding(minutes: 61), next: five, inUse: true)
        #expect(watch.missed == nine)
    }

    /// A plan that changed before its wake-up came (a session ended early) awaits the new first one.
    @Test func aWakeUpStillToCome_isReplacedByThePlans() {
        var watch = MonitorWatch(awaited: five)
        watch.entered(at: nine, next: nine.adding(minutes: 30), inUse: true)
        #expect(watch == MonitorWatch(awaited: nine.adding(minutes: 30)))
        watch.entered(at: nine.adding(minutes: 10), next: nil, inUse: true)
        #expect(watch == MonitorWatch(), "nothing planned, nothing awaited")
    }

    @Test func triggersOfThePersons_meanThePhoneIsInUse() {
        let inUse: [Trigger] = [
            .appForeground, .inApp("amen"), .shieldButton(.primary), .appIntent("StartProfile"), .universalLink("k"),
            .notificationResponse("n"), .notificationPresented("n"), .widget("End"), .liveActivityButton("break"),
        ]
        let not: [Trigger] = [
            .intervalDidStart("a"), .intervalDidEnd("a"), .intervalWillStartWarning("a"), .intervalWillEndWarning("a"),
            .eventDidReachThreshold(activity: "a", event: "e"), .eventWillReachThresholdWarning(activity: "a", event: "e"),
            .significantTimeChange, .focusFilter,
        ]
        #expect(inUse.filter { !$0.meansPhoneInUse } == [])
        #expect(not.filter(\.meansPhoneInUse) == [])
    }

    @Test func acknowledging_marksTheMissTold_andNothingWhenNoneIsMissed() throws {
        var stored = StoredState.make()
        stored.applied.monitor = MonitorWatch(awaited: five, missed: nine)
        var transaction = StoreTransaction(state: stored)
        try AcknowledgeMissedSchedule().apply(to: &transaction, context: .at(nine.adding(minutes: 20), calendar: calendar()))
        #expect(transaction.state.applied.monitor == MonitorWatch(awaited: five, missed: nine, told: true))
        var none = StoreTransaction(state: .make())
        try AcknowledgeMissedSchedule().apply(to: &none, context: .at(nine, calendar: calendar()))
        #expect(none.state.applied.monitor == MonitorWatch())
    }

    @Test func aRecordSavedBeforeTheWatch_readsAsAwaitingNothing() throws {
        var record = AppliedRecord()
        record.monitor = MonitorWatch(awaited: five, missed: nine, told: true)
        let coded = try JSONEncoder().encode(record)
        #expect(try JSONDecoder().decode(AppliedRecord.self, from: coded).monitor == record.monitor)
        var object = try #require(try JSONSerialization.jsonObject(with: coded) as? [String: Any])
        object["monitor"] = nil
        let older = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(AppliedRecord.self, from: older).monitor == MonitorWatch())
    }

    /// Whatever order entries and callbacks come in, a miss is noted only by an entry of the
    /// person's a grace or more past a wake-up no callback followed, and a callback always clears it.
    @Test func aMissIsNotedOnlyWhenNoCallbackFollowedAWakeUpForAGrace() async {
        let steps = Gen.int(in: 0...3).array(of: 1...40)
        await propertyCheck(count: 200, input: steps) { kinds in
            var watch = MonitorWatch()
            var now = nine
            var lastCallback: Date?
            var planned: [Date] = []
            for kind in kinds {
                now = now.adding(minutes: Double(5 + kind * 7))
                let next = now.adding(minutes: Double(10 + kind * 11))
                planned.append(next)
                switch kind {
                case 0:
                    watch.heard(next: next)
                    lastCallback = now
                    #expect(watch.missed == nil)
                case 1:
                    watch.entered(at: now, next: next, inUse: false)
                default:
                    let before = watch.missed
                    watch.entered(at: now, next: next, inUse: true)
                    if let missed = watch.missed, before == nil {
                        #expect(now >= missed.addingTimeInterval(MonitorWatch.grace))
                        #expect(lastCallback.map { $0 < missed } ?? true, "no callback came after the wake-up it missed")
                        #expect(planned.contains(missed))
                    }
                }
            }
        }
    }
}
