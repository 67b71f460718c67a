import Foundation
import StoreClient
import ThresholdCore

/// What the widgets show, read from the App Group in one go: the session for the lock screen,
/// the streak for the home screen, the Focus Bank balance, and what to say when nothing runs.
public struct WidgetSnapshot: Hashable, Codable, Sendable {
    /// The running session, as the Live Activity shows it.
    public let session: LiveActivityContent?
    /// The streak the home-screen widget shows: the daily screen-time goal's (seed 001 §7) when
    /// one is set, otherwise days in a row with a prayer or a completed session since the streak
    /// was last reset (Settings).
    public let streakDays: Int
    /// Focus Bank credits.
    public let credits: Int
    /// One line for when no session runs: what is shielded, or that the state cannot be read.
    public let headline: StatusSummary.Headline
    /// The state could not be read: the widget says so instead of showing zeros.
    public let isUnreadable: Bool
    /// When the widget should look again (a break or session ends); `nil` for the default refresh.
    public let refreshAt: Date?
    /// The daily screen-time goal, in minutes a day, when one is set: the streak widget words it
    /// as its caption (seed 001 §7).
    public let goalMinutes: Int?
    /// Whether Earned Access is in use, whose Focus Bank the bank widget counts; `nil` in a
    /// snapshot saved before it was kept, read as in use.
    public let banks: Bool?

    /// Whether the bank widget counts credits: only where Earned Access is in use. Everywhere
    /// else it says whose the bank is (the widget gallery offers it to everyone).
    public var showsBank: Bool { banks ?? true }
    /// The Earned Access mode in force ("🏦 Work mode"), for the bank widget (seed 002 flow B's
    /// "Active mode"); `nil` when none is.
    public let modeTitle: String?
    /// When that mode's hours end, if they do.
    public let modeUntil: Date?

    public init(
        session: LiveActivityContent?, streakDays: Int, credits: Int, headline: StatusSummary.Headline,
        isUnreadable: Bool = false, refreshAt: Date? = nil, goalMinutes: Int? = nil, banks: Bool? = true,
        modeTitle: String? = nil, modeUntil: Date? = nil
    ) {
        self.session = session
        self.streakDays = streakDays
        self.credits = credits
        self.headline = headline
        self.isUnreadable = isUnreadable
        self.refreshAt = refreshAt
        self.goalMinutes = goalMinutes
        self.banks = banks
        self.modeTitle = modeTitle
        self.modeUntil = modeUntil
    }

    /// Where tapping the session widget leads (its `widgetURL`): the running session's Session
    /// tab, or with none running the Session tab to start one ("Start Session"); `nil` when the
    /// state cannot be read (the tap then just opens the app).
    public var sessionLink: URL? {
        guard !isUnreadable else { return nil }
        return URL(string: AppDestination.session(session?.profileID).deepLink)
    }

    /// The event kinds ``make(state:events:sessions:now:calendar:)`` reads.
    public static let eventKinds: Set<String> = PrayerCompletion.eventKinds

    /// Builds the snapshot from the saved state, the prayers among the events of recent days and
    /// the sessions of the last year: the streak is Home's (``DayStreaks``).
    public static func make(
        state: StoredState, events: [LoggedEvent], sessions: [Session] = [], now: Date, calendar: Calendar
    ) -> WidgetSnapshot {
        let prayers = events.compactMap { PrayerCompletion($0, deviceZone: calendar.timeZone) }
        let streaks = DayStreaks(
            prayers: prayers, sessions: state.engine.focus(sessions), goal: state.progress.goalStreak,
            resetAt: state.settings.streakResetAt, now: now, calendar: calendar)
        // NB: the session as the last reconcile found it, not the Live Activity: a session a
        // schedule started with the app closed has no Live Activity until the app runs.
        let session = state.applied.session
        let enforcement = state.lastEnforcement(deviceZone: calendar.timeZone)
        let boundaries = [session?.breakUntil, session?.endsAt, session?.goalAt, enforcement?.nextChange]
        // The mode in force as the last reconcile found it, unless its hours have ended since.
        let clock = Clockwork(calendar: calendar)
        let mode = enforcement?.rules.lazy.compactMap { rule -> (title: String, until: Date?)? in
            guard case .profile(let id) = rule.rule, let profile = state.engine.profile(id), profile.path == .earnedAccess else {
                return nil
            }
            let until = rule.endsAt(in: state.engine, clock: clock)
            return until.map { $0 > now } ?? true ? (profile.title, until) : nil
        }.first
        return WidgetSnapshot(
            session: session,
            streakDays: streaks.headline,
            credits: state.balances.credits,
            headline: StatusSummary(state, lastEnforcement: enforcement, now: now).headline,
            refreshAt: boundaries.compactMap { $0 }.filter { $0 > now }.min(),
            goalMinutes: state.settings.screenTime?.goalMinutes,
            banks: state.paths.contains(.earnedAccess),
            modeTitle: mode?.title, modeUntil: mode?.until)
    }

    /// Reads the store and builds the snapshot; an unreadable store gives ``unreadable(_:)``.
    public static func read(from store: any StoreClient, now: Date, calendar: Calendar) -> WidgetSnapshot {
        do {
            let state = try store.read()
            let clock = Clockwork(calendar: calendar)
            let since = clock.startOfDay(clock.localDate(of: now).adding(days: -400))
            let events = try store.events(EventQuery(kinds: eventKinds, from: since))
            let window = SessionStats.focusStreakWindow(at: now, calendar: calendar)
            let sessions = try store.sessions(startingFrom: window.from, until: window.until)
            return make(state: state, events: events, sessions: sessions, now: now, calendar: calendar)
        } catch {
            return unreadable(error)
        }
    }

    /// What a widget shows when the App Group cannot be read.
    public static func unreadable(_ error: any Error) -> WidgetSnapshot {
        WidgetSnapshot(
            session: nil, streakDays: 0, credits: 0, headline: StatusSummary(unreadable: error).headline,
            isUnreadable: true)
    }

    /// A snapshot for previews and the widget gallery.
    public static let placeholder = WidgetSnapshot(session: nil, streakDays: 7, credits: 45, headline: .nothingNow)
}

/// Threshold's widgets, by the kind WidgetKit knows them as, and how long each one's timeline
/// lasts when nothing it shows ends sooner: the streak's at most half an hour (seed 001), the
/// others a quarter. Besides, the reconcile reloads every timeline whenever it changes something.
public enum WidgetKind: String, CaseIterable, Sendable {
    case session = "app.threshold.session"
    case streak = "app.threshold.streak"
    case bank = "app.threshold.bank"

    public var refreshMinutes: Int { self == .streak ? 30 : 15 }
}

extension WidgetSnapshot {
    /// When a timeline holding this snapshot, made at `now`, asks for the next: the first thing
    /// it shows that ends (a break, a session, a window), else the kind's refresh.
    public func timelineEnd(after now: Date, kind: WidgetKind) -> Date {
        refreshAt ?? now.addingTimeInterval(TimeInterval(kind.refreshMinutes * 60))
    }
}
