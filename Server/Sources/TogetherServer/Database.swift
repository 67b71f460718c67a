import Foundation
import Logging
import Metrics
import PostgresNIO
import ServiceLifecycle
import ThresholdCore

/// PostgreSQL as the server reaches it, watched, so that losing it is answered at once and its
/// return is served at once (issue 27, item 3).
///
/// A probe keeps one connection of its own and asks `SELECT 1` every ``probeInterval``: when the
/// connection closes (the database stopped) or a probe takes longer than ``probeTimeout`` (it cannot
/// be reached), the database is *down*; every request is then answered 503 with `Retry-After`
/// without waiting on the pool (``DatabaseUnavailable``), and those already waiting on it are given
/// up (``use(_:)``). While down the probe connects again every ``probeInterval``; once it can, a
/// fresh pool replaces the old one, so the server serves again at once rather than after the old
/// pool's backoff (PostgresNIO's pool waits longer after each failed connection: half a minute,
/// as the issue found).
public final class Database: Service, @unchecked Sendable {
    // NB: an NSLock guards the fields (Synchronization.Mutex needs macOS 15; the package says 14).
    private let lock = NSLock()
    private var current: PostgresClient
    private var currentRun: Task<Void, Never>?
    private var up = true
    private var since = Date()
    /// The service group is shutting down: the probe's connection closing says nothing then.
    private var stopping = false
    /// The requests waiting on the database, told when it is found lost.
    private var waiters: [UUID: @Sendable () -> Void] = [:]
    let configuration: PostgresClient.Configuration?
    let logger: Logger

    /// How often the probe asks, and how soon after losing the database it tries again.
    public static let probeInterval: Duration = .milliseconds(250)
    /// The longest a probe (a connection, or `SELECT 1`) may take before the database counts as lost.
    public static let probeTimeout: Duration = .milliseconds(800)
    /// What `Retry-After` says while the database is down, in seconds.
    public static let retryAfter = 5

