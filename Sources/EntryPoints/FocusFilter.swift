import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore
import ThresholdRuntime

extension Runtime {
    /// Runs a Focus's filter as iOS does (in the app's process, the app in the background): the
    /// filter is the truth, so each session a Focus started whose profile it no longer names ends,
    /// through the same `EndSession` as every path (Beast Mode refuses, and its session goes on),
    /// and the profile it names starts (origin `.focus`), unless it is on already.
    ///
    /// A filter has no screen: what it could not do (Beast Mode kept on, a start refused) is told in
    /// a notification that leads to the session; if even that cannot be posted, ``FocusFilterResult/problem``
    /// says so and the intent reports it. A refused start changes nothing (fail closed).
    @discardableResult
    public func applyFocusFilter(_ setting: FocusFilterSetting) -> FocusFilterResult {
        // NB: always a result: the command follows the filter whatever was followed before.
        follow(setting, onlyIfChanged: false)!
    }

    /// Follows the Focus as iOS has it now (`current`: what `SetFocusFilterIntent.current` reads),
    /// when it differs from the filter Threshold last followed: iOS has been reported to run a
    /// filter as its Focus turns on and not as it turns off, or not at all in the background
    /// (feedback-assistant/reports#461, #588; home-assistant/iOS#5656), so whatever of Threshold's
    /// runs next in the app's process (its foreground, an App Intent) does what the filter would
    /// have. `nil` when nothing changed, which costs one read.
    @discardableResult
    public func followFocus(_ current: FocusFilterSetting) -> FocusFilterResult? {
        // NB: an unreadable store is the reconcile's to fail closed on; it runs, and says so.
        if let stored = try? reconciler.store.read(), (stored.applied.focusFilter ?? .off) == current { return nil }
        return follow(current, onlyIfChanged: true)
    }

    private func follow(_ setting: FocusFilterSetting, onlyIfChanged: Bool) -> FocusFilterResult? {
        let (done, result) = reconcile(.focusFilter, returning: ApplyFocusFilter(setting, onlyIfChanged: onlyIfChanged))
        if let result, !result.followed { return nil }
        let kept = result?.kept ?? []
        var notes: [LocalNotification] = []
        let refused = result?.refused.map { Problem.refused($0.refusal) } ?? done.problem
        if let problem = refused {
            // NB: time-sensitive, so the Focus that just turned on does not hold back that it protects nothing.
            notes.append(
                LocalNotification(
                    id: "focus:refused:\(setting.profile?.rawValue ?? "off")",
                    .focusCouldNotStart(reason: problem.refusal ?? .unexpected("\(problem)")),
                    destination: .session(setting.profile), interruption: .timeSensitive))
        }
        for session in kept {
            notes.append(
                LocalNotification(
                    id: "focus:kept:\(session.profile)", .beastModeKeepsGoing(reason: session.reason),
                    destination: .session(session.profile)))
        }
        do {
            for note in notes { try screenTime.postNotification(note) }
            return FocusFilterResult(reconciliation: done, refused: refused, kept: kept.map(\.profile), notifications: notes, problem: nil)
        } catch {
            return FocusFilterResult(
                reconciliation: done, refused: refused, kept: kept.map(\.profile), notifications: [],
                problem: .notificationFailed(after: refused?.refusal ?? kept.first?.reason, detail: "\(error)"))
        }
    }
}

/// What running a Focus's filter did.
public struct FocusFilterResult: Sendable {
    public let reconciliation: Reconciliation
    /// Why the profile the filter names did not start (a rule's refusal; nothing of the filter was
    /// done), or why nothing could be saved; `nil` when it was followed.
    public let refused: Problem?
    /// Sessions a Focus started that its turning off did not end (Beast Mode).
    public let kept: [ProfileID]
    /// What the person was told: a refused start, Beast Mode kept on.
    public let notifications: [LocalNotification]
    /// What could not be told (the notification failed); the intent reports it.
    public let problem: Problem?
}

/// A Focus's filter made the truth: each session a Focus started whose profile the filter no
/// longer names ends (Beast Mode refuses, and its session goes on), and the profile it names
/// starts, unless it is on already. The filter is then the one followed
/// (``AppliedRecord/focusFilter``), even when its start is refused: a refused start undoes the
/// whole change, ends included, and is returned, not thrown, so that it is told once and not
/// again at every entry that reads the same Focus.
public struct ApplyFocusFilter: StateCommand {
    public let setting: FocusFilterSetting
    /// Only when it differs from the filter last followed (``Runtime/followFocus(_:)``).
    public let onlyIfChanged: Bool

    public init(_ setting: FocusFilterSetting, onlyIfChanged: Bool = false) {
        self.setting = setting
        self.onlyIfChanged = onlyIfChanged
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws -> Outcome {
        if onlyIfChanged, (transaction.state.applied.focusFilter ?? .off) == setting { return Outcome(followed: false) }
        let before = transaction
        var kept: [Kept] = []
        do {
            let running = transaction.state.engine.sessions.filter { $0.isRunning(at: context.now) }
            let byFocus = Set(running.filter { $0.origin == .focus }.map(\.profileID)).sorted()
            for profile in byFocus where profile != setting.profile {
                do {
                    try context.run(EndSession(profile: profile), on: &transaction)
                } catch let refusal as ValidationError {
                    kept.append(Kept(profile: profile, reason: refusal.refusal))
                }
            }
            if let profile = setting.profile, !running.contains(where: { $0.profileID == profile }) {
                try StartProfile(profile, origin: .focus, length: setting.minutes.map(SessionLength.minutes) ?? .openEnded)
                    .apply(to: &transaction, context: context)
            }
        } catch let refusal as ValidationError {
            transaction = before
            transaction.state.applied.focusFilter = setting
            return Outcome(followed: true, refused: refusal)
        }
        transaction.state.applied.focusFilter = setting
        return Outcome(followed: true, kept: kept)
    }

    /// What following the filter did.
    public struct Outcome: Sendable {
        /// Whether the filter was followed (it differed from the last, or had to be followed anyway).
        public var followed: Bool
        /// Sessions a Focus started that the filter could not end (Beast Mode).
        public var kept: [Kept] = []
        /// Why the profile it names could not start; nothing of it was done.
        public var refused: ValidationError?
    }

    /// A session a Focus started that the filter could not end.
    public struct Kept: Sendable {
        public let profile: ProfileID
        public let reason: Refusal
    }
}
