import Foundation

/// Usage thresholds that wake the monitor while something is let through (a grant, an
/// intention's open, a break), whatever the wall clock says.
///
/// Every other wake-up iOS offers is set on the wall clock, so a clock moved back while nothing
/// of Threshold's runs (after a restart, with the app killed) delays them all, and an unlock stays
/// open until the wall clock catches up with its end. A `DeviceActivityEvent` counts foreground
/// use, which is real time: one that fires after N minutes of use proves at least N minutes have
/// passed since it was registered, whatever the clock reads.
///
/// ## What is registered
/// For each lift open now (at both the wall clock and the trusted time; at most
/// ``maximumActivities``, those ending first), one activity
/// `threshold.use.<start epoch>.<minutes>` with one event, ``eventName``: `minutes` of use of what
/// the lift lets through and then of any other app Threshold can shield (every profile's, gate's
/// and intention's selection; at most 50 apps, 50 categories and 50 websites), where `minutes`
/// is the lift's length rounded up to the whole minute. Its interval ends ``reachAfterEnd`` after
/// the lift and starts a week before that, the longest iOS allows, so a clock moved back by up to
/// a week less that stays inside it; `includesPastActivity` is `false`, so only use after
/// registration counts (on iOS before 17.4, which has no such flag, that is how events count).
/// Its start lies in the past, so iOS fires `intervalDidStart` at once (a quiet echo); the
/// reconcile that finds the lift over stops it (`intervalDidEnd`, quiet too).
///
/// ## What its callback proves
/// The activity is registered no earlier than the lift's start, and use is real foreground time
/// (one app at a time on an iPhone), so when its event fires the time is at least the lift's
/// start plus its minutes, which is at or after the lift's end: ``evidence(activity:event:)``.
/// The reconcile takes that as a lower bound on the time (``TrustedTime``), so the lift ends, and
/// the clock reads as moved, at once. Any app's use counts toward the proof, so counting the use
/// of apps the lift does not let through only makes the event come sooner, never too soon.
///
/// ## The bound
/// A lift of N minutes lasts at most N + ``boundMinutes`` minutes of use of the apps it lets
/// through, for a clock moved while the activity's interval still holds the wall clock: one minute
/// for iOS's coarse, batched delivery, and ``TrustedTime/tolerance`` (two minutes) within which a
/// lower bound does not count as a moved clock. Outside it: a clock moved back more than the week
/// the interval reaches; use of apps outside every selection (an allow list's break lifts every
/// app, and iOS cannot count "every app") or past the 50 an event names; an event iOS delays
/// further or never delivers; and a lift the budget had no room for. Unused, an unlocked app harms nothing, so time without use is
/// not bounded.
public enum UsageTrigger {
    /// At most this many usage activities at once; they come before the boundaries' activities.
    public static let maximumActivities = 2
    /// How long after the lift's end its activity's interval ends (the shortest interval iOS
    /// accepts, so that it outlasts the lift's own wake-up).
    public static let reachAfterEnd: TimeInterval = 15 * 60
    /// Minutes of use past a lift's own that the bound allows (see the type's documentation).
    public static let boundMinutes = 1 + Int(TrustedTime.tolerance / 60)
    /// The one event each usage activity carries.
    public static let eventName = ActivityRegistration.namePrefix + "used"

    static let prefix = ActivityRegistration.namePrefix + "use."

    /// A span during which something is let through.
    public struct Lift: Hashable, Sendable, Comparable {
        public let start: Date
        public let end: Date
        /// What it lets through, as far as the set-up says (counted first in its event).
        public let through: Selection

        public init(start: Date, end: Date, through: Selection = .empty) {
            self.start = start
            self.end = end
            self.through = through
        }

        /// The lift's length in whole minutes, rounded up (a usage threshold counts minutes).
        public var minutes: Int { max(1, Int((end.timeIntervalSince(start.roundedDownToSecond) / 60).rounded(.up))) }

        /// Ending first, then starting first, then by what they let through.
        public static func < (a: Lift, b: Lift) -> Bool {
            if (a.end, a.start) != (b.end, b.start) { return (a.end, a.start) < (b.end, b.start) }
            return a.through.tokens.sorted().lexicographicallyPrecedes(b.through.tokens.sorted())
        }
    }

    /// The grants (an intention's open among them) and breaks open at every one of `instants`:
    /// with the clock moved, a lift lets something through only where it holds at both the wall
    /// clock and the trusted time (``evaluate(_:at:calendar:)``), so only then does it need counting.
    public static func openLifts(_ state: ThresholdState, at instants: [Date]) -> [Lift] {
        func open(at instant: Date) -> Set<Lift> {
            var lifts = Set<Lift>()
            for grant in state.grants where grant.isValid(at: instant) {
                lifts.insert(Lift(start: grant.start, end: grant.end, through: letThrough(by: grant, in: state)))
            }
            for session in state.sessions {
                if let ended = session.ending, ended.at <= instant { continue }
                let through = state.profile(session.profileID)?.selection ?? .empty
                for lift in session.breaks where lift.contains(instant) {
                    lifts.insert(Lift(start: lift.start, end: lift.end, through: through))
                }
            }
            return lifts
        }
        guard let first = instants.first else { return [] }
        return instants.dropFirst().reduce(open(at: first)) { $0.intersection(open(at: $1)) }.sorted()
    }

    /// What a grant lets through, as far as the set-up says: its one token, or every gate's and
    /// profile's selection for one that lets everything gated through.
    static func letThrough(by grant: Grant, in state: ThresholdState) -> Selection {
        switch grant.scope {
        case .token(.app(let app)): return Selection(applications: [app])
        case .token(.category(let category)): return Selection(categories: [category])
        case .token(.webDomain(let domain)): return Selection(webDomains: [domain])
        case .allGated:
            var all = Selection()
            for selection in state.gates.map(\.selection) + state.profiles.map(\.selection) { all.formUnion(selection) }
            return all
        }
    }

