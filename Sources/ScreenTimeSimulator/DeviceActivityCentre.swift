import Foundation
import ScreenTimeClient
import ThresholdCore

/// The simulated `DeviceActivityCenter`, with iOS's documented rules (PLATFORM.md):
/// - an interval lasts 15 minutes to a week (`intervalTooShort`, `intervalTooLong`);
/// - at most 20 activities at once (`excessiveActivities`); overwriting a name does not count;
/// - when now lies inside a new interval, `intervalDidStart` fires at once;
/// - stopping or re-registering an activity inside its interval fires `intervalDidEnd`;
///   `stopMonitoring([])` stops every activity;
/// - `warningTime` fires the warnings that long before each boundary;
/// - an activity that does not repeat stops after its interval ends;
/// - a usage event fires `eventDidReachThreshold` once its apps have been in the foreground for
///   its minutes inside the activity's current interval (usage, not wall time; see ``recordUsage``),
///   counted from registration unless the event sets `includesPastActivity` (iOS 17.4+), and
///   delivered in coarse batches, ``eventDelivery`` after the minute that reached it (reported);
/// - start and end given as times of day only wrap at midnight: the interval ends at 00:00 when
///   its end time is not after its start (the bug a peer shipped); mixing time-only and full-date
///   components is accepted and then never fires;
/// - date components without a time zone follow the device's zone: when the zone changes, such an
///   activity is read again in the new one (``timeZoneChanged(to:at:)``), and the phone firing its
///   start or end at once when that moves now into or out of its interval; components with a time
///   zone name fixed instants, which a zone change does not move.
///
/// Callbacks are queued here and delivered by the phone, which applies faults.
public struct DeviceActivityCentre: Hashable, Codable, Sendable {
    public static let maximumActivities = 20

    public struct Monitored: Hashable, Codable, Sendable {
        public let registration: ActivityRegistration
        /// The interval being monitored now, if the components can be read.
        public var interval: DateInterval?
        /// Callbacks still to come, in order.
        public var pending: [Callback]
        /// Foreground seconds of each event's apps in the current interval, by event name.
        public var usage: [String: TimeInterval] = [:]

        init(registration: ActivityRegistration, interval: DateInterval?, pending: [Callback]) {
            self.registration = registration
            self.interval = interval
            self.pending = pending
        }

