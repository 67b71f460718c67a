import Foundation
import PropertyBased
import Testing
import TestSupport
import ThresholdCore

/// Quests are limited (PRODUCT.md: "quests have a cooldown and a daily number"): at most three a
/// day, 30 minutes apart, so credits stay worth earning; a quest past the limits is refused when
/// it is recorded, whatever the gate showed.
@Suite struct QuestAllowanceTests {
    let ny = TimeZone(identifier: "America/New_York")!
    let start = ClockReading.at("2026-11-23 10:00")

    /// A breathing quest for `app` completed at `reading`.
    func quest(at reading: ClockReading, app: String = "instagram") throws -> RitualCompletion {
        var quest = BreathingQuest(terms: .make(.app(app), minutes: 5))
        quest.start(at: reading.advanced(by: -BreathingQuest.duration))
        _ = quest.tick(at: reading)
        return try #require(quest.completion)
    }

    @Test func aQuestWithin30Minutes_isRefused_sayingWhenTheNextComes() throws {
        var records = RitualRecords()
        records.note(try quest(at: start), at: start.wall)
        let soon = start.advanced(by: 10 * 60)
        let allowance = QuestAllowance(uses: records.questUses, at: soon.wall, timeZone: ny)
        #expect(allowance.eligibility == .unavailable(.questCooldown(minutes: 30, until: start.wall.addingTimeInterval(30 * 60))))
        #expect(throws: ValidationError.self) { try records.admit(try quest(at: soon), at: soon.wall, policy: .standard, timeZone: ny) }
        let later = start.advanced(by: 30 * 60)
        try records.admit(try quest(at: later), at: later.wall, policy: .standard, timeZone: ny)
    }

    @Test func aFourthQuestInADay_isRefused_untilMidnight() throws {
        var records = RitualRecords()
        for hour in 0..<3 {
            let reading = start.advanced(by: Double(hour) * 3_600)
            try records.admit(try quest(at: reading), at: reading.wall, policy: .standard, timeZone: ny)
            records.note(try quest(at: reading), at: reading.wall)
        }
        let evening = start.advanced(by: 8 * 3_600)
        let allowance = QuestAllowance(uses: records.questUses, at: evening.wall, timeZone: ny)
        #expect(allowance.usedToday == 3)
        #expect(allowance.eligibility == .unavailable(.questDailyLimit(used: 3, limit: 3, returnsAt: at("2026-11-24 00:00"))))
        let tomorrow = start.advanced(by: 14 * 3_600)
        #expect(QuestAllowance(uses: records.questUses, at: tomorrow.wall, timeZone: ny).eligibility == .available)
    }

    /// Random attempts at random times: what is admitted never exceeds three in a local day nor
    /// comes within 30 minutes of the last, and an attempt is refused only when a limit binds.
    @Test func admittedQuests_neverExceedTheLimits() async {
        let gaps = Generator(run: { rng -> [Int] in
            (0..<Int.random(in: 1...30, using: &rng)).map { _ in Int.random(in: 0...240, using: &rng) }
        })
        await propertyCheck(count: 300, input: gaps) { gaps in try check(gaps) }
    }

    func check(_ gaps: [Int]) throws {
        var records = RitualRecords()
        var admitted: [Date] = []
        var reading = start
        let clock = Clockwork(timeZone: ny)
        for gap in gaps {
            reading = reading.advanced(by: Double(gap) * 60)
            let now = reading.wall
            let today = admitted.filter { clock.localDate(of: $0) == clock.localDate(of: now) }
            let bound =
                today.count >= QuestAllowance.perDay
                || admitted.last.map { now.timeIntervalSince($0) < Double(QuestAllowance.cooldownMinutes * 60) } == true
            do {
                try records.admit(try quest(at: reading), at: now, policy: .standard, timeZone: ny)
                records.note(try quest(at: reading), at: now)
                admitted.append(now)
                #expect(!bound, "admitted past a limit: \(gaps)")
            } catch is ValidationError {
                #expect(bound, "refused with no limit binding: \(gaps)")
            }
        }
    }

    /// PRODUCT.md: quests have a cooldown and a daily number per mode. Two modes, each holding
    /// its own app: three quests through one use up its day and leave the other's whole; a quest
    /// for an app both hold counts against both.
    @Test func eachMode_holdsQuestsToItsOwnAllowance() throws {
        let work = Profile.make(
            "work", path: .earnedAccess, selection: .apps("instagram", "reddit"), unlockPolicy: .earnedAccess,
            schedules: [.on(Set(Weekday.allCases), "00:00", "23:59")])
        let study = Profile.make(
            "study", path: .earnedAccess, selection: .apps("tiktok", "reddit"), unlockPolicy: .earnedAccess,
            schedules: [.on(Set(Weekday.allCases), "00:00", "23:59")])
        var stored = StoredState.make(engine: .make(profiles: [work, study]))
        func complete(_ app: String, after minutes: Int) throws {
            let reading = start.advanced(by: Double(minutes) * 60)
            var transaction = StoreTransaction(state: stored)
            let context = ChangeContext(
                now: reading.wall, time: TrustedTime(wall: reading.wall, trusted: reading.wall),
                calendar: TestSupport.calendar("America/New_York"), ids: .counting(prefix: "\(minutes)-"), screenTimeAuthorized: true)
            _ = try CompleteRitual(try quest(at: reading, app: app)).apply(to: &transaction, context: context)
            stored = transaction.state
        }
        for (index, minutes) in [0, 40, 80].enumerated() {
            try complete("instagram", after: minutes)
            #expect(stored.rituals.questUses(of: .profile("work")).count == index + 1)
        }
        #expect(throws: ValidationError.self, "Work's day is used") { try complete("instagram", after: 200) }
        try complete("tiktok", after: 200)
        #expect(stored.rituals.questUses(of: .profile("study")).count == 1 && stored.rituals.questUses(of: .profile("work")).count == 3)
        #expect(throws: ValidationError.self, "an app both hold meets the stricter: Work's") { try complete("reddit", after: 300) }
    }

    /// Quests recorded before they were counted per mode count against every mode (fail closed).
    @Test func questsFromBeforeModes_countAgainstEveryMode() throws {
        var records = RitualRecords()
        records.note(try quest(at: start), at: start.wall)
        #expect(records.questUses(of: .profile("work")) == [start.wall] && records.questUses(of: .gate("x")) == [start.wall])
        let soon = start.advanced(by: 10 * 60)
        #expect(throws: ValidationError.self) {
            try records.admit(try quest(at: soon), at: soon.wall, policy: .standard, timeZone: ny, modes: [.profile("work")])
        }
    }
}
