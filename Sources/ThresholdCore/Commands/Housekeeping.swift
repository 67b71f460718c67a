import Foundation

extension ThresholdState {
    /// How long finished grants and sessions stay in the engine's state. The event log keeps
    /// them for history; the state needs them only while they can still change a result
    /// (a grant counts as today's open, an ended span keeps its occurrence from restarting).
    public static let retention: TimeInterval = 8 * 86_400

    /// A copy without grants and sessions that finished more than ``retention`` before `now`.
    public func pruned(at now: Date) -> ThresholdState {
        let cutoff = now.addingTimeInterval(-Self.retention)
        let grants = self.grants.filter { $0.end > cutoff }
        let sessions = self.sessions.filter { ($0.stop ?? .distantFuture) > cutoff }
        guard grants.count != self.grants.count || sessions.count != self.sessions.count else { return self }
        // Removing finished records cannot break an invariant that held with them.
        return (try? with(sessions: sessions, grants: grants)) ?? self
    }
}
