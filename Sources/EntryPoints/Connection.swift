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

public enum ConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    case notConnected

    public var description: String { "Threshold is still starting; try again in a moment." }
}
