import Foundation

/// What the app should say about Screen Time access after looking at it: never asked, granted,
/// refused, or revoked after it had been granted (iOS then enforces nothing and voids every token).
public enum AuthorizationVerdict: String, Hashable, Codable, Sendable, CaseIterable {
    case notYetAsked
    case approved
    case denied
    /// Granted before and not any more: the person turned it off in Settings.
    case revoked
}

/// Reads Screen Time access the way PLATFORM.md says it must be read: on every foreground, and
/// not trusting one `notDetermined` reading from someone who was approved before (iOS reports it
/// briefly while it reloads the authorization).
public struct AuthorizationTracking: Sendable {
    /// Readings taken after a suspicious `notDetermined` before it is believed.
    public static let confirmingReadings = 3
    /// The pause between those readings.
    public static let confirmationInterval: Duration = .milliseconds(400)

    /// The verdict from successive readings (oldest first) and whether access was ever approved.
    /// An `approved` reading wins; otherwise the last reading counts, and one that is no longer
    /// approved for someone who was approved is a revocation.
    public static func verdict(readings: [AuthorizationStatus], wasApproved: Bool) -> AuthorizationVerdict {
        if readings.contains(.approved) { return .approved }
        guard let last = readings.last else { return wasApproved ? .revoked : .notYetAsked }
        if wasApproved { return .revoked }
        return last == .denied ? .denied : .notYetAsked
    }

    /// Whether a reading needs confirming before it is believed.
    public static func needsConfirmation(_ reading: AuthorizationStatus, wasApproved: Bool) -> Bool {
        wasApproved && reading == .notDetermined
    }

    /// Takes readings until one can be believed: one usually, up to ``confirmingReadings`` more
    /// when `read` says `notDetermined` to someone who was approved.
    public static func check(
        wasApproved: Bool, read: () -> AuthorizationStatus,
        pause: () async -> Void
    ) async -> AuthorizationVerdict {
        var readings = [read()]
        while let last = readings.last, needsConfirmation(last, wasApproved: wasApproved),
            readings.count <= confirmingReadings
        {
            await pause()
            readings.append(read())
        }
        return verdict(readings: readings, wasApproved: wasApproved)
    }
}
