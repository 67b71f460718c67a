import Foundation

/// Device-wide settings a restriction adds while it is in force. A locked one: no app can be
/// deleted, Threshold included (`application.denyAppRemoval`; iOS applies it to every app on the
/// device, so the profile editor says so where Beast Mode is chosen) and the clock cannot be set
/// by hand (`dateAndTime.requireAutomaticDateAndTime`). A profile that denies installing apps
/// (Beast Mode's by default; any profile may) hides the App Store while it shields
/// (`application.denyAppInstallation`).
///
/// Deleting the app removes every restriction it set, and moving the clock ends DeviceActivity
/// intervals early (PLATFORM.md), so a locked session (Beast Mode) closes both doors until it
/// ends by itself. Gentler strictness leaves them open: the person chose a threshold they can
/// cross, not a lock.
public struct DeviceRestrictions: Hashable, Codable, Sendable, CustomStringConvertible {
    public var denyAppRemoval: Bool
    public var requireAutomaticDateAndTime: Bool
    public var denyAppInstallation: Bool

    public init(denyAppRemoval: Bool, requireAutomaticDateAndTime: Bool, denyAppInstallation: Bool = false) {
        self.denyAppRemoval = denyAppRemoval
        self.requireAutomaticDateAndTime = requireAutomaticDateAndTime
        self.denyAppInstallation = denyAppInstallation
    }

    /// Nothing beyond the shields.
    public static let none = DeviceRestrictions(denyAppRemoval: false, requireAutomaticDateAndTime: false)
    /// What a locked restriction in force asks for, installs denied as Beast Mode's are by default.
    public static let locked = DeviceRestrictions(denyAppRemoval: true, requireAutomaticDateAndTime: true, denyAppInstallation: true)

    /// What the restrictions in force ask for: app removal denied and automatic time while any
    /// profile or gate at locked strictness is in force (whatever its grants or breaks: a locked
    /// rule accepts none); app installation denied while a profile that denies it shields (a
    /// break or an unlock of everything it holds lifts that too, unless it is locked) or a locked
    /// gate is in force.
    public static func required(by enforcement: Enforcement, in state: ThresholdState) -> DeviceRestrictions {
        var wanted = DeviceRestrictions.none
        // By id, once: the monitor's callback decides these, and a lookup per rule in force through
        // the lists grew with rules × profiles (as in `LiveActivityContent.current`).
        let profiles = Dictionary(state.profiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let gates = Dictionary(state.gates.map { ($0.id, $0.strictness) }, uniquingKeysWith: { first, _ in first })
        for rule in enforcement.rules {
            let strictness: Strictness?
            switch rule.rule {
            case .profile(let id):
                guard let profile = profiles[id] else { continue }
                strictness = profile.strictness
                let lifted: Bool =
                    switch rule.status {
                    case .granted, .onBreak: true
                    case .enforcing, .partlyLifted: false
                    }
                if profile.strict.deniesAppInstallation, profile.strictness == .locked || !lifted { wanted.denyAppInstallation = true }
            case .gate(let id):
                // A gate has no options of its own: a locked one denies installs, as Beast Mode does by default.
                strictness = gates[id]
                if strictness == .locked { wanted.denyAppInstallation = true }
            case .intention, .tutorial: strictness = nil
            }
            if strictness == .locked {
                wanted.denyAppRemoval = true
                wanted.requireAutomaticDateAndTime = true
            }
        }
        return wanted
    }

    private enum CodingKeys: String, CodingKey { case denyAppRemoval, requireAutomaticDateAndTime, denyAppInstallation }

    /// Reads what an earlier build saved too (it had no app installation setting).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            denyAppRemoval: try c.decode(Bool.self, forKey: .denyAppRemoval),
            requireAutomaticDateAndTime: try c.decode(Bool.self, forKey: .requireAutomaticDateAndTime),
            denyAppInstallation: try c.decodeIfPresent(Bool.self, forKey: .denyAppInstallation) ?? false)
    }

    public var description: String {
        let parts = [
            denyAppRemoval ? "app removal denied" : nil, requireAutomaticDateAndTime ? "automatic date and time required" : nil,
            denyAppInstallation ? "app installation denied" : nil,
        ].compactMap { $0 }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
