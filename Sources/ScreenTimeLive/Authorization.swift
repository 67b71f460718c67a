import FamilyControls
import Foundation
import ScreenTimeClient

/// Screen Time authorization for `.individual` (the person manages their own device).
public enum Authorization {
    /// `AuthorizationCenter.shared.authorizationStatus`, as the interface names it.
    static func status() -> InterfaceAuthorizationStatus {
        switch AuthorizationCenter.shared.authorizationStatus as FamilyControls.AuthorizationStatus {
        case .approved: .approved
        case .denied: .denied
        case .notDetermined: .notDetermined
        @unknown default: .notDetermined
        }
    }

    /// Asks the person; throws an ``AuthorizationFailure`` saying what went wrong.
    static func request() async throws -> InterfaceAuthorizationStatus {
        do {
            try await AuthorizationCenter.shared.requestAuthorization(for: .individual)
        } catch let error as FamilyControlsError {
            throw failure(error)
        } catch {
            throw AuthorizationFailure.other
        }
        return status()
    }

    static func failure(_ error: FamilyControlsError) -> AuthorizationFailure {
        switch error {
        case .authorizationCanceled: .canceled
        case .restricted: .restricted
        case .unavailable: .unavailable
        case .invalidAccountType: .invalidAccountType
        case .authenticationMethodUnavailable: .noPasscode
        case .networkError: .network
        case .authorizationConflict: .conflict
        case .invalidArgument: .other
        @unknown default: .other
        }
    }
}

/// Checks Screen Time access on every foreground and tells a revocation from a first refusal
/// (PLATFORM.md: the person can revoke it in Settings at any time; iOS then enforces nothing).
///
/// Whether access was ever approved is kept in the App Group, so the extensions and the app agree.
public struct AuthorizationWatch: @unchecked Sendable {
    // NB: `UserDefaults` is thread-safe but not marked `Sendable` in the iOS 17 SDK.
    private let defaults: UserDefaults
    private static let key = "authorization.wasApproved"

    public init(defaults: UserDefaults) { self.defaults = defaults }

    /// The verdict now; a `notDetermined` reading after approval is read again a few times first.
    public func check() async -> AuthorizationVerdict {
        let verdict = await AuthorizationTracking.check(
            wasApproved: defaults.bool(forKey: Self.key),
            read: Authorization.status,
            pause: { try? await Task.sleep(for: AuthorizationTracking.confirmationInterval) })  // A cancelled pause just reads sooner.
        if verdict == .approved { defaults.set(true, forKey: Self.key) }
        return verdict
    }

    /// A verdict for every change iOS announces while the app runs (from one reading each; call
    /// ``check()`` before acting on a revocation).
    public func changes() -> AsyncStream<AuthorizationVerdict> {
        let wasApproved = defaults.bool(forKey: Self.key)
        return AsyncStream { continuation in
            let task = Task { @MainActor in
                for await _ in AuthorizationCenter.shared.$authorizationStatus.values {
                    continuation.yield(AuthorizationTracking.verdict(readings: [Authorization.status()], wasApproved: wasApproved))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
