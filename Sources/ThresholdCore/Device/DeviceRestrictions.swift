import Foundation

/// Device-wide settings a locked restriction adds while it is in force: no app can be deleted,
/// Threshold included (`application.denyAppRemoval`; iOS applies it to every app on the device,
/// so the profile editor says so where Beast Mode is chosen) and the clock cannot be set by hand
/// (`dateAndTime.requireAutomaticDateAndTime`).
///
/// Deleting the app removes every restriction it set, and moving the clock ends DeviceActivity
/// intervals early (PLATFORM.md), so a locked session (Beast Mode) closes both doors until it
/// ends by itself. Gentler strictness leaves them open: the person chose a threshold they can
/// cross, not a lock.
public struct DeviceRestrictions: Hashable, Codable, Sendable, CustomStringConvertible {
    public var denyAppRemoval: Bool
    public var requireAutomaticDateAndTime: Bool

    public init(denyAppRemoval: Bool, requireAutomaticDateAndTime: Bool) {
        self.denyAppRemoval = denyAppRemoval
        self.requireAutomaticDateAndTime = requireAutomaticDateAndTime
    }

    /// Nothing beyond the shields.
    public static let none = DeviceRestrictions(denyAppRemoval: false, requireAutomaticDateAndTime: false)
    /// What a locked restriction in force asks for.
    public static let locked = DeviceRestrictions(denyAppRemoval: true, requireAutomaticDateAndTime: true)

    /// What the restrictions in force ask for: ``locked`` while any profile or gate at locked
    /// strictness is in force (whatever its grants or breaks: a locked rule accepts none),
    /// ``none`` otherwise.
    public static func required(by enforcement: Enforcement, in state: ThresholdState) -> DeviceRestrictions {
        let locked = enforcement.rules.contains { rule in
            switch rule.rule {
            case .profile(let id): state.profile(id)?.strictness == .locked
            case .gate(let id): state.gates.first { $0.id == id }?.strictness == .locked
            case .intention, .tutorial: false
            }
        }
        return locked ? .locked : .none
    }

    public var description: String {
        switch (denyAppRemoval, requireAutomaticDateAndTime) {
        case (false, false): "none"
        case (true, true): "app removal denied, automatic date and time required"
        case (true, false): "app removal denied"
        case (false, true): "automatic date and time required"
        }
    }
}
