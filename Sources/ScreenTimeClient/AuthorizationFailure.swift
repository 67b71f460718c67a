import Foundation

/// Why asking for Screen Time access failed, in the words of `FamilyControlsError`, with what the
/// person can do about it. The live client throws these from `requestAuthorization`; onboarding
/// shows ``message`` and offers ``canRetry``.
public enum AuthorizationFailure: Error, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// The person closed the request without allowing it.
    case canceled
    /// Screen Time is restricted on this device (a parent or a management profile controls it).
    case restricted
    /// The device cannot use Screen Time for this app (for example, not an iPhone or iPad).
    case unavailable
    /// The Apple Account is not one Screen Time accepts (a child's account without a guardian, or none).
    case invalidAccountType
    /// There is no device passcode, which Screen Time needs.
    case noPasscode
    /// Enrolling needs the network and could not reach it.
    case network
    /// Another app holds the same kind of authorization.
    case conflict
    /// Anything else iOS reported (including a build without the Family Controls entitlement).
    case other
    /// iOS's request ended without an error and access did not turn on (iOS 26 on some iPhones,
    /// whose Settings › Screen Time lists no app with access: awaseem/foqos#199). iOS reports no
    /// such error: onboarding reads it from access after the request.
    case notGranted

    public var message: String {
        switch self {
        case .canceled: "You closed the Screen Time request. Threshold needs it to shield apps; ask again when you are ready."
        case .restricted:
            "Screen Time is restricted on this iPhone (by a parent or a management profile). Ask whoever manages it, then try again."
        case .unavailable: "Screen Time is not available to Threshold on this device."
        case .invalidAccountType: "Sign in to iCloud with your own Apple Account (Settings › your name), then try again."
        case .noPasscode: "Screen Time needs a device passcode. Set one in Settings › Face ID & Passcode, then try again."
        case .network: "Allowing Screen Time needs the internet once. Connect, then try again."
        case .conflict:
            "Another app already manages Screen Time here in a way that conflicts. Remove its access in Settings › Screen Time, then try again."
        case .other: "Screen Time access could not be granted. Try again; if it keeps failing, reinstall Threshold."
        case .notGranted:
            "iOS finished asking, but Screen Time access did not turn on. Check Settings › Screen Time › Apps with Screen Time Access; if Threshold is not there, restart your iPhone, then try again."
        }
    }

    /// Whether trying again without changing anything else can succeed.
    public var canRetry: Bool {
        switch self {
        case .canceled, .network, .other: true
        case .restricted, .unavailable, .invalidAccountType, .noPasscode, .conflict, .notGranted: false
        }
    }

    public var description: String { message }

    /// What FamilyControls itself can throw from a request (all but ``notGranted``).
    public static let thrownByiOS = allCases.filter { $0 != .notGranted }
}
