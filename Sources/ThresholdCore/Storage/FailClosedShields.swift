import Foundation

/// What a reconcile that cannot read the saved data applies once a lift's end is in doubt
/// (PRODUCT.md principle 2: "if state cannot be read … selected apps stay shielded. Never silently
/// unlock."): the shield stores with nothing lifted.
///
/// A reconcile that saves while a grant or a break lifts something leaves this beside the store,
/// outside the database (an App Group file the database's failure does not touch). Until the
/// earliest of those lifts ends, the shields applied are right and a failing reconcile keeps them;
/// from then on it applies these stores, which hold every restriction in force when it was made as
/// if no grant or break existed. A restriction that begins while the data stays unreadable waits
/// for a reconcile that can read it.
public struct FailClosedShields: Hashable, Codable, Sendable {
    /// The stores to apply, with nothing lifted.
    public let stores: [ShieldStore]
    /// The earliest end of a lift in force when it was made.
    public let liftsEndBy: Date
    /// The clocks when it was made: elapsed time counts even if the wall clock is moved back.
    public let madeAt: ClockReading
    /// A failing reconcile applied it; the next one that reads the store applies every store again.
    public var wasApplied = false

    public init(stores: [ShieldStore], liftsEndBy: Date, madeAt: ClockReading, wasApplied: Bool = false) {
        self.stores = stores
        self.liftsEndBy = liftsEndBy
        self.madeAt = madeAt
        self.wasApplied = wasApplied
    }

    /// The record for `state` at `time`, or `nil` when nothing is lifted (the shields applied hold
    /// every restriction in force already).
    public static func make(_ state: ThresholdState, at time: TrustedTime, reading: ClockReading, calendar: Calendar) -> FailClosedShields?
    {
        let now = time.trusted
        let grantEnds = state.grants.filter { $0.start <= now && now < $0.end }.map(\.end)
        let breakEnds = state.sessions.flatMap(\.breaks).filter { $0.start <= now && now < $0.end }.map(\.end)
        guard let liftsEndBy = (grantEnds + breakEnds).min() else { return nil }
        let unlifted: ThresholdState
        do {
            unlifted = try state.with(sessions: state.sessions.map { try $0.withoutBreaks() }, grants: [])
        } catch {
            // NB: the parts of a valid state stay valid without their lifts; were one refused, the
            // record would shield what is applied now, which is no worse than keeping it.
            return nil
        }
        return FailClosedShields(
            stores: evaluate(unlifted, at: time, calendar: calendar).stores, liftsEndBy: liftsEndBy,
            madeAt: reading)
    }

    /// Whether a lift's end is in doubt at `reading`: the wall clock passed it, the time elapsed
    /// since the record was made reaches it, or the phone restarted since (elapsed time is unknown).
    public func isDue(at reading: ClockReading) -> Bool {
        if reading.wall >= liftsEndBy { return true }
        guard reading.bootID == madeAt.bootID else { return true }
        return madeAt.wall.addingTimeInterval(reading.uptime - madeAt.uptime) >= liftsEndBy
    }

    /// What identifies it for the reconcile's record (the stores and the deadline, not the clocks).
    public var stamp: Fingerprint {
        var canonical = CanonicalBytes()
        canonical.append("FailClosedShields/1")
        canonical.append(String(liftsEndBy.timeIntervalSinceReferenceDate))
        for store in stores { canonical.append(store.name); canonical.append(store.fingerprint.hex) }
        return Fingerprint(of: canonical.bytes)
    }
}

extension Session {
    /// The session as if it had no breaks.
    func withoutBreaks() throws -> Session {
        breaks.isEmpty
            ? self
            : try Session(
                id: id, profileID: profileID, origin: origin, start: start, plan: plan,
                occurrence: occurrence, breaks: [], ending: ending)
    }
}
