import Foundation
import ThresholdCore

/// A store that lives in memory: for SwiftUI previews and for tests that need to make the
/// store fail on purpose. Tests of persistence itself use `ThresholdStore` on a temporary file.
public final class InMemoryStore: StoreClient, @unchecked Sendable {
    private struct Contents {
        var state: StoredState
        var log: [LoggedEvent] = []
        /// Every session ever saved, as `ThresholdStore` keeps them after they leave the state.
        var history: [SessionID: Session] = [:]
        var failure: StoreError?

        mutating func save(_ next: StoredState) {
            state = next
            for session in next.engine.sessions { history[session.id] = session }
        }
    }

    // NB: `Mutex` (Synchronization) is not in the iOS 17 SDK; an NSLock guards `contents` instead.
    private let lock = NSLock()
    private var contents: Contents

    public init(_ state: StoredState = .initial) {
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
}
