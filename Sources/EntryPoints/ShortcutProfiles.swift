import Foundation
import StoreClient
import ThresholdCore
import ThresholdRuntime

/// What Siri and Shortcuts were last told about the profiles, so they are told again exactly
/// when the list changes: a profile added, deleted, renamed or given another emoji.
///
/// iOS offers an App Shortcut phrase with a parameter (starting the profile named Work) only for the
/// values it heard of in the last `updateAppShortcutParameters()` (PLATFORM.md). The app's
/// runtime hands this every reconcile's outcome; `update` is that call (App/'s
/// `AppShortcutsProvider`), made at the first reconcile and after each one that changed the list.
public final class ShortcutProfiles: @unchecked Sendable {
    /// A profile as Shortcuts shows it.
    public struct Entry: Hashable, Sendable {
        public let id: String
        public let name: String
        public let emoji: String

        public init(_ profile: Profile) {
            id = profile.id.rawValue
            name = profile.name
            emoji = profile.emoji
        }
    }

    // NB: `Mutex` (Synchronization) is not in the iOS 17 SDK; an NSLock guards the state.
    private let lock = NSLock()
    private let update: @Sendable () -> Void
    private var told: [Entry]?

    public init(update: @escaping @Sendable () -> Void) {
        self.update = update
    }

    /// Whether a reconcile for `trigger` can have changed the profiles: only the app's own
    /// screens edit them (onboarding and Profiles, `Trigger.inApp`); the first foreground reads
    /// them at launch.
    public static func mayChange(_ trigger: Trigger) -> Bool {
        switch trigger {
        case .inApp, .appForeground: true
        default: false
        }
    }

    /// After a reconcile: reads the profiles when the outcome may have changed them, and calls
    /// `update` when they differ from what Shortcuts last heard. A reconcile that failed closed
    /// changed nothing; a store that cannot be read is tried again next time.
    public func observe(_ outcome: ReconcileOutcome, store: any StoreClient) {
        guard Self.mayChange(outcome.trigger), outcome.storeFailure == nil else { return }
        guard let profiles = try? store.read().engine.profiles else { return }
        note(profiles)
    }

    /// Calls `update` when `profiles` differ from what was last told; returns whether it did.
    @discardableResult
    public func note(_ profiles: [Profile]) -> Bool {
        let entries = profiles.map(Entry.init)
        let changed = lock.withLock {
            guard told != entries else { return false }
            told = entries
            return true
        }
        if changed { update() }
        return changed
    }
}
