import Foundation

/// Starts a profile's session: from the app, a key tap, a schedule or a Shortcut.
///
/// A start while one of the profile's scheduled spans is in force, or within the hour before
/// one begins, is that span's session: it is recorded against the span and ends with it, so
/// ending it ends that span (and only that one).
public struct StartSession: Command {
    /// How close before a span a manual start joins it (seed 004: 8:50 for a 9:00 schedule).
    public static let joinsSpanWithin: TimeInterval = 3_600

    public let profile: ProfileID
    public let origin: SessionOrigin
    public let plan: SessionPlan

    public init(profile: ProfileID, origin: SessionOrigin = .manual, plan: SessionPlan = .openEnded) {
        self.profile = profile
        self.origin = origin
        self.plan = plan
    }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let profile = try state.requireProfile(self.profile)
        let inForce = ProfileInForce(profile, in: state, at: now, calendar: calendar)
        guard inForce.sessions.isEmpty else {
            throw ValidationError("profile “\(profile.name)”", .alreadyOn(ProfileTitle(profile)))
        }
        let clock = Clockwork(calendar: calendar)
        let recorded = Set(state.sessions.compactMap(\.occurrence))
        let joined: (key: OccurrenceKey, span: Occurrence)? =
            inForce.unrecordedSpans.first
            ?? profile.schedules.lazy
            .flatMap { schedule in
                schedule.nextOccurrences(after: now, in: clock, horizonDays: 1).map {
                    (key: OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: $0.day), span: $0)
                }
            }
            .filter { $0.span.start > now && $0.span.start.timeIntervalSince(now) <= Self.joinsSpanWithin && !recorded.contains($0.key) }
            .min { $0.span.start < $1.span.start }
        if joined == nil || plan != .openEnded {
            try SessionLimits.check(plan, of: profile, at: now, clock: clock)
        }
        let session: Session
        if let joined, case .openEnded = plan {
            session = try Session(
                id: ids.next("session"), profileID: profile.id, origin: origin, start: now,
                plan: .until(joined.span.end), occurrence: joined.key)
        } else {
            session = try Session(id: ids.next("session"), profileID: profile.id, origin: origin, start: now, plan: plan)
        }
        state = try state.replacing(session)
        return [.sessionStarted(session)]
    }
}

/// Brings a profile's schedule forward: on from now until its next span's end (seed 002 Flow A:
/// set up outside Work mode's hours, the person asks for real blocking right away). It stands for
/// the schedule, not for focus, so it earns no credits (``FocusBank``); the span itself still
/// comes as scheduled, and ending this early leaves it to come.
public struct StartScheduleEarly: Command {
    public let profile: ProfileID

    public init(profile: ProfileID) { self.profile = profile }

    /// Where the next span of `schedules` ends, when one is to come: what an early start runs to.
    public static func runsUntil(_ schedules: [Schedule], at now: Date, calendar: Calendar) -> Date? {
        let clock = Clockwork(calendar: calendar)
        return
            schedules
            .flatMap { $0.nextOccurrences(after: now, in: clock, horizonDays: 8) }
            .filter { $0.start > now }
            .min { $0.start < $1.start }?.end
    }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let profile = try state.requireProfile(self.profile)
        guard !ProfileInForce(profile, in: state, at: now, calendar: calendar).isOn else {
            throw ValidationError("profile “\(profile.name)”", .alreadyOn(ProfileTitle(profile)))
        }
        guard let end = Self.runsUntil(profile.schedules, at: now, calendar: calendar) else {
            throw ValidationError("profile “\(profile.name)”", .noScheduleToStartEarly(ProfileTitle(profile)))
        }
        let session = try Session(id: ids.next("session"), profileID: profile.id, origin: .schedule, start: now, plan: .until(end))
        state = try state.replacing(session)
        return [.sessionStarted(session)]
    }
}

/// Ends what keeps a profile on now: its running sessions, and a scheduled span in force
/// (that occurrence only; the schedule runs again next time), recording what each earned.
///
/// Within its first ten seconds a session is canceled (no penalty, no reward); before its goal
/// or end time the person gave up; after it, the session is completed. At locked strictness
/// (Beast Mode) nothing ends early, whatever asks: the in-app button, a key tap, a Shortcut, a
/// notification, a widget or the Live Activity all arrive here and are refused alike.
public struct EndSession: Command {
    public let profile: ProfileID

