import Foundation
import StoreClient
import ThresholdCore

/// A store that lives in memory: the simulated phone's, and tests' that need to make the store
/// fail on purpose. Tests of persistence itself use `ThresholdStore` on a temporary file.
public final class InMemoryStore: StoreClient, @unchecked Sendable {
    private struct Contents {
        var state: StoredState
        var log: [LoggedEvent] = []
        /// Every session ever saved, as `ThresholdStore` keeps them after they leave the state.
        var history: [SessionID: Session] = [:]
        /// Every grant ever saved, likewise.
        var grants: [GrantID: Grant] = [:]
        var failure: StoreError?

        mutating func save(_ next: StoredState) {
            state = next
            for session in next.engine.sessions { history[session.id] = session }
            for grant in next.engine.grants { grants[grant.id] = grant }
        }
    }

    // NB: `Mutex` (Synchronization) is not in the iOS 17 SDK; an NSLock guards `contents` instead.
    private let lock = NSLock()
    private var contents: Contents
    /// The time a backup says it was taken at.
    private let exportedAt: @Sendable () -> Date
    /// Shared by every reconciler over this store, as a phone's App Group file is.
    public let effects = EffectsJournal.inMemory()

    public init(_ state: StoredState = .initial, now: @escaping @Sendable () -> Date = { Date() }) {
        exportedAt = now
        contents = Contents(state: state)
        contents.save(state)
    }

    /// Makes every following call throw `error` (or work again with `nil`).
    public func failNextCalls(with error: StoreError?) {
        lock.withLock { contents.failure = error }
    }

    public func read() throws -> StoredState {
        try lock.withLock {
            if let failure = contents.failure { throw failure }
            return contents.state
        }
    }

    public func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T {
        try lock.withLock {
            if let failure = contents.failure { throw failure }
            var transaction = StoreTransaction(state: contents.state)
            let result = try body(&transaction)
            try transaction.checkBalances(from: contents.state.balances)
            contents.save(transaction.state)
            var next = (contents.log.last?.sequence ?? 0) + 1
            for (at, event) in transaction.recorded {
                contents.log.append(LoggedEvent(sequence: next, at: at, event: event))
                next += 1
            }
            return result
        }
    }

    public func events(_ query: EventQuery) throws -> [LoggedEvent] {
        try lock.withLock {
            if let failure = contents.failure { throw failure }
            let matching = contents.log.filter(query.matches)
            return query.limit.map { Array(matching.suffix($0)) } ?? matching
        }
    }

    public func sessions(startingFrom start: Date, until end: Date) throws -> [Session] {
        try lock.withLock {
            if let failure = contents.failure { throw failure }
            return contents.history.values
                .filter { start <= $0.start && $0.start < end }
                .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        }
    }

    public func exportBackup(deviceID: String?) throws -> Data {
        let backup = try lock.withLock {
            if let failure = contents.failure { throw failure }
            let state = contents.state
            let history = Backup.History(all: contents.history.values, contents.grants.values, besides: state)
            return Backup(deviceID: deviceID, exportedAt: exportedAt(), state: state, history: history, events: contents.log)
        }
        return try backup.encoded()
    }

    public func importBackup(_ data: Data, deviceID: String?) throws -> ImportReport {
        let backup = try BackupReader.read(data)
        try lock.withLock {
            if let failure = contents.failure { throw failure }
            let engine = contents.state.engine
            try Backup.requireEmpty([
                "profiles": engine.profiles.count, "gates": engine.gates.count, "intentions": engine.intentions.count,
                "sessions": contents.history.count, "grants": contents.grants.count, "streak freezes": engine.streakFreezeDays.count,
                "tutorial": engine.tutorial == nil ? 0 : 1, "events": contents.log.filter { Backup.isPersonal($0.event) }.count,
            ])
            var next = contents
            next.save(backup.importedState)
            for session in backup.history.sessions { next.history[session.id] = session }
            for grant in backup.history.grants { next.grants[grant.id] = grant }
            next.log += backup.events(after: contents.log.last?.sequence ?? 0)
            contents = next
        }
        return ImportReport(backup, deviceID: deviceID)
    }
}