    /// A watched database: the pool and the probe for `configuration` (TCP host and port).
    public init(configuration: PostgresClient.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        current = PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    /// A pool nothing watches (always up): for code that only builds routes.
    public init(client: PostgresClient, logger: Logger) {
        configuration = nil
        self.logger = logger
        current = client
    }

    /// The pool to use now.
    public var client: PostgresClient { lock.withLock { current } }

    /// Whether the last probe reached the database.
    public var isUp: Bool { lock.withLock { up } }

    // MARK: Serving

    /// Runs `work` on the database, giving up on it the moment the database is found lost: throws
    /// ``DatabaseUnavailable`` at once when it is down, or within a probe's interval when it goes
    /// down meanwhile. (The work's task is cancelled and left to end on its own: a query waiting on
    /// a lost database's pool may not stop at once.)
    public func use<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        guard isUp else { throw DatabaseUnavailable() }
        let answered = Latch()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let task = Task {
                do {
                    let value = try await work()
                    if answered.claim() { continuation.resume(returning: value) }
                } catch {
                    if answered.claim() { continuation.resume(throwing: error) }
                }
            }
            let waiter = { @Sendable in
                if answered.claim() {
                    continuation.resume(throwing: DatabaseUnavailable())
                    task.cancel()
                }
            }
            let id = UUID()
            let down: Bool = lock.withLock {
                guard up else { return true }
                waiters[id] = waiter
                return false
            }
            if down { waiter() }
            Task {
                // NB: the waiter goes once the work is done, so that they do not pile up.
                _ = await task.result
                _ = lock.withLock { waiters.removeValue(forKey: id) }
            }
        }
    }

    /// After a request failed for a reason not its own: whether the database is reachable now
    /// (a probe of its own, at most ``probeTimeout``), so that a failure the outage caused before
    /// the probe saw it is answered 503, not 500.
    public func confirmUp() async -> Bool {
        guard isUp, configuration != nil else { return isUp }
        do {
            try await probeOnce()
            return true
        } catch {
            markDown(error)
            return false
        }
    }

    // MARK: Watching

    /// Runs the pool and the probe until the service group shuts down.
    public func run() async throws {
        start(lock.withLock { current })
        guard configuration != nil else {
            try? await gracefulShutdown()
            stopPool()
            return
        }
        await withGracefulShutdownHandler {
            await watch()
        } onGracefulShutdown: { [self] in
            lock.withLock { stopping = true }
        }
        stopPool()
    }

    private func watch() async {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                try await within(Self.probeTimeout) { [self] in
                    let connection = try await PostgresConnection.connect(configuration: connectionConfiguration(), id: 0, logger: logger)
                    return Held(connection)
                }.use { connection in
                    markUp()
                    // NB: the database stopping closes this connection: that is noticed at once, not
                    // at the next probe.
                    connection.closeFuture.whenComplete { [self] _ in markDown(DatabaseUnavailable()) }
                    while !Task.isCancelled, !Task.isShuttingDownGracefully, !connection.isClosed {
                        try await within(Self.probeTimeout) { [self] in
                            for try await _ in try await connection.query("SELECT 1", logger: logger).decode(Int.self) {}
                        }
                        try await Task.sleep(for: Self.probeInterval)
                    }
                    if connection.isClosed { throw DatabaseUnavailable() }
                }
            } catch {
                markDown(error)
                try? await Task.sleep(for: Self.probeInterval)
            }
        }
    }

    private func probeOnce() async throws {
        try await within(Self.probeTimeout) { [self] in
            let connection = try await PostgresConnection.connect(configuration: connectionConfiguration(), id: 1, logger: logger)
            defer { Task { try? await connection.close() } }
            for try await _ in try await connection.query("SELECT 1", logger: logger).decode(Int.self) {}
        }
    }

    private func connectionConfiguration() throws -> PostgresConnection.Configuration {
        guard let configuration, let host = configuration.host, let port = configuration.port else {
            throw DatabaseUnavailable()
        }
        var connection = PostgresConnection.Configuration(
            host: host, port: port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: .disable)
        connection.options.connectTimeout = .milliseconds(
            Int64(Self.probeTimeout.components.seconds * 1_000)
                + Self.probeTimeout.components.attoseconds / 1_000_000_000_000_000)
        return connection
    }

    private func markDown(_ error: any Error) {
        let (changed, waiting): (Bool, [@Sendable () -> Void]) = lock.withLock {
            guard !stopping else { return (false, []) }
            defer { up = false; waiters = [:] }
            guard up else { return (false, []) }
            since = Date()
            return (true, Array(waiters.values))
        }
        for waiter in waiting { waiter() }
        guard changed else { return }
        logger.error("the database cannot be reached; answering 503 until it can: \(String(reflecting: error))")
        Gauge(label: "together_database_up").record(0)
    }

    /// The probe reached the database: if it was down, a fresh pool replaces the old one.
    private func markUp() {
        let fresh: PostgresClient? = lock.withLock {
            guard !up, let configuration else { return nil }
            up = true
            since = Date()
            current = PostgresClient(configuration: configuration, backgroundLogger: logger)
            return current
        }
        Gauge(label: "together_database_up").record(1)
        guard let fresh else { return }
        logger.notice("the database is back; serving again with a fresh pool")
        start(fresh)
    }

    /// Runs `client` (its connections live while its `run()` does), ending the pool it replaces.
    private func start(_ client: PostgresClient) {
        let run = Task { await client.run() }
        let old: Task<Void, Never>? = lock.withLock {
            defer { currentRun = run }
            return currentRun
        }
        old?.cancel()
    }

    private func stopPool() {
        lock.withLock { currentRun }?.cancel()
    }
}

/// The database cannot be reached now: answered 503 with `Retry-After`; nothing was changed.
public struct DatabaseUnavailable: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the database cannot be reached" }
}

/// A connection the probe holds, closed when done with.
private struct Held: @unchecked Sendable {
    let connection: PostgresConnection
    init(_ connection: PostgresConnection) { self.connection = connection }

    func use(_ body: (PostgresConnection) async throws -> Void) async throws {
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }
}

/// Set once, by whichever of two racers gets there first.
private final class Latch: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }; return !claimed
        }
    }
    var isClaimed: Bool { lock.withLock { claimed } }
}

/// Runs `body`, throwing ``DatabaseUnavailable`` if it takes longer than `limit` (the body's task is
/// cancelled and left to end on its own).
func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let answered = Latch()
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let timer = Locked<Task<Void, Never>?>(nil)
        let task = Task {
            do {
                let value = try await body()
                if answered.claim() { continuation.resume(returning: value) }
            } catch {
                if answered.claim() { continuation.resume(throwing: error) }
            }
            timer.value?.cancel()
        }
        timer.value = Task {
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            if answered.claim() {
                continuation.resume(throwing: DatabaseUnavailable())
                task.cancel()
            }
        }
    }
}
