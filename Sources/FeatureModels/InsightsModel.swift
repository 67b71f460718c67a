import Foundation
import Observation
import StoreClient
import ThresholdCore

/// Insights and history: a week's focus (seed 004), session stats over 30 days and the session
/// log (seed 001 §14), and Selah's prayer history.
@MainActor @Observable
public final class InsightsModel {
    /// The Monday of the week shown.
    public private(set) var week: LocalDate
    public private(set) var insights: WeeklyInsights?
    public private(set) var stats: SessionStats?
    public private(set) var prayers = PrayerHistory([])
    public private(set) var problem: String?
    let client: AppClient

    public init(client: AppClient) {
        self.client = client
        week = Clockwork(calendar: client.calendar).localDate(of: client.now).mondayOfWeek
    }

    /// Whether the week shown is this one (there is no "next week" to show).
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
            insights = WeeklyInsights(weekOf: week, sessions: try client.runtime.store.sessions(startingFrom: monday, until: sunday),
                                      events: resisted, calendar: calendar)
            let monthAgo = clock.startOfDay(clock.localDate(of: now).adding(days: -(SessionStats.days - 1)))
            stats = SessionStats(sessions: try client.runtime.store.sessions(startingFrom: monthAgo, until: now.addingTimeInterval(1)),
                                 profiles: stored.engine.profiles, now: now, calendar: calendar)
            prayers = PrayerHistory(try PrayerLog.read(client))
            problem = nil
        } catch {
            problem = FeatureModels.problem(error)
        }
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
