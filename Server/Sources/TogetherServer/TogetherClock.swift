import Foundation

/// Where the server reads the time: the system's in production, a hand-set one in tests (and for the
/// simulated phones' virtual clock).
public protocol TogetherClock: Sendable {
    var now: Date { get }
}

/// The system's clock.
public struct SystemClock: TogetherClock {
    public init() {}
    public var now: Date { Date() }
}

/// A clock that moves only when told.
public final class ManualClock: TogetherClock, @unchecked Sendable {
    // NB: NSLock rather than Synchronization.Mutex, which needs macOS 15 and the package says 14.
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date) { self.current = start }

    public var now: Date { lock.withLock { current } }

    public func set(_ date: Date) { lock.withLock { current = date } }
    public func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}
