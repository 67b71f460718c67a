import SwiftUI

/// What "See Threshold Pro" does beside a refusal only Pro lifts: the app's root shows the paywall
/// (`AppModel.showPaywall`). `nil` where no paywall can be shown (previews), and the button hides.
private struct ShowPaywallKey: EnvironmentKey {
    static let defaultValue: (@MainActor @Sendable () -> Void)? = nil
}

extension EnvironmentValues {
    public var showPaywall: (@MainActor @Sendable () -> Void)? {
        get { self[ShowPaywallKey.self] }
        set { self[ShowPaywallKey.self] = newValue }
    }
}
