import Foundation

/// What progress keeps between reconciles: the streaks that are counted at midnight, the day's
/// screen time as the thresholds report it, and when the evening prompt last went out.
///
/// Kept in the stored state as one JSON document (it needs no migration); the reconciler rolls
/// it forward when the day changes, and the shield and widgets read it as it is.
public struct ProgressRecord: Hashable, Codable, Sendable {
    public var intentionStreaks: [IntentionStreak] = []
    /// The most screen-time minutes reported, by local day, for the last ``keptDays`` days.
    public var screenTimeDays: [DayMinutes] = []
    /// The daily screen-time goal's streak, while a goal is set.
    public var goalStreak: GoalStreak?
    /// The last day the 7 PM prompt was posted (its throttle; see ``Reminders``).
    public var lastEveningPrompt: LocalDate?

    /// Screen-time days kept: a month and a bit, for the charts.
    public static let keptDays = 35

    public init() {}

    private enum CodingKeys: String, CodingKey { case intentionStreaks, screenTimeDays, goalStreak, lastEveningPrompt }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        intentionStreaks = try c.decodeIfPresent([IntentionStreak].self, forKey: .intentionStreaks) ?? []
        screenTimeDays = try c.decodeIfPresent([DayMinutes].self, forKey: .screenTimeDays) ?? []
        goalStreak = try c.decodeIfPresent(GoalStreak.self, forKey: .goalStreak)
        lastEveningPrompt = try c.decodeIfPresent(LocalDate.self, forKey: .lastEveningPrompt)
    }

    public struct DayMinutes: Hashable, Codable, Sendable {
        public let day: LocalDate
        public var minutes: Int
    }

    // MARK: Reading

    /// An intention's streak through yesterday, if it has been counted.
    public func streak(of intention: IntentionID) -> IntentionStreak? {
        intentionStreaks.first { $0.intentionID == intention }
    }

    /// The streak an intention's shield shows (``IntentionStreaks/shown(_:opensToday:limit:frozenToday:)``).
    public func shownStreak(for label: IntentionLabel, frozenToday: Bool) -> Int {
        IntentionStreaks.shown(streak(of: label.intentionID)?.days ?? 0, opensToday: label.opensUsed,
                               limit: label.opensPerDay, frozenToday: frozenToday)
    }

    /// The streak a shield for `reason` shows: for an intention's shield only.
    public func shownStreak(for reason: Reason) -> Int? {
        switch reason {
        case .intention(let label): shownStreak(for: label, frozenToday: false)
        case .streakFreeze(let label): shownStreak(for: label, frozenToday: true)
        default: nil
        }
    }

    /// Screen-time minutes reported for a day (0 when no threshold was reached).
    public func screenTimeMinutes(on day: LocalDate) -> Int {
        screenTimeDays.first { $0.day == day }?.minutes ?? 0
    }

    // MARK: Changing

    /// Notes a screen-time threshold reached on `day`.
    public mutating func recordScreenTime(minutes: Int, on day: LocalDate) {
        if let index = screenTimeDays.firstIndex(where: { $0.day == day }) {
            screenTimeDays[index].minutes = max(screenTimeDays[index].minutes, minutes)
        } else {
            screenTimeDays.append(DayMinutes(day: day, minutes: minutes))
            screenTimeDays.sort { $0.day < $1.day }
        }
        screenTimeDays.removeAll { $0.day.dayNumber < day.dayNumber - Self.keptDays }
    }

    /// Notes a notification the reconciler posted, for the evening prompt's throttle.
    public mutating func recordPosted(_ note: DueNotification, clock: Clockwork) {
        recordPosted(id: note.id, at: note.at, clock: clock)
    }

    /// The same for a notification known by its id and instant (one iOS showed at its fire date).
    public mutating func recordPosted(id: String, at instant: Date, clock: Clockwork) {
        guard id.hasPrefix(Reminders.eveningPromptPrefix) else { return }
        let day = clock.localDate(of: instant)
        lastEveningPrompt = max(lastEveningPrompt ?? day, day)
    }

    /// Whether ``roll(to:state:tracking:clock:)`` has anything to count.
    public func needsRoll(to today: LocalDate, state: ThresholdState, tracking: ScreenTimeTracking?) -> Bool {
        let yesterday = today.adding(days: -1)
        if Set(intentionStreaks.map(\.intentionID)) != Set(state.intentions.map(\.id)) { return true }
        if intentionStreaks.contains(where: { $0.through < yesterday }) { return true }
        if let tracking, tracking.goalMinutes != nil { return goalStreak.map { $0.through < yesterday } ?? true }
        return goalStreak != nil
    }

    /// Counts every streak through yesterday: intention streaks from the opens in `state` (its
    /// grants) and its freeze days, the goal streak from the screen time reported.
    ///
    /// NB: the store keeps only yesterday's and today's grants in the state, so a day is counted
    /// right when a reconcile happens on the next day at the latest; the monitor wakes at
    /// midnight after a day with opens (the open count changes then), which is that reconcile.
    public mutating func roll(to today: LocalDate, state: ThresholdState, tracking: ScreenTimeTracking?, clock: Clockwork) {
        var opens: [IntentionID: [LocalDate: Int]] = [:]
        for grant in state.grants {
            if case .intentionOpen(let id) = grant.origin { opens[id, default: [:]][clock.localDate(of: grant.start), default: 0] += 1 }
        }
        let known = Dictionary(intentionStreaks.map { ($0.intentionID, $0) }, uniquingKeysWith: { a, _ in a })
        intentionStreaks = state.intentions.sorted { $0.id < $1.id }.map { intention in
            let start = known[intention.id] ?? IntentionStreak(intentionID: intention.id, days: 0, through: today.adding(days: -1))
            return IntentionStreaks.roll(start, to: today, limit: intention.opensPerDay,
                                         opens: { opens[intention.id]?[$0] ?? 0 }, frozen: { state.streakFreezeDays.contains($0) })
        }
        if let tracking, let goal = tracking.goalMinutes {
            let start = goalStreak.flatMap { $0.through >= tracking.since.adding(days: -1) ? $0 : nil } ?? .starting(on: tracking.since)
            goalStreak = start.rolled(to: today, goalMinutes: goal, minutes: screenTimeMinutes(on:))
        } else {
            goalStreak = nil
        }
    }
}
