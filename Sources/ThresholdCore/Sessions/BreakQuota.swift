import Foundation

/// Where a session stands against its profile's break allowance at an instant (seed 004: "one
/// 5-minute break per hour", "none for Sleep").
///
/// Per hour, the allowance grows by `count` at the start of every hour of the session (counted
/// from its start), and breaks not taken carry over: in a two-hour session with one break per
/// hour, two breaks in all, the second from the start of the second hour. Per session, `count`
/// breaks in all.
public struct BreakQuota: Hashable, Sendable {
    public let policy: BreakPolicy
    /// Breaks allowed so far.
    public let allowed: Int
    /// Breaks taken so far.
    public let used: Int
    /// When the next break becomes available, when none is left now and one will be before the
    /// session's planned end.
    public let nextAvailable: Date?

    public var remaining: Int { max(0, allowed - used) }

    public init(_ policy: BreakPolicy, for session: Session, at now: Date) {
        self.policy = policy
        used = session.breaks.filter { $0.start <= now }.count
        guard policy.allowsBreaks else {
            (allowed, nextAvailable) = (0, nil)
            return
        }
        switch policy.allowance {
        case .perSession:
            (allowed, nextAvailable) = (policy.count, nil)
        case .perHour:
            let startedHours = Int(max(0, now.timeIntervalSince(session.start)) / 3_600) + 1
            allowed = policy.count * startedHours
            if used >= allowed {
                // The hour in which the allowance first exceeds what was used.
                let next = session.start.addingTimeInterval(TimeInterval(used / policy.count) * 3_600)
                nextAvailable = session.stop.map { next < $0 ? next : nil } ?? next
            } else {
                nextAvailable = nil
            }
        }
    }

    /// Why no break can be taken now, and when one can.
    func refusal(now: Date) -> Refusal {
        switch policy.allowance {
        case .perSession: .breaksUsedThisSession(allowed: policy.count)
        case .perHour: .breaksUsedThisHour(allowed: policy.count, next: nextAvailable, now: now)
        }
    }
}

extension Session {
    /// The seconds focused by `instant`: from the start to the instant or the session's stop,
    /// whichever is first, less the time on breaks.
    public func focusedSeconds(through instant: Date) -> TimeInterval {
        let end = min(instant, stop ?? instant)
        guard end > start else { return 0 }
        let paused = breaks.reduce(0.0) { total, pause in
            total + max(0, min(pause.end, end).timeIntervalSince(max(pause.start, start)))
        }
        return max(0, end.timeIntervalSince(start) - paused)
    }

    /// The seconds spent on breaks by `instant`.
    public func breakSeconds(through instant: Date) -> TimeInterval {
        let end = min(instant, stop ?? instant)
        return breaks.reduce(0.0) { $0 + max(0, min($1.end, end).timeIntervalSince($1.start)) }
    }

    /// The events that record this session ending as `ending`: the end, then what it earned.
    func closingEvents(_ ending: Ending, profile: Profile?) -> [Event] {
        let reward = SessionReward(for: self, ending: ending, profile: profile)
        let name = profile.map(\.title) ?? "a session"
        let seconds = focusedSeconds(through: ending.at)
        let focused = Wording.duration(seconds)
        let memo =
            switch ending.state {
            case .completed: "Completed \(name) · \(focused) focused"
            case .gaveUp: "Gave up \(name) after \(focused) focused"
            case .canceled: "Canceled \(name)"
            }
        let reason = LedgerReason.session(profile: profile?.title, ending: ending.state, focusedSeconds: seconds)
        return [.sessionEnded(id: id, ending: ending)] + reward.entries(memo: memo, reason: reason).map(Event.ledger)
    }
}
