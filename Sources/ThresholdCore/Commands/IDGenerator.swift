import Foundation

/// Mints identifiers for what commands create (sessions, breaks, grants).
///
/// Injected so that Core stays free of randomness: the app passes one built on `UUID()`, tests
/// and the simulator a counting one, which makes every run repeatable.
public struct IDGenerator: Sendable {
    private let mint: @Sendable (_ kind: String) -> String

    public init(_ mint: @escaping @Sendable (_ kind: String) -> String) {
        self.mint = mint
    }

    /// A new identifier; `kind` ("session", "grant", "break") may appear in it.
    public func next<Subject>(_ kind: String) -> Identifier<Subject> {
        Identifier(mint(kind))
    }

    /// `session-1`, `grant-2`, `break-3`, …: one counter shared by every kind, safe to share
    /// between the simulator's processes.
    public static func counting(prefix: String = "") -> IDGenerator {
        let counter = Counter()
        return IDGenerator { kind in "\(prefix)\(kind)-\(counter.next())" }
    }

    private final class Counter: @unchecked Sendable {
        // NB: `Mutex` (Synchronization) is not in the iOS 17 SDK; an NSLock guards the count.
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}
