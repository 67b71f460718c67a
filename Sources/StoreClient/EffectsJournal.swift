import Foundation
import ThresholdCore
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Where the system calls of committed reconciles are put in order, across processes.
///
/// A reconcile decides inside the store's transaction and makes its system calls (ManagedSettings,
/// DeviceActivity, notifications, ActivityKit) after the commit, so no process waits on them for
/// the store (issue 38). Each decision that owes calls has a revision, one more than the last
/// (``OwedEffects``); ``apply(epoch:revision:_:)`` makes a decision's calls under a lock of their own,
/// and only if no later decision's calls have been made: a later decision found these still owed
/// and made them itself, so making them now would put older shields over newer ones. The
/// revision whose calls were all made last is kept (``lastApplied(epoch:)``): a decision that finds the
/// revision it inherits still owed (the process died between the commit and its calls, is making
/// them, or one was refused) makes them again.
///
/// In memory for ``InMemoryStore`` (every reconciler over one store shares it); a small file
/// beside the database, locked with `flock`, for the store on a phone.
///
/// NB: on a phone the lock is a file lock in the App Group, held only while the calls are made;
/// like the store's transaction it must not be held into a suspension (0xdead10cc).
public final class EffectsJournal: @unchecked Sendable {
    /// The last decision whose calls were all made: the store's epoch (``OwedEffects/epoch``: a
    /// store made anew, restored or repaired starts another, and its revisions start again) and the
    /// revision.
    struct Mark: Equatable, Sendable {
        let epoch: String
        let revision: Int

        /// The revision noted made in `epoch`; `nil` for another epoch's mark.
        func revision(in epoch: String) -> Int? { self.epoch == epoch ? revision : nil }
    }

    /// Runs its body holding the lock, handing it the mark as it stands and a way to write one.
    private let locked: @Sendable (_ body: (_ last: Mark?, _ write: (Mark) -> Void) -> Void) -> Void
    private let readLast: @Sendable () -> Mark?

    private init(locked: @escaping @Sendable ((Mark?, (Mark) -> Void) -> Void) -> Void, readLast: @escaping @Sendable () -> Mark?) {
        self.locked = locked
        self.readLast = readLast
    }

    /// Runs `body`, the calls of the decision at `revision`, unless a later decision's calls have
    /// already run; returns whether it ran. `body` says whether every call was made; only then is
    /// the revision noted as made, so calls cut short (the process killed among them) or refused
    /// stay owed, and the next decision makes them again.
    @discardableResult
    public func apply(epoch: String, revision: Int, _ body: () -> Bool) -> Bool {
        var ran = false
        locked { last, write in
            if let made = last?.revision(in: epoch), made >= revision { return }
            ran = true
            if body() { write(Mark(epoch: epoch, revision: revision)) }
        }
        return ran
    }

    /// The revision of `epoch` whose calls were all made last; `nil` when none was, it cannot be
    /// read or it is another epoch's (then the calls still owed are made again, which costs only time).
    public func lastApplied(epoch: String) -> Int? { readLast()?.revision(in: epoch) }

    /// Held in memory: the in-memory store's (every reconciler over it, in any simulated process).
    public static func inMemory() -> EffectsJournal {
        let last = Locked<Mark?>(nil)
        let serial = NSLock()
        return EffectsJournal(locked: { body in serial.withLock { body(last.value) { last.value = $0 } } }, readLast: { last.value })
    }

    /// A file at `url` (the epoch and the revision, as a line of text), and an exclusive `flock` on
    /// it while calls are made; the mark is read and written through the locked descriptor.
    /// A file that cannot be opened or locked does not stop the calls: they are made unordered,
    /// as before there was a journal (the shields' side is the safe one to err on), and nothing
    /// is noted made.
    public static func file(at url: URL) -> EffectsJournal {
        let path = url.path
        let inProcess = NSLock()
        return EffectsJournal(
            locked: { body in
                inProcess.withLock {
                    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                    guard descriptor >= 0 else { return body(nil) { _ in } }
                    defer { close(descriptor) }
                    guard flock(descriptor, LOCK_EX) == 0 else { return body(nil) { _ in } }
                    defer { flock(descriptor, LOCK_UN) }
                    body(mark(in: descriptor)) { write($0, to: descriptor) }
                }
            },
            readLast: {
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return nil }
                defer { close(descriptor) }
                return mark(in: descriptor)
            })
    }

    /// The mark a journal file holds; `nil` for an empty, torn or malformed one (the line is
    /// checked whole).
    private static func mark(in descriptor: Int32) -> Mark? {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let fields = String(decoding: bytes[..<count], as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let revision = Int(fields[1]) else { return nil }
        return Mark(epoch: String(fields[0]), revision: revision)
    }

    /// Writes `mark` in place, on the locked file's own inode (a write by rename would leave the
    /// lock on a file no one else opens). A write cut short reads as a smaller number or none, and
    /// then the owed calls are made again.
    private static func write(_ mark: Mark, to descriptor: Int32) {
        let bytes = Array("\(mark.epoch) \(mark.revision)\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
}
