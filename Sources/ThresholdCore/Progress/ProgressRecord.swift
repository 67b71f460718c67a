import Foundation

/// What progress keeps between reconciles: the streaks that are counted at midnight, each day's
/// screen time as its activity's callbacks report it, and when the evening prompt last went out.
///
/// Kept in the stored state as one JSON document (it needs no migration); the reconciler rolls
/// it forward when the day changes, and the shield and widgets read it as it is.
public struct ProgressRecord: Hashable, Codable, Sendable {
    public var intentionStreaks: [IntentionStreak] = []
    /// What each day's screen-time activity reported (its most minutes, whether it started and
    /// ended), by local day, for the last ``keptDays`` days.
    public var screenTimeDays: [DayMinutes] = []
    /// The daily screen-time goal's streak through yesterday, while a goal is set.
    public var goalStreak: GoalStreak?
    /// The goal streak through the last day a late report can no longer change
    /// (``GoalStreak/recountedDays`` before today): what ``goalStreak`` is counted again from.
    public var settledGoalStreak: GoalStreak?
    /// The last day the 7 PM prompt was posted (its throttle; see ``Reminders``).
    public var lastEveningPrompt: LocalDate?
    /// The Daily Review's thumbs: how the person rated each day they reviewed, oldest first
    /// (seed 001 §6; rated in the app, since the report extension cannot send data out).
    public var reviews: [DayReview] = []
    /// The screen-time quips sent lately (``QuipLibrary``): a week and a day of them.
    public var quipsSent: [SentQuip] = []

