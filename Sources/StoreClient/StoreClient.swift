import Foundation
import ThresholdCore

/// The App Group's one source of truth, as every process sees it: the app, the monitor, the
/// shield extensions and the widgets all read and write through this interface.
///
/// The live implementation is SQLite through GRDB (`ThresholdStore`), which the Xcode targets
/// wire in; iOS-only modules depend on this interface only.
public protocol StoreClient: Sendable {
    /// A consistent snapshot of the stored state.
    func read() throws -> StoredState

    /// Reads the state, runs `body`, then saves what it changed and appends the events it
    /// recorded, all in one transaction serialised across processes. When `body` throws,
    /// nothing is saved.
    func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T

    /// Where committed reconciles' system calls are put in order across every process that
    /// opens this store (``EffectsJournal``).
    var effects: EffectsJournal { get }

    /// Events from the append-only log, oldest first.
    func events(_ query: EventQuery) throws -> [LoggedEvent]

    /// Sessions that started in `[start, end)`, from the whole history (not only the live and
    /// recent ones `read()` returns), oldest first.
    func sessions(startingFrom start: Date, until end: Date) throws -> [Session]

    /// The whole store as a ``Backup`` document (pretty-printed JSON), naming the device it was
    /// taken on (`deviceID`) when the app knows it.
    func exportBackup(deviceID: String?) throws -> Data

    /// Imports a backup into a store that holds nothing a person made or did (a fresh install),
    /// after reading it strictly (``BackupReader``); on any error nothing changes.
    func importBackup(_ data: Data, deviceID: String?) throws -> ImportReport
}

extension StoreTransaction {
    /// Checks that the balances moved only by the entries posted since `before`: the cached
    /// balances must stay the sum of the log. A store calls this before it saves.
    public func checkBalances(from before: Balances) throws {
        let posted = recorded.compactMap { recorded -> LedgerEntry? in
            if case .ledger(let entry) = recorded.event { return entry }
            return nil
        }
        let expected = try posted.reduce(before) { try $0.applying($1) }
        guard expected == state.balances else {
            throw StoreError.failed("the balances changed without a ledger entry (post an entry instead)")
        }
    }
}

/// Why the store could not do what was asked. Callers fail closed: shields stay as they are.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file is unreadable, truncated or not a database.
    case corrupt(String)
    /// The database was written by a newer version of Threshold.
    case newerVersion(found: Int, supported: Int)
    /// Another process holds the database longer than we can wait.
    case busy
    /// The container or file is missing where it must exist.
    case missing(String)
    /// Anything else the storage layer reported.
    case failed(String)

    /// Developer-facing English, for logs, diagnostics and test failures. A screen or Shortcut
    /// says the failure from a String Catalog in the phone's language: SystemWords'
    /// `StatusWords.storeFailure(_:)` (the same words, the damaged-data banner).
    public var description: String {
        switch self {
        case .corrupt(let detail): "The saved data is damaged (\(detail)). Your shields stay on; repair from Settings."
        case .newerVersion(let found, let supported):
            "The saved data comes from a newer Threshold (schema \(found), this build reads up to \(supported)). Update the app; your shields stay on."
        case .busy: "The saved data is busy in another part of Threshold. Your shields stay on; try again."
        case .missing(let detail): "The saved data is missing (\(detail)). Your shields stay on."
        case .failed(let detail): "Saving failed: \(detail). Your shields stay on."
        }
    }
}

/// Why a request was not done: a rule refused it (nothing changed), or the store failed (nothing
/// was saved; the shields stay as they were). A value: each surface says it (`RefusalWords`).
public enum Problem: Error, Hashable, Sendable {
    case refused(Refusal)
    case store(StoreError)
    /// A notification that had to say something could not be posted (`detail`: iOS's error);
    /// `after` is the refusal it was to tell, if any.
    case notificationFailed(after: Refusal?, detail: String)
    /// Reading the plan from the App Store granted nothing, or could not be done: what it says.
    case plan([PlanNotice])
    /// A backup file could not be imported.
    case backup(BackupError)

    /// The problem an error thrown while doing a request stands for.
    public init(_ error: any Error) {
        switch error {
        case let error as ValidationError: self = .refused(error.refusal)
        case let error as StoreError: self = .store(error)
        case let error as BackupError: self = .backup(error)
        case let problem as Problem: self = problem
        default: self = .refused(.unexpected(String(describing: error)))
        }
    }

    /// The rule's refusal, when a rule refused it.
    public var refusal: Refusal? {
        if case .refused(let refusal) = self { return refusal }
        return nil
    }

    /// Whether only Threshold Pro lifts it (the screen offers the paywall beside it).
    public var needsPro: Bool { refusal?.needsPro ?? false }
}
