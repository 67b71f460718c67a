import Foundation

/// Screen time as Threshold can know it (seed 001 §6): DeviceActivity thresholds at 30-minute
/// steps tell the monitor how much of the chosen apps has been used today.
///
/// iOS shows screen-time minutes only inside the report extension; outside it, all Threshold
/// learns is which thresholds were reached. One activity a day (``activityName(on:)``, of iOS's
/// 20; the planner keeps the rest) runs from midnight with an event every 30 minutes up to 16
/// hours (32 events): 30-minute resolution for the score and the goal at the cost of one activity
/// and at most 48 small wake-ups a day (with the 16 warnings, ``warningMinutes``), each taking the reconciler's quiet path. Finer steps would
/// cost wake-ups; coarser would blur the goal (goals are whole half-hours for this reason).
///
/// The day is in the activity's name because a callback carries nothing else: a threshold that
/// arrives after midnight must count for the day whose interval reached it (``ScreenTimeReport``).
public struct ScreenTimeTracking: Hashable, Codable, Sendable {
    /// The daily activities' names start with this; the day follows ("threshold.screen-time.2026-11-23").
    public static let activityPrefix = ActivityRegistration.namePrefix + "screen-time."
    public static let stepMinutes = 30
    public static let lastThresholdMinutes = 16 * 60
    /// Seed 001 §6's warnings: one at the 50th minute of each hour (50, 110 … 950 minutes), 16
    /// events in the same activity (events cost none of iOS's 20 activities). Each is a reading
    /// like a threshold's, so the count is finer just before each hour.
    public static let warningMinutes = Array(stride(from: 50, to: lastThresholdMinutes, by: 60))
    /// Goals run from half an hour to the last threshold, in whole steps.
    public static let goalMinutes = 30...lastThresholdMinutes

    /// What counts as screen time: the person's pick (usually every category).
    public let selection: Selection
    /// The daily goal, in minutes (stay under it); `nil` for tracking without a goal.
    public let goalMinutes: Int?
    /// The day the goal (and its streak) started.
    public let since: LocalDate

    public init(selection: Selection, goalMinutes: Int?, since: LocalDate) throws {
        guard !selection.isEmpty else {
            throw ValidationError("screen time", .screenTimeNothingCounted)
        }
        if let goalMinutes {
            guard Self.goalMinutes.contains(goalMinutes), goalMinutes % Self.stepMinutes == 0 else {
                throw ValidationError("screen time goal", .outOfRange(.screenTimeGoalMinutes, value: goalMinutes))
            }
        }
        self.selection = selection
        self.goalMinutes = goalMinutes
        self.since = since
    }

    /// The name of the activity that reports `day`.
    public static func activityName(on day: LocalDate) -> String { activityPrefix + day.description }

