import Foundation

/// The daily reminders of seed 001 §10, and whether the person wants them (onboarding asks; both
/// are off until then).
///
/// - **Daily review**, 09:00 every day: the review of yesterday's screen time is ready (as
///   shown by the report extension), opening the review itself (``AppDestination/dailyReview``). Stale at noon: a phone asleep all morning does not get it.
/// - **Evening prompt**, 19:00: a nudge to plan tomorrow's first hour. Throttled: at most once every
///   ``eveningPromptEveryDays`` days, and not on an evening before a morning that already has a
///   session scheduled to start before 10:00 (that person already starts without scrolling).
///   Stale at 21:00.
public struct Reminders: Hashable, Codable, Sendable {
    public var dailyReview: Bool
    public var eveningPrompt: Bool

    public init(dailyReview: Bool = false, eveningPrompt: Bool = false) {
        self.dailyReview = dailyReview
        self.eveningPrompt = eveningPrompt
    }

    public static let reviewTime = try! LocalTime(hour: 9)
    public static let reviewStale = try! LocalTime(hour: 12)
    public static let promptTime = try! LocalTime(hour: 19)
    public static let promptStale = try! LocalTime(hour: 21)
    /// A morning session that starts before this makes the evening prompt needless.
    public static let morningEnds = try! LocalTime(hour: 10)
    public static let eveningPromptEveryDays = 3

    static let reviewPrefix = "daily-review."
    static let eveningPromptPrefix = "evening-prompt."

    private enum CodingKeys: String, CodingKey { case dailyReview, eveningPrompt }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        dailyReview = try c.decodeIfPresent(Bool.self, forKey: .dailyReview) ?? false
        eveningPrompt = try c.decodeIfPresent(Bool.self, forKey: .eveningPrompt) ?? false
    }
}

/// What planning the daily reminders needs: which are on, and the evening prompt's last day.
public struct ReminderPlan: Hashable, Sendable {
    public let reminders: Reminders
    public let lastEveningPrompt: LocalDate?

    public init(reminders: Reminders, lastEveningPrompt: LocalDate?) {
        self.reminders = reminders
        self.lastEveningPrompt = lastEveningPrompt
    }

    public init(_ stored: StoredState) {
        self.init(reminders: stored.settings.reminders, lastEveningPrompt: stored.progress.lastEveningPrompt)
    }

    /// Each reminder due in `(from, through]`: the daily review every morning, the evening prompt
    /// on each evening the throttle allows, counting the ones before it in the stretch as posted
    /// (the reconciler hands them all to iOS ahead of time, and records each once it is shown).
    func notifications(_ state: ThresholdState, from: Date, through: Date, clock: Clockwork) -> [DueNotification] {
        var out: [DueNotification] = []
        let firstDay = clock.localDate(of: from)
        let lastDay = clock.localDate(of: through)
        guard firstDay <= lastDay else { return [] }
        if reminders.dailyReview {
            var day = firstDay
            while day <= lastDay {
                out.append(
                    DueNotification(
                        id: Reminders.reviewPrefix + day.description, at: clock.instant(of: day, at: Reminders.reviewTime),
                        expires: clock.instant(of: day, at: Reminders.reviewStale),
                        .dailyReviewReady, destination: .dailyReview))
                day = day.adding(days: 1)
            }
        }
        if reminders.eveningPrompt {
            var earliest = lastEveningPrompt.map { max(firstDay, $0.adding(days: Reminders.eveningPromptEveryDays)) } ?? firstDay
            while earliest <= lastDay {
                let candidates = (0...7).lazy.map { earliest.adding(days: $0) }
                guard
                    let day = candidates.first(where: { day in
                        clock.instant(of: day, at: Reminders.promptTime) > from
                            && !Self.hasMorningSession(after: day, in: state, clock: clock)
                    })
                else { break }
                out.append(
                    DueNotification(
                        id: Reminders.eveningPromptPrefix + day.description, at: clock.instant(of: day, at: Reminders.promptTime),
                        expires: clock.instant(of: day, at: Reminders.promptStale),
                        .eveningPrompt, destination: .home))
                earliest = day.adding(days: Reminders.eveningPromptEveryDays)
            }
        }
        return out.filter { $0.at > from && $0.at <= through }
    }

    /// Whether a session profile's schedule starts on the morning after `day`, before 10:00.
    static func hasMorningSession(after day: LocalDate, in state: ThresholdState, clock: Clockwork) -> Bool {
        let morning = day.adding(days: 1)
        return state.profiles.contains { profile in
            profile.path.isSessionPath
                && profile.schedules.contains { schedule in
                    schedule.weekdays.contains(morning.weekday) && schedule.start < Reminders.morningEnds
                }
        }
    }
}
