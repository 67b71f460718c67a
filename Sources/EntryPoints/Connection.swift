import Foundation

/// A value a process builds once, on first use, from a recipe registered at launch.
///
/// For what the system creates with `init()` and so cannot be handed its dependencies: App
/// Intents and widgets. The app (or the widget bundle) registers the recipe in its `init`;
/// building is deferred to first use, and a recipe that fails is tried again next time.
public final class Connection<Value: Sendable>: @unchecked Sendable {
    // NB: `Mutex` (Synchronization) is not in the iOS 17 SDK; an NSLock guards the state.
    private let lock = NSLock()
    private var recipe: (@Sendable () throws -> Value)?
    private var built: Value?

    public init() {}

    /// Registers (or replaces) how to build the value.
    public func connect(_ recipe: @escaping @Sendable () throws -> Value) {
        lock.withLock {
            self.recipe = recipe
            built = nil
        }
    }

    /// The value, built now if need be. Throws ``ConnectionError/notConnected`` before
    /// ``connect(_:)``, and the recipe's error when building fails.
    public func value() throws -> Value {
        try lock.withLock {
            if let built { return built }
            guard let recipe else { throw ConnectionError.notConnected }
            let value = try recipe()
            built = value
            return value
        }
    }
}

/// Why a ``Connection`` has no value. A person meets ``notConnected`` (an App Intent run before
/// the app registered its runtime), said by SystemWords' `StatusWords`; ``notOverridden`` is a
/// mistake in an extension's code, for its log.
public enum ConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    case notConnected
    /// An extension's principal class did not say how to reach the App Group (it must override
    /// its superclass's `connect()` or `openStore()`); named so the log says which.
    case notOverridden(principalClass: String)

    /// Developer-facing: for logs and test failures.
    public var description: String {
        switch self {
        case .notConnected: "not connected yet: the process has not registered how to build it"
        case .notOverridden(let name): "\(name) does not say how to open Threshold's data (it must override connect or openStore)."
        }
    }
}
