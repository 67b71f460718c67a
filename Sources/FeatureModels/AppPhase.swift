/// Whether the app is on screen, as SwiftUI's `scenePhase` reports it; a view passes each change
/// to the models that care (FeatureModels does not import SwiftUI).
public enum AppPhase: Hashable, Sendable {
    /// In the foreground, taking input.
    case active
    /// On screen without input: Control Centre or Notification Centre pulled down, a call's
    /// banner, the app switcher on its way.
    case inactive
    /// Off screen: the person left the app, and iOS may suspend it.
    case background
}
