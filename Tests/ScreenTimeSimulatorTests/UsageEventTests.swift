import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import Testing
import TestSupport
import ThresholdCore

/// Usage events as iOS delivers them (PLATFORM.md): foreground use inside the registered interval,
/// counted from registration unless the event includes past activity (17.4+), reported in coarse
/// batches about a minute later.
@Suite struct UsageEventTests {
    let ny = TimeZone(identifier: "America/New_York")!
    let ten = at("2026-11-23 10:00")
    let instagram = AppToken("instagram")

    func activity(_ start: Date, _ end: Date, minutes: Int = 5, past: Bool = false) -> ActivityRegistration {
        ActivityRegistration(
            name: "a", start: ActivityMoment(start, in: ny), end: ActivityMoment(end, in: ny),
            events: [ActivityEvent(name: "e", minutes: minutes, selection: .apps("instagram"), includesPastActivity: past)])
    }

    /// Uses Instagram a minute at a time from `from`, as the phone does; returns the event callbacks due by the end.
    func use(_ centre: inout DeviceActivityCentre, minutes: Int, from start: Date) -> [DeviceActivityCentre.Callback] {
        for minute in 1...minutes {
            centre.recordUsage(app: instagram, category: nil, seconds: 60, at: start.adding(minutes: Double(minute)))
        }
        centre.fireDue(through: start.adding(minutes: Double(minutes)), timeZone: ny)
        return centre.takeFired().filter { $0.kind == .eventDidReachThreshold }
    }

    @Test func aReachedThreshold_isReportedAMinuteLater_andLostIfTheActivityStopsFirst() throws {
        var centre = DeviceActivityCentre()
        try centre.startMonitoring(activity(ten, ten.adding(minutes: 60)), at: ten, timeZone: ny)
        _ = centre.takeFired()
        #expect(use(&centre, minutes: 5, from: ten).isEmpty, "reached at 10:05, not yet reported")
        centre.fireDue(through: ten.adding(minutes: 6), timeZone: ny)
        #expect(centre.takeFired().map(\.at) == [ten.adding(minutes: 6)])

        var stopped = DeviceActivityCentre()
        try stopped.startMonitoring(activity(ten, ten.adding(minutes: 60)), at: ten, timeZone: ny)
        _ = use(&stopped, minutes: 5, from: ten)
        stopped.stopMonitoring(["a"], at: ten.adding(minutes: 5.5))
        stopped.fireDue(through: ten.adding(minutes: 10), timeZone: ny)
        #expect(!stopped.takeFired().contains { $0.kind == .eventDidReachThreshold })
    }

    @Test func useCounts_onlyWhileTheWallClockIsInsideTheInterval() throws {
        var centre = DeviceActivityCentre()
        try centre.startMonitoring(activity(ten, ten.adding(minutes: 60)), at: ten, timeZone: ny)
        _ = centre.takeFired()
        // The clock moved back before the interval: four minutes there do not count.
        _ = use(&centre, minutes: 4, from: ten.adding(minutes: -30))
        #expect(centre.activities["a"]?.usage["e"] == nil)
        _ = use(&centre, minutes: 5, from: ten.adding(minutes: 10))
        centre.fireDue(through: ten.adding(minutes: 16), timeZone: ny)
        #expect(centre.takeFired().filter { $0.kind == .eventDidReachThreshold }.map(\.at) == [ten.adding(minutes: 16)])
    }

    @Test func useBeforeRegistration_countsOnlyForAnEventThatIncludesPastActivity() throws {
        for past in [false, true] {
            var centre = DeviceActivityCentre()
            _ = use(&centre, minutes: 4, from: ten)  // 10:00–10:04, nothing registered
            try centre.startMonitoring(
                activity(ten.adding(minutes: -60), ten.adding(minutes: 60), past: past), at: ten.adding(minutes: 5), timeZone: ny)
            _ = centre.takeFired()
            _ = use(&centre, minutes: 1, from: ten.adding(minutes: 5))
            centre.fireDue(through: ten.adding(minutes: 8), timeZone: ny)
            let reached = centre.takeFired().filter { $0.kind == .eventDidReachThreshold }
            #expect(reached.map(\.at) == (past ? [ten.adding(minutes: 7)] : []), "includesPastActivity \(past)")
        }
    }

    @Test func beforeIOS17_4_anEventCountsFromRegistration_whateverItAsks() throws {
        var centre = DeviceActivityCentre()
        centre.honoursPastActivity = false
        _ = use(&centre, minutes: 4, from: ten)
        try centre.startMonitoring(
            activity(ten.adding(minutes: -60), ten.adding(minutes: 60), past: true), at: ten.adding(minutes: 5), timeZone: ny)
        _ = centre.takeFired()
        #expect(use(&centre, minutes: 3, from: ten.adding(minutes: 5)).isEmpty && centre.activities["a"]?.usage["e"] == 180)
    }

    @Test func thePhone_canReportUsageAtOnce() throws {
        let phone = try SimulatedPhone(start: ten, timeZone: ny, setup: .make(gates: [.make("selah")]))
        phone.openThreshold()
        phone.usageReportDelay = 0
        phone.perform(IssueGrant(minutes: 5, origin: .ritual(.prayer)), as: .inApp("amen"))
        phone.reboot()
        try phone.setClock(to: phone.clock.wall.adding(minutes: -60))
        #expect(try phone.use("instagram", for: 3_600) == 5 * 60, "shielded in the minute the fifth was reached")
    }

    @Test func aThresholdReachedInTheIntervalsLastMinute_isReportedWithItsEnd() throws {
        var centre = DeviceActivityCentre()
        try centre.startMonitoring(activity(ten, ten.adding(minutes: 15)), at: ten, timeZone: ny)
        _ = centre.takeFired()
        _ = use(&centre, minutes: 5, from: ten.adding(minutes: 9))  // reached at 10:14
        centre.fireDue(through: ten.adding(minutes: 20), timeZone: ny)
        #expect(centre.takeFired().map(\.kind) == [.eventDidReachThreshold, .intervalDidEnd])
    }
}
