import Foundation

/// A value that closures running on any thread share, behind a lock: the simulator's and the
/// tests' stand-ins (an in-memory Keychain, an App Group file, an activity list, a counter).
// NB: `Mutex` (Synchronization) is not in the iOS 17 SDK; an NSLock guards the value.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) { stored = value }

    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in place, as one step no other thread can come between; returns what `body` does.
    @discardableResult
    public func update<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&stored) }
    }
}
