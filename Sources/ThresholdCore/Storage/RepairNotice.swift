import Foundation

/// Something the last reconcile could not do or could not trust. Shields stay as last applied
/// (or stricter); the app shows the notice and the way to repair it.
public struct RepairNotice: Hashable, Codable, Sendable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The wall clock disagrees with elapsed time: restrictions hold at both readings.
        case clockMoved
        /// Screen Time refused a shield change; the rest were applied.
        case shieldsNotApplied
        /// DeviceActivity refused a registration; boundaries may be reached late.
        case monitoringFailed
        /// More was selected than iOS can shield (see ``CapacityError``).
        case capacity
        /// Screen Time access is not granted; iOS enforces nothing.
        case notAuthorized
        /// A notification could not be posted or a Live Activity updated.
        case surfaceFailed
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}
