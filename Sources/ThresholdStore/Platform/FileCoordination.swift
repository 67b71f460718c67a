import Foundation
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

// Every platform difference of the store lives in this file.

/// Runs `body` while no other Threshold process opens, migrates or rebuilds the database at
/// `url`, so that two processes starting at once cannot both create the schema.
///
/// On Apple platforms this is an `NSFileCoordinator` write coordination, as GRDB's "Sharing a
/// Database" guide recommends for App Group containers. Elsewhere (Linux: the simulator, the
/// CLI and the tests) it is an exclusive `flock` on a `.lock` file next to the database.
func coordinated<T>(_ url: URL, _ body: () throws -> T) throws -> T {
    #if canImport(Darwin)
    let coordinator = NSFileCoordinator(filePresenter: nil)
    var coordinatorError: NSError?
    var outcome: Result<T, any Error>?
    coordinator.coordinate(writingItemAt: url, options: .forMerging, error: &coordinatorError) { _ in
        outcome = Result { try body() }
    }
    if let coordinatorError { throw coordinatorError }
    return try outcome!.get()
    #else
    // NB: swift-corelibs-foundation has no NSFileCoordinator; flock gives the same exclusion
    // between processes on one machine, which is all the tests and the simulator need.
    let lockPath = url.path + ".lock"
    let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: lockPath])
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else { throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: lockPath]) }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
    #endif
}

/// The files SQLite keeps for a database in WAL mode: the database, its write-ahead log and
/// its shared-memory index (and, off Apple platforms, the coordination lock).
func companionFiles(of url: URL) -> [URL] {
    ["", "-wal", "-shm"].map { URL(fileURLWithPath: url.path + $0) }
}

/// Moves `source` over `destination` in one step (POSIX `rename`), replacing it if it exists.
// NB: swift-corelibs-foundation's `FileManager.replaceItemAt` fails with "The file doesn't
// exist" on Linux; `rename` is atomic and behaves the same on every platform.
func replaceFile(at destination: URL, with source: URL) throws {
    guard rename(source.path, destination.path) == 0 else {
        throw CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: destination.path,
                NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
            ])
    }
}