    /// At most this many apps, categories and websites each in an event, as in a shield list
    /// (iOS documents no limit for events; a shield list's 50 is known to work, and the monitor
    /// reads the tokens at every registration).
    public static let maximumTokensPerKind = 50

    /// What a lift's event counts: what it lets through first, then every other app, category and
    /// website Threshold can shield, at most ``maximumTokensPerKind`` of each, in a fixed order
    /// (so the registration stays the same from one reconcile to the next).
    public static func counted(for lift: Lift, in state: ThresholdState) -> Selection {
        let all = countedSelection(state)
        func pick<T: Comparable>(_ first: Set<T>, _ rest: Set<T>) -> Set<T> {
            Set((first.sorted() + rest.subtracting(first).sorted()).prefix(maximumTokensPerKind))
        }
        return Selection(
            applications: pick(lift.through.applications, all.applications),
            categories: pick(lift.through.categories, all.categories),
            webDomains: pick(lift.through.webDomains, all.webDomains))
    }

    /// Every app, category and website Threshold can shield: the use the events count.
    public static func countedSelection(_ state: ThresholdState) -> Selection {
        var all = Selection()
        for selection in state.profiles.map(\.selection) + state.gates.map(\.selection) { all.formUnion(selection) }
        all.applications.formUnion(state.intentions.map(\.app))
        return all
    }

    /// The usage activities for the lifts open at the wall clock and the trusted time, those
    /// ending first; none when nothing could be counted.
    public static func registrations(_ state: ThresholdState, at time: TrustedTime, timeZone: TimeZone) -> [ActivityRegistration] {
        guard !countedSelection(state).isEmpty else { return [] }
        let lifts = openLifts(state, at: time.isJumped ? [time.wall, time.trusted] : [time.wall])
        // Two lifts with the same span share a name: the first one's registration stands for both.
        var seen = Set<String>()
        return lifts.compactMap { lift -> ActivityRegistration? in
            let registration = registration(for: lift, counting: counted(for: lift, in: state), timeZone: timeZone)
            return seen.insert(registration.name).inserted ? registration : nil
        }.prefix(maximumActivities).map { $0 }
    }

    /// The activity that wakes the monitor once a lift's minutes of use have passed.
    static func registration(for lift: Lift, counting selection: Selection, timeZone: TimeZone) -> ActivityRegistration {
        let end = lift.end.roundedUpToSecond.addingTimeInterval(reachAfterEnd)
        let start = end.addingTimeInterval(-ActivityPlanner.maximumInterval)
        let name = prefix + "\(Int64(lift.start.roundedDownToSecond.timeIntervalSince1970)).\(lift.minutes)"
        let plain = ActivityPlanner.registration(name, from: start, to: end, timeZone: timeZone)
        let event = ActivityEvent(name: eventName, minutes: lift.minutes, selection: selection, includesPastActivity: false)
        return ActivityRegistration(name: name, start: plain.start, end: plain.end, events: [event])
    }

    /// The earliest the time can be when a usage activity's event fires: the lift's start plus
    /// its minutes. `nil` for any other callback.
    public static func evidence(activity: String, event: String) -> Date? {
        guard event == eventName, let lift = lift(of: activity) else { return nil }
        return lift.start.addingTimeInterval(TimeInterval(lift.minutes) * 60)
    }

    /// The start and minutes of the lift a usage activity counts, from its name.
    static func lift(of activity: String) -> (start: Date, minutes: Int)? {
        guard activity.hasPrefix(prefix) else { return nil }
        let parts = activity.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int64(parts[0]), let minutes = Int(parts[1]), minutes > 0 else { return nil }
        return (Date(timeIntervalSince1970: TimeInterval(start)), minutes)
    }

    /// The evidence a trigger carries, if it is a usage activity's event.
    public static func evidence(of trigger: Trigger) -> Date? {
        guard case .eventDidReachThreshold(let activity, let event) = trigger else { return nil }
        return evidence(activity: activity, event: event)
    }

    /// The evidence a trigger carries, if it is a usage activity's event that can be true at
    /// `reading`. Registered in this boot (`registered`, the uptime of the reconcile that
    /// registered it), N minutes of use cannot have passed before N minutes of uptime have, less
    /// iOS's early delivery (``TrustedTime/tolerance``). NB: iOS 26.2–26.3 fire a threshold at the
    /// first pickup (Apple feedback FB21267341, FB21560904): such an event proves nothing, so it
    /// ends no unlock and moves no clock. Registered in another boot, or by a build that kept no
    /// uptime, the event is believed: after a restart it is what catches a clock set back.
    public static func evidence(of trigger: Trigger, registered: [String: ClockAnchor], reading: ClockReading) -> Date? {
        guard case .eventDidReachThreshold(let activity, _) = trigger, let floor = evidence(of: trigger) else { return nil }
        guard let mark = registered[activity], mark.bootID == reading.bootID, reading.uptime >= mark.uptime,
            let lift = lift(of: activity)
        else { return floor }
        return reading.uptime - mark.uptime >= TimeInterval(lift.minutes) * 60 - TrustedTime.tolerance ? floor : nil
    }

    /// Whether an activity name is a usage activity's.
    public static func isUsageActivity(_ name: String) -> Bool { name.hasPrefix(prefix) }
}

extension Selection {
    /// Adds everything `other` selects.
    fileprivate mutating func formUnion(_ other: Selection) {
        applications.formUnion(other.applications)
        categories.formUnion(other.categories)
        webDomains.formUnion(other.webDomains)
    }
}
