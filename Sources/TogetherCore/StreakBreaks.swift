import ThresholdCore

/// Which intention streaks broke between two readings of them (the app's last run and this one),
/// as the messages partners hear: seed 001, "a message goes to them when the person breaks an
/// app-intention streak". Pure: the app keeps the last reading and posts what this returns.
public enum StreakBreaks {
    /// A streak kept every day counted since it was last read grew by that many days; one that
    /// counts fewer broke. It broke on the day after the last one it kept (`through − days` now),
    /// having run its earlier days plus the days it kept since. A streak that read 0 (how long
    /// it ran after is unknown: perhaps not a day), is new, or is gone (its intention deleted)
    /// broke nothing. Only the latest break between two readings is seen, as if it were the only
    /// one (the app reads them on every run, about daily).
    public static func between(
        before: [IntentionStreak], after: [IntentionStreak],
        nickname: (IntentionID) -> String? = { _ in nil }
    ) -> [PartnerMessage] {
        let earlier = Dictionary(before.map { ($0.intentionID, $0) }, uniquingKeysWith: { $1 })
        return after.compactMap { now in
            guard let then = earlier[now.intentionID], then.days > 0, now.through >= then.through else { return nil }
            let counted = now.through.dayNumber - then.through.dayNumber
            guard now.days < then.days + counted else { return nil }
            let brokeOn = now.through.adding(days: -now.days)
            let ran = then.days + (brokeOn.dayNumber - then.through.dayNumber - 1)
            guard ran >= 1 else { return nil }
            return PartnerMessage(day: brokeOn, streakDays: min(ran, PartnerMessage.longestStreakDays), nickname: nickname(now.intentionID))
        }
    }
}
