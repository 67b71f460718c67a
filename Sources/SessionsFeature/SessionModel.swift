import EntryPoints
import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore

/// The session screen: starting one, its timer, giving up (with Beast Mode's refusal shown),
/// a break (with what the quota allows and when the next is available), the goal reached and
/// the extra time after it.
@MainActor @Observable
public final class SessionModel {
    /// How a session is started from the screen: a goal, a length or an end time that ends it by
    /// itself, or until the person ends it.
    public typealias PlanChoice = SessionLength

    /// The goals the start panel offers, in minutes (seed 001 §1: 5 minutes to 2 hours).
    public nonisolated static let goalChoices = [5, 10, 15, 30, 45, 60, 90, 120]
    /// The goal the start panel shows first.
    public nonisolated static let defaultGoal = 30

    /// Each profile on now, newest first: the Session tab shows each, with its own timer, Break
    /// and End (seed 004: a key's Work and a scheduled Sleep can be on at once).
    public private(set) var sessions: [Running] = []
    /// The newest session on, as the Live Activity shows it (naming the others); `nil` when none runs.
    public var running: LiveActivityContent? { LiveActivityContent.current(of: sessions.map(\.content)) }
    /// Its profile.
    public var profile: Profile? { sessions.first?.profile }
    /// Its break allowance now.
    public var quota: BreakQuota? { sessions.first?.quota }
    /// What ending it now would record (canceled in the first seconds, given up before the goal,
    /// completed after it), read on the device's clock each time: the screen stays up while the
    /// session crosses those lines.
    public var endingNow: EndState? { ending(at: client.now) }

    /// What ending the newest session at `date` would record.
    public func ending(at date: Date) -> EndState? { sessions.first?.ending(at: date) }

    /// The end time the start panel offers until one is picked: an hour from now.
    public var suggestedEndTime: Date { client.now.addingTimeInterval(3_600) }
    /// When the newest session is today's span of a schedule: its profile's name and when the
    /// schedule starts again.
    public var scheduled: (name: String, returns: Date?)? { sessions.first?.scheduled }
    /// Why "End" is refused now for the newest session, in the rule's words (Beast Mode).
    public var endRefusal: Problem? { sessions.first?.endRefusal }
    /// Why "Break" is refused now for the newest session.
    public var breakRefusal: Problem? { sessions.first?.breakRefusal }

    /// One profile on now, as the Session tab shows it.
    public struct Running: Identifiable {
        /// What its timer shows, as its Live Activity would.
        public let content: LiveActivityContent
        public let profile: Profile
        /// Its break allowance now (a session's; a schedule's span has none).
        public let quota: BreakQuota?
        /// The session running, as last loaded; `nil` for a schedule's span.
        let session: Session?
        /// When it is today's span of a schedule: its profile's name and when the schedule starts
        /// again. Ending it early ends today's span only ("End today's Sleep").
        public let scheduled: (name: String, returns: Date?)?
        /// Why "End" is refused now, in the rule's words (Beast Mode); `nil` when it is allowed.
        public let endRefusal: Problem?
        /// Why "Break" is refused now (none allowed, quota used, with when the next is available).
        public let breakRefusal: Problem?

        public var id: ProfileID { profile.id }

        /// What ending at `date` would record: the Session tab asks it each second on screen.
        public func ending(at date: Date) -> EndState {
            session.map { EndSession.endState(of: $0, at: date) } ?? .gaveUp
        }

        /// The timer at `now` (the view ticks it every second).
        public func timer(at now: Date) -> SessionTimer { SessionTimer(content, at: now) }
    }

    /// Profiles a session can be started for.
    public private(set) var startable: [Profile] = []
    /// What the last action could not do; nothing changed.
    public private(set) var problem: Problem?
    /// Whether that was a refusal only Pro lifts: the screen offers "See Threshold Pro" beside it.
    public var problemNeedsPro: Bool { problem?.needsPro ?? false }
    /// The profile whose start was just refused because it needs Pro: Start is disabled for it
    /// (the banner says why, with "See Threshold Pro") until another is chosen or Pro is on.
    public private(set) var startNeedingPro: ProfileID?
    /// How the last session ended here went (its time focused and what it earned), shown until
    /// the person dismisses it, another session starts or the day ends: what the last commit saved
    /// decides, so yesterday's ending never sits above today's session.
    public var lastEnding: SessionEnding? {
        let sessions = client.state.stored?.engine.sessions ?? []
        guard let ended else { return nil }
        let clock = Clockwork(calendar: client.calendar)
        guard clock.localDate(of: client.now) == clock.localDate(of: ended.at),
            !sessions.contains(where: { $0.start >= ended.at })
        else { return nil }
        return ended.ending
    }
    /// The ending this screen recorded, and when.
    private var ended: (ending: SessionEnding, at: Date)?
    let client: AppClient
    /// The phone's clock now, for words that say an instant relative to it ("tomorrow at 9:00 AM").
    public var now: Date { client.now }

