import Foundation

/// The DeviceActivity registrations that wake the monitor extension at every boundary, within
/// what iOS allows.
///
/// ## How a boundary is covered
/// - **Primary**: an activity that *ends* at the boundary, `threshold.at.<epoch>`. Its start lies
///   `reach` (6 days 22 hours) earlier, so it is always in the past when planned: iOS fires
///   `intervalDidStart` at once, at the reconcile that registers it (an instant that is being
///   reconciled anyway), and `intervalDidEnd` exactly at the boundary. This is PLATFORM.md's
///   past-start technique, so a 5-minute break or grant gets an interval of at least 15 minutes;
///   both ends are full date components, so a break across midnight ends when it should.
/// - **Backup**: where something becomes shielded again (a grant or break ends, a span or session
///   starts) and the budget allows, a second activity that *starts* at the boundary,
///   `threshold.from.<epoch>`, lasting 15 minutes. Both callbacks reconcile; the second finds
///   nothing to do. The reconcile at the boundary stops the backup (iOS then fires
///   `intervalDidEnd` at that same instant), so its end is reached only when every callback at
///   the boundary was lost: then it is a late repair.
/// - A boundary beyond `reach` (nothing changes for almost a week) gets only a start activity,
///   which can lie any distance ahead.
///
/// Every callback therefore lands on a boundary, on a notification instant, or on the instant of
/// the reconcile that registered it: the monitor wakes once per distinct boundary.
///
/// ## Budget and horizon
/// iOS monitors at most 20 activities for the app and its extensions together. The plan covers
/// the first boundaries that fit (a rolling horizon); the last of them wakes the monitor, whose
/// reconcile plans the next stretch, so the horizon never runs out while boundaries remain.
/// The first half of the budget goes to primaries, then backups for those that tighten, then
/// primaries further out.
///
/// ## Stability
/// Names come from the boundary's instant and role only, and the plan depends on `now` only
/// through which boundaries are still ahead: reconciling again between two boundaries yields the
/// same registrations, so nothing is re-registered (which would fire `intervalDidEnd`).
public enum ActivityPlanner {
    public static let maximumActivities = 20
    public static let minimumInterval: TimeInterval = 15 * 60
    public static let maximumInterval: TimeInterval = 7 * 86_400
    /// How long before its boundary a primary activity starts: in the past whenever it is
    /// planned, and an hour or two inside the week-long limit whatever a DST change does.
    public static let reach: TimeInterval = 7 * 86_400 - 2 * 3_600
    /// How long a backup (start) activity lasts: the shortest interval iOS accepts.
    public static let backupLength: TimeInterval = 15 * 60
    /// Notifications further than this before their boundary get their own wake-up rather than a
    /// warning on the boundary's activity.
    public static let longestWarning: TimeInterval = 15 * 60

    static let primaryPrefix = ActivityRegistration.namePrefix + "at."
    static let backupPrefix = ActivityRegistration.namePrefix + "from."

    /// Plans from the state: its boundaries and the notifications it calls for.
    public static func plan(
        _ state: ThresholdState, at now: Date, calendar: Calendar,
        registered: [ActivityRegistration] = [], reserved: [ActivityRegistration] = []
    ) -> ActivityPlan {
        plan(state, at: TrustedTime(agreed: now), calendar: calendar, registered: registered, reserved: reserved)
    }

    /// Plans from the state when the wall clock may have been moved: the boundaries of both the
    /// wall clock and the trusted time, on the wall clock (see ``TrustedTime``).
    public static func plan(
        _ state: ThresholdState, at time: TrustedTime, calendar: Calendar,
        registered: [ActivityRegistration] = [], reserved: [ActivityRegistration] = []
    ) -> ActivityPlan {
        let budget = max(0, maximumActivities - reserved.count)
        let boundaries = upcomingBoundaries(state, at: time, calendar: calendar, limit: budget)
        // Notifications past the last boundary that fits are planned when the horizon moves on.
        let through = boundaries.count == budget ? boundaries.last!.at : time.wall.addingTimeInterval(8 * 86_400)
        return plan(
            boundaries: boundaries,
            notifications: dueNotifications(state, from: time.wall, through: through, calendar: calendar),
            at: time.wall, timeZone: calendar.timeZone, registered: registered, reserved: reserved)
    }

