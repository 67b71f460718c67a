import Foundation
import ThresholdCore

/// A store opened on first use and, until it opens, tried again on every call: each call that
/// cannot open it throws why. An extension whose database cannot be opened still runs its
/// reconcile, which then fails closed (the reconciler's fail-closed shields), instead of doing
/// nothing; once the database can be opened, the next call uses it.
public final class OpeningStore: StoreClient, @unchecked Sendable {
    // NB: an NSLock guards `opened` (`Mutex` is not in the iOS 17 SDK).
    private let lock = NSLock()
    private let open: @Sendable () throws -> any StoreClient
    private var opened: (any StoreClient)?

    public init(_ open: @escaping @Sendable () throws -> any StoreClient) { self.open = open }

    /// The store, opened now if it was not before.
    public func store() throws -> any StoreClient {
        try lock.withLock {
            if let opened { return opened }
            let store = try open()
            opened = store
            return store
        }
    }

    /// The opened store's; before it opens, one of this object's own (a reconcile that cannot
    /// open the store fails closed and owes no calls).
    public var effects: EffectsJournal { (try? store().effects) ?? unopenedEffects }
    private let unopenedEffects = EffectsJournal.inMemory()

    public func read() throws -> StoredState { try store().read() }

    public func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T { try store().write(body) }

    public func events(_ query: EventQuery) throws -> [LoggedEvent] { try store().events(query) }

    public func sessions(startingFrom start: Date, until end: Date) throws -> [Session] {
        try store().sessions(startingFrom: start, until: end)
    }

    public func exportBackup(deviceID: String?) throws -> Data { try store().exportBackup(deviceID: deviceID) }

    public func importBackup(_ data: Data, deviceID: String?) throws -> ImportReport { try store().importBackup(data, deviceID: deviceID) }
}
