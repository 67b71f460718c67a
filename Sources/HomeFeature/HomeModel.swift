import EntryPoints
import FeatureClient
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
        /// A profile's emoji and name, a gate's name, or an intention or the tutorial.
        public let title: RestrictionName
        public let path: Pathway?
        /// Why it shields: what the shield itself shows for it.
        public let reason: Reason
        public let status: RuleStatus
        /// When it stops by itself, if it does.
        public let endsAt: Date?
        /// How strict it is ("What's active?", seed 002); `nil` for an intention or the tutorial.
        public let strictness: Strictness?
        public var id: RuleRef { rule }
    }

    /// The primary action.
    public enum Primary: Hashable, Sendable {
        /// A session runs: its timer, with End and Break on the session screen.
        case session(LiveActivityContent)
        /// Every gate and mode in force is lifted by a ritual's window or a break: apps are through
        /// until the first of them ends; no new unlock is asked for.
        /// The gated apps are open until `until`; `only` is the one app (or site, or category) when
        /// they hold just one, which the card names rather than saying "Apps unlocked".
        case unlocked(until: Date, only: AnyToken? = nil)
        /// Selah holds apps: pray to open them.
        case pray
        /// Challenge holds apps (and no prayer does): a game picked at random opens every app it
        /// holds for five minutes (seed 003's "Start Challenge"), through the gate for `item`.
        case challenge(Unlockable)
        /// A gate or mode holds apps (`rule`, the first): choose one under ``unlockable`` to see
        /// the ways through.
        case unlockOptions(RuleRef)
        /// Nothing runs: start one of these session profiles.
        case start([Profile])
        /// Nothing is set up yet.
        case setUp

        /// Whether a session runs.
        public var isSession: Bool { if case .session = self { true } else { false } }
    }

    /// Something a gate or mode holds now, in the Unlocks list: choosing it opens the unlock gate
    /// for it (seed 002's Unlocks tab).
    public struct Unlockable: Hashable, Sendable, Identifiable {
        /// An app, or a whole category (a mode may hold only categories).
        public let item: AnyToken
        /// The restriction holding it (the gate finds any other that does too).
        public let rule: RuleRef
        /// That restriction's name (a profile's or a gate's own, without its emoji).
        public let holder: RestrictionName
        public var id: AnyToken { item }

        /// The gate's link for it.
        public var destination: AppDestination {
            switch item {
            case .app(let app): .unlockGate(app: app, category: nil, rule: rule)
            case .category(let category): .unlockGate(app: nil, category: category, rule: rule)
            case .webDomain(let site): .websiteGate(site, rule: rule)
            }
        }
    }

    public struct Today: Hashable, Sendable {
        public var unlocks = 0
        public var focusedSeconds: TimeInterval = 0
        public var completedSessions = 0
        /// Minutes of screen time reported today, when tracking is set up.
        public var screenTimeMinutes: Int?
        public var balances = Balances()
        /// Today's score so far, `100 − minutes / 10` (seed 001 §6), when screen time is tracked.
        public var score: Int? { screenTimeMinutes.map(ScreenTimeScore.score(minutes:)) }
        /// Today's screen-time points so far (seed 001 §9), when screen time is tracked.
        public var points: Int? { screenTimeMinutes.map(ScreenTimeScore.points(minutes:)) }
    }

    /// Yesterday, as the Daily Review shows it.
    public struct DailyReview: Hashable, Sendable {
        public let day: LocalDate
        /// Its screen time when the day is known (both ends of its activity arrived), else `nil`.
        public let minutes: Int?
        /// The daily goal then, if one is set.
        public let goalMinutes: Int?
        /// How the person rated it, if they did.
        public let rating: ProgressRecord.DayReview.Rating?
        /// Whether Threshold counts screen time (a goal was set): without it, no day is reported,
        /// and the review says how to have one counted rather than that it was not.
        public var isCounted = true

        public var score: Int? { minutes.map(ScreenTimeScore.score(minutes:)) }
        /// Whether it kept the goal, when both are known.
        public var underGoal: Bool? {
            guard let minutes, let goalMinutes else { return nil }
            return minutes < goalMinutes
        }

        /// The day before `today` as `stored` holds it: its reported minutes, the goal, the rating.
        package static func yesterday(of today: LocalDate, in stored: StoredState) -> DailyReview {
            let yesterday = today.adding(days: -1)
            var review = DailyReview(
                day: yesterday, minutes: stored.progress.reportedMinutes(on: yesterday),
                goalMinutes: stored.settings.screenTime?.goalMinutes, rating: stored.progress.review(of: yesterday))
            review.isCounted = stored.settings.screenTime != nil
            return review
        }

        /// Saves a thumbs up or down for yesterday (a second replaces the first); the refusal, if any.
        package static func rateYesterday(_ rating: ProgressRecord.DayReview.Rating, client: AppClient) -> Problem? {
            client.perform("daily review", RateYesterday(rating))
        }
    }

    /// Which of today's figures and streaks Home shows: those of the paths the person uses
    /// (PRODUCT.md, "Each person gets the app they came for"), so Selah alone never meets XP or
    /// credits, and Present alone never meets prayers.
    public struct Figures: Hashable, Sendable {
        /// Minutes focused today: Present's and Key's sessions, and the focus Earned Access banks.
        public var focused = false
        /// Sessions completed today, and the days of focus: Present and Key.
        public var sessions = false
        /// Unlocks today: Selah's prayers, Challenge's games, Earned Access's ways back.
        public var unlocks = false
        /// Every unlock is a prayer (Selah is the only path that unlocks): they are called prayers.
        public var unlocksArePrayers = false
        /// XP and coins: Present's.
        public var xp = false
        /// The Focus Bank: Earned Access's.
        public var bank = false
        /// The days of prayer: Selah's.
        public var prayerDays = false

        public init(paths: Set<Pathway>) {
            focused = paths.runsSessions
            sessions = !paths.isDisjoint(with: [.present, .key])
            let unlocking = paths.intersection([.selah, .challenge, .earnedAccess])
            unlocks = !unlocking.isEmpty
            unlocksArePrayers = unlocking == [.selah]
            xp = paths.contains(.present)
            bank = paths.contains(.earnedAccess)
            prayerDays = paths.contains(.selah)
        }
    }

    public struct Streaks: Hashable, Sendable {
        /// Selah: days in a row with a prayer.
        public var prayerDays = 0
        /// Days in a row with a completed session (seed 004's focus-day streak).
        public var focusDays = 0
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
    /// Every app and category a gate or mode shields now, each once, in the order of the
    /// restrictions and then of the tokens. Websites and allow lists' "every other app" are not
    /// listed: their shields lead to the gate.
    public private(set) var unlockable: [Unlockable] = []
    /// When what Home shows next changes by itself (an unlock ends, a schedule starts): it reads
    /// the state again then, as the shields change with nothing of Threshold's on screen asking.
    public private(set) var nextChange: Date?
    /// While every gate and mode is lifted: the time left and when they shield again.
    public private(set) var window: UnlockWindow?
    /// While nothing is shielded: the scheduled mode or profile that starts next, and when
    /// ("🏦 Work mode starts Monday at 9:00 AM").
    public private(set) var nextStart: NextStart?

    public struct NextStart: Hashable, Sendable {
        public let name: String
        public let at: Date
    }
    /// The paths the person uses (``StoredState/paths``), and so what Home shows of today.
    public private(set) var paths: Set<Pathway> = []
    public private(set) var figures = Figures(paths: [])
    public private(set) var today = Today()
    public private(set) var streaks = Streaks()
    /// The Daily Review of yesterday (seed 001 §6), while screen time is tracked or the review's
    /// reminder is on: what Threshold learned of the day, and the person's thumbs.
    public private(set) var review: DailyReview?
    /// What the last reconcile could not do or trust: shown with the way to repair it.
    public private(set) var repairs: [RepairNotice] = []
    /// When iOS was due to wake Threshold and did not (``MonitorWatch``), until the person has read
    /// it (``acknowledgeMissedSchedule()``).
    public private(set) var missedSchedule: Date?
    /// The state could not be read; shields stay as they were.
    public private(set) var problem: Problem?
    let client: AppClient
    /// The phone's clock now, for words that say an instant relative to it ("tomorrow at 9:00 AM").
    public var now: Date { client.now }

    public init(client: AppClient) { self.client = client }

    /// Reads the saved state; the app reconciles before (on every foreground).
    public func load() {
        let now = client.now
        let calendar = client.calendar
        let stored: StoredState
        do {
            stored = try client.read()
        } catch {
            problem = Problem(error)
            summary = StatusSummary(unreadable: error)
            return
        }
        problem = nil
        paths = stored.paths
        figures = Figures(paths: paths)
        summary = StatusSummary(stored, now: now, calendar: calendar)
        // NB: access not granted is said once, by the root's access banner with its button.
        repairs = stored.applied.repairs.filter { $0.kind != .notAuthorized }
        missedSchedule = stored.applied.monitor.untold
        let enforcement = evaluate(stored.engine, at: now, calendar: calendar)
        let clock = Clockwork(calendar: calendar)
        active = enforcement.rules.map { rule in
            Active(
                rule: rule.rule, title: StatusSummary.ruleName(of: rule.rule, in: stored.engine),
                path: Self.path(of: rule.rule, in: stored.engine),
                reason: rule.reason, status: rule.status, endsAt: rule.endsAt(in: stored.engine, clock: clock),
                strictness: Self.strictness(of: rule.rule, in: stored.engine))
        }
        unlockable = Self.unlockable(stored.engine, enforcement)
        primary = Self.primary(stored.engine, enforcement, at: now, calendar: calendar, unlockable: unlockable)
        // NB: Earned Access alone starts its focus from the Focus Bank ("Start focusing"), not
        // from a session it never asked for.
        if case .start = primary, paths.isDisjoint(with: [.present, .key]) { primary = .start([]) }
        nextChange = enforcement.nextChange
        nextStart = enforcement.rules.isEmpty ? Self.nextStart(stored.engine, after: now, clock: clock) : nil
        window = if case .unlocked(let until, _) = primary { UnlockWindow(until: until, minutes: nil, at: now) } else { nil }
        do {
            try readToday(stored, now: now, calendar: calendar)
        } catch {
            problem = Problem(error)
        }
    }

    private func readToday(_ stored: StoredState, now: Date, calendar: Calendar) throws {
        let clock = Clockwork(calendar: calendar)
        let day = clock.localDate(of: now)
        let midnight = clock.startOfDay(day)
        var today = Today(balances: stored.balances)
        today.unlocks = try client.runtime.store.events(EventQuery(kinds: ["ritualCompleted"], from: midnight)).count
        for session in stored.engine.focus(try client.runtime.store.sessions(startingFrom: midnight, until: now.addingTimeInterval(1))) {
            today.focusedSeconds += session.focusedSeconds(through: now)
            if session.ending?.state == .completed { today.completedSessions += 1 }
        }
        if stored.settings.screenTime != nil { today.screenTimeMinutes = stored.progress.screenTimeMinutes(on: day) }
        self.today = today
        let window = SessionStats.focusStreakWindow(at: now, calendar: calendar)
        let days = DayStreaks(
            prayers: try PrayerLog.read(client, titled: false),
            sessions: stored.engine.focus(try client.runtime.store.sessions(startingFrom: window.from, until: window.until)),
            goal: stored.progress.goalStreak, resetAt: stored.settings.streakResetAt, now: now, calendar: calendar)
        streaks = Streaks(
            prayerDays: days.prayerDays, focusDays: days.focusDays, goal: stored.progress.goalStreak,
            intentions: stored.progress.intentionStreaks)
        streaks.unreportedDays = stored.progress.goalStreak?.unreported ?? []
        // NB: no review of a day before the screen time was counted (a new install's yesterday).
        let counted = stored.settings.screenTime.map { $0.since <= day.adding(days: -1) }
        review = counted ?? stored.settings.reminders.dailyReview ? .yesterday(of: day, in: stored) : nil
    }

    /// The Daily Review's thumbs up or down for yesterday, saved (and shown in Insights).
    public func rateYesterday(_ rating: ProgressRecord.DayReview.Rating) {
        let refused = DailyReview.rateYesterday(rating, client: client)
        load()
        if let refused { problem = refused }
    }

    /// The person read that iOS missed Threshold's schedule: it is not said again until iOS
    /// wakes Threshold and misses again.
    public func acknowledgeMissedSchedule() {
        let refused = client.perform("missed schedule", AcknowledgeMissedSchedule())
        load()
        if let refused { problem = refused }
    }

    // MARK: Deciding

    /// How strict a restriction is, where that is news: an Earned Access mode's ("What's
    /// active?", seed 002), or any restriction stricter than gentle; a gentle prayer or session
    /// says nothing of it.
    static func strictness(of rule: RuleRef, in state: ThresholdState) -> Strictness? {
        let strictness: Strictness? =
            switch rule {
            case .profile(let id): state.profile(id)?.strictness
            case .gate(let id): state.gates.first { $0.id == id }?.strictness
            case .intention, .tutorial: nil
            }
        guard let strictness else { return nil }
        return strictness != .gentle || path(of: rule, in: state) == .earnedAccess ? strictness : nil
    }

    /// The first scheduled start to come, within the week ahead.
    static func nextStart(_ state: ThresholdState, after now: Date, clock: Clockwork) -> NextStart? {
        state.profiles.flatMap { profile in
            profile.schedules.compactMap { schedule in
                schedule.nextOccurrences(after: now, in: clock, horizonDays: 8).first.map {
                    NextStart(name: profile.title, at: $0.start)
                }
            }
        }
        .min { ($0.at, $0.name) < ($1.at, $1.name) }
    }

    static func primary(
        _ state: ThresholdState, _ enforcement: Enforcement, at now: Date, calendar: Calendar,
        unlockable: [Unlockable]
    ) -> Primary {
        if let session = LiveActivityContent.current(state, enforcement, calendar: calendar, at: now) { return .session(session) }
        let gated = enforcement.rules.filter { if case .gated = $0.reason { return true } else { return false } }
        // Open only when nothing gated still shields: a prayer's window lifts Selah, not a mode
        // beside it. Then until the first lift ends, when something shields again.
        let shielding = gated.filter { !$0.shield.isEmpty }
        if shielding.isEmpty, let until = gated.compactMap({ liftEnd($0, in: state, at: now) }).min() {
            let held = Set(
                gated.flatMap { rule -> Set<AnyToken> in
                    switch rule.rule {
                    case .gate(let id): state.gates.first { $0.id == id }?.selection.tokens ?? []
                    case .profile(let id): state.profile(id)?.selection.tokens ?? []
                    case .intention, .tutorial: []
                    }
                })
            return .unlocked(until: until, only: held.count == 1 ? held.first : nil)
        }
        if shielding.contains(where: { rule in
            if case .gated(let label) = rule.reason { return label.rituals.contains(.prayer) }
            return false
        }) {
            return .pray
        }
        let challenged = shielding.first { rule in
            if case .gated(let label) = rule.reason { return !label.rituals.isEmpty && label.rituals.allSatisfy(\.isChallenge) }
            return false
        }
        if let challenged, let item = unlockable.first(where: { $0.rule == challenged.rule }) { return .challenge(item) }
        if let rule = shielding.first { return .unlockOptions(rule.rule) }
        let startable = state.profiles.filter { $0.path.isSessionPath }
        if !startable.isEmpty { return .start(startable) }
        return state.profiles.isEmpty && state.gates.isEmpty && state.intentions.isEmpty ? .setUp : .start([])
    }

    static func unlockable(_ state: ThresholdState, _ enforcement: Enforcement) -> [Unlockable] {
        var seen = Set<AnyToken>()
        var listed: [Unlockable] = []
        for rule in enforcement.rules {
            guard case .gated = rule.reason else { continue }
            let holder: RestrictionName =
                switch rule.rule {
                case .profile(let id): .named(state.profile(id)?.name ?? id.rawValue)
                case .gate, .intention, .tutorial: StatusSummary.ruleName(of: rule.rule, in: state)
                }
            // NB: websites too: a gate or mode may hold only websites, and this is their way in.
            let items =
                rule.shield.applications.sorted().map(AnyToken.app) + rule.shield.categories.sorted().map(AnyToken.category)
                + rule.shield.webDomains.sorted().map(AnyToken.webDomain)
            for item in items where seen.insert(item).inserted {
                listed.append(Unlockable(item: item, rule: rule.rule, holder: holder))
            }
        }
        return listed
    }

    /// When what lifts a restriction ends: its all-gated grant or break, else the first of the
    /// one-token grants letting its items through.
    private static func liftEnd(_ rule: RuleEnforcement, in state: ThresholdState, at now: Date) -> Date? {
        if let until = rule.liftedUntil { return until }
        guard case .partlyLifted(let ids) = rule.status else { return nil }
        return state.grants.filter { ids.contains($0.id) && $0.isValid(at: now) }.map(\.end).min()
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