    /// Plans from boundaries and notifications already worked out (both in `now`'s future).
    public static func plan(
        boundaries: [Boundary], notifications: [DueNotification], at now: Date, timeZone: TimeZone,
        registered: [ActivityRegistration] = [], reserved: [ActivityRegistration] = []
    ) -> ActivityPlan {
        let budget = max(0, maximumActivities - reserved.count)
        var wakes = WakeList(boundaries: boundaries.filter { $0.at > now })
        wakes.attach(notifications.filter { $0.at > now })
        let items = wakes.items

        // Primaries for the first half of the budget, backups for those that tighten, then
        // primaries further out while room remains. A boundary beyond `reach` is covered by a
        // start activity already, so it gets no second one.
        var chosen: [(item: Int, backup: Bool)] = []
        let firstHalf = min(items.count, (budget + 1) / 2)
        chosen += (0..<firstHalf).map { ($0, false) }
        for index in 0..<firstHalf where chosen.count < budget
            && items[index].tightens && items[index].at.timeIntervalSince(now) <= reach {
            chosen.append((index, true))
        }
        var next = firstHalf
        while chosen.count < budget, next < items.count {
            chosen.append((next, false))
            next += 1
        }

        // A boundary already covered by a start activity keeps it (registering the end activity
        // instead would fire a callback now for nothing).
        let registeredStarts = Set(registered.map(\.name).filter { $0.hasPrefix(backupPrefix) })
        var registrations = reserved
        var wakeUps: [Date] = []
        for (index, isBackup) in chosen {
            let item = items[index]
            let startName = backupPrefix + item.epoch
            let hasBackup = chosen.contains { $0.item == index && $0.backup }
            let startsAtBoundary = isBackup || item.at.timeIntervalSince(now) > reach
                || (!hasBackup && registeredStarts.contains(startName))
            let warning = isBackup ? item.backupWarning : item.warning
            if startsAtBoundary {
                registrations.append(registration(startName, from: item.at, to: item.at.addingTimeInterval(backupLength),
                                                  timeZone: timeZone, warning: warning))
            } else {
                registrations.append(registration(primaryPrefix + item.epoch, from: item.at.addingTimeInterval(-reach),
                                                  to: item.at, timeZone: timeZone, warning: warning))
            }
            wakeUps.append(item.at)
            if let warning { wakeUps.append(item.at.addingTimeInterval(-TimeInterval(warning))) }
        }
        return ActivityPlan(
            registrations: registrations.sorted { $0.name < $1.name },
            wakeUps: Set(wakeUps.filter { $0 > now }).sorted(),
            horizon: chosen.map { items[$0.item].at }.max())
    }

    /// One registration, its moments in `timeZone` unless a DST change makes a reading there
    /// ambiguous or skipped, in which case both ends are written in GMT (which has neither).
    static func registration(_ name: String, from start: Date, to end: Date, timeZone: TimeZone, warning: Int?) -> ActivityRegistration {
        func moments(_ zone: TimeZone) -> (ActivityMoment, ActivityMoment) { (ActivityMoment(start, in: zone), ActivityMoment(end, in: zone)) }
        var (s, e) = moments(timeZone)
        if s.instant(deviceZone: timeZone) != start.roundedUpToSecond || e.instant(deviceZone: timeZone) != end.roundedUpToSecond {
            (s, e) = moments(TimeZone(identifier: "GMT")!)
        }
        return ActivityRegistration(name: name, start: s, end: e, repeats: false, warningSeconds: warning)
    }

    /// Whether an activity name is one the planner makes (as opposed to a reserved one).
    public static func isPlanned(_ name: String) -> Bool { name.hasPrefix(primaryPrefix) || name.hasPrefix(backupPrefix) }
}

/// What the planner asks iOS to monitor, and when that wakes the monitor.
public struct ActivityPlan: Hashable, Sendable {
    /// At most ``ActivityPlanner/maximumActivities``, by name.
    public let registrations: [ActivityRegistration]
    /// The distinct instants the plan means to wake the monitor at: boundaries and notifications.
    public let wakeUps: [Date]
    /// The last boundary covered; its wake-up plans the stretch after it. `nil` when nothing is due.
    public let horizon: Date?
}

/// The instants the monitor must wake at, in order, each with the warnings it carries.
private struct WakeList {
    struct Item {
        let at: Date
        var tightens: Bool
        /// Seconds before `at` that the primary's `warningTime` wakes the monitor.
        var warning: Int?
        /// A second warning, carried by the backup (start) activity.
        var backupWarning: Int?
        var epoch: String { String(Int64(at.roundedUpToSecond.timeIntervalSince1970)) }
    }

    private(set) var items: [Item]

    init(boundaries: [Boundary]) {
        var tightens: [Date: Bool] = [:]
        for boundary in boundaries {
            let at = boundary.at.roundedUpToSecond
            tightens[at] = (tightens[at] ?? false) || boundary.tightens
        }
        items = tightens.map { Item(at: $0.key, tightens: $0.value) }.sorted { $0.at < $1.at }
    }

    /// Gives each notification a wake-up: none when it falls on a boundary (that reconcile posts
    /// it), a warning on the first boundary after it when close enough, else its own instant.
    mutating func attach(_ notifications: [DueNotification]) {
        for note in notifications {
            let at = note.at.roundedUpToSecond
            if items.contains(where: { $0.at == at }) { continue }
            if let index = items.firstIndex(where: { $0.at > at }), items[index].at.timeIntervalSince(at) <= ActivityPlanner.longestWarning {
                let seconds = Int(items[index].at.timeIntervalSince(at))
                if items[index].warning == nil || items[index].warning == seconds {
                    items[index].warning = seconds
                    continue
                }
                if items[index].tightens, items[index].backupWarning == nil || items[index].backupWarning == seconds {
                    items[index].backupWarning = seconds
                    continue
                }
            }
            let item = Item(at: at, tightens: false)
            items.insert(item, at: items.firstIndex { $0.at > at } ?? items.count)
        }
    }
}
