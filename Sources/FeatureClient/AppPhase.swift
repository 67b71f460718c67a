/// Whether the app is on screen, as SwiftUI's `scenePhase` reports it. The root view passes each
/// change to ``AppModel/scenePhaseChanged(to:)``, the one place the app handles it (FeatureClient
/// does not import SwiftUI).
public enum AppPhase: Hashable, Sendable {
    /// In the foreground, taking input.
    case active
    /// On screen without input: Control Centre or Notification Centre pulled down, a call's
    /// banner, the app switcher on its way.
    case inactive
    /// Off screen: the person left the app, and iOS may suspend it.
    case background
}

/// A screen model that follows the app's comings and goings (a quest, a game: leaving the app is
/// leaving it). It puts itself in front (``AppState/inFront``) when made, and the app's one
/// handler tells it each change, after the store's locks and before the foreground's reconcile.
@MainActor
public protocol FollowsAppPhase: AnyObject {
    func scenePhaseChanged(to phase: AppPhase)
}
