import Foundation

/// Writes down what ended by itself: sessions that reached their planned end, and the scheduled
/// spans of session profiles (Present, Key) that ran their course with no session recorded for
/// them, each ended completed at its end with what it earned (``SessionReward``).
///
/// The reconciler runs it on every reconcile that does work, before the caller's change, so the
/// session log and the ledger follow the clock even when Threshold is not opened: the monitor's
/// wake-up at a session's end is such a reconcile. Spans are looked for that ended after `since`
/// (the last reconcile; none on the first) and started yesterday or today: the store keeps in the
/// state every session that stopped since yesterday began, so a span ended early is always seen
/// and never recorded twice. (A span whose end no reconcile saw for more than a day goes
/// unrecorded rather than risk that.) Settling is idempotent: a session once ended, and a span
/// once recorded, are not settled again.
public struct SettleSessions: Command {
    public let since: Date?

    public init(since: Date?) { self.since = since }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        var sessions = state.sessions
        var events: [Event] = []
        for (index, session) in sessions.enumerated() where session.ending == nil {
            guard let end = session.plannedEnd, end <= now else { continue }
            sessions[index] = try session.ended(at: end, as: .completed)
            events += session.closingEvents(Session.Ending(at: end, state: .completed), profile: state.profile(session.profileID))
        }
        if let since, since < now {
            events += try recordSpans(endingAfter: since, through: now, of: state, into: &sessions, calendar: calendar, ids: ids)
        }
        guard !events.isEmpty else { return [] }
        state = try state.with(sessions: sessions)
        return events
    }

    /// Records the spans of session profiles that ended in `(from, now]` with no session for them.
    private func recordSpans(
        endingAfter from: Date, through now: Date, of state: ThresholdState, into sessions: inout [Session],
        calendar: Calendar, ids: IDGenerator
    ) throws -> [Event] {
        let clock = Clockwork(timeZone: calendar.timeZone, around: now, days: -2...1)
        var recorded = Set(sessions.compactMap(\.occurrence))
        let lastDay = clock.localDate(of: now)
        let firstDay = max(clock.localDate(of: from).adding(days: -1), lastDay.adding(days: -1))
        var events: [Event] = []
        for profile in state.profiles where profile.path.isSessionPath {
            for schedule in profile.schedules {
                var day = firstDay
                while day <= lastDay {
                    defer { day = day.adding(days: 1) }
                    guard let span = schedule.occurrence(startingOn: day, in: clock), span.end > from, span.end <= now else { continue }
                    let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: span.day)
                    guard recorded.insert(key).inserted else { continue }
                    let record = try Session.standingFor(key, span, ids: ids)
                    let ending = Session.Ending(at: span.end, state: .completed)
                    sessions.append(try record.ended(at: span.end, as: .completed))
                    events.append(.sessionStarted(record))
                    events += record.closingEvents(ending, profile: profile)
                }
            }
        }
        return events
    }

    /// The next instant a session reaches its planned end without being ended: a reconcile then
    /// has something to write down.
    public static func nextPlannedEnd(in state: ThresholdState, after now: Date) -> Date? {
        state.sessions.lazy.filter { $0.ending == nil }.compactMap(\.plannedEnd).filter { $0 > now }.min()
    }
}

/// Notes that the person closed a shield rather than getting past it.
public struct ResistAttempt: Command {
    public let rule: RuleRef

    public init(rule: RuleRef) { self.rule = rule }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        [.attemptResisted(rule)]
    }
}