        private enum CodingKeys: String, CodingKey { case registration, interval, pending, usage }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            registration = try c.decode(ActivityRegistration.self, forKey: .registration)
            interval = try c.decodeIfPresent(DateInterval.self, forKey: .interval)
            pending = try c.decode([Callback].self, forKey: .pending)
            usage = try c.decodeIfPresent([String: TimeInterval].self, forKey: .usage) ?? [:]
        }
    }

    public enum Kind: String, Hashable, Codable, Sendable {
        case intervalDidStart, intervalDidEnd, intervalWillStartWarning, intervalWillEndWarning, eventDidReachThreshold
    }

    public struct Callback: Hashable, Codable, Sendable, CustomStringConvertible {
        public let at: Date
        public let kind: Kind
        public let activity: String
        /// The usage event, for `eventDidReachThreshold`.
        public var event: String?

        public init(at: Date, kind: Kind, activity: String, event: String? = nil) {
            self.at = at
            self.kind = kind
            self.activity = activity
            self.event = event
        }

        public var trigger: Trigger {
            switch kind {
            case .intervalDidStart: .intervalDidStart(activity)
            case .intervalDidEnd: .intervalDidEnd(activity)
            case .intervalWillStartWarning: .intervalWillStartWarning(activity)
            case .intervalWillEndWarning: .intervalWillEndWarning(activity)
            case .eventDidReachThreshold: .eventDidReachThreshold(activity: activity, event: event ?? "")
            }
        }

        public var description: String { "\(kind.rawValue) \(activity)" + (event.map { "/\($0)" } ?? "") }
    }

    /// One stretch of foreground use, as iOS keeps it for `includesPastActivity`.
    public struct Use: Hashable, Codable, Sendable {
        public let app: AppToken
        public let category: CategoryToken?
        public let end: Date
        public let seconds: TimeInterval
    }

    /// How long after the threshold is reached its callback arrives (reported: usage events come
    /// in coarse batches, about a minute late); an activity stopped before then loses it.
    public static let defaultEventDelivery: TimeInterval = 60

    public private(set) var activities: [String: Monitored] = [:]
    /// Callbacks fired and not yet handed to the phone.
    public private(set) var fired: [Callback] = []
    /// The use of the last week, for events that include past activity.
    public private(set) var history: [Use] = []
    public var eventDelivery: TimeInterval = DeviceActivityCentre.defaultEventDelivery
    /// Whether iOS honours `includesPastActivity` (17.4 and later); before, every event counts
    /// from registration whatever it asks.
    public var honoursPastActivity = true
    /// iOS 26.2 and 26.3 fire usage thresholds that were not reached: at the first use counted in
    /// an interval, every event of the activity not yet reached fires at once (Apple feedback
    /// FB21267341 and FB21560904, in the Family Controls forums). Off unless a scenario says so.
    public var firesThresholdsAtFirstUse = false
    /// Registrations iOS accepts and then does not keep (reported: Foqos #279 and #352, "Device
    /// Activities (0)" right after monitoring started): `startMonitoring` succeeds, and the
    /// activity is simply not there. Off unless a scenario's `setup:` says so.
    public var forgetting = Forgetting()

    /// How the phone forgets registrations: scripted answers first (`true`: forgotten), in the
    /// order `startMonitoring` is called, then each with probability `share` from a seeded generator.
    public struct Forgetting: Hashable, Codable, Sendable {
        public var share = 0.0
        public var scripted: [Bool] = []
        public var random = SplitMix64(seed: 1)

        public init(share: Double = 0, seed: UInt64 = 1, scripted: [Bool] = []) {
            self.share = share
            self.scripted = scripted
            random = SplitMix64(seed: seed)
        }

        public var isOff: Bool { share == 0 && scripted.isEmpty }

        mutating func forgetsNext() -> Bool {
            if !scripted.isEmpty { return scripted.removeFirst() }
            return share > 0 && random.nextUnit() < share
        }
    }

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case activities, fired, history, eventDelivery, honoursPastActivity, forgetting, firesThresholdsAtFirstUse
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        activities = try c.decode([String: Monitored].self, forKey: .activities)
        fired = try c.decode([Callback].self, forKey: .fired)
        history = try c.decodeIfPresent([Use].self, forKey: .history) ?? []
        eventDelivery = try c.decodeIfPresent(TimeInterval.self, forKey: .eventDelivery) ?? Self.defaultEventDelivery
        honoursPastActivity = try c.decodeIfPresent(Bool.self, forKey: .honoursPastActivity) ?? true
        forgetting = try c.decodeIfPresent(Forgetting.self, forKey: .forgetting) ?? Forgetting()
        firesThresholdsAtFirstUse = try c.decodeIfPresent(Bool.self, forKey: .firesThresholdsAtFirstUse) ?? false
    }

    public var registrations: [ActivityRegistration] { activities.values.map(\.registration).sorted { $0.name < $1.name } }

    // MARK: DeviceActivityCenter

    public mutating func startMonitoring(_ registration: ActivityRegistration, at now: Date, timeZone: TimeZone) throws {
        let name = registration.name
        let interval = try Self.interval(of: registration, at: now, timeZone: timeZone)
        if activities[name] == nil, activities.count >= Self.maximumActivities {
            throw ScreenTimeError.excessiveActivities(activity: name)
        }
        if !forgetting.isOff, forgetting.forgetsNext() {
            // Accepted, and then not kept: gone without a word, and nothing of it fires.
            activities[name] = nil
            return
        }
        if let old = activities[name], old.isInside(at: now) {
            fired.append(Callback(at: now, kind: .intervalDidEnd, activity: name))
        }
        var monitored = Monitored(registration: registration, interval: interval, pending: [])
        monitored.arm(at: now, firing: &fired)
        if honoursPastActivity, monitored.isInside(at: now), let interval {
            // iOS 17.4+: an event that includes past activity counts the use since the interval began.
            for event in registration.events where event.includesPastActivity {
                let past = history.filter { event.counts($0.app, $0.category) }
                    .map { use in max(0, min(use.end, now).timeIntervalSince(max(use.end.addingTimeInterval(-use.seconds), interval.start)))
                    }
                    .reduce(0, +)
                monitored.usage[event.name] = past
                if past >= TimeInterval(event.minutes * 60) {
                    reached(.init(at: now, kind: .eventDidReachThreshold, activity: name, event: event.name), in: &monitored)
                }
            }
        }
        // An interval already over is accepted and over at once, unless it repeats.
        let over = interval.map { $0.end <= now } ?? false
        activities[name] = over && !registration.repeats ? nil : monitored
    }

    /// iOS forgets every monitored activity, silently: no callback, nothing listed (reported, after
    /// an OS update or for no reason seen; Foqos #279).
    public mutating func forgetAll() {
        activities = [:]
    }

    /// Stops the named activities, or all of them when `names` is empty (as iOS does).
    public mutating func stopMonitoring(_ names: [String], at now: Date) {
        let targets = names.isEmpty ? Array(activities.keys) : names
        for name in targets.sorted() {
            guard let old = activities.removeValue(forKey: name) else { continue }
            if old.isInside(at: now) { fired.append(Callback(at: now, kind: .intervalDidEnd, activity: name)) }
        }
    }

    // MARK: Time

    /// The earliest pending callback's instant, if any.
    public var nextCallbackInstant: Date? {
        activities.values.compactMap { $0.pending.first?.at }.min()
    }

    /// Moves every callback due by `now` onto the fired queue, in order; one-shot activities
    /// whose interval ended are removed, repeating time-only ones re-armed for the next day.
    public mutating func fireDue(through now: Date, timeZone: TimeZone) {
        while true {
            let due = activities.values.compactMap { activity in activity.pending.first.map { (activity.registration.name, $0) } }
                .filter { $0.1.at <= now }
                .min { ($0.1.at, $0.0) < ($1.1.at, $1.0) }
            guard let (name, callback) = due else { return }
            activities[name]!.pending.removeFirst()
            fired.append(callback)
            guard callback.kind == .intervalDidEnd else { continue }
            if activities[name]!.registration.repeats, !activities[name]!.registration.start.hasFullDate,
                let next = try? Self.interval(of: activities[name]!.registration, at: callback.at.addingTimeInterval(1), timeZone: timeZone)
            {
                activities[name]!.interval = next
                activities[name]!.usage = [:]
                activities[name]!.arm(at: callback.at.addingTimeInterval(1), firing: &fired)
            } else if !activities[name]!.registration.repeats {
                activities[name] = nil
            }
        }
    }

    /// The person used an app for `seconds` ending at `now`: every activity inside its interval
    /// counts it for the events whose apps or categories include it, and an event whose threshold
    /// that crosses fires (once per interval).
    public mutating func recordUsage(app: AppToken, category: CategoryToken?, seconds: TimeInterval, at now: Date) {
        history.append(Use(app: app, category: category, end: now, seconds: seconds))
        history.removeAll { $0.end < now.addingTimeInterval(-ActivityPlanner.maximumInterval) }
        for name in activities.keys.sorted() {
            guard var activity = activities[name], activity.isInside(at: now) else { continue }
            let firstUse = activity.registration.events.allSatisfy { (activity.usage[$0.name] ?? 0) == 0 }
            for event in activity.registration.events where event.counts(app, category) {
                let before = activity.usage[event.name] ?? 0
                activity.usage[event.name] = before + seconds
                let threshold = TimeInterval(event.minutes * 60)
                if before < threshold, before + seconds >= threshold || (firesThresholdsAtFirstUse && firstUse) {
                    reached(Callback(at: now, kind: .eventDidReachThreshold, activity: name, event: event.name), in: &activity)
                }
            }
            activities[name] = activity
        }
    }

    /// A threshold reached at the callback's instant: it arrives ``eventDelivery`` later.
    private mutating func reached(_ callback: Callback, in activity: inout Monitored) {
        guard eventDelivery > 0 else { return fired.append(callback) }
        activity.queue(
            Callback(
                at: callback.at.addingTimeInterval(eventDelivery), kind: callback.kind, activity: callback.activity,
                event: callback.event))
    }

    /// The device's time zone changed at `now`: every activity whose components name no time zone
    /// is read again in `zone`, as iOS keeps such a schedule on the device's wall clock (a time of
    /// day stays that time of day). Moving now into its interval fires `intervalDidStart` at once;
    /// out of it (either way), `intervalDidEnd` at once, as moving the clock ends an interval early
    /// (PLATFORM.md, "Changing the clock"); an interval the move skipped whole fires both, and one
    /// still ahead waits for its new instants. Activities with a time zone are fixed instants and
    /// do not move.
    public mutating func timeZoneChanged(to zone: TimeZone, at now: Date) {
        for name in activities.keys.sorted() {
            guard var activity = activities[name], activity.registration.followsDeviceZone else { continue }
            let wasInside = activity.isInside(at: now)
            let started = wasInside || (activity.interval.map { $0.start <= now } ?? false)
            guard let moved = try? Self.interval(of: activity.registration, at: now, timeZone: zone) else {
                // Components that no longer read as a date in the new zone: it never fires again.
                if wasInside { fired.append(Callback(at: now, kind: .intervalDidEnd, activity: name)) }
                activities[name] = nil
                continue
            }
            let isInside = moved.start <= now && now < moved.end
            // Usage callbacks already queued keep their instants; the interval's own are queued again.
            let events = activity.pending.filter { $0.kind == .eventDidReachThreshold }
            activity.interval = moved
            switch (wasInside, isInside) {
            case (false, true):
                activity.arm(at: now, firing: &fired)
            case (true, true):
                var ignored: [Callback] = []
                activity.arm(at: now, firing: &ignored)
            case (true, false):
                fired.append(Callback(at: now, kind: .intervalDidEnd, activity: name))
                activity.usage = [:]
                activity.arm(at: now, firing: &fired)
            case (false, false):
                if moved.end <= now, !started {
                    // Skipped whole, as when the clock jumps past it.
                    fired.append(Callback(at: now, kind: .intervalDidStart, activity: name))
                    fired.append(Callback(at: now, kind: .intervalDidEnd, activity: name))
                }
                activity.arm(at: now, firing: &fired)
            }
            for event in events { activity.queue(event) }
            let over = moved.end <= now
            activities[name] = over && !activity.registration.repeats ? nil : activity
        }
    }

    /// Hands over the callbacks fired so far.
    public mutating func takeFired() -> [Callback] {
        defer { fired = [] }
        return fired
    }

    // MARK: Reading schedules

    /// The interval a registration names, or the error iOS gives for it.
    static func interval(of registration: ActivityRegistration, at now: Date, timeZone: TimeZone) throws -> DateInterval? {
        let name = registration.name
        let start = registration.start, end = registration.end
        let clock = Clockwork(timeZone: timeZone)
        switch (start.hasFullDate, end.hasFullDate) {
        case (true, true):
            guard let s = start.instant(deviceZone: timeZone), let e = end.instant(deviceZone: timeZone) else {
                throw ScreenTimeError.invalidDateComponents(activity: name)
            }
            try validateLength(e.timeIntervalSince(s), name)
            return DateInterval(start: s, end: max(s, e))
        case (false, false):
            // Times of day: the length iOS checks wraps past midnight, but the interval it
            // monitors ends at the day's end.
            guard [start, end].allSatisfy({ (0...23).contains($0.hour) && (0...59).contains($0.minute) && (0...59).contains($0.second) })
            else {
                throw ScreenTimeError.invalidDateComponents(activity: name)
            }
            let startSeconds = start.hour * 3_600 + start.minute * 60 + start.second
            let endSeconds = end.hour * 3_600 + end.minute * 60 + end.second
            let length = endSeconds > startSeconds ? endSeconds - startSeconds : endSeconds - startSeconds + 86_400
            try validateLength(TimeInterval(length), name)
            func reading(_ moment: ActivityMoment, on day: LocalDate) -> Date {
                ActivityMoment(
                    year: day.year, month: day.month, day: day.day, hour: moment.hour, minute: moment.minute,
                    second: moment.second, timeZoneIdentifier: nil
                ).instant(deviceZone: timeZone)!
            }
            var day = clock.localDate(of: now)
            while true {
                let s = reading(start, on: day)
                let e = endSeconds > startSeconds ? reading(end, on: day) : clock.startOfDay(day.adding(days: 1))
                if e > now { return DateInterval(start: s, end: e) }
                day = day.adding(days: 1)
            }
        default:
            return nil  // accepted, never fires
        }
    }

    private static func validateLength(_ length: TimeInterval, _ name: String) throws {
        if length < ActivityPlanner.minimumInterval { throw ScreenTimeError.intervalTooShort(activity: name) }
        if length > ActivityPlanner.maximumInterval { throw ScreenTimeError.intervalTooLong(activity: name) }
    }
}

