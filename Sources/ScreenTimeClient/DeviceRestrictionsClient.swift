import Foundation
import ThresholdCore

/// Sets the device-wide settings the restrictions in force ask for (`denyAppRemoval`,
/// `requireAutomaticDateAndTime`, `denyAppInstallation`), in a named store of their own so that
/// clearing shields never clears them and the other way round.
///
/// A separate interface from ``ScreenTimeClient`` so that it can be added without changing the
/// reconciler: `EntryPoints.Runtime` applies it after each reconcile (see `DeviceRestrictions`).
public struct DeviceRestrictionsClient: Sendable {
    /// Replaces what the restrictions store holds with exactly `restrictions`.
    public var apply: @Sendable (_ restrictions: DeviceRestrictions) throws -> Void

    public init(apply: @escaping @Sendable (DeviceRestrictions) throws -> Void) {
        self.apply = apply
    }

    /// The named store that holds them: not one of the engine's shield stores.
    public static let storeName = "device-restrictions"

    /// Traps when used: for tests that must not touch device restrictions.
    public static let unimplemented = DeviceRestrictionsClient(apply: { _ in unimplementedEndpoint("applyDeviceRestrictions") })
}
