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
        let counter = Locked(0)
        return IDGenerator { kind in "\(prefix)\(kind)-\(counter.update { $0 += 1; return $0 })" }
    }
}
