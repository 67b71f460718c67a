import Foundation

/// A local notification the state calls for at an instant: "Break ends in 1 minute",
/// "Closing in 30 seconds", "Session goal reached", "Starting Sleep".
///
/// Ids are stable (`break-ending.<break id>`), so posting one twice replaces it rather than
/// showing it twice; past `expires` it is stale and is not posted at all.
public struct DueNotification: Hashable, Codable, Sendable, Identifiable {
    public let id: String
    public let at: Date
    public let expires: Date
    public let title: String
    public let body: String
    public let destination: AppDestination

    public init(id: String, at: Date, expires: Date, title: String, body: String, destination: AppDestination) {
        self.id = id
        self.at = at
        self.expires = expires
        self.title = title
        self.body = body
        self.destination = destination
    }

    public func isDue(at instant: Date) -> Bool { at <= instant && instant < expires }
}

/// The notifications the state calls for with `at` in `(from, through]`.
///
/// NB: tokens are opaque outside the shield extension (iOS shows an app's name only through
/// `Label(token)`), so no text here names an app.
public func dueNotifications(_ state: ThresholdState, from: Date, through: Date, calendar: Calendar) -> [DueNotification] {
    let clock = Clockwork(calendar: calendar)
    var out: [DueNotification] = []
    func offer(_ note: DueNotification) {
        if note.at > from, note.at <= through, note.expires > note.at { out.append(note) }
    }
    let profiles = Dictionary(state.profiles.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for session in state.sessions {
        let name = profiles[session.profileID].map { "\($0.emoji) \($0.name)" } ?? "Your session"
        if let goal = session.goalInstant, session.stop.map({ goal < $0 }) ?? true {
            offer(DueNotification(id: "goal.\(session.id)", at: goal, expires: min(session.stop ?? .distantFuture, goal.addingTimeInterval(3_600)),
                                  title: "Session goal reached", body: "Congrats! You completed your Present Session: \(name).",
                                  destination: .session(session.profileID)))
        }
        for pause in session.breaks where pause.end.timeIntervalSince(pause.start) >= 120 {
            offer(DueNotification(id: "break-ending.\(pause.id)", at: pause.end.addingTimeInterval(-60), expires: pause.end,
                                  title: "Break ends in 1 minute", body: "\(name) shields return at the end of your break.",
                                  destination: .session(session.profileID)))
        }
    }
    for grant in state.grants {
        guard case .intentionOpen(let id) = grant.origin, let intention = state.intention(id) else { continue }
        offer(DueNotification(id: "intention-open.\(grant.id)", at: grant.start, expires: grant.end,
                              title: "Opening the app", body: "Opening the app for \(intention.minutesPerOpen) minutes.",
                              destination: .home))
        if grant.end.timeIntervalSince(grant.start) > 60 {
            offer(DueNotification(id: "intention-closing.\(grant.id)", at: grant.end.addingTimeInterval(-30), expires: grant.end,
                                  title: "Closing in 30 seconds", body: "Closing the app in 30 seconds.", destination: .home))
        }
    }
    let ended = Set(state.sessions.compactMap { $0.ending == nil ? nil : $0.occurrence })
    for profile in state.profiles {
        for schedule in profile.schedules {
            let days = Int((through.timeIntervalSince(from) / 86_400).rounded(.up)) + 1
            for span in schedule.nextOccurrences(after: from, in: clock, horizonDays: days) {
                let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: span.day)
                guard !ended.contains(key) else { continue }
                offer(DueNotification(id: "scheduled-start.\(key)", at: span.start, expires: span.end,
                                      title: "Starting \(profile.name)", body: "\(profile.emoji) \(profile.name) is on until its scheduled end.",
                                      destination: .session(profile.id)))
            }
        }
    }
    return out.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
}
