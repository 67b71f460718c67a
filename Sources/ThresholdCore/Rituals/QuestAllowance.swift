import Foundation

/// How often Earned Access's quests open an app (PRODUCT.md: "quests have a cooldown and a daily
/// number"): at most ``perDay`` a local day, and ``cooldownMinutes`` after the last one. Without
/// a limit a 45-second quest opens an app for free again and again, and credits are not worth
/// earning; these defaults leave a quest for a real need and focus as the everyday way.
///
/// Every quest counts toward the one allowance (the breathing and copy-text quests alike); the
/// gate says the limits beside each quest and, when one binds, why and when the next comes.
public struct QuestAllowance: Hashable, Sendable {
    public static let perDay = 3
    public static let cooldownMinutes = 30

    public let usedToday: Int
    public let eligibility: Eligibility

    /// The allowance at `now`, given the instants of earlier quests; a day is the local one.
    public init(uses: [Date], at now: Date, timeZone: TimeZone) {
        let clock = Clockwork(timeZone: timeZone)
        let today = clock.localDate(of: now)
        let past = uses.filter { $0 <= now }.sorted()
        usedToday = past.filter { clock.localDate(of: $0) == today }.count
        var reasons: [DisabledReason] = []
        if usedToday >= Self.perDay {
            reasons.append(.questDailyLimit(used: usedToday, limit: Self.perDay, returnsAt: clock.startOfDay(today.adding(days: 1))))
        }
        if let last = past.last, now.timeIntervalSince(last) < TimeInterval(Self.cooldownMinutes * 60) {
            reasons.append(
                .questCooldown(minutes: Self.cooldownMinutes, until: last.addingTimeInterval(TimeInterval(Self.cooldownMinutes * 60))))
        }
        eligibility =
            reasons.max { ($0.availableAt ?? .distantFuture) < ($1.availableAt ?? .distantFuture) }
            .map(Eligibility.unavailable) ?? .available
    }
}