    /// Screen-time days kept: a month and a bit, for the charts.
    public static let keptDays = 35

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case intentionStreaks, screenTimeDays, goalStreak, settledGoalStreak, lastEveningPrompt, reviews, quipsSent
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        intentionStreaks = try c.decodeIfPresent([IntentionStreak].self, forKey: .intentionStreaks) ?? []
        screenTimeDays = try c.decodeIfPresent([DayMinutes].self, forKey: .screenTimeDays) ?? []
        goalStreak = try c.decodeIfPresent(GoalStreak.self, forKey: .goalStreak)
        settledGoalStreak = try c.decodeIfPresent(GoalStreak.self, forKey: .settledGoalStreak)
        lastEveningPrompt = try c.decodeIfPresent(LocalDate.self, forKey: .lastEveningPrompt)
        reviews = try c.decodeIfPresent([DayReview].self, forKey: .reviews) ?? []
        quipsSent = try c.decodeIfPresent([SentQuip].self, forKey: .quipsSent) ?? []
    }

    /// The quip a screen-time report brings (``QuipLibrary``), noted as sent; `nil` when none is
    /// due: quips turned off or screen time not tracked, a warning rather than a 30-minute
    /// threshold, a report of another day (a late one), a threshold already reported
    /// (`previousMinutes`: the day's minutes before this report), or today's 16 already sent.
    public mutating func quip(
        after report: ScreenTimeReport, previousMinutes: Int, settings: Settings, at now: Date,
        clock: Clockwork
    ) -> Quip? {
        guard settings.quips, settings.screenTime != nil, case .reached(let minutes, let day) = report,
            day == clock.localDate(of: now), minutes % ScreenTimeTracking.stepMinutes == 0, minutes > previousMinutes
        else { return nil }
        let pick = UInt64(truncatingIfNeeded: day.dayNumber) &* 1_000_003 &+ UInt64(minutes)
        guard
            let quip = QuipLibrary.choose(
                minutes: minutes, hour: clock.secondsIntoDay(of: now) / 3_600, streakDays: goalStreak?.days ?? 0,
                on: day, sent: quipsSent, pick: pick)
        else { return nil }
        quipsSent =
            quipsSent.filter { $0.day.dayNumber > day.dayNumber - QuipLibrary.repeatWindowDays - 1 } + [SentQuip(id: quip.id, day: day)]
        return quip
    }

    /// A day as the person rated it in the Daily Review.
    public struct DayReview: Hashable, Codable, Sendable {
        public enum Rating: String, Hashable, Codable, Sendable { case thumbsUp, thumbsDown }
        public let day: LocalDate
        public let rating: Rating

        public init(day: LocalDate, rating: Rating) {
            self.day = day
            self.rating = rating
        }
    }

    /// Reviews kept: about a year.
    public static let keptReviews = 400

    /// Rates `day` in the Daily Review: only yesterday can be rated on `today` (the review is of
    /// yesterday); rating it again changes the rating. Another day is refused, changing nothing.
    public mutating func review(_ day: LocalDate, _ rating: DayReview.Rating, today: LocalDate) throws {
        guard day == today.adding(days: -1) else {
            throw ValidationError("daily review", .reviewOnlyYesterday(yesterday: today.adding(days: -1), asked: day))
        }
        reviews = Array((reviews.filter { $0.day != day } + [DayReview(day: day, rating: rating)]).suffix(Self.keptReviews))
    }

    /// How the person rated `day`, if they did.
    public func review(of day: LocalDate) -> DayReview.Rating? { reviews.last { $0.day == day }?.rating }

    /// One day's screen time as reported.
    public struct DayMinutes: Hashable, Codable, Sendable {
        public let day: LocalDate
        /// The highest threshold reached (0 when none was).
        public var minutes: Int
        /// The day's activity reported its start.
        public var started: Bool
        /// The day's activity reported its end, once the day was over.
        public var ended: Bool

        public init(day: LocalDate, minutes: Int = 0, started: Bool = false, ended: Bool = false) {
            self.day = day
            self.minutes = minutes
            self.started = started
            self.ended = ended
        }

        /// Both the start and the end arrived: the minutes are the day's, even when 0.
        public var isKnown: Bool { started && ended }

        private enum CodingKeys: String, CodingKey { case day, minutes, started, ended }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            day = try c.decode(LocalDate.self, forKey: .day)
            minutes = try c.decode(Int.self, forKey: .minutes)
            started = try c.decodeIfPresent(Bool.self, forKey: .started) ?? false
            ended = try c.decodeIfPresent(Bool.self, forKey: .ended) ?? false
        }
    }

    // MARK: Reading

    /// An intention's streak through yesterday, if it has been counted.
    public func streak(of intention: IntentionID) -> IntentionStreak? {
        intentionStreaks.first { $0.intentionID == intention }
    }

    /// The streak an intention's shield shows (``IntentionStreaks/shown(_:opensToday:limit:frozenToday:)``).
    public func shownStreak(for label: IntentionLabel, frozenToday: Bool) -> Int {
        IntentionStreaks.shown(
            streak(of: label.intentionID)?.days ?? 0, opensToday: label.opensUsed,
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

    /// A day's screen-time minutes when the day is known (its activity started and ended), else `nil`.
    public func reportedMinutes(on day: LocalDate) -> Int? {
        screenTimeDays.first { $0.day == day && $0.isKnown }?.minutes
    }

    // MARK: Changing

    /// Notes a screen-time threshold reached on `day`.
    public mutating func recordScreenTime(minutes: Int, on day: LocalDate) {
        updateDay(day) { $0.minutes = max($0.minutes, minutes) }
    }

    /// Notes what a daily activity's callback reports, for the day whose interval sent it, not the
    /// day it arrives on (iOS delivers callbacks late). An end that arrives at `now` before that
    /// day is over is iOS answering a stop or a re-registration (PLATFORM.md), not the day's end.
    public mutating func record(_ report: ScreenTimeReport, at now: Date, clock: Clockwork) {
        switch report {
        case .started(let day):
            updateDay(day) { $0.started = true }
        case .ended(let day):
            guard now >= clock.startOfDay(day.adding(days: 1)) else { return }
            updateDay(day) { $0.ended = true }
        case .reached(let minutes, let day):
            recordScreenTime(minutes: minutes, on: day)
        }
    }

    private mutating func updateDay(_ day: LocalDate, _ change: (inout DayMinutes) -> Void) {
        if let index = screenTimeDays.firstIndex(where: { $0.day == day }) {
            change(&screenTimeDays[index])
        } else {
            var new = DayMinutes(day: day)
            change(&new)
            screenTimeDays.append(new)
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
    /// grants) and its freeze days, the goal streak from the screen time reported
    /// (``recountGoalStreak(to:tracking:)``).
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
            return IntentionStreaks.roll(
                start, to: today, limit: intention.opensPerDay,
                opens: { opens[intention.id]?[$0] ?? 0 }, frozen: { state.streakFreezeDays.contains($0) })
        }
        recountGoalStreak(to: today, tracking: tracking)
    }

    /// Counts the goal streak through yesterday from the settled streak, so the last
    /// ``GoalStreak/recountedDays`` are judged on what has been reported by now: a report that
    /// came late counts for its day, and a day not known is passed over. Idempotent; without a
    /// goal there is no streak.
    public mutating func recountGoalStreak(to today: LocalDate, tracking: ScreenTimeTracking?) {
        guard let tracking, let goal = tracking.goalMinutes else {
            goalStreak = nil
            settledGoalStreak = nil
            return
        }
        let current = { (streak: GoalStreak) in streak.through >= tracking.since.adding(days: -1) ? streak : nil }
        // NB: a record saved before days were known has no settled streak; the days its goal
        // streak counted stand as they were counted, and later days are judged by the new rule.
        let base = (settledGoalStreak ?? goalStreak).flatMap(current) ?? .starting(on: tracking.since)
        let days = screenTimeDays
        let reported = { (day: LocalDate) in days.first { $0.day == day && $0.isKnown }?.minutes }
        let settled = base.rolled(to: today.adding(days: -GoalStreak.recountedDays), goalMinutes: goal, minutes: reported)
        settledGoalStreak = settled
        goalStreak = settled.rolled(to: today, goalMinutes: goal, minutes: reported)
    }
}
