import Foundation

/// Progress rules the widgets and the report extension need before the sessions and progress
/// work lands in Core. Each is the simplest reading of PRODUCT.md; that work replaces them (and
/// these names, so every caller is found).
public enum ProvisionalProgress {
    /// The day's screen-time score: 100 − minutes / 10, never below 0 (an hour costs 6 points,
    /// 16 h 40 min or more scores 0). Computed inside the DeviceActivityReport extension, the only
    /// place iOS shows screen-time minutes to.
    public static func screenTimeScore(minutes: Int) -> Int {
        max(0, 100 - max(0, minutes) / 10)
    }

    /// Consecutive days with something that counts (a prayer, a completed session), ending today,
    /// or yesterday while today has nothing yet (the streak is still alive until today ends).
    public static func dayStreak(activeDays: Set<LocalDate>, today: LocalDate) -> Int {
        var day = activeDays.contains(today) ? today : today.adding(days: -1)
        var count = 0
        while activeDays.contains(day) {
            count += 1
            day = day.adding(days: -1)
        }
        return count
    }
}
