import Foundation
import PropertyBased
import Testing
@testable import ThresholdCore

/// When two profiles' schedules are on at once (issue 14, item 4), the editor says where: the
/// first stretch of the week they share, on the local clock, nights across midnight included.
@Suite struct ScheduleOverlapTests {
    func schedule(_ days: Set<Weekday>, _ start: Int, _ end: Int, startMinute: Int = 0, endMinute: Int = 0) -> Schedule {
        try! Schedule(
            id: "s", weekdays: days, start: LocalTime(hour: start, minute: startMinute), end: LocalTime(hour: end, minute: endMinute))
    }

    @Test func aLateEveningAndANight_shareTheirHour() {
        let late = schedule([.monday], 21, 23, endMinute: 30)
        let sleep = schedule(Weekday.everyDay, 23, 7)
        let overlap = ScheduleOverlap.first(between: [late], and: [sleep])
        #expect(overlap == ScheduleOverlap(weekday: .monday, start: try! LocalTime(hour: 23), end: try! LocalTime(hour: 23, minute: 30)))
        #expect(overlap?.description == "Monday 23:00–23:30")
    }

    @Test func weekdaysAndTheWeekend_doNotOverlap_butSundayNightRunsIntoMonday() {
        let work = schedule(Weekday.weekdays, 9, 17)
        #expect(ScheduleOverlap.first(between: [work], and: [schedule([.saturday, .sunday], 9, 17)]) == nil)
        let sundayNight = schedule([.sunday], 22, 10)
        #expect(ScheduleOverlap.first(between: [work], and: [sundayNight])?.description == "Monday 09:00–10:00")
    }

    @Test func overlapIsSymmetric_andEmptyWhenEitherHasNoSchedule() async {
        let hours = Gen.int(in: 0...23)
        await propertyCheck(count: 200, input: hours, hours, hours, hours) { a, b, c, d in
            guard a != b, c != d else { return }
            let one = [schedule([.tuesday, .friday], a, b)], other = [schedule([.friday, .saturday], c, d)]
            #expect((ScheduleOverlap.first(between: one, and: other) == nil) == (ScheduleOverlap.first(between: other, and: one) == nil))
            #expect(ScheduleOverlap.first(between: one, and: []) == nil)
        }
    }
}
