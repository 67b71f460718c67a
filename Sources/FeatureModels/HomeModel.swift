import EntryPoints
import Foundation
import Observation
import StoreClient
import ThresholdCore

/// The home screen: what is active and why things are blocked, the one thing to do next (or the
/// time remaining), today, and the streaks.
@MainActor @Observable
public final class HomeModel {
    /// One restriction in force, as a row.
    public struct Active: Hashable, Sendable, Identifiable {
        public let rule: RuleRef
        /// "🎯 Work", "Selah", "Your intention for …".
        public let title: String
        public let path: Pathway?
        /// Why it shields: what the shield itself shows for it.
        public let reason: Reason
        public let status: RuleStatus
        /// When it stops by itself, if it does.
        public let endsAt: Date?
        public var id: RuleRef { rule }
    }

    /// The primary action.
    public enum Primary: Hashable, Sendable {
        /// A session runs: its timer, with End and Break on the session screen.
        case session(LiveActivityContent)
        /// A ritual's window is open: apps are through until then; no new unlock is asked for.
        case unlocked(until: Date)
        /// Selah holds apps: pray to open them.
        case pray
        /// A gate or mode holds apps (for `rule`): see the ways through.
        case unlockOptions(RuleRef, app: AppToken)
        /// Nothing runs: start one of these session profiles.
        case start([Profile])
        /// Nothing is set up yet.
        case setUp
    }

    public struct Today: Hashable, Sendable {
        public var unlocks = 0
        public var focusedSeconds: TimeInterval = 0
        public var completedSessions = 0
        /// Minutes of screen time reported today, when tracking is set up.
        public var screenTimeMinutes: Int?
        public var balances = Balances()
    }

    public struct Streaks: Hashable, Sendable {
        /// Selah: days in a row with a prayer.
        public var prayerDays = 0
        /// The screen-time goal's streak, when a goal is set.
        public var goal: GoalStreak?
        /// Each intention's streak as its shield shows it, by intention.
        public var intentions: [IntentionStreak] = []
        /// Days of the last week whose screen time was not reported, so they neither kept nor
        /// broke the goal's streak (``GoalStreak/unreported``), oldest first.
        public var unreportedDays: [LocalDate] = []
    }

    public private(set) var summary: StatusSummary?
    public private(set) var active: [Active] = []
    public private(set) var primary: Primary = .setUp
    public private(set) var today = Today()
    public private(set) var streaks = Streaks()
    /// What the last reconcile could not do or trust: shown with the way to repair it.
    public private(set) var repairs: [RepairNotice] = []
    /// The state could not be read; shields stay as they were.
    public private(set) var problem: String?
    let client: AppClient

    public init(client: AppClient) { self.client = client }

    /// Reads the saved state; the app reconciles before (on every foreground).
    public func load() {
        let now = client.now
        let calendar = client.calendar
        let stored: StoredState
        do {
            stored = try client.read()
        } catch {
            problem = FeatureModels.problem(error)
            summary = StatusSummary(unreadable: error)
            return
        }
        problem = nil
        summary = StatusSummary(stored, now: now, calendar: calendar)
        repairs = stored.applied.repairs
        let enforcement = evaluate(stored.engine, at: now, calendar: calendar)
        let clock = Clockwork(calendar: calendar)
        active = enforcement.rules.map { rule in
            Active(rule: rule.rule, title: Self.title(of: rule.rule, in: stored.engine), path: Self.path(of: rule.rule, in: stored.engine),
                   reason: rule.reason, status: rule.status, endsAt: rule.endsAt(in: stored.engine, clock: clock))
        }
        primary = Self.primary(stored.engine, enforcement, at: now, calendar: calendar)
        do {
            try readToday(stored, now: now, calendar: calendar)
        } catch {
            problem = FeatureModels.problem(error)
        }
    }

    private func readToday(_ stored: StoredState, now: Date, calendar: Calendar) throws {
        let clock = Clockwork(calendar: calendar)
        let day = clock.localDate(of: now)
        let midnight = clock.startOfDay(day)
        var today = Today(balances: stored.balances)
        today.unlocks = try client.runtime.store.events(EventQuery(kinds: ["ritualCompleted"], from: midnight)).count
        for session in try client.runtime.store.sessions(startingFrom: midnight, until: now.addingTimeInterval(1)) {
            today.focusedSeconds += session.focusedSeconds(through: now)
            if session.ending?.state == .completed { today.completedSessions += 1 }
        }
        if stored.settings.screenTime != nil { today.screenTimeMinutes = stored.progress.screenTimeMinutes(on: day) }
        self.today = today
        streaks = Streaks(prayerDays: SelahStreak.days(try PrayerLog.read(client), now: now, calendar: calendar,
                                                       resetAt: stored.settings.streakResetAt),
                          goal: stored.progress.goalStreak, intentions: stored.progress.intentionStreaks)
        streaks.unreportedDays = stored.progress.goalStreak?.unreported ?? []
    }

    // MARK: Deciding

    static func primary(_ state: ThresholdState, _ enforcement: Enforcement, at now: Date, calendar: Calendar) -> Primary {
        if let session = LiveActivityContent.current(state, enforcement, calendar: calendar, at: now) { return .session(session) }
        let gated = enforcement.rules.filter { if case .gated = $0.reason { return true } else { return false } }
        if let until = gated.compactMap(\.liftedUntil).max() { return .unlocked(until: until) }
        if gated.contains(where: { rule in
            if case .gated(let label) = rule.reason { return label.rituals.contains(.prayer) }
            return false
        }) {
            return .pray
        }
        for rule in gated {
            guard let app = rule.shield.applications.min() else { continue }
            return .unlockOptions(rule.rule, app: app)
        }
        let startable = state.profiles.filter { $0.path.isSessionPath }
        if !startable.isEmpty { return .start(startable) }
        return state.profiles.isEmpty && state.gates.isEmpty && state.intentions.isEmpty ? .setUp : .start([])
    }

    static func title(of rule: RuleRef, in state: ThresholdState) -> String {
        StatusSummary.name(of: rule, in: state)
    }

    static func path(of rule: RuleRef, in state: ThresholdState) -> Pathway? {
        switch rule {
        case .profile(let id): state.profile(id)?.path
        case .gate(let id): state.gates.first { $0.id == id }?.path
        case .intention: .present
        case .tutorial: nil
        }
    }
}
