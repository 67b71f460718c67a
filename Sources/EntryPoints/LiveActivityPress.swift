import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore

extension Runtime {
    /// Does what a Live Activity button says, through the same commands as the app's buttons
    /// (Beast Mode refuses End there too), as its `LiveActivityIntent` does in the app's process.
    ///
    /// A button has nowhere to show a refusal: the intent returns to the lock screen. So a
    /// refused press posts a notification that says why (and leads to the session), and the
    /// refusal never vanishes; if even that cannot be posted, ``LiveActivityPress/problem`` says so.
    @discardableResult
    public func pressLiveActivity(_ button: LiveActivityButton, profile: ProfileID) -> LiveActivityPress {
        let trigger = Trigger.liveActivityButton(button.rawValue)
        let done =
            switch button {
            case .end: endSession(profile, from: trigger)
            case .takeBreak: takeBreak(profile, from: trigger)
            case .backToFocus: endBreak(profile, from: trigger)
            }
        guard let problem = done.problem else { return LiveActivityPress(reconciliation: done) }
        let note = LocalNotification.refusal(of: button, profile: profile, because: problem.refusal ?? .unexpected("\(problem)"))
        do {
            try screenTime.postNotification(note)
            return LiveActivityPress(reconciliation: done, notification: note)
        } catch {
            return LiveActivityPress(reconciliation: done, problem: .notificationFailed(after: problem.refusal, detail: "\(error)"))
        }
    }
}

/// What a Live Activity button did.
public struct LiveActivityPress: Sendable {
    public let reconciliation: Reconciliation
    /// The notification that told the person why the press was refused.
    public let notification: LocalNotification?
    /// A refusal that could not be told (the notification failed); the intent reports it.
    public let problem: Problem?

    init(reconciliation: Reconciliation, notification: LocalNotification? = nil, problem: Problem? = nil) {
        self.reconciliation = reconciliation
        self.notification = notification
        self.problem = problem
    }

    /// Whether the button did what it says.
    public var accepted: Bool { reconciliation.problem == nil }
}

extension LocalNotification {
    /// The notification a refused Live Activity button posts: what was refused and why, leading
    /// to the session's screen. One per profile and button: pressing again replaces it.
    public static func refusal(of button: LiveActivityButton, profile: ProfileID, because reason: Refusal) -> LocalNotification {
        LocalNotification(
            id: "refused:\(button.rawValue):\(profile)", .liveActivityRefused(button, reason: reason),
            destination: .session(profile))
    }
}
