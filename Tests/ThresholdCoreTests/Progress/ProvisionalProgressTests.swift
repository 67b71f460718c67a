import Foundation
import TestSupport
import Testing
import ThresholdCore

@Suite struct ProvisionalProgressTests {
    @Test(arguments: [(0, 100), (9, 100), (10, 99), (60, 94), (125, 88), (999, 1), (1_000, 0), (5_000, 0), (-5, 100)])
    func screenTimeScore_isAHundredLessATenthOfTheMinutes(minutes: Int, score: Int) {
        #expect(ProvisionalProgress.screenTimeScore(minutes: minutes) == score)
    }

    @Test func dayStreak_breaksAtTheFirstMissedDay() {
        let days: Set<LocalDate> = [day("2026-03-02"), day("2026-03-01"), day("2026-02-27")]
        #expect(ProvisionalProgress.dayStreak(activeDays: days, today: day("2026-03-02")) == 2)
        #expect(ProvisionalProgress.dayStreak(activeDays: days, today: day("2026-03-03")) == 2)
        #expect(ProvisionalProgress.dayStreak(activeDays: days, today: day("2026-03-04")) == 0)
        #expect(ProvisionalProgress.dayStreak(activeDays: [], today: day("2026-03-04")) == 0)
    }
}
