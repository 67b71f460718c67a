import Foundation

/// Where the CLI writes: standard output, or a buffer when a test drives the commands.
public final class Console: @unchecked Sendable {
    // NB: an NSLock guards the buffer; `Mutex` is not in the iOS 17 SDK and this module shares
    // habits with those that build there.
    private let lock = NSLock()
    private var buffer: String?

    /// Writes to standard output.
    public init() { buffer = nil }

    /// Collects what is written (for tests).
    public static func capturing() -> Console {
        let console = Console()
        console.buffer = ""
        return console
    }

    @TaskLocal public static var current = Console()

    public func line(_ text: String = "") {
        lock.withLock {
            if buffer != nil { buffer! += text + "\n" } else { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
        }
    }

    /// Writes to standard error (or the buffer).
    public func error(_ text: String) {
        lock.withLock {
            if buffer != nil { buffer! += text + "\n" } else { FileHandle.standardError.write(Data((text + "\n").utf8)) }
        }
    }

    /// Everything captured so far.
    public var captured: String { lock.withLock { buffer ?? "" } }
}
