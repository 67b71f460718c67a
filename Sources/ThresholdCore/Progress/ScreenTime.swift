import Foundation

/// Screen time as Threshold can know it (seed 001 §6): DeviceActivity thresholds at 30-minute
/// steps tell the monitor how much of the chosen apps has been used today.
///
/// iOS shows screen-time minutes only inside the report extension; outside it, all Threshold
/// learns is which thresholds were reached. One activity (``activityName``, of iOS's 20; the
/// planner keeps the rest) runs each day from midnight with an event every 30 minutes up to 16 hours
/// (32 events): 30-minute resolution for the score and the goal at the cost of one activity and at
/// most 32 small wake-ups a day, each taking the reconciler's quiet path. Finer steps would cost
/// wake-ups; coarser would blur the goal (goals are whole half-hours for this reason).
public struct ScreenTimeTracking: Hashable, Codable, Sendable {
    public static let activityName = ActivityRegistration.namePrefix + "screen-time"
    public static let stepMinutes = 30
    public static let lastThresholdMinutes = 16 * 60
    /// Goals run from half an hour to the last threshold, in whole steps.
    public static let goalMinutes = 30...lastThresholdMinutes

    /// What counts as screen time: the person's pick (usually every category).
    public let selection: Selection
    /// "Under N minutes a day"; `nil` for tracking without a goal.
    public let goalMinutes: Int?
    /// The day the goal (and its streak) started.
    public let since: LocalDate

    public init(selection: Selection, goalMinutes: Int?, since: LocalDate) throws {
        guard !selection.isEmpty else {
            throw ValidationError("screen time", "Choose what counts as screen time (every category, or the apps you mean).")
        }
        if let goalMinutes {
            guard Self.goalMinutes.contains(goalMinutes), goalMinutes % Self.stepMinutes == 0 else {
                throw ValidationError("screen time goal", "A daily goal is between 30 minutes and 16 hours in half-hour steps, not \(goalMinutes) minutes.")
            }
        }
        self.selection = selection
        self.goalMinutes = goalMinutes
        self.since = since
    }

    /// The activity that reports `day`'s thresholds: from its midnight to the next, in full date
    /// components (PLATFORM.md: time-only components wrap, and the live client refuses them). Its
    /// end wakes the monitor at midnight, whose reconcile registers the next day's under the same
    /// name. `includesPastActivity` counts the day's use from midnight even when the registration
    /// comes late.
    public func registration(on day: LocalDate, clock: Clockwork) -> ActivityRegistration {
        let events = stride(from: Self.stepMinutes, through: Self.lastThresholdMinutes, by: Self.stepMinutes).map {
            ActivityEvent(name: Self.eventName(minutes: $0), minutes: $0, selection: selection, includesPastActivity: true)
        }
        let plain = ActivityPlanner.registration(Self.activityName, from: clock.startOfDay(day), to: clock.startOfDay(day.adding(days: 1)),
                                                 timeZone: clock.timeZone)
        return ActivityRegistration(name: plain.name, start: plain.start, end: plain.end, events: events)
    }

    /// What the reconciler reserves for screen time at `now`, given the settings.
    public static func reserved(_ settings: Settings, at now: Date, calendar: Calendar) -> [ActivityRegistration] {
        guard let tracking = settings.screenTime else { return [] }
        let clock = Clockwork(calendar: calendar)
        return [tracking.registration(on: clock.localDate(of: now), clock: clock)]
    }

    static func eventName(minutes: Int) -> String { "minutes-\(minutes)" }

    /// The minutes a threshold event stands for, when it is one of ours.
    public static func minutes(activity: String, event: String) -> Int? {
        guard activity == activityName, event.hasPrefix("minutes-"), let minutes = Int(event.dropFirst("minutes-".count)),
              minutes > 0, minutes <= lastThresholdMinutes else { return nil }
        return minutes
    }

    private enum CodingKeys: String, CodingKey { case selection, goalMinutes, since }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let selection = try c.decode(Selection.self, forKey: .selection)
        let goal = try c.decodeIfPresent(Int.self, forKey: .goalMinutes)
        let since = try c.decode(LocalDate.self, forKey: .since)
        self = try validatingDecode(decoder) { try ScreenTimeTracking(selection: selection, goalMinutes: goal, since: since) }
    }
}

/// The day's score and points from its screen time.
public enum ScreenTimeScore {
    /// Seed 001 §6: 100 − minutes / 10, never below 0 (0 min scores 100, 500 min 50, 16 h 40 min
    /// or more 0).
    public static func score(minutes: Int) -> Int {
        max(0, 100 - max(0, minutes) / 10)
    }

    /// Screen-time points (seed 001 §9: "< 1 h 100, < 2 h 75, … 8 h+ 0"), hour by hour between
    /// the seed's ends, falling fast at first and slower after (each hour costs less than the one
    /// before, as the score's damage is mostly done in the first hours).
    public static let pointTiers: [(under: Int, points: Int)] = [
        (60, 100), (120, 75), (180, 55), (240, 40), (300, 28), (360, 18), (420, 10), (480, 4),
    ]

    public static func points(minutes: Int) -> Int {
        pointTiers.first { minutes < $0.under }?.points ?? 0
    }
}

/// The daily screen-time goal's streak (seed 001 §6): days in a row under the goal, with lives.
///
/// - A day under the goal adds one to the streak.
/// - A day at or over the goal costs a life and the streak stands; with no life left, the streak
///   starts again at 0.
/// - A new goal starts with one life; every Sunday adds one (before the day is judged, so a Sunday
///   over the goal can use it), up to ``maximumLives``.
/// - Days are counted at midnight; today is not judged until it ends.
public struct GoalStreak: Hashable, Codable, Sendable {
    public static let maximumLives = 3

    public var days: Int
    public var lives: Int
    /// The last local day counted.
    public var through: LocalDate

    public init(days: Int, lives: Int, through: LocalDate) {
        self.days = days
        self.lives = lives
        self.through = through
    }

    /// A streak for a goal set on `day`.
    public static func starting(on day: LocalDate) -> GoalStreak {
        GoalStreak(days: 0, lives: 1, through: day.adding(days: -1))
    }

    /// The streak after `day`, on which `minutes` were used against a goal of `goalMinutes`.
    public func counting(_ day: LocalDate, minutes: Int, goalMinutes: Int) -> GoalStreak {
        var next = self
        next.through = day
        if day.weekday == .sunday { next.lives = min(Self.maximumLives, lives + 1) }
        if minutes < goalMinutes {
            next.days += 1
        } else if next.lives > 0 {
            next.lives -= 1
        } else {
            next.days = 0
        }
        return next
    }

    /// Counts forward through the days before `today`.
    public func rolled(to today: LocalDate, goalMinutes: Int, minutes: (LocalDate) -> Int) -> GoalStreak {
        LocalDate.uncounted(after: through, before: today).reduce(self) {
            $0.counting($1, minutes: minutes($1), goalMinutes: goalMinutes)
        }
    }
}
