import Foundation

/// Something the person (or a schedule, key tap, Shortcut, shield button) asks of the engine's state.
///
/// Every command is a ``StateCommand`` too: the reconciler runs it like any other change.
///
/// A command is pure: it reads and replaces the engine's state at `now` and returns the events
/// to record; when it is refused it throws a ``ValidationError`` saying why, in words the
/// person can act on, and leaves the state as it was. The reconciler runs commands inside its
/// one transaction, so a command never has to think about shields or wake-ups.
public protocol Command: StateCommand where Result == Void {
    func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event]
}

/// What keeps a profile in force at an instant, as the engine sees it.
struct ProfileInForce {
    let profile: Profile
    /// Its sessions running now.
    let sessions: [Session]
    /// Its scheduled spans in force now that no session record stands for yet.
    let unrecordedSpans: [(key: OccurrenceKey, span: Occurrence)]

    var isOn: Bool { !sessions.isEmpty || !unrecordedSpans.isEmpty }

    init(_ profile: Profile, in state: ThresholdState, at now: Date, calendar: Calendar) {
        let clock = Clockwork(calendar: calendar)
        self.profile = profile
        self.sessions = state.sessions.filter { $0.profileID == profile.id && $0.isRunning(at: now) }
        let recorded = Set(state.sessions.compactMap(\.occurrence))
        self.unrecordedSpans = profile.schedules.compactMap { schedule in
            guard let span = schedule.occurrence(at: now, in: clock) else { return nil }
            let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: span.day)
            return recorded.contains(key) ? nil : (key, span)
        }
    }
}

extension ThresholdState {
    /// The profile with this id, or an error naming it.
    func requireProfile(_ id: ProfileID) throws -> Profile {
        guard let profile = profile(id) else {
            throw ValidationError("profile \(id)", .noSuchProfile(id, known: profiles.map(\.id)))
        }
        return profile
    }

    /// A copy with one session replaced (matched by id) or added.
    func replacing(_ session: Session) throws -> ThresholdState {
        var sessions = self.sessions.filter { $0.id != session.id }
        sessions.append(session)
        return try with(sessions: sessions)
    }
}

extension Session {
    /// A copy that ended at `at`.
    func ended(at instant: Date, as state: EndState) throws -> Session {
        try Session(
            id: id, profileID: profileID, origin: origin, start: start, plan: plan, occurrence: occurrence,
            breaks: breaks, ending: Ending(at: instant, state: state))
    }

    /// A copy with one more break.
    func adding(_ pause: Break) throws -> Session {
        try Session(
            id: id, profileID: profileID, origin: origin, start: start, plan: plan, occurrence: occurrence,
            breaks: breaks + [pause], ending: ending)
    }

    /// The record that stands for a scheduled span the person acts on (a break, ending it early).
    static func standingFor(_ key: OccurrenceKey, _ span: Occurrence, ids: IDGenerator) throws -> Session {
        try Session(
            id: ids.next("session"), profileID: key.profileID, origin: .schedule, start: span.start,
            plan: .until(span.end), occurrence: key)
    }
}

extension ThresholdState {
    /// The scheduled span `profile` is in at `now`, and when its schedules next start after that
    /// span: what ending it early ends ("End today's Work") and when it returns. `nil` when a
    /// session the person started runs that stands for no span.
    public func scheduledSpan(of id: ProfileID, at now: Date, calendar: Calendar) -> (span: Occurrence, returns: Date?)? {
        guard let profile = profile(id) else { return nil }
        let running = sessions.first { $0.profileID == id && $0.isRunning(at: now) }
        if let running, running.occurrence == nil { return nil }
        let clock = Clockwork(calendar: calendar)
        guard let span = profile.schedules.compactMap({ $0.occurrence(at: now, in: clock) }).max(by: { $0.end < $1.end }) else {
            return nil
        }
        let returns = profile.schedules.compactMap { $0.nextOccurrences(after: span.end, in: clock, horizonDays: 8).first?.start }.min()
        return (span, returns)
    }
}
