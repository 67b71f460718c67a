import Foundation

/// What each of Threshold's processes may do on an iPhone (PLATFORM.md, "What each process may
/// do"), in one place. ``SimulatedPhone`` builds each process's Screen Time client from this
/// table and refuses what it does not allow, so a scenario cannot pass that a phone would fail.
///
/// | process | start a Live Activity | update or end it | open the app | post notifications | shields and monitoring |
/// |---|---|---|---|---|---|
/// | app in the foreground | yes | yes | (it is the app) | yes | yes |
/// | app in the background | no (`ActivityAuthorizationError.visibility`) | yes | no | yes | yes |
/// | monitor extension | no | no | no | yes | yes |
/// | shield configuration extension | no | no | no | no | no (it only draws the shield) |
/// | shield action extension | no | no | no | yes | yes |
/// | widget extension | no | no | no (a widget's link opens it when tapped) | no | no |
/// | App Intent (`LiveActivityIntent`, in the app's process) | yes | yes | no | yes | yes |
public struct ProcessRules: Hashable, Sendable {
    public let startsLiveActivity: Bool
    public let changesLiveActivity: Bool
    public let opensApp: Bool
    public let postsNotifications: Bool
    public let changesScreenTime: Bool

    /// The table above, by process.
    public static func of(_ process: SimulatedPhone.Process) -> ProcessRules {
        switch process {
        case .app:
            ProcessRules(
                startsLiveActivity: true, changesLiveActivity: true, opensApp: true, postsNotifications: true, changesScreenTime: true)
        case .appInBackground:
            ProcessRules(
                startsLiveActivity: false, changesLiveActivity: true, opensApp: false, postsNotifications: true, changesScreenTime: true)
        case .monitor, .shieldAction:
            ProcessRules(
                startsLiveActivity: false, changesLiveActivity: false, opensApp: false, postsNotifications: true, changesScreenTime: true)
        case .shieldConfiguration, .widget:
            ProcessRules(
                startsLiveActivity: false, changesLiveActivity: false, opensApp: false, postsNotifications: false, changesScreenTime: false)
        case .intent:
            ProcessRules(
                startsLiveActivity: true, changesLiveActivity: true, opensApp: false, postsNotifications: true, changesScreenTime: true)
        }
    }

    /// The table as Markdown rows, for the README and `threshold run --help`.
    public static var table: [String] {
        func mark(_ allowed: Bool) -> String { allowed ? "yes" : "no" }
        let header = [
            "| process | start a Live Activity | update or end it | open the app | post notifications | shields and monitoring |",
            "|---|---|---|---|---|---|",
        ]
        return header
            + SimulatedPhone.Process.allCases.map { process in
                let rules = of(process)
                return "| \(process.displayName) | \(mark(rules.startsLiveActivity)) | \(mark(rules.changesLiveActivity)) | "
                    + "\(mark(rules.opensApp)) | \(mark(rules.postsNotifications)) | \(mark(rules.changesScreenTime)) |"
            }
    }
}

extension SimulatedPhone.Process {
    /// "the monitor extension".
    public var displayName: String {
        switch self {
        case .app: "the app in the foreground"
        case .appInBackground: "the app in the background"
        case .monitor: "the monitor extension"
        case .shieldConfiguration: "the shield configuration extension"
        case .shieldAction: "the shield action extension"
        case .widget: "the widget extension"
        case .intent: "an App Intent"
        }
    }
}
