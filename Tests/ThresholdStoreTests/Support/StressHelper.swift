import Foundation
import Testing

/// The `threshold-store-stress` executable, run as a separate OS process.
struct StressHelper {
    let process = Process()
    private let output = Pipe()

    /// Starts the helper with `arguments`.
    init(_ arguments: String...) throws {
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
    }

    /// The helper sits next to the test binary in the build folder.
    static func executable() throws -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [
            testBinary.deletingLastPathComponent(), Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        .map { $0.appendingPathComponent("threshold-store-stress") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "build threshold-store-stress first (swift build)")
    }

    /// Blocks until the helper prints a line containing `text`, or fails after `seconds`.
    func waitFor(_ text: String, seconds: TimeInterval = 60) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var seen = ""
        while !seen.contains(text) {
            guard Date() < deadline, process.isRunning || !seen.isEmpty else {
                Issue.record("the helper never printed “\(text)”; it printed “\(seen)”")
                throw CancellationError()
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
            seen += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Sends SIGKILL, as iOS does to an extension, and waits for the process to be gone.
    func killNine() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the helper to exit and returns its status.
    func finish() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}
