import Foundation

/// The DeviceActivity registrations that wake the monitor extension at every boundary, and only
/// there, within what iOS allows.
///
/// ## How a boundary is covered
/// - **Start activity**: each boundary gets an activity that *starts* there,
///   `threshold.from.<epoch>`, lasting 15 minutes (the shortest interval iOS accepts). Its start
///   lies in the future when it is registered, so iOS fires nothing then, and `intervalDidStart`
///   exactly at the boundary; both ends are full date components, so a boundary after midnight
///   is reached when it should be (a peer cut every break off at 00:00). The reconcile at the
///   boundary stops it (iOS then fires `intervalDidEnd` at that same instant, which finds the
///   quiet period), so its end is reached only when every callback at the boundary was lost:
///   then it is a late repair, 15 minutes on.
/// - **Second activity**: where something becomes shielded again (a grant or break ends, a span
///   or session starts) and the budget allows, a second, independent activity starts there too,
///   `threshold.again.<epoch>`, and is stopped the same way.
/// - **Renewal**: when the reconciler hands iOS notifications ahead of time and no boundary wakes
///   the monitor before the last of them, one activity starts at that instant,
///   `threshold.renew.<epoch>`, so the next ones are handed over in time (a set-up with daily
///   reminders and nothing that changes by time).
///
/// - **Usage activities**: while something is let through (a grant, an intention's open, a
///   break), an activity with a usage event wakes the monitor after that many minutes of use,
///   whatever the wall clock says (``UsageTrigger``). They are planned first, at most two, and
///   are the exception to what follows: their interval starts in the past.
///
/// Every callback therefore lands on a boundary (or on the renewal instant): no activity is
/// inside its interval between two reconciles, so nothing the person does (ending a session
/// early, taking a grant) has to stop one mid-interval, which would fire `intervalDidEnd` at that
/// moment; and no registration starts in the past, which fires `intervalDidStart` at once
/// (PLATFORM.md's past-start technique, which this planner does not need: a start activity
/// reaches any future boundary, however close). Notifications are not wake-ups: the reconciler
/// hands them to iOS with their fire dates.
///
/// ## Budget and horizon
/// iOS monitors at most 20 activities for the app and its extensions together. The plan covers
/// the first boundaries that fit (a rolling horizon); the last of them wakes the monitor, whose
/// reconcile plans the next stretch, so the horizon never runs out while boundaries remain.
/// The first half of the budget goes to start activities, then second activities for those that
/// tighten, then start activities further out.
///
/// ## Stability
/// Names and intervals come from the boundary's instant and role only, and the plan depends on
/// `now` only through which boundaries are still ahead: reconciling again between two boundaries
/// yields the same registrations, so nothing is registered again.
public enum ActivityPlanner {
    public static let maximumActivities = 20
    public static let minimumInterval: TimeInterval = 15 * 60
    public static let maximumInterval: TimeInterval = 7 * 86_400
    /// How long a start activity lasts: the shortest interval iOS accepts.
    public static let activityLength: TimeInterval = 15 * 60

    static let startPrefix = ActivityRegistration.namePrefix + "from."
    static let secondPrefix = ActivityRegistration.namePrefix + "again."
    static let renewalPrefix = ActivityRegistration.namePrefix + "renew."

    /// Plans from the state: its boundaries.
    public static func plan(
        _ state: ThresholdState, at now: Date, calendar: Calendar,
        reserved: [ActivityRegistration] = [], renewBy: Date? = nil
    ) -> ActivityPlan {
        plan(state, at: TrustedTime(agreed: now), calendar: calendar, reserved: reserved, renewBy: renewBy)
    }

    /// Plans from the state when the wall clock may have been moved: the boundaries of both the
    /// wall clock and the trusted time, on the wall clock (see ``TrustedTime``).
    ///
    /// - Parameter renewBy: the latest instant the monitor must wake at (the last notification
    ///   handed to iOS ahead of time, when more follow it); a renewal activity is added there when
    ///   no boundary covered comes first.
    public static func plan(
        _ state: ThresholdState, at time: TrustedTime, calendar: Calendar,
        reserved: [ActivityRegistration] = [], renewBy: Date? = nil
    ) -> ActivityPlan {
        let usage = UsageTrigger.registrations(state, at: time, timeZone: calendar.timeZone)
        let held = reserved + usage.prefix(max(0, maximumActivities - reserved.count))
        let budget = max(0, maximumActivities - held.count)
        let boundaries = upcomingBoundaries(state, at: time, calendar: calendar, limit: budget)
        return plan(boundaries: boundaries, at: time.wall, timeZone: calendar.timeZone, reserved: held, renewBy: renewBy)
    }