    /// The activity that reports `day`'s thresholds: from its midnight to the next, in full date
    /// components (PLATFORM.md: time-only components wrap, and the live client refuses them). Its
    /// end wakes the monitor at midnight, whose reconcile registers the next day's under that
    /// day's name. `includesPastActivity` counts the day's use from midnight even when the
    /// registration comes late.
    public func registration(on day: LocalDate, clock: Clockwork) -> ActivityRegistration {
        let thresholds = stride(from: Self.stepMinutes, through: Self.lastThresholdMinutes, by: Self.stepMinutes).map {
            ActivityEvent(name: Self.eventName(minutes: $0), minutes: $0, selection: selection, includesPastActivity: true)
        }
        let warnings = Self.warningMinutes.map {
            ActivityEvent(name: Self.warningName(minutes: $0), minutes: $0, selection: selection, includesPastActivity: true)
        }
        let events = (thresholds + warnings).sorted { $0.minutes < $1.minutes }
        let plain = ActivityPlanner.registration(
            Self.activityName(on: day), from: clock.startOfDay(day), to: clock.startOfDay(day.adding(days: 1)),
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
    static func warningName(minutes: Int) -> String { "warning-\(minutes)" }

    /// The day a daily activity's name reports, when it is one of ours.
    static func day(ofActivity activity: String) -> LocalDate? {
        guard activity.hasPrefix(activityPrefix) else { return nil }
        return try? LocalDate(parsing: String(activity.dropFirst(activityPrefix.count)))  // NB: not ours when it does not parse.
    }

    /// The minutes a threshold event stands for, when it is one of ours.
    static func minutes(event: String) -> Int? {
        if event.hasPrefix("warning-"), let minutes = Int(event.dropFirst("warning-".count)), warningMinutes.contains(minutes) {
            return minutes
        }
        guard event.hasPrefix("minutes-"), let minutes = Int(event.dropFirst("minutes-".count)),
            minutes > 0, minutes <= lastThresholdMinutes, minutes % stepMinutes == 0
        else { return nil }
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

/// What one monitor callback from a daily screen-time activity says, for the day of the interval
/// that sent it (whenever it arrives).
///
/// A day is *known* once its activity's start and end have both arrived: a day under 30 minutes
/// reaches no threshold and is still known, while a day whose start or end never came (the
/// monitor dead, the callback lost, access revoked so nothing could be registered) is not, and
/// counts neither for nor against the goal (``GoalStreak``).
public enum ScreenTimeReport: Hashable, Sendable {
    /// `intervalDidStart`: the day's activity is monitored (at midnight, or at once when
    /// registered later in the day).
    case started(LocalDate)
    /// `intervalDidEnd`: the day's activity stopped; it is the day's end only when it arrives
    /// once the day is over (see ``ProgressRecord/record(_:at:clock:)``).
    case ended(LocalDate)
    /// `eventDidReachThreshold`: the day's use reached `minutes`.
    case reached(minutes: Int, on: LocalDate)

    /// The report a callback makes, when it is from a daily screen-time activity.
    public init?(_ trigger: Trigger) {
        switch trigger {
        case .intervalDidStart(let activity):
            guard let day = ScreenTimeTracking.day(ofActivity: activity) else { return nil }
            self = .started(day)
        case .intervalDidEnd(let activity):
            guard let day = ScreenTimeTracking.day(ofActivity: activity) else { return nil }
            self = .ended(day)
        case .eventDidReachThreshold(let activity, let event):
            guard let day = ScreenTimeTracking.day(ofActivity: activity), let minutes = ScreenTimeTracking.minutes(event: event) else {
                return nil
            }
            self = .reached(minutes: minutes, on: day)
        default:
            return nil
        }
    }

    /// The day whose interval the callback came from.
    public var day: LocalDate {
        switch self {
        case .started(let day), .ended(let day), .reached(_, let day): day
        }
    }

    /// Whether what it says could be true at `now`: `minutes` of use on a day cannot have been
    /// reached before that many minutes of the day have passed. NB: iOS 26.2 and 26.3 fire
    /// thresholds at the first pickup or minutes into an interval (Apple feedback FB21267341,
    /// FB21560904); such a report is not believed, and the true one that comes later counts.
    public func isPossible(at now: Date, clock: Clockwork) -> Bool {
        guard case .reached(let minutes, let day) = self else { return true }
        return now.timeIntervalSince(clock.startOfDay(day)) >= TimeInterval(minutes) * 60
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
/// - A day whose screen time was not reported (``ScreenTimeReport``: its start or end never
///   arrived) neither adds nor costs anything; it is kept in ``unreported`` so the person is told.
/// - A new goal starts with one life; every Sunday adds one (before the day is judged, so a Sunday
///   over the goal can use it; an unreported Sunday too), up to ``maximumLives``.
/// - Days are counted at midnight; today is not judged until it ends. The last
///   ``recountedDays`` are counted again whenever a report for them arrives late
///   (``ProgressRecord/recountGoalStreak(to:tracking:)``).
public struct GoalStreak: Hashable, Codable, Sendable {
    public static let maximumLives = 3
    /// How many days back a late report still changes the streak: a week.
    public static let recountedDays = 7

    public var days: Int
    public var lives: Int
    /// The last local day counted.
    public var through: LocalDate
    /// The days among the last ``recountedDays`` through ``through`` that were counted without a
    /// report, oldest first.
    public var unreported: [LocalDate]

    public init(days: Int, lives: Int, through: LocalDate, unreported: [LocalDate] = []) {
        self.days = days
        self.lives = lives
        self.through = through
        self.unreported = unreported
    }

    /// A streak for a goal set on `day`.
    public static func starting(on day: LocalDate) -> GoalStreak {
        GoalStreak(days: 0, lives: 1, through: day.adding(days: -1))
    }

    /// The streak after `day`, on which `minutes` were used against a goal of `goalMinutes`
    /// (`nil`: the day was not reported).
    public func counting(_ day: LocalDate, minutes: Int?, goalMinutes: Int) -> GoalStreak {
        var next = self
        next.through = day
        next.unreported.removeAll { $0.dayNumber <= day.dayNumber - Self.recountedDays }
        if day.weekday == .sunday { next.lives = min(Self.maximumLives, lives + 1) }
        guard let minutes else {
            next.unreported.append(day)
            return next
        }
        if minutes < goalMinutes {
            next.days += 1
        } else if next.lives > 0 {
            next.lives -= 1
        } else {
            next.days = 0
        }
        return next
    }

    /// Counts forward through the days before `today`; `minutes` is `nil` for a day not reported.
    public func rolled(to today: LocalDate, goalMinutes: Int, minutes: (LocalDate) -> Int?) -> GoalStreak {
        LocalDate.uncounted(after: through, before: today).reduce(self) {
            $0.counting($1, minutes: minutes($1), goalMinutes: goalMinutes)
        }
    }

    private enum CodingKeys: String, CodingKey { case days, lives, through, unreported }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        days = try c.decode(Int.self, forKey: .days)
        lives = try c.decode(Int.self, forKey: .lives)
        through = try c.decode(LocalDate.self, forKey: .through)
        unreported = try c.decodeIfPresent([LocalDate].self, forKey: .unreported) ?? []
    }
}

extension Settings {
    /// The daily goals Settings and onboarding offer, in minutes: under 1 to 6 hours.
    public static let screenTimeGoalChoices = [60, 120, 180, 240, 300, 360]

    /// Sets the daily screen-time goal (`nil`: no goal), counting `selection` as screen time from
    /// `day` on.
    ///
    /// A different goal starts afresh: its streak at 0 with one life (``GoalStreak/starting(on:)``),
    /// so a goal made easier cannot rewrite the days behind it. The same goal again changes
    /// nothing. "No limit" keeps the score and points (tracking stays) but drops the streak; with
    /// nothing tracked yet it sets nothing up. A goal outside 30 minutes – 16 hours, or not in
    /// half-hour steps, is refused with what is allowed, and the settings stay as they were.
    public mutating func setScreenTimeGoal(_ minutes: Int?, counting selection: Selection, on day: LocalDate) throws {
        if let current = screenTime, current.goalMinutes == minutes { return }
        guard let minutes else {
            if let current = screenTime { screenTime = try ScreenTimeTracking(selection: current.selection, goalMinutes: nil, since: day) }
            return
        }
        screenTime = try ScreenTimeTracking(selection: screenTime?.selection ?? selection, goalMinutes: minutes, since: day)
    }
}

extension ThresholdState {
    /// What counts as screen time when the person sets a goal: every app, category and website
    /// their profiles, gates or intentions shield (the apps they already called a problem). An
    /// allow list's apps are the ones it keeps open, so they are not counted.
    public var screenTimeSelection: Selection {
        var all = Selection()
        for selection in profiles.filter({ $0.listMode == .blockList }).map(\.selection) + gates.map(\.selection) {
            all.applications.formUnion(selection.applications)
            all.categories.formUnion(selection.categories)
            all.webDomains.formUnion(selection.webDomains)
        }
        all.applications.formUnion(intentions.map(\.app))
        return all
    }
}
