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
/// - **Zone watch**: a schedule is a rule of the wall clock (09:00 to 17:00 wherever the phone
///   is), and a grant or a break is an instant. Each is registered as what it is: a boundary where
///   only wall-clock rules change gets date components *without* a time zone, which iOS reads on
///   the device's wall clock and so moves with a change of zone; every other boundary names its
///   time zone and stays an instant. Moving boundaries ahead is not enough on a trip, though:
///   one that lands inside today's hours crosses no boundary ahead. So while the state has a
///   wall-clock rule, two more activities, `threshold.zone.a.<start>.<end>` and `…zone.b.…` (two,
///   so that one dropped callback is covered by the other), span on the wall clock
///   from the last wall-clock boundary at or before now to the next one (``lastWallClockChange``),
///   with no time zone: a zone change that moves the wall clock out of that stretch, either way,
///   ends them at once (iOS ends an interval early when its clock moves; PLATFORM.md), and the
///   monitor then reconciles in the new zone with nothing of Threshold's running. Their start lies
///   in the past, so iOS echoes `intervalDidStart` when they are registered (quiet reconciles), and
///   their end comes with the next wall-clock boundary's own callbacks.
///
/// - **Usage activities**: while something is let through (a grant, an intention's open, a
///   break), an activity with a usage event wakes the monitor after that many minutes of use,
///   whatever the wall clock says (``UsageTrigger``). They are planned first, at most two, and
///   are, with the zone watches, the exception to what follows: their interval starts in the past.
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
    static let zonePrefix = ActivityRegistration.namePrefix + "zone."

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
        let watchSince = held.count < maximumActivities ? lastWallClockChange(state, atOrBefore: time.wall, calendar: calendar) : nil
        let budget = max(0, maximumActivities - held.count - (watchSince == nil ? 0 : zoneWatches))
        let boundaries = upcomingBoundaries(state, at: time, calendar: calendar, limit: budget)
        return plan(
            boundaries: boundaries, at: time.wall, timeZone: calendar.timeZone, reserved: held, renewBy: renewBy,
            zoneWatchSince: watchSince)
    }

    /// Plans from boundaries already worked out (those after `now` count).
    ///
    /// - Parameter zoneWatchSince: the last wall-clock boundary at or before now, when the state
    ///   has wall-clock rules: the zone watch starts there (it takes one place of the budget).
    public static func plan(
        boundaries: [Boundary], at now: Date, timeZone: TimeZone,
        reserved: [ActivityRegistration] = [], renewBy: Date? = nil, zoneWatchSince: Date? = nil
    ) -> ActivityPlan {
        var budget = max(0, maximumActivities - reserved.count)
        let items = WakeList(boundaries: boundaries.filter { $0.at > now }).items
        let watches =
            zoneWatchSince.map { since in
                (0..<min(zoneWatches, budget)).compactMap { copy in
                    zoneWatch(copy, since: since, until: items.first(where: \.followsZone)?.at, now: now, timeZone: timeZone)
                }
            } ?? []
        budget -= watches.count
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

        var registrations = reserved + watches
        for (index, isSecond) in chosen {
            let item = items[index]
            registrations.append(
                startActivity(
                    (isSecond ? secondPrefix : startPrefix) + item.epoch, at: item.at, timeZone: timeZone,
                    followsZone: item.followsZone))
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

    /// An activity that starts at `instant` and lasts ``activityLength``; on the device's wall
    /// clock when `followsZone`.
    static func startActivity(_ name: String, at instant: Date, timeZone: TimeZone, followsZone: Bool = false) -> ActivityRegistration {
        registration(name, from: instant, to: instant.addingTimeInterval(activityLength), timeZone: timeZone, followsZone: followsZone)
    }

    /// One registration, its moments in `timeZone` unless a DST change makes a reading there
    /// ambiguous or skipped, in which case both ends are written in GMT (which has neither). With
    /// `followsZone` the moments name no time zone, so iOS reads them on the device's wall clock
    /// and a change of zone moves them; a reading DST makes ambiguous or skips is an instant in GMT
    /// all the same (it cannot follow the zone; the zone watch still catches a trip).
    static func registration(
        _ name: String, from start: Date, to end: Date, timeZone: TimeZone,
        followsZone: Bool = false
    ) -> ActivityRegistration {
        func moments(_ zone: TimeZone) -> (ActivityMoment, ActivityMoment) {
            (ActivityMoment(start, in: zone), ActivityMoment(end, in: zone))
        }
        var (s, e) = moments(timeZone)
        if s.instant(deviceZone: timeZone) != start.roundedUpToSecond || e.instant(deviceZone: timeZone) != end.roundedUpToSecond {
            (s, e) = moments(TimeZone(identifier: "GMT")!)
        } else if followsZone {
            s.timeZoneIdentifier = nil
            e.timeZoneIdentifier = nil
        }
        return ActivityRegistration(name: name, start: s, end: e, repeats: false)
    }

    /// How many zone watches the plan keeps: two independent activities, so that one callback iOS
    /// drops at a zone change is covered by the other (as the second activity covers a boundary).
    static let zoneWatches = 2

    /// A zone watch (`copy` 0 or 1 of ``zoneWatches``): on the wall clock from `since` (the last
    /// wall-clock boundary) to `until` (the next one; a week on when none is planned), at least
    /// ``minimumInterval`` and at most ``maximumInterval`` long, holding `now`. `nil` when no such
    /// stretch holds now, or a DST change makes an end's reading ambiguous (then it cannot be
    /// written on the wall clock).
    static func zoneWatch(_ copy: Int, since: Date, until: Date?, now: Date, timeZone: TimeZone) -> ActivityRegistration? {
        var start = since.roundedUpToSecond, end = (until ?? since.addingTimeInterval(maximumInterval)).roundedUpToSecond
        if end.timeIntervalSince(start) > maximumInterval {
            if end.addingTimeInterval(-maximumInterval) <= now {
                start = end.addingTimeInterval(-maximumInterval)
            } else {
                end = start.addingTimeInterval(maximumInterval)
            }
        }
        if end.timeIntervalSince(start) < minimumInterval { end = start.addingTimeInterval(minimumInterval) }
        guard start <= now, now < end else { return nil }
        let watch = registration(
            zonePrefix + (copy == 0 ? "a." : "b.") + WakeList.epoch(of: start) + "." + WakeList.epoch(of: end),
            from: start, to: end, timeZone: timeZone, followsZone: true)
        return watch.start.timeZoneIdentifier == nil ? watch : nil
    }

    /// Whether an activity is the zone watch.
    public static func isZoneWatch(_ name: String) -> Bool { name.hasPrefix(zonePrefix) }

    /// Whether an activity name is one the planner makes (as opposed to a reserved one).
    public static func isPlanned(_ name: String) -> Bool {
        [startPrefix, secondPrefix, renewalPrefix, zonePrefix, UsageTrigger.prefix].contains { name.hasPrefix($0) }
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
        /// Every boundary here is a wall-clock reading only (``Boundary/followsZone``).
        var followsZone: Bool
        var epoch: String { WakeList.epoch(of: at) }
    }

    private(set) var items: [Item]

    init(boundaries: [Boundary]) {
        var merged: [Date: (tightens: Bool, followsZone: Bool)] = [:]
        for boundary in boundaries {
            let at = boundary.at.roundedUpToSecond
            let before = merged[at] ?? (false, true)
            merged[at] = (before.tightens || boundary.tightens, before.followsZone && boundary.followsZone)
        }
        items = merged.map { Item(at: $0.key, tightens: $0.value.tightens, followsZone: $0.value.followsZone) }.sorted { $0.at < $1.at }
    }

    /// The whole seconds since 1970 that name an instant's activities.
    static func epoch(of instant: Date) -> String { String(Int64(instant.roundedUpToSecond.timeIntervalSince1970)) }
}
