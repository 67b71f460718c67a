import Foundation

/// Whether the person lets Threshold post notifications (`UNAuthorizationStatus`, read as what
/// it means here). A shield cannot open the app; its follow-up notification is the only way in,
/// so with notifications off the shield tells the person to open Threshold themselves.
public enum NotificationPermission: String, Hashable, Codable, Sendable, CaseIterable {
    /// Not asked yet: onboarding asks, on a screen that says why.
    case notDetermined
    /// Refused in the prompt or turned off in Settings.
    case denied
    /// Allowed (fully, provisionally or for the session): notifications are delivered.
    case allowed

    /// Whether a posted notification reaches the person.
    public var delivers: Bool { self == .allowed }
}
