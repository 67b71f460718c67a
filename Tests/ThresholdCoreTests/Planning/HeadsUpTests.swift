import Foundation
import Testing
import TestSupport
import ThresholdCore

/// A heads-up before a scheduled start (issue 14, item 4): handed to iOS ahead with its fire
/// date, like every notification the state calls for.
@Suite struct HeadsUpTests {
    let ny = calendar("America/New_York")
    let work = Schedule.on(Weekday.weekdays, "09:00", "17:00", id: "day")

    func headsUps(
        _ profile: Profile, sessions: [Session] = [], from: String = "2026-11-23 07:00", through: String = "2026-11-24 20:00"
    ) -> [DueNotification] {
        dueNotifications(.make(profiles: [profile], sessions: sessions), from: at(from), through: at(through), calendar: ny)
            .filter { $0.id.hasPrefix("scheduled-heads-up.") }
    }

    @Test func byDefault_fiveMinutesBeforeEachScheduledStart() throws {
        let profile = Profile.make("work", name: "Work", emoji: "💼", schedules: [work])
        #expect(profile.headsUpMinutes == 5)
        let notes = headsUps(profile)
        #expect(notes.map(\.at) == [at("2026-11-23 08:55"), at("2026-11-24 08:55")])
        let first = try #require(notes.first)
        #expect(first.expires == at("2026-11-23 09:00"))
        #expect(
            first.message
                == .scheduledHeadsUp(
                    ProfileTitle(emoji: "💼", name: "Work"), minutes: 5,
                    start: at("2026-11-23 09:00"), end: at("2026-11-23 17:00")))
        #expect(first.destination == .session("work"))
    }

    @Test func theProfileChoosesHowLongBefore_orNone() throws {
        let early = try Profile(
            id: "work", name: "Work", emoji: "💼", path: .key, selection: .apps("instagram"), schedules: [work],
            headsUpMinutes: 15)
        #expect(headsUps(early).first?.at == at("2026-11-23 08:45"))
        #expect(
            headsUps(early).first?.message
                == .scheduledHeadsUp(
                    ProfileTitle(emoji: "💼", name: "Work"), minutes: 15,
                    start: at("2026-11-23 09:00"), end: at("2026-11-23 17:00")))
        let none = try Profile(
            id: "work", name: "Work", emoji: "💼", path: .key, selection: .apps("instagram"), schedules: [work],
            headsUpMinutes: 0)
        #expect(headsUps(none).isEmpty)
        #expect(throws: ValidationError.self) {
            try Profile(id: "work", name: "Work", emoji: "💼", path: .key, selection: .apps("instagram"), headsUpMinutes: 90)
        }
    }

    @Test func aStartAlreadyPassed_orWithinTheStretchStart_getsNone() {
        let profile = Profile.make("work", schedules: [work])
        #expect(headsUps(profile, from: "2026-11-23 08:56", through: "2026-11-23 20:00").isEmpty)
    }

    @Test func aHeadsUpSurvivesEncoding_andOlderDocumentsDefaultToFive() throws {
        let profile = try Profile(id: "work", name: "Work", emoji: "💼", path: .key, selection: .apps("instagram"), headsUpMinutes: 10)
        let decoded = try JSONDecoder().decode(Profile.self, from: JSONEncoder().encode(profile))
        #expect(decoded.headsUpMinutes == 10)
        var tree = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(profile)) as? [String: Any])
        tree["headsUpMinutes"] = nil
        #expect(try JSONDecoder().decode(Profile.self, from: JSONSerialization.data(withJSONObject: tree)).headsUpMinutes == 5)
    }
}
