import ArgumentParser
import Foundation

/// Where the CLI writes files, and the programs it runs.
enum Output {
    /// Makes `folder` (and what leads to it) and checks a file can be written there; a folder
    /// that cannot be written is a misuse (exit 2), said before any work is done.
    static func prepare(_ folder: URL, for option: String) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let probe = folder.appendingPathComponent(".threshold-write-check")
            try Data().write(to: probe)
            try FileManager.default.removeItem(at: probe)
        } catch {
            throw ValidationError("\(option) \(folder.path) cannot be written: \(error.localizedDescription)")
        }
    }

    /// The `threshold` executable, to run a worker: this process, or (in a test) the one built
    /// beside the test binary.
    static func executable() throws -> URL {
        let this = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if this.lastPathComponent == "threshold" { return this }
        let candidates = [this.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("threshold") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw ValidationError("the threshold executable to run workers is not built (swift build), or use --in-process")
        }
        return found
    }
}
