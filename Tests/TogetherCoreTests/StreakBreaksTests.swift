import Foundation
import PropertyBased
import Testing
import ThresholdCore
@testable import TogetherCore

@Suite struct StreakBreaksTests {
    let monday = try! LocalDate(year: 2026, month: 11, day: 23)

    func streak(_ days: Int, through: LocalDate, _ id: IntentionID = "instagram") -> IntentionStreak {
        IntentionStreak(intentionID: id, days: days, through: through)
    }

    @Test func aStreakThatStartedAgain_broke_onTheDayAfterTheLastItKept() {
        let before = [streak(12, through: monday)]
        #expect(
            StreakBreaks.between(before: before, after: [streak(0, through: monday.adding(days: 1))])
                == [PartnerMessage(day: monday.adding(days: 1), streakDays: 12)])
        // Kept Tuesday, broke Wednesday, kept Thursday: read on Friday.
        #expect(
            StreakBreaks.between(before: before, after: [streak(1, through: monday.adding(days: 3))])
                == [PartnerMessage(day: monday.adding(days: 2), streakDays: 13)])
    }

    @Test func aStreakKept_new_gone_orAtZero_brokeNothing() {
        let before = [streak(12, through: monday), streak(0, through: monday, "tiktok"), streak(3, through: monday, "x")]
        let after = [
            streak(14, through: monday.adding(days: 2)), streak(0, through: monday.adding(days: 2), "tiktok"),
            streak(0, through: monday.adding(days: 2), "youtube"),
        ]
        #expect(StreakBreaks.between(before: before, after: after).isEmpty)
        #expect(StreakBreaks.between(before: before, after: before).isEmpty)
    }

    @Test func aNicknameGoesOnlyWhereThePersonGaveOne() {
        let messages = StreakBreaks.between(
            before: [streak(5, through: monday)], after: [streak(0, through: monday.adding(days: 1))],
            nickname: { $0 == "instagram" ? "Morning scroll" : nil })
        #expect(messages.map(\.nickname) == ["Morning scroll"])
    }

    /// Any run of kept and broken days, read at any two points: the one break after a streak read
    /// running is seen exactly, several are seen as the latest, and what is said is a message the
    /// server accepts.
    @Test func aBreakIsSeen_exactlyWhenOneHappened() async {
        await propertyCheck(count: 300, input: Gen.bool.array(of: 2...60), Gen.int(in: 0...59), Gen.int(in: 0...59)) { kept, a, b in
            let (first, second) = (min(a % kept.count, b % kept.count), max(a % kept.count, b % kept.count))
            var days = 0
            var readings: [IntentionStreak] = []
            for (index, keptDay) in kept.enumerated() {
                days = keptDay ? days + 1 : 0
                readings.append(streak(days, through: monday.adding(days: index)))
            }
            let (before, after) = (readings[first], readings[second])
            let messages = StreakBreaks.between(before: [before], after: [after])
            let breaks = ((first + 1)..<(second + 1)).filter { !kept[$0] }
            guard let lastBreak = breaks.last else {
                #expect(messages.isEmpty, "\(kept) \(first) \(second)")
                return
            }
            let ranBefore = readings[lastBreak - 1].days
            if breaks.count == 1, before.days > 0 {
                #expect(messages.count == (ranBefore > 0 ? 1 : 0), "\(kept) \(first) \(second)")
                if let message = messages.first {
                    #expect(message.day == monday.adding(days: lastBreak) && message.streakDays == ranBefore)
                }
            } else {
                #expect(messages.count <= 1 && messages.allSatisfy { $0.day == monday.adding(days: lastBreak) })
            }
            #expect(messages.allSatisfy { (1...PartnerMessage.longestStreakDays).contains($0.streakDays) })
        }
    }
}
