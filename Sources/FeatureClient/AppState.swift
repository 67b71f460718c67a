import EntryPoints
import Foundation
import Observation
import ThresholdCore
import ThresholdRuntime

/// The state the screens show: what the last reconcile in the app's process saved, published the
/// moment it commits, whatever asked for it (a screen, a ritual, a key, a Shortcut, a Live
/// Activity button, a Focus). A screen that derives what it shows from it cannot show a number
/// older than the last change: the change and the state it shows are one commit.
///
/// Made once with the ``AppClient`` at the root; `revision` counts the commits published.
@MainActor @Observable
public final class AppState {
    /// The state the last reconcile saved; `nil` until one has run (the store is read then). A
    /// reconcile that could not save leaves it as it was: the screens keep what they showed.
    public private(set) var stored: StoredState?
    /// Bumped on every reconcile published, saved or not (a failure reloads the screens in front,
    /// which say it).
    public private(set) var revision = 0
    /// The quest or game on screen, told of the app's comings and goings by the one handler
    /// (``AppModel/scenePhaseChanged(to:)``); held weakly, so one no longer shown drops out.
    @ObservationIgnored public weak var inFront: (any FollowsAppPhase)?

    nonisolated public init() {}

    /// Publishes what a reconcile saved.
    public func publish(_ outcome: ReconcileOutcome) {
        if let saved = outcome.saved { stored = saved }
        revision += 1
    }

    /// Publishes a reconcile that ran on any thread of the app's process (an App Intent's runs off
    /// the main actor): at once when it ran on the main thread, as the screens' do, else next.
    nonisolated public func committed(_ outcome: ReconcileOutcome) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { publish(outcome) }
        } else {
            Task { @MainActor in self.publish(outcome) }
        }
    }
}

extension Runtime {
    /// The same runtime, publishing every reconcile's saved state to `state` once it commits.
    package func publishing(to state: AppState) -> Runtime {
        let observe = self.observe
        return Runtime(reconciler: reconciler, restrictions: restrictions) { outcome in
            observe(outcome)
            state.committed(outcome)
        }
    }
}
