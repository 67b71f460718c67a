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
            throw ValidationError("profile “\(profile.name)”", "\(profile.emoji) \(profile.name) is already on; end it or take a break instead.")
        }
        let clock = Clockwork(calendar: calendar)
        let recorded = Set(state.sessions.compactMap(\.occurrence))
        let joined: (key: OccurrenceKey, span: Occurrence)? = inForce.unrecordedSpans.first ?? profile.schedules.lazy
            .flatMap { schedule in
                schedule.nextOccurrences(after: now, in: clock, horizonDays: 1).map {
                    (key: OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: $0.day), span: $0)
                }
            }
            .filter { $0.span.start > now && $0.span.start.timeIntervalSince(now) <= Self.joinsSpanWithin && !recorded.contains($0.key) }
            .min { $0.span.start < $1.span.start }
        let session: Session
        if let joined, case .openEnded = plan {
            session = try Session(id: ids.next("session"), profileID: profile.id, origin: origin, start: now,
                                  plan: .until(joined.span.end), occurrence: joined.key)
        } else {
            session = try Session(id: ids.next("session"), profileID: profile.id, origin: origin, start: now, plan: plan)
        }
        state = try state.replacing(session)
        return [.sessionStarted(session)]
    }
}

/// Ends what keeps a profile on now: its running sessions, and a scheduled span in force
/// (that occurrence only; the schedule runs again next time).
public struct EndSession: Command {
    public let profile: ProfileID

    public init(profile: ProfileID) { self.profile = profile }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let profile = try state.requireProfile(self.profile)
        let inForce = ProfileInForce(profile, in: state, at: now, calendar: calendar)
        guard inForce.isOn else {
            throw ValidationError("profile “\(profile.name)”", "\(profile.emoji) \(profile.name) is not on, so there is nothing to end.")
        }
        var events: [Event] = []
        var next = state
        for session in inForce.sessions {
            let ended = try session.ended(at: now, as: Self.endState(of: session, at: now))
            next = try next.replacing(ended)
            events.append(.sessionEnded(id: session.id, ending: ended.ending!))
        }
        for (key, span) in inForce.unrecordedSpans {
            let record = try Session.standingFor(key, span, ids: ids)
            let ended = try record.ended(at: now, as: .gaveUp)
            next = try next.replacing(ended)
            events += [.sessionStarted(record), .sessionEnded(id: record.id, ending: ended.ending!)]
        }
        state = next
        return events
    }

    /// Completed when the goal or end time was reached (an open-ended session always is);
    /// otherwise the person gave up.
    static func endState(of session: Session, at now: Date) -> EndState {
        switch session.plan {
        case .goal: (session.goalInstant.map { now >= $0 } ?? true) ? .completed : .gaveUp
        case .until(let end): now >= end ? .completed : .gaveUp
        case .openEnded: .completed
        }
    }
}

/// Lifts a profile's shields for the length its break policy sets; they return by themselves.
public struct TakeBreak: Command {
    public let profile: ProfileID

    public init(profile: ProfileID) { self.profile = profile }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let profile = try state.requireProfile(self.profile)
        let subject = "profile “\(profile.name)”"
        guard profile.breakPolicy.allowsBreaks else {
            throw ValidationError(subject, "\(profile.emoji) \(profile.name) allows no breaks.")
        }
        let inForce = ProfileInForce(profile, in: state, at: now, calendar: calendar)
        guard inForce.isOn else {
            throw ValidationError(subject, "\(profile.emoji) \(profile.name) is not on, so there is no break to take.")
        }
        if let current = inForce.sessions.lazy.compactMap({ $0.activeBreak(at: now) }).first {
            throw ValidationError(subject, "You are already on a break until \(Clockwork(calendar: calendar).readable(current.end)).")
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
        let pause = try Break(id: ids.next("break"), start: now,
                              end: now.addingTimeInterval(TimeInterval(profile.breakPolicy.minutes * 60)))
        state = try state.replacing(try session.adding(pause))
        events.append(.breakStarted(session: session.id, pause: pause))
        return events
    }
}

extension Clockwork {
    /// "14:05" on the local clock: how messages name an instant today.
    public func readable(_ instant: Date) -> String {
        let seconds = secondsIntoDay(of: instant)
        return (try? LocalTime(hour: seconds / 3_600, minute: seconds / 60 % 60))?.description ?? "\(instant)"
    }
}
