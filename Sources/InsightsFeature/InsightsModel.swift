import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore

/// Insights and history: a week's focus (seed 004), completed sessions over 30 days, the personal
/// record and longest session over all time, the session log a page at a time back to the first
/// session (seed 001 §14), and Selah's prayer history.
@MainActor @Observable
public final class InsightsModel {
    /// The Monday of the week shown.
    public private(set) var week: LocalDate
    public private(set) var insights: WeeklyInsights?
    public private(set) var stats: SessionStats?
    /// How many sessions the log shows at first, and how many more each "Show earlier sessions" adds.
    public nonisolated static let historyPage = 30
    /// The session log shown: the newest sessions, a page at a time.
    public private(set) var history: [SessionHistoryEntry] = []
    private var historyShown = InsightsModel.historyPage
    public private(set) var prayers = PrayerHistory([])
    /// How often the person looked up (Challenge's games completed) over the last 30 days, by game.
    public private(set) var lookUps = LookUps([])
    /// The Daily Reviews rated, newest first.
    public private(set) var reviews: [ProgressRecord.DayReview] = []
    public private(set) var problem: Problem?
    /// The paths the person uses (``StoredState/paths``): Insights leads with theirs and shows no
    /// other path's figures, but a path no longer used keeps its history here.
    public private(set) var paths: Set<Pathway> = []
    /// Selah's prayers, first where Selah is in use, and wherever there are prayers to show.
    public var showsPrayers: Bool { paths.isEmpty || paths.contains(.selah) || !prayers.days.isEmpty }
    /// Screen time and the Daily Reviews: Present's.
    public var showsScreenTime: Bool { paths.isEmpty || paths.contains(.present) }
    /// The Daily Reviews given, kept after Present is no longer used.
    public var showsReviews: Bool { showsScreenTime || !reviews.isEmpty }
    /// The week's and the month's focus and the session log: the paths that run sessions, and
    /// any sessions a path no longer used left.
    public var showsSessions: Bool { paths.isEmpty || paths.runsSessions || stats?.history.isEmpty == false }
    /// The week's Focus Bank ledger, under the week's focus: Earned Access's, and any week with
    /// credits in it.
    public var showsCredits: Bool { showsSessions && (paths.isEmpty || paths.contains(.earnedAccess) || !credits.isEmpty) }
    /// The credits the week shown earned and spent, and on what.
    public private(set) var credits = CreditsLedger([])
    let client: AppClient

    public init(client: AppClient) {
        self.client = client
        week = Clockwork(calendar: client.calendar).localDate(of: client.now).mondayOfWeek
    }

    /// Whether the week shown is this one (there is no "next week" to show).
    /// Today so far, for the report extension's view of today.
    public var today: DateInterval { client.reportDay(daysAgo: 0) }
    /// Yesterday, midnight to midnight, for the Daily Review's report.
    public var yesterday: DateInterval { client.reportDay(daysAgo: 1) }

    public var isThisWeek: Bool { week == Clockwork(calendar: client.calendar).localDate(of: client.now).mondayOfWeek }

    public func load() {
        let calendar = client.calendar
        let clock = Clockwork(calendar: calendar)
        let now = client.now
        do {
            let stored = try client.read()
            let monday = clock.startOfDay(week)
            let sunday = clock.startOfDay(week.adding(days: 7))
            let resisted = try client.runtime.store.events(EventQuery(kinds: WeeklyInsights.eventKinds, from: monday, until: sunday))
            paths = stored.paths
            credits = CreditsLedger(
                try client.runtime.store.events(EventQuery(kinds: CreditsLedger.eventKinds, from: monday, until: sunday)))
            // NB: a rest profile's (Sleep) nights are not focus.
            insights = WeeklyInsights(
                weekOf: week, sessions: stored.engine.focus(try client.runtime.store.sessions(startingFrom: monday, until: sunday)),
                events: resisted, calendar: calendar)
            // NB: every session ever, so the record and the log reach back past the 30 days the chart shows.
            let stats = SessionStats(
                sessions: try client.runtime.store.sessions(startingFrom: .distantPast, until: now.addingTimeInterval(1)),
                profiles: stored.engine.profiles, now: now, calendar: calendar)
            self.stats = stats
            history = Array(stats.history.prefix(historyShown))
            prayers = PrayerHistory(try PrayerLog.read(client))
            lookUps = LookUps(
                try client.runtime.store.events(EventQuery(kinds: LookUps.eventKinds, from: LookUps.since(now, calendar: calendar))))
            reviews = stored.progress.reviews.reversed()
            problem = nil
        } catch {
            problem = Problem(error)
        }
    }

    /// Whether older sessions than those shown are in the log.
    public var hasEarlierSessions: Bool { (stats?.history.count ?? 0) > history.count }

    /// The next page of the session log, older sessions.
    public func showEarlierSessions() {
        historyShown += Self.historyPage
        history = Array((stats?.history ?? []).prefix(historyShown))
    }

    public func previousWeek() {
        week = week.adding(days: -7)
        load()
    }

    public func nextWeek() {
        guard !isThisWeek else { return }
        week = week.adding(days: 7)
        load()
    }
}
