import Foundation

extension RuleEnforcement {
    /// When everything holding this restriction in force ends by itself: the latest end of its
    /// sessions (end time, or goal for goal sessions) and scheduled spans. `nil` when one has no
    /// end (an open-ended session) or for restrictions that are always in force.
    public func endsAt(in state: ThresholdState, clock: Clockwork) -> Date? {
        guard case .profile(let profileID) = rule, let profile = state.profile(profileID) else { return nil }
        var ends: [Date?] = []
        for source in sources {
            switch source {
            case .session(let id):
                let session = state.sessions.first { $0.id == id }
                ends.append(session?.stop ?? session?.goalInstant)
            case .schedule(let key):
                let schedule = profile.schedules.first { $0.id == key.scheduleID }
                ends.append(schedule?.occurrence(startingOn: key.day, in: clock)?.end)
            case .always:
                ends.append(nil)
            }
        }
        return ends.contains(nil) ? nil : ends.compactMap { $0 }.max()
    }

    /// The end of the break or grant that lifts this restriction now, if one does.
    public var liftedUntil: Date? {
        switch status {
        case .onBreak(_, let until), .granted(_, let until): until
        case .enforcing, .partlyLifted: nil
        }
    }
}