    /// Plans from boundaries already worked out (those after `now` count).
    public static func plan(
        boundaries: [Boundary], at now: Date, timeZone: TimeZone,
        reserved: [ActivityRegistration] = [], renewBy: Date? = nil
    ) -> ActivityPlan {
        var budget = max(0, maximumActivities - reserved.count)
        let items = WakeList(boundaries: boundaries.filter { $0.at > now }).items
        // A renewal is needed when no boundary that fits comes by `renewBy`; it takes one place.
        let renewal = renewBy.map(\.roundedUpToSecond).flatMap { instant -> Date? in
            guard instant > now, budget > 0, !items.prefix(budget).contains(where: { $0.at <= instant }) else { return nil }
            return instant
        }
        if renewal != nil { budget -= 1 }

        // Start activities for the first half of the budget, second ones for those that tighten,
        // then start activities further out while room remains.
        var chosen: [(item: Int, second: Bool)] = []
        let firstHalf = min(items.count, (budget + 1) / 2)
        chosen += (0..<firstHalf).map { ($0, false) }
        for index in 0..<firstHalf where chosen.count < budget && items[index].tightens {
            chosen.append((index, true))
        }
        var next = firstHalf
        while chosen.count < budget, next < items.count {
            chosen.append((next, false))
            next += 1
        }

        var registrations = reserved
        for (index, isSecond) in chosen {
            let item = items[index]
            registrations.append(startActivity((isSecond ? secondPrefix : startPrefix) + item.epoch, at: item.at, timeZone: timeZone))
        }
        if let renewal {
            registrations.append(startActivity(renewalPrefix + WakeList.epoch(of: renewal), at: renewal, timeZone: timeZone))
        }
        let covered = chosen.map { items[$0.item].at }
        return ActivityPlan(
            registrations: registrations.sorted { $0.name < $1.name },
            wakeUps: Set(covered + [renewal].compactMap { $0 }).sorted(),
            horizon: covered.max())
    }

    /// An activity that starts at `instant` and lasts ``activityLength``.
    static func startActivity(_ name: String, at instant: Date, timeZone: TimeZone) -> ActivityRegistration {
        registration(name, from: instant, to: instant.addingTimeInterval(activityLength), timeZone: timeZone)
    }

    /// One registration, its moments in `timeZone` unless a DST change makes a reading there
    /// ambiguous or skipped, in which case both ends are written in GMT (which has neither).
    static func registration(_ name: String, from start: Date, to end: Date, timeZone: TimeZone) -> ActivityRegistration {
        func moments(_ zone: TimeZone) -> (ActivityMoment, ActivityMoment) { (ActivityMoment(start, in: zone), ActivityMoment(end, in: zone)) }
        var (s, e) = moments(timeZone)
        if s.instant(deviceZone: timeZone) != start.roundedUpToSecond || e.instant(deviceZone: timeZone) != end.roundedUpToSecond {
            (s, e) = moments(TimeZone(identifier: "GMT")!)
        }
        return ActivityRegistration(name: name, start: s, end: e, repeats: false)
    }

    /// Whether an activity name is one the planner makes (as opposed to a reserved one).
    public static func isPlanned(_ name: String) -> Bool {
        [startPrefix, secondPrefix, renewalPrefix, UsageTrigger.prefix].contains { name.hasPrefix($0) }
    }
}

/// What the planner asks iOS to monitor, and when that wakes the monitor.
public struct ActivityPlan: Hashable, Sendable {
    /// At most ``ActivityPlanner/maximumActivities``, by name.
    public let registrations: [ActivityRegistration]
    /// The distinct instants the plan means to wake the monitor at: boundaries (and a renewal).
    public let wakeUps: [Date]
    /// The last boundary covered; its wake-up plans the stretch after it. `nil` when nothing is due.
    public let horizon: Date?
}

/// The instants the monitor must wake at, in order, each with whether something becomes
/// shielded there.
private struct WakeList {
    struct Item {
        let at: Date
        var tightens: Bool
        var epoch: String { WakeList.epoch(of: at) }
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

    /// The whole seconds since 1970 that name an instant's activities.
    static func epoch(of instant: Date) -> String { String(Int64(instant.roundedUpToSecond.timeIntervalSince1970)) }
}
