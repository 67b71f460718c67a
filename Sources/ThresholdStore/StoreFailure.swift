import Foundation
import GRDB
import StoreClient

/// An error thrown by the caller's body inside `write`: passed back unchanged.
struct BodyFailure: Error {
    let underlying: any Error
}

/// Runs `body`, translating what SQLite, GRDB and the file system report into `StoreError`;
/// errors a write's body threw, and a backup's refusal, pass through as they were.
func translatingFailures<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let failure as BodyFailure {
        throw failure.underlying
    } catch let error as BackupError {
        throw error
    } catch {
        throw StoreError(reading: error)
    }
}

extension StoreError {
    /// The store's reading of a lower-level error.
    init(reading error: any Error) {
        switch error {
        case let error as StoreError:
            self = error
        case let error as DatabaseError:
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                self = .busy
            // NB: a database suspended for the app's suspension (GRDB's
            // `observesSuspensionNotifications`) answers with these; it is busy, not broken.
            case .SQLITE_INTERRUPT, .SQLITE_ABORT:
                self = .busy
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                self = .corrupt(error.message ?? "\(error.resultCode)")
            case .SQLITE_CANTOPEN:
                self = .missing(error.message ?? "the database cannot be opened")
            default:
                self = .failed(error.message ?? "\(error.resultCode)")
            }
        case let error as DecodingError:
            self = .corrupt(error.readable)
        case let error as CocoaError where error.code == .fileNoSuchFile || error.code == .fileReadNoSuchFile:
            self = .missing(error.localizedDescription)
        default:
            self = .failed(String(describing: error))
        }
    }
}
