import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore
import ThresholdRuntime

/// What a Focus's Threshold filter says (`SetFocusFilterIntent`'s parameters): the profile to
/// run while the Focus is on, and for how long at most. iOS runs the filter when its Focus turns
/// on, with what the person set in Settings › Focus, and when it turns off with nothing set.
public struct FocusFilterSetting: Hashable, Codable, Sendable {
    /// The profile the Focus runs; `nil` when the Focus turned off (or names none).
    public let profile: ProfileID?
    /// Ends the session by itself after this many minutes; `nil` runs it while the Focus is on.
    public let minutes: Int?

    public init(profile: ProfileID?, minutes: Int? = nil) {
        self.profile = profile
        self.minutes = minutes
    }

    /// A Focus turning off: the filter with nothing set.
    public static let off = FocusFilterSetting(profile: nil)
}

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
        // NB: a refused start undoes the whole change, ends included, so nothing was kept on by it.
        let (done, result) = reconcile(.focusFilter, returning: ApplyFocusFilter(setting))
        let kept = result ?? []
        var notes: [LocalNotification] = []
        if let problem = done.problem {
            // NB: time-sensitive, so the Focus that just turned on does not hold back that it protects nothing.
            notes.append(LocalNotification(id: "focus:refused:\(setting.profile?.rawValue ?? "off")", .focusCouldNotStart(reason: problem.refusal ?? .unexpected("\(problem)")),
                                           destination: .session(setting.profile), interruption: .timeSensitive))
        }
        for session in kept {
            notes.append(LocalNotification(id: "focus:kept:\(session.profile)", .beastModeKeepsGoing(reason: session.reason),
                                           destination: .session(session.profile)))
        }
        do {
            for note in notes { try screenTime.postNotification(note) }
            return FocusFilterResult(reconciliation: done, kept: kept.map(\.profile), notifications: notes, problem: nil)
        } catch {
            let untold = done.problem?.refusal ?? kept.first?.reason
            return FocusFilterResult(reconciliation: done, kept: kept.map(\.profile), notifications: [],
                                     problem: .notificationFailed(after: untold, detail: "\(error)"))
        }
    }
}

/// What running a Focus's filter did.
public struct FocusFilterResult: Sendable {
    public let reconciliation: Reconciliation
    /// Sessions a Focus started that its turning off did not end (Beast Mode).
    public let kept: [ProfileID]
    /// What the person was told: a refused start, Beast Mode kept on.
    public let notifications: [LocalNotification]
    /// What could not be told (the notification failed); the intent reports it.
    public let problem: Problem?
}

/// A Focus's filter made the truth: each session a Focus started whose profile the filter no
/// longer names ends (Beast Mode refuses, and its session goes on), and the profile it names
/// starts, unless it is on already. Returns the sessions kept on, with why.
public struct ApplyFocusFilter: StateCommand {
    public let setting: FocusFilterSetting
    public init(_ setting: FocusFilterSetting) { self.setting = setting }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws -> [Kept] {
        var kept: [Kept] = []
        let running = transaction.state.engine.sessions.filter { $0.isRunning(at: context.now) }
        let byFocus = Set(running.filter { $0.origin == .focus }.map(\.profileID)).sorted()
        for profile in byFocus where profile != setting.profile {
            do {
                try context.run(EndSession(profile: profile), on: &transaction)
            } catch let refusal as ValidationError {
                kept.append(Kept(profile: profile, reason: refusal.refusal))
            }
        }
        guard let profile = setting.profile, !running.contains(where: { $0.profileID == profile }) else { return kept }
        try StartProfile(profile, origin: .focus, length: setting.minutes.map(SessionLength.minutes) ?? .openEnded)
            .apply(to: &transaction, context: context)
        return kept
    }

    /// A session a Focus started that the filter could not end.
    public struct Kept: Sendable {
        public let profile: ProfileID
        public let reason: Refusal
    }
}
