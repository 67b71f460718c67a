import Foundation
import PropertyBased
import Testing
import ThresholdCore
@testable import TogetherCore

@Suite struct LeagueWeekTests {
    func day(_ text: String) throws -> LocalDate { try LocalDate(parsing: text) }
    func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func aSundayBelongsToTheWeekThatStartedTheMondayBefore_andMondayStartsTheNext() throws {
        #expect(LeagueWeek(containing: try day("2026-11-29")).monday == (try day("2026-11-23")))
        #expect(LeagueWeek(containing: try day("2026-11-30")).monday == (try day("2026-11-30")))
        #expect(LeagueWeek(containing: try day("2026-11-23")).sunday == (try day("2026-11-29")))
    }

    @Test func aWeekIsNamedByItsMonday_otherDaysAreRefused() throws {
        #expect(throws: TogetherRefusal.self) { try LeagueWeek(monday: try day("2026-11-24")) }
        let decoded = try JSONDecoder().decode([LeagueWeek].self, from: Data(#"["2026-11-23"]"#.utf8))
        #expect(decoded.first?.monday == (try day("2026-11-23")))
        #expect(throws: (any Error).self) { try JSONDecoder().decode([LeagueWeek].self, from: Data(#"["2026-11-25"]"#.utf8)) }
    }

    @Test func sundayEveningInHonolulu_isStillTheSameWeek_afterAucklandsMondayHasBegun() throws {
        let now = utc("2026-11-30T08:00:00Z")  // Sunday 22:00 in Honolulu, Monday 21:00 in Auckland
        let honolulu = LeagueWeek.current(at: now, in: TimeZone(identifier: "Pacific/Honolulu")!)
        let auckland = LeagueWeek.current(at: now, in: TimeZone(identifier: "Pacific/Auckland")!)
        #expect(honolulu.monday == (try day("2026-11-23")))
        #expect(auckland == honolulu.next)
        #expect(now < honolulu.closesAt, "Honolulu's Sunday is not cut off")
    }

    @Test func aWeekClosesAtMondayNoonUTC_whenSundayHasEndedAtUTCMinus12() throws {
        let week = try LeagueWeek(monday: try day("2026-11-23"))
        #expect(week.closesAt == utc("2026-11-30T12:00:00Z"))
        #expect(week.end(in: TimeZone(identifier: "Etc/GMT+12")!) == week.closesAt)
        #expect(LeagueWeek.start(of: try day("2026-11-23")) == utc("2026-11-22T10:00:00Z"))
    }

    static let instants = Gen.int(in: 0...4_000_000_000).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    static let zones: [TimeZone] = [
        "Pacific/Kiritimati", "Pacific/Auckland", "Asia/Kolkata", "Europe/London", "America/New_York",
        "Pacific/Honolulu", "Etc/GMT+12", "Australia/Lord_Howe", "America/St_Johns",
    ]
    .map { TimeZone(identifier: $0)! }

    @Test func everyLocalDay_fallsInTheWeekItsDateSays_whichHasBegunAndNotClosedAnywhere() async {
        await propertyCheck(count: 500, input: Self.instants, Gen.int(in: 0..<Self.zones.count)) { instant, zoneIndex in
            let zone = Self.zones[zoneIndex]
            let today = Clockwork(timeZone: zone).localDate(of: instant)
            let week = LeagueWeek.current(at: instant, in: zone)
            #expect(week.contains(today) && week.monday.weekday == .monday && week.days.count == 7)
            #expect(week.monday <= today && today <= week.sunday)
            #expect(week.start(in: zone) <= instant && instant < week.end(in: zone), "the person is inside their own week")
            #expect(LeagueWeek.start(of: today) <= instant, "today has begun at UTC+14 too")
            #expect(instant < LeagueWeek.end(of: today) && instant < week.closesAt, "today has not ended at UTC−12")
            #expect(week.next.previous == week && week.next.monday.dayNumber - week.monday.dayNumber == 7)
        }
    }
}