extension ActivityRegistration {
    /// Whether iOS reads this activity on the device's wall clock (its components name no time
    /// zone), so that a zone change moves it.
    var followsDeviceZone: Bool { start.timeZoneIdentifier == nil || end.timeZoneIdentifier == nil }
}

extension ActivityEvent {
    /// Whether use of this app counts toward the event.
    func counts(_ app: AppToken, _ category: CategoryToken?) -> Bool {
        selection.applications.contains(app) || category.map(selection.categories.contains) == true
    }
}

extension DeviceActivityCentre.Monitored {
    /// Queues a callback for its instant (at the latest with the interval's end, and before it),
    /// after those due before or with it.
    mutating func queue(_ callback: DeviceActivityCentre.Callback) {
        var callback = callback
        if let end = interval?.end, callback.at > end {
            callback = .init(at: end, kind: callback.kind, activity: callback.activity, event: callback.event)
        }
        let index = pending.firstIndex { $0.at > callback.at || ($0.at == callback.at && $0.kind == .intervalDidEnd) }
        pending.insert(callback, at: index ?? pending.endIndex)
    }

    /// Inside its interval: started and not yet ended.
    func isInside(at now: Date) -> Bool {
        guard let interval else { return false }
        return interval.start <= now && now < interval.end
    }

    /// Queues the callbacks to come; `intervalDidStart` fires at once when now is inside.
    mutating func arm(at now: Date, firing fired: inout [DeviceActivityCentre.Callback]) {
        guard let interval else { return }
        let name = registration.name
        var upcoming: [DeviceActivityCentre.Callback] = []
        let warning = registration.warningSeconds.map(TimeInterval.init)
        if interval.start > now {
            if let warning, interval.start.addingTimeInterval(-warning) > now {
                upcoming.append(.init(at: interval.start.addingTimeInterval(-warning), kind: .intervalWillStartWarning, activity: name))
            }
            upcoming.append(.init(at: interval.start, kind: .intervalDidStart, activity: name))
        } else if now < interval.end {
            fired.append(.init(at: now, kind: .intervalDidStart, activity: name))
        }
        if interval.end > now {
            if let warning, interval.end.addingTimeInterval(-warning) > now {
                upcoming.append(.init(at: interval.end.addingTimeInterval(-warning), kind: .intervalWillEndWarning, activity: name))
            }
            upcoming.append(.init(at: interval.end, kind: .intervalDidEnd, activity: name))
        }
        pending = upcoming.sorted { $0.at < $1.at }
    }
}
