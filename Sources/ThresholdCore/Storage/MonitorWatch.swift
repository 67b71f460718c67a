import Foundation

/// Whether iOS calls the monitor at the boundaries Threshold registered. On iOS 26.3.1
/// `deviceactivityd` kept the registrations and never called the extension (developer forums,
/// device-activity tag; a break timer that "died" on iOS 26.6, awaseem/foqos#475), and a restart
/// mended it. Nothing of Threshold's can hear a call that never comes, so each reconcile keeps the
/// first wake-up planned since the monitor last ran: an entry of the person's (the app, a shield's
/// button, a Shortcut, a link, a notification) that finds it ``grace`` or more behind, and no
/// callback since, notes it ``missed``. The shields that boundary called for come with that entry's
/// reconcile whatever this says (the engine evaluates the time, not the callbacks); this is what
/// the app tells the person, once (``told``).
public struct MonitorWatch: Hashable, Codable, Sendable {
    /// The first wake-up planned since the monitor last ran: it should have run by then.
    public var awaited: Date?
    /// The wake-up the monitor missed, found at an entry; `nil` once the monitor runs again.
    public var missed: Date?
    /// Whether the person has read the app's notice of ``missed`` (``AcknowledgeMissedSchedule``).
    public var told = false

    /// How long after a wake-up its callback may still come: iOS delivers callbacks in batches,
    /// and late when the phone was not in use (PLATFORM.md).
    public static let grace: TimeInterval = 15 * 60

    public init(awaited: Date? = nil, missed: Date? = nil, told: Bool = false) {
        self.awaited = awaited
        self.missed = missed
        self.told = told
    }

    /// The missed wake-up the app still has to tell the person of.
    public var untold: Date? { told ? nil : missed }

    /// The monitor ran: whatever it missed, it runs now; `next` is the plan's first wake-up after
    /// now (`nil`: none planned, or the plan could not be registered).
    public mutating func heard(next: Date?) {
        awaited = next
        missed = nil
        told = false
    }

    /// Something else of Threshold's ran at `now` with the plan's first wake-up `next`. An entry of
    /// the person's (`inUse`: the phone is in use, so iOS has delivered what it was holding) finds a
    /// wake-up ``grace`` or more behind missed; a wake-up still to come is replaced by the plan's
    /// (which may have changed); one passed is kept for an entry of the person's to judge.
    public mutating func entered(at now: Date, next: Date?, inUse: Bool) {
        guard let awaited, awaited <= now else {
            self.awaited = next
            return
        }
        guard inUse, now >= awaited.addingTimeInterval(Self.grace) else { return }
        if missed == nil { missed = awaited }
        self.awaited = next
    }
}

/// The person read the app's notice that iOS missed Threshold's schedule: it is not shown again
/// until the monitor runs and misses again.
public struct AcknowledgeMissedSchedule: StateCommand {
    public init() {}

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        guard transaction.state.applied.monitor.missed != nil else { return }
        transaction.state.applied.monitor.told = true
    }
}
