import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import Testing
import TestSupport
import ThresholdCore

@Suite struct DeviceActivityCentreTests {
    let ny = TimeZone(identifier: "America/New_York")!
    let now = at("2026-11-23 10:00")

    func activity(_ name: String, _ start: Date, _ end: Date, warning: Int? = nil, repeats: Bool = false) -> ActivityRegistration {
        ActivityRegistration(
            name: name, start: ActivityMoment(start, in: ny), end: ActivityMoment(end, in: ny), repeats: repeats, warningSeconds: warning)
    }

    @Test func intervalsShorterThan15Minutes_areRefused() {
        var centre = DeviceActivityCentre()
        #expect(throws: ScreenTimeError.intervalTooShort(activity: "a")) {
            try centre.startMonitoring(activity("a", now, now.adding(minutes: 14.98)), at: now, timeZone: ny)
        }
        #expect(throws: Never.self) { try centre.startMonitoring(activity("b", now, now.adding(minutes: 15)), at: now, timeZone: ny) }
    }

    @Test func intervalsLongerThanAWeek_areRefused() {
        var centre = DeviceActivityCentre()
        #expect(throws: ScreenTimeError.intervalTooLong(activity: "a")) {
            try centre.startMonitoring(activity("a", now, now.adding(minutes: 7 * 1_440 + 1)), at: now, timeZone: ny)
        }
    }

    @Test func theTwentyFirstActivity_isRefused_butOverwritingANameIsNot() throws {
        var centre = DeviceActivityCentre()
        for i in 0..<20 {
            try centre.startMonitoring(activity("a\(i)", now.adding(minutes: 60), now.adding(minutes: 90)), at: now, timeZone: ny)
        }
        #expect(throws: ScreenTimeError.excessiveActivities(activity: "a20")) {
            try centre.startMonitoring(activity("a20", now.adding(minutes: 60), now.adding(minutes: 90)), at: now, timeZone: ny)
        }
        try centre.startMonitoring(activity("a3", now.adding(minutes: 61), now.adding(minutes: 90)), at: now, timeZone: ny)
        #expect(centre.registrations.count == 20)
    }

    @Test func registeringInsideTheInterval_firesIntervalDidStartAtOnce() throws {
        var centre = DeviceActivityCentre()
        try centre.startMonitoring(activity("past", now.adding(minutes: -10), now.adding(minutes: 5)), at: now, timeZone: ny)
        #expect(centre.takeFired().map(\.description) == ["intervalDidStart past"])
        centre.fireDue(through: now.adding(minutes: 5), timeZone: ny)
        #expect(centre.takeFired().map { $0.at } == [now.adding(minutes: 5)])
        #expect(centre.registrations.isEmpty, "a one-shot activity stops after its interval ends")
    }

    @Test func stoppingOrReRegisteringMidInterval_firesIntervalDidEnd() throws {
        var centre = DeviceActivityCentre()
        try centre.startMonitoring(activity("a", now.adding(minutes: -10), now.adding(minutes: 30)), at: now, timeZone: ny)
        _ = centre.takeFired()
        try centre.startMonitoring(activity("a", now.adding(minutes: -10), now.adding(minutes: 40)), at: now, timeZone: ny)
        #expect(centre.takeFired().map(\.description) == ["intervalDidEnd a", "intervalDidStart a"])
        centre.stopMonitoring(["a"], at: now)
        #expect(centre.takeFired().map(\.description) == ["intervalDidEnd a"])
        // Before its interval, stopping fires nothing.
        try centre.startMonitoring(activity("later", now.adding(minutes: 60), now.adding(minutes: 90)), at: now, timeZone: ny)
        centre.stopMonitoring(["later"], at: now)
        #expect(centre.takeFired().isEmpty)
    }

    @Test func stopMonitoringWithNoNames_stopsEverything() throws {
        var centre = DeviceActivityCentre()
        for i in 0..<3 {
            try centre.startMonitoring(activity("a\(i)", now.adding(minutes: 60), now.adding(minutes: 90)), at: now, timeZone: ny)
        }
        centre.stopMonitoring([], at: now)
        #expect(centre.registrations.isEmpty)
    }

    @Test func warnings_fireThatLongBeforeEachBoundary() throws {
        var centre = DeviceActivityCentre()
        try centre.startMonitoring(activity("a", now.adding(minutes: 10), now.adding(minutes: 40), warning: 60), at: now, timeZone: ny)
        centre.fireDue(through: now.adding(minutes: 40), timeZone: ny)
        let fired = centre.takeFired()
        #expect(
            fired.map(\.description) == [
                "intervalWillStartWarning a", "intervalDidStart a", "intervalWillEndWarning a", "intervalDidEnd a",
            ])
        #expect(fired.map(\.at) == [now.adding(minutes: 9), now.adding(minutes: 10), now.adding(minutes: 39), now.adding(minutes: 40)])
    }

    @Test func timeOnlyComponents_wrapAtMidnight_asAPeerFoundOut() throws {
        var centre = DeviceActivityCentre()
        let late = at("2026-11-23 23:50")
        let pause = ActivityRegistration(name: "break", start: .timeOnly(hour: 23, minute: 50), end: .timeOnly(hour: 0, minute: 10))
        try centre.startMonitoring(pause, at: late.adding(minutes: -1), timeZone: ny)
        centre.fireDue(through: at("2026-11-24 00:30"), timeZone: ny)
        #expect(centre.takeFired().last?.at == at("2026-11-24 00:00"), "the interval ends at 00:00, not 00:10")
    }

    @Test func mixingTimeOnlyAndFullDates_isAcceptedAndNeverFires() throws {
        var centre = DeviceActivityCentre()
        let mixed = ActivityRegistration(
            name: "m", start: .timeOnly(hour: 10, minute: 0), end: ActivityMoment(now.adding(minutes: 60), in: ny))
        try centre.startMonitoring(mixed, at: now, timeZone: ny)
        centre.fireDue(through: now.adding(minutes: 24 * 60), timeZone: ny)
        #expect(centre.takeFired().isEmpty)
        #expect(centre.registrations.count == 1, "and it still takes one of the twenty")
    }

    // MARK: Time zones

    let la = TimeZone(identifier: "America/Los_Angeles")!

    /// A wall-clock reading with no time zone: iOS reads it in the device's zone.
    func floating(_ name: String, _ start: Date, _ end: Date) -> ActivityRegistration {
        func reading(_ instant: Date) -> ActivityMoment {
            var moment = ActivityMoment(instant, in: ny)
            moment.timeZoneIdentifier = nil
            return moment
        }
        return ActivityRegistration(name: name, start: reading(start), end: reading(end))
    }

    @Test func componentsWithoutATimeZone_followTheDeviceZone_andOnesWithAZoneStayInstants() throws {
        var centre = DeviceActivityCentre()
        let friday = at("2026-11-27 18:00"), monday = at("2026-11-30 09:00")
        try centre.startMonitoring(floating("wall", monday, monday.adding(minutes: 15)), at: friday, timeZone: ny)
        try centre.startMonitoring(activity("instant", monday, monday.adding(minutes: 15)), at: friday, timeZone: ny)
        centre.timeZoneChanged(to: la, at: friday)
        #expect(centre.takeFired().isEmpty)
        centre.fireDue(through: at("2026-11-30 12:30"), timeZone: la)
        let starts = centre.takeFired().filter { $0.kind == .intervalDidStart }
        #expect(starts.map(\.description) == ["intervalDidStart instant", "intervalDidStart wall"])
        #expect(
            starts.map(\.at) == [monday, at("2026-11-30 09:00", in: "America/Los_Angeles")],
            "09:00 stays 09:00 on the wall clock in Los Angeles; the instant stays 09:00 in New York")
    }

    @Test func aZoneChangeIntoAWallClockInterval_firesItsStartAtOnce_andOutOfOne_itsEnd() throws {
        var centre = DeviceActivityCentre()
        let friday = at("2026-11-27 18:28")
        // Friday 09:00–17:00 on the wall clock is over in New York, and holds 15:28 in Los Angeles.
        try centre.startMonitoring(floating("hours", at("2026-11-27 09:00"), at("2026-11-27 21:00")), at: friday, timeZone: ny)
        #expect(centre.takeFired().map(\.description) == ["intervalDidStart hours"], "inside at registration")
        try centre.startMonitoring(floating("evening", at("2026-11-27 18:00"), at("2026-11-27 20:00")), at: friday, timeZone: ny)
        _ = centre.takeFired()
        centre.timeZoneChanged(to: la, at: friday)
        // 15:28 in Los Angeles: still inside "hours"; before "evening", which therefore ends early.
        #expect(centre.takeFired().map(\.description) == ["intervalDidEnd evening"])
        centre.fireDue(through: at("2026-11-27 18:00", in: "America/Los_Angeles"), timeZone: la)
        #expect(centre.takeFired().map(\.description) == ["intervalDidStart evening"], "and starts again at 18:00 on the new wall clock")
        // Back east past its end: "hours" ends at once.
        centre.timeZoneChanged(to: TimeZone(identifier: "Europe/Paris")!, at: at("2026-11-27 18:00", in: "America/Los_Angeles"))
        #expect(centre.takeFired().map(\.description).sorted() == ["intervalDidEnd evening", "intervalDidEnd hours"])
        #expect(centre.registrations.isEmpty, "both were over in Paris")
    }

    @Test func anIntervalAZoneChangeSkipsWhole_firesStartAndEnd() throws {
        var centre = DeviceActivityCentre()
        let friday = at("2026-11-27 08:00")
        try centre.startMonitoring(floating("soon", at("2026-11-27 09:00"), at("2026-11-27 09:15")), at: friday, timeZone: ny)
        centre.timeZoneChanged(to: TimeZone(identifier: "Asia/Tokyo")!, at: friday)
        #expect(centre.takeFired().map(\.description) == ["intervalDidStart soon", "intervalDidEnd soon"])
        #expect(centre.registrations.isEmpty)
    }
}