    public init(client: AppClient) { self.client = client }

    public func load() {
        let now = client.now
        let calendar = client.calendar
        guard let stored = client.read(reporting: &problem) else { return }
        if stored.plan.status.includesPro { startNeedingPro = nil }
        startable = stored.engine.profiles.filter { $0.path.isSessionPath }
        let enforcement = evaluate(stored.engine, at: now, calendar: calendar)
        sessions = LiveActivityContent.each(stored.engine, enforcement, calendar: calendar, at: now).compactMap { content in
            guard let profile = stored.engine.profile(content.profileID) else { return nil }
            let session = stored.engine.sessions.first { $0.profileID == profile.id && $0.isRunning(at: now) }
            return Running(
                content: content, profile: profile, quota: session.map { BreakQuota(profile.breakPolicy, for: $0, at: now) },
                session: session,
                scheduled: stored.engine.scheduledSpan(of: profile.id, at: now, calendar: calendar).map { (profile.name, $0.returns) },
                endRefusal: client.refusal(of: EndSession(profile: profile.id), in: stored),
                breakRefusal: content.phase == .onBreak ? nil : client.refusal(of: TakeBreak(profile: profile.id), in: stored))
        }
    }

    /// The timer at `now` (the view ticks it every second).
    public func timer(at now: Date) -> SessionTimer? { sessions.first?.timer(at: now) }

    /// An end time picked on a clock face (a date whose time of day counts), in the device's zone.
    public func endTime(at picked: Date) -> PlanChoice {
        .until(LocalTime(minutesIntoDay: Clockwork(calendar: client.calendar).secondsIntoDay(of: picked) / 60))
    }

    /// A Beast Mode start waiting for the person to confirm what it locks and until when.
    public private(set) var confirming: (confirmation: StartConfirmation, choice: PlanChoice, asked: Date)?

    /// Starts the profile; a length or an end time becomes its end at the start, on the reconcile's
    /// clock. A Beast Mode profile asks first (``confirming``): nothing ends it early.
    public func start(_ profile: ProfileID, _ choice: PlanChoice) {
        let plan = choice.plan(from: client.now, calendar: client.calendar)
        // NB: a start the rules refuse (Beast Mode on Free) asks nothing: the start says why.
        if let stored = client.read(reporting: &problem),
            client.refusal(of: StartSession(profile: profile, origin: .manual, plan: plan), in: stored) == nil,
            let confirmation = StartConfirmation.needed(
                toStart: profile, plan: plan, byLink: false,
                in: stored.engine, at: client.now, calendar: client.calendar)
        {
            confirming = (confirmation, choice, client.now)
            return
        }
        begin(profile, choice)
    }

    /// "Start Beast Mode": starts what the confirmation described.
    public func confirmStart() {
        guard let (confirmation, choice, _) = confirming else { return }
        confirming = nil
        begin(confirmation.profile, choice)
    }

    /// "Not now": nothing starts.
    public func declineStart() { confirming = nil }

    private func begin(_ profile: ProfileID, _ choice: PlanChoice) {
        problem = client.perform("start", StartProfile(profile, origin: .manual, length: choice))
        startNeedingPro = problemNeedsPro ? profile : nil
        load()
    }

    /// Whether the screen asks to end the session now (the Unblock quick action, seed 001 §11):
    /// only for a session that can be ended; Beast Mode's shows why it cannot.
    public private(set) var askingToEnd = false

    /// The Unblock quick action: asks to end the running session, in its End button's words.
    public func askToEnd() {
        load()
        askingToEnd = running != nil && endRefusal == nil
    }

    /// "Keep going": the question goes, the session stays.
    public func keepGoing() { askingToEnd = false }

