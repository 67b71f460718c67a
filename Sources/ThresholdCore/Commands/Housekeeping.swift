import Foundation

extension ThresholdState {
    /// How long finished grants and sessions stay in the engine's state. The event log keeps
    /// them for history; the state needs them only while they can still change a result
    /// (a grant counts as today's open, an ended span keeps its occurrence from restarting).
    public static let retention: TimeInterval = 8 * 86_400

    /// How long a finished session stays after the later of its stop and its planned end. A
    /// session changes no result once both have passed, except that an ended span's record keeps
    /// the span from starting again until the span is over in any time zone (a day at most);
    /// scheduled spans are recorded as they end, so keeping sessions longer only slows the engine.
    public static let sessionRetention: TimeInterval = 2 * 86_400

    /// A copy without grants that ended more than ``retention`` before `now`, and sessions over
    /// more than ``sessionRetention`` before it.
    public func pruned(at now: Date) -> ThresholdState {
        let cutoff = now.addingTimeInterval(-Self.retention)
        let sessionCutoff = now.addingTimeInterval(-Self.sessionRetention)
        let grants = self.grants.filter { $0.end > cutoff }
        let sessions = self.sessions.filter { session in
            guard let stop = session.stop else { return true }
            return max(stop, session.plannedEnd ?? stop) > sessionCutoff
        }
        guard grants.count != self.grants.count || sessions.count != self.sessions.count else { return self }
        // Removing finished records cannot break an invariant that held with them.
        return (try? with(sessions: sessions, grants: grants)) ?? self
    }
}
