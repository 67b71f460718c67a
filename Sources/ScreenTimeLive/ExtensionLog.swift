import Foundation
import os

/// The unified log for Threshold's extensions (Console.app, subsystem `app.threshold`): what an
/// extension could not do, since it has no screen to say it on.
public struct ExtensionLog: @unchecked Sendable {
    // NB: `OSLog` is immutable and thread-safe but not marked `Sendable` in the iOS 17 SDK.
    private let log: OSLog

    public init(category: String) {
        log = OSLog(subsystem: "app.threshold", category: category)
    }

    // NB: `Logger`'s interpolated messages do not compile with the Linux cross-compiler against
    // the iOS 17.0 SDK; `os_log` with a format string logs the same way.
    public func error(_ message: String) { os_log("%{public}@", log: log, type: .error, message) }
    public func notice(_ message: String) { os_log("%{public}@", log: log, type: .default, message) }
}