    /// Ends `profile`'s session (the newest when none is named): completes it, or gives it up
    /// before its goal. Beast Mode refuses, saying until when.
    public func end(_ profile: ProfileID? = nil) {
        askingToEnd = false
        guard let profile = profile ?? self.profile?.id else { return }
        // NB: read before the end, for the time it focused; an unreadable state only leaves it out.
        let running = (try? client.read())?.engine.sessions.first { $0.profileID == profile && $0.isRunning(at: client.now) }
        let done = client.runtime.reconcile(.inApp("end session"), command: EndSession(profile: profile))
        problem = done.problem
        if problem == nil {
            let events = done.outcome.events
            let ending = events.lazy.compactMap { event -> Session.Ending? in
                if case .sessionEnded(_, let ending) = event { return ending }
                return nil
            }.first
            let entries = events.compactMap { event -> LedgerEntry? in
                if case .ledger(let entry) = event { return entry }
                return nil
            }
            ended = (
                SessionEnding(
                    state: ending?.state ?? .completed,
                    focusedSeconds: ending.flatMap { ending in running?.focusedSeconds(through: ending.at) },
                    earned: entries.map { SessionEnding.Earning(account: $0.account, amount: $0.amount) }),
                ending?.at ?? client.now
            )
        }
        load()
    }

    /// A break from `profile`'s session (the newest when none is named).
    public func takeBreak(_ profile: ProfileID? = nil) {
        guard let profile = profile ?? self.profile?.id else { return }
        act("break", TakeBreak(profile: profile))
    }

    /// Back to focus before the break is over.
    public func endBreak(_ profile: ProfileID? = nil) {
        guard let profile = profile ?? self.profile?.id else { return }
        act("resume", EndBreak(profile: profile))
    }

    public func dismissEnding() { ended = nil }

    /// Shows what a start from outside the screen (a link) was refused with.
    package func report(_ refusal: Problem?) {
        load()
        problem = refusal
    }

    private func act(_ what: String, _ command: any Command) {
        problem = client.perform(what, command)
        load()
    }
}

/// What a session's timer shows at an instant.
public struct SessionTimer: Hashable, Sendable {
    public let phase: LiveActivityContent.Phase
    /// A rest profile's session (Sleep): resting, not focusing.
    public let isRest: Bool
    /// Since the session started.
    public let elapsed: TimeInterval
    /// The clock the tab shows, the Live Activity's and the widgets' own (seed 001 §8,
    /// ``LiveActivityContent/timer(at:)``): up toward the goal, then the extra time past it; down
    /// to a break's end or a session's end time; up from the start when open-ended.
    public let shown: TimeInterval
    /// Whether ``shown`` counts down (to a break's end or an end time).
    public let countsDown: Bool
    /// Whether ``shown`` is the extra time past the goal.
    public let showsExtra: Bool
    /// How far to the goal or end time (0…1), for the ring; `nil` when open-ended or on a break.
    public let fraction: Double?
    /// Time past the goal: the extra time.
    public let extra: TimeInterval?

    public init(_ content: LiveActivityContent, at now: Date) {
        phase = content.phase
        isRest = content.isRest
        elapsed = max(0, now.timeIntervalSince(content.startedAt))
        let span = content.timer(at: now)
        countsDown = span.countsDown
        shown = span.countsDown ? max(0, span.to.timeIntervalSince(now)) : max(0, min(now, span.to).timeIntervalSince(span.from))
        showsExtra = !span.countsDown && content.phase == .goalReached && span.from == content.goalAt
        let finish = content.goalAt ?? content.endsAt
        if content.phase == .onBreak {
            fraction = nil
        } else if let finish, finish > content.startedAt {
            fraction = min(1, elapsed / finish.timeIntervalSince(content.startedAt))
        } else {
            fraction = nil
        }
        extra = content.goalAt.flatMap { goal in now > goal ? now.timeIntervalSince(goal) : nil }
    }
}

/// How a session the person ended went, for the card after it: the screen says it.
public struct SessionEnding: Hashable, Sendable {
    /// One amount a session earned on one account.
    public struct Earning: Hashable, Sendable {
        public let account: Account
        public let amount: Int

        public init(account: Account, amount: Int) {
            self.account = account
            self.amount = amount
        }
    }

    public let state: EndState
    /// The time it focused, breaks left out; `nil` when it could not be read.
    public let focusedSeconds: TimeInterval?
    public let earned: [Earning]
}
