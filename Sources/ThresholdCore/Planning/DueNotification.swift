import Foundation

/// A local notification the state calls for at an instant: a break about to end, a window about
/// to close, a session's goal reached, a schedule starting. SystemWords' NotificationWords says it.
///
/// Ids are stable (`break-ending.<break id>`), so posting one twice replaces it rather than
/// showing it twice; past `expires` it is stale and is not posted at all.
public struct DueNotification: Hashable, Codable, Sendable, Identifiable {
    public let id: String
    public let at: Date
    public let expires: Date
    /// What it says, as a value (the posting surface words it).
    public let message: NotificationMessage
    public let destination: AppDestination

    public init(id: String, at: Date, expires: Date, _ message: NotificationMessage, destination: AppDestination) {
        self.id = id
        self.at = at
        self.expires = expires
        self.message = message
        self.destination = destination
    }

    public func isDue(at instant: Date) -> Bool { at <= instant && instant < expires }
}

/// The notifications the state calls for with `at` in `(from, through]`: a session's goal, a
/// break ending in a minute, an intention's open and its last 30 seconds, an unlock's end (the
/// way back in when iOS draws its own shield over an app in use), a heads-up before a
/// scheduled start (``Profile/headsUpMinutes``) and the start itself, and
/// (given `reminders`) the daily review and the evening prompt (see ``Reminders``).
///
/// NB: tokens are opaque outside the shield extension (iOS shows an app's name only through
/// `Label(token)`), so no text here names an app.
public func dueNotifications(
    _ state: ThresholdState, from: Date, through: Date, calendar: Calendar,
    reminders: ReminderPlan? = nil
) -> [DueNotification] {
    // Offsets tabled over the stretch: every schedule's spans in it are turned into instants.
    let days = Int((through.timeIntervalSince(from) / 86_400).rounded(.up)) + 1
    let clock = Clockwork(timeZone: calendar.timeZone, around: from, days: -3...(max(days, 0) + 3))
    var out: [DueNotification] = []
    func isWanted(at: Date, expires: Date) -> Bool { at > from && at <= through && expires > at }
    func offer(_ note: DueNotification) {
        if isWanted(at: note.at, expires: note.expires) { out.append(note) }
    }
    /// Offers the notification `make` builds when its instants fall in the stretch; most do not,
    /// and building one (its id and texts) costs far more than the check.
    func offer(at: Date, expires: Date, _ make: (_ at: Date, _ expires: Date) -> DueNotification) {
        if isWanted(at: at, expires: expires) { out.append(make(at, expires)) }
    }
    let profiles = Dictionary(state.profiles.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for session in state.sessions {
        let name = profiles[session.profileID].map(ProfileTitle.init)
        if let goal = session.goalInstant, session.stop.map({ goal < $0 }) ?? true {
            offer(at: goal, expires: min(session.stop ?? .distantFuture, goal.addingTimeInterval(3_600))) {
                DueNotification(
                    id: "goal.\(session.id)", at: $0, expires: $1, .sessionGoalReached(name),
                    destination: .session(session.profileID))
            }
        }
        for pause in session.breaks where pause.end.timeIntervalSince(pause.start) >= 120 {
            offer(at: pause.end.addingTimeInterval(-60), expires: pause.end) {
                DueNotification(
                    id: "break-ending.\(pause.id)", at: $0, expires: $1, .breakEnding(name),
                    destination: .session(session.profileID))
            }
        }
    }
    for grant in state.grants {
        guard case .intentionOpen(let id) = grant.origin, let intention = state.intention(id) else { continue }
        offer(at: grant.start, expires: grant.end) {
            DueNotification(
                id: "intention-open.\(grant.id)", at: $0, expires: $1, .intentionOpening(minutes: intention.minutesPerOpen),
                destination: .home)
        }
        if grant.end.timeIntervalSince(grant.start) > 60 {
            offer(at: grant.end.addingTimeInterval(-30), expires: grant.end) {
                DueNotification(id: "intention-closing.\(grant.id)", at: $0, expires: $1, .intentionClosing, destination: .home)
            }
        }
    }
    // An unlock's end: the way back in, for when iOS draws its default shield (no buttons) over an
    // app in use as the shield returns (reported: kingstinct/react-native-device-activity #82).
    for grant in state.grants {
        guard case .ritual(let kind) = grant.origin,
            !state.grants.contains(where: { other in
                if case .ritual = other.origin { other.id != grant.id && other.isValid(at: grant.end) } else { false }
            })
        else { continue }
        offer(at: grant.end, expires: grant.end.addingTimeInterval(15 * 60)) { at, expires in
            let app: AppToken? = if case .token(.app(let token)) = grant.scope { token } else { nil }
            return kind == .prayer
                ? DueNotification(
                    id: "unlock-ended.\(grant.id)", at: at, expires: expires, .prayerWindowClosed, destination: .prayer(app: app))
                : DueNotification(
                    id: "unlock-ended.\(grant.id)", at: at, expires: expires, .unlockEnded,
                    destination: .unlockGate(app: app, category: nil, rule: nil))
        }
    }
    let ended = Set(state.sessions.compactMap { $0.ending == nil ? nil : $0.occurrence })
    for profile in state.profiles {
        for schedule in profile.schedules {
            for span in schedule.nextOccurrences(after: from, in: clock, horizonDays: days) {
                let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: span.day)
                guard !ended.contains(key) else { continue }
                if profile.headsUpMinutes > 0 {
                    offer(at: span.start.addingTimeInterval(-Double(profile.headsUpMinutes) * 60), expires: span.start) { at, expires in
                        DueNotification(
                            id: "scheduled-heads-up.\(key)", at: at, expires: expires,
                            .scheduledHeadsUp(ProfileTitle(profile), minutes: profile.headsUpMinutes, start: span.start, end: span.end),
                            destination: .session(profile.id))
                    }
                }
                offer(at: span.start, expires: span.end) {
                    DueNotification(
                        id: "scheduled-start.\(key)", at: $0, expires: $1, .scheduledStart(ProfileTitle(profile)),
                        destination: .session(profile.id))
                }
            }
        }
    }
    if let reminders { reminders.notifications(state, from: from, through: through, clock: clock).forEach(offer) }
    return out.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
}