    public init(profile: ProfileID) { self.profile = profile }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let profile = try state.requireProfile(self.profile)
        let inForce = ProfileInForce(profile, in: state, at: now, calendar: calendar)
        guard inForce.isOn else {
            throw ValidationError("profile “\(profile.name)”", .notOnNothingToEnd(ProfileTitle(profile)))
        }
        var closing: [(session: Session, ending: Session.Ending, isNew: Bool)] = inForce.sessions.map {
            ($0, Session.Ending(at: now, state: Self.endState(of: $0, at: now)), false)
        }
        for (key, span) in inForce.unrecordedSpans {
            let record = try Session.standingFor(key, span, ids: ids)
            closing.append((record, Session.Ending(at: now, state: Self.endState(of: record, at: now)), true))
        }
        if let early = inForce.lockedUntil(at: now) {
            // NB: a goal does not end a session: past it the apps stay shielded (extra time) until
            // the person ends it, so the refusal says so rather than promising an end.
            if inForce.sessions.contains(where: { $0.goalInstant == early && $0.plannedEnd == nil }) {
                throw ValidationError("profile “\(profile.name)”", .lockedUntilGoal(ProfileTitle(profile), goal: early, now: now))
            }
            throw ValidationError("profile “\(profile.name)”", .lockedUntilEnd(ProfileTitle(profile), end: early, now: now))
        }
        var events: [Event] = []
        var next = state
        for (session, ending, isNew) in closing {
            next = try next.replacing(try session.ended(at: ending.at, as: ending.state))
            if isNew { events.append(.sessionStarted(session)) }
            events += session.closingEvents(ending, profile: profile)
        }
        state = next
        return events
    }

    /// Canceled in the first ten seconds; completed when the goal or end time was reached, or,
    /// for an open-ended session, once it held ``SessionLimits/openEndedCompletion`` focused
    /// (breaks left out); otherwise the person gave up.
    public static func endState(of session: Session, at now: Date) -> EndState {
        if now.timeIntervalSince(session.start) < SessionLimits.cancelWindow { return .canceled }
        guard let finish = earliestFinish(of: session) else {
            return session.focusedSeconds(through: now) >= SessionLimits.openEndedCompletion ? .completed : .gaveUp
        }
        return now >= finish ? .completed : .gaveUp
    }

    /// When a session may first end completed: its goal or its end time; `nil` when open-ended.
    static func earliestFinish(of session: Session) -> Date? {
        session.goalInstant ?? session.plannedEnd
    }
}

/// Lifts a profile's shields for the length its break policy sets; they return by themselves.
/// A break asked for with none left is refused, saying when the next becomes available.
public struct TakeBreak: Command {
    public let profile: ProfileID

    public init(profile: ProfileID) { self.profile = profile }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let profile = try state.requireProfile(self.profile)
        let subject = "profile “\(profile.name)”"
        guard profile.breakPolicy.allowsBreaks else {
            throw ValidationError(subject, .noBreaksAllowed(ProfileTitle(profile)))
        }
        let inForce = ProfileInForce(profile, in: state, at: now, calendar: calendar)
        guard inForce.isOn else {
            throw ValidationError(subject, .notOnNoBreak(ProfileTitle(profile)))
        }
        if let current = inForce.sessions.lazy.compactMap({ $0.activeBreak(at: now) }).first {
            throw ValidationError(subject, .alreadyOnBreak(until: current.end))
        }
        var events: [Event] = []
        let session: Session
        if let running = inForce.sessions.first {
            session = running
        } else {
            let (key, span) = inForce.unrecordedSpans[0]
            session = try Session.standingFor(key, span, ids: ids)
            events.append(.sessionStarted(session))
        }
        let quota = BreakQuota(profile.breakPolicy, for: session, at: now)
        guard quota.remaining > 0 else {
            throw ValidationError(subject, quota.refusal(now: now))
        }
        let pause = try Break(
            id: ids.next("break"), start: now,
            end: now.addingTimeInterval(TimeInterval(profile.breakPolicy.minutes * 60)))
        state = try state.replacing(try session.adding(pause))
        events.append(.breakStarted(session: session.id, pause: pause))
        return events
    }
}

/// Ends a break early: the profile's shields return now ("Resume" on the Live Activity).
public struct EndBreak: Command {
    public let profile: ProfileID

    public init(profile: ProfileID) { self.profile = profile }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let profile = try state.requireProfile(self.profile)
        let running = ProfileInForce(profile, in: state, at: now, calendar: calendar).sessions
        guard let session = running.first(where: { $0.activeBreak(at: now) != nil }), let pause = session.activeBreak(at: now) else {
            throw ValidationError("profile “\(profile.name)”", .notOnBreak(ProfileTitle(profile)))
        }
        // A break lasts at least a second, so one ended at once still reads as taken.
        let shortened = try Break(id: pause.id, start: pause.start, end: max(now, pause.start.addingTimeInterval(1)))
        let breaks = session.breaks.map { $0.id == pause.id ? shortened : $0 }
        state = try state.replacing(
            try Session(
                id: session.id, profileID: session.profileID, origin: session.origin, start: session.start,
                plan: session.plan, occurrence: session.occurrence, breaks: breaks, ending: session.ending))
        return [.breakEnded(session: session.id, pause: shortened)]
    }
}

extension Clockwork {
    /// "14:05" on the local clock: how messages name an instant today.
    public func readable(_ instant: Date) -> String {
        let seconds = secondsIntoDay(of: instant)
        return (try? LocalTime(hour: seconds / 3_600, minute: seconds / 60 % 60))?.description ?? "\(instant)"
    }
}
