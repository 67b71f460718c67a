import Foundation
import Testing
@testable import ThresholdCore

/// The screen-time quips (seed 001 §10; issue 13, item 3).
@Suite struct QuipLibraryTests {
    let monday = try! LocalDate(parsing: "2026-11-23")

    @Test func theLibrary_hasAtLeast150Quips_numberedFromOne() {
        #expect(QuipLibrary.all.count >= 150)
        #expect(QuipLibrary.all.map(\.id) == Array(1...QuipLibrary.all.count), "their words are content, found by these ids")
    }

    @Test func theLibrary_variesByStretch_timeOfDay_andStreak() {
        for stretch in Quip.Stretch.allCases { #expect(QuipLibrary.all.filter { $0.stretch == stretch }.count >= 30) }
        for part in Quip.Daypart.allCases { #expect(QuipLibrary.all.contains { $0.daypart == part }) }
        for mood in Quip.StreakMood.allCases { #expect(QuipLibrary.all.contains { $0.streak == mood }) }
    }

    /// Seven days at the most use there is: every threshold from 30 minutes to 16 hours reached,
    /// across the day's hours, the streak growing. Never more than 16 a day, never a repeat within
    /// the week, and 16 sent every day.
    @Test func sevenDaysAtMaximumUse_sendSixteenADay_andNeverRepeatOne() {
        var sent: [SentQuip] = []
        for offset in 0..<7 {
            let day = monday.adding(days: offset)
            for (index, minutes) in stride(from: 30, through: 960, by: 30).enumerated() {
                let hour = 6 + index / 2
                let pick = UInt64(day.dayNumber) &* 1_000_003 &+ UInt64(minutes)
                if let quip = QuipLibrary.choose(minutes: minutes, hour: hour % 24, streakDays: offset, on: day, sent: sent, pick: pick) {
                    #expect(!sent.contains { $0.id == quip.id }, "quip \(quip.id) repeated within the week")
                    sent.append(SentQuip(id: quip.id, day: day))
                }
            }
            #expect(sent.filter { $0.day == day }.count == QuipLibrary.perDay)
        }
    }

    @Test func aQuipFits_theStretch_theTimeOfDay_andTheStreak() throws {
        let quip = try #require(QuipLibrary.choose(minutes: 30, hour: 8, streakDays: 5, on: monday, sent: [], pick: 0))
        #expect(quip.stretch == .early)
        #expect(quip.daypart == nil || quip.daypart == .morning)
        #expect(quip.streak == nil || quip.streak == .onAStreak)
        let late = try #require(QuipLibrary.choose(minutes: 600, hour: 23, streakDays: 0, on: monday, sent: [], pick: 7))
        #expect(late.stretch == .long && (late.daypart ?? .night) == .night && (late.streak ?? .startingOut) == .startingOut)
    }

    @Test func aQuipSentEightDaysAgo_mayComeAgain() throws {
        let first = try #require(QuipLibrary.choose(minutes: 30, hour: 8, streakDays: 0, on: monday, sent: [], pick: 0))
        let again = QuipLibrary.choose(
            minutes: 30, hour: 8, streakDays: 0, on: monday.adding(days: 7), sent: [SentQuip(id: first.id, day: monday)], pick: 0)
        #expect(again == first, "a week on, the same threshold may bring it back")
        let blocked = QuipLibrary.choose(
            minutes: 30, hour: 8, streakDays: 0, on: monday.adding(days: 6),
            sent: QuipLibrary.all.map { SentQuip(id: $0.id, day: monday) }, pick: 0)
        #expect(blocked == nil, "every quip went out within the week: none is sent rather than a repeat")
    }

    /// A quip whose words name how long the day has gone ("Two hours on screens") goes only at
    /// that threshold, whatever the time of day, the streak or what was sent: its words never say
    /// another time than the notification's title.
    @Test func aQuipThatNamesATime_goesOnlyAtThatThreshold() {
        var named = 0
        for minutes in stride(from: 30, through: 960, by: 30) {
            for hour in [8, 14, 22] {
                for pick in UInt64(0)..<40 {
                    guard
                        let quip = QuipLibrary.choose(
                            minutes: minutes, hour: hour, streakDays: Int(pick % 5), on: monday, sent: [], pick: pick)
                    else { continue }
                    if let at = quip.minutes {
                        named += 1
                        #expect(at == minutes, "quip \(quip.id) names \(at) minutes and went at \(minutes)")
                    }
                }
            }
        }
        #expect(named > 0, "the named quips still go, at their own thresholds")
    }
}
