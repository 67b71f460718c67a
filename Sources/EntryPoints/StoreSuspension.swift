import Foundation

/// Whether the app's store may take SQLite locks now.
///
/// iOS kills a suspended app that holds a lock on a file in the App Group (0xDEAD10CC), so the
/// app suspends its store when it goes to the background, and a suspended store refuses writes
/// (PLATFORM.md's section on what each process may do). But App Intents and the Live Activity's buttons
/// run in the app's process while it stays in the background: each wakes the store with
/// ``whileAwake(_:)`` for as long as it runs, and the store is suspended again when the last one
/// is done, unless the app has come forward meanwhile.
///
/// The store is awake until the app first goes to the background; `suspend` and `resume` are
/// called only when that changes, never twice in a row.
public final class StoreSuspension: @unchecked Sendable {
    // NB: `Mutex` (Synchronization) is not in the iOS 17 SDK; an NSLock guards the state.
    private let lock = NSLock()
    private let suspend: @Sendable () -> Void
    private let resume: @Sendable () -> Void
    private var inBackground = false
    private var running = 0
    private var suspended = false

    /// `suspend` and `resume` act on every store the process opened (`ThresholdStore.suspendAll`
    /// and `resumeAll` in the app).
    public init(suspend: @escaping @Sendable () -> Void, resume: @escaping @Sendable () -> Void) {
        self.suspend = suspend
        self.resume = resume
    }

    /// Whether the store is suspended now.
    public var isSuspended: Bool { lock.withLock { suspended } }

    /// The app went to the background: the store is suspended unless an intent is running.
    public func appMovedToBackground() { change { $0.inBackground = true } }

    /// The app came forward (or is active again): the store is awake.
    public func appMovedToForeground() { change { $0.inBackground = false } }

    /// Runs `body` with the store awake: what an App Intent does for as long as it runs.
    public func whileAwake<T>(_ body: () async throws -> T) async rethrows -> T {
        change { $0.running += 1 }
        defer { change { $0.running -= 1 } }
        return try await body()
    }

    private func change(_ update: (StoreSuspension) -> Void) {
        lock.withLock {
            update(self)
            let wanted = inBackground && running == 0
            guard wanted != suspended else { return }
            suspended = wanted
            // NB: called under the lock, so a suspend and a resume can never pass each other.
            if wanted { suspend() } else { resume() }
        }
    }
}
