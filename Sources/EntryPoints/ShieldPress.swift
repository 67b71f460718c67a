import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore

/// What the shield does after a button press (`ShieldActionResponse`).
public enum ShieldResponse: String, Hashable, Sendable {
    /// Closes the shielded app.
    case close
    /// Draws the shield again: it disappears when the item is no longer shielded.
    case redraw
    /// Leaves the shield as it is.
    case none
}

extension Runtime {
    /// Does what a shield's button says (PRODUCT.md's shield table), as the ShieldAction
    /// extension must: the shield cannot open the app, so a button that leads into it posts a
    /// notification that does; an intention's "Open <App>" is granted here, through the same
    /// command the app uses.
    ///
    /// Every press reconciles, so a shield that a missed callback left up comes down when pressed.
    /// When the store cannot be read or written nothing is lifted and the app closes.
    @discardableResult
    public func pressShield(_ role: ShieldButtonRole, on item: ShieldedItem) -> ShieldPressResult {
        let state: Result<StoredState, any Error> = Result { try store.read() }
        let reason = item.lastReason(in: state, deviceZone: clock.timeZone())
        let content = ShieldContent.shown(for: item, reason: reason, in: state, at: clock.reading().wall, deviceZone: clock.timeZone())
        let trigger = Trigger.shieldButton(role)
        // NB: iOS may keep drawing the shield as it was before an extension lifted it (khi48/intentions
        // #9): whichever button the person presses there, the way to clear it is the app.
        let lifted = content.primary.action == .clearShield
        guard let button = content.button(role) ?? (lifted ? content.primary : nil) else {
            return ShieldPressResult(response: response(after: reconcile(trigger), for: item, otherwise: .close))
        }
        switch button.action {
        case .close:
            // The person turned back: an attempt resisted, for the weekly insights.
            let reconciliation =
                reason.map { reason in
                    // Nevermind answers an "Are you sure?": the next press asks again.
                    let intention: IntentionID? = if case .intention(let label) = reason { label.intentionID } else { nil }
                    return reconcile(trigger, command: TurnBack(from: reason.rule, intention: intention))
                } ?? reconcile(trigger)
            return ShieldPressResult(response: response(after: reconciliation, for: item, otherwise: .close))
        case .notify(let destination):
            return post(.followUp(to: destination, appName: item.name), after: reconcile(trigger), for: item)
        case .clearShield:
            return post(.clearShield(appName: item.name), after: reconcile(trigger), for: item)
        case .openIntention(let intention, let beyondLimit):
            let reconciliation = reconcile(trigger, command: OpenIntentionFromShield(intention, confirmedBeyondLimit: beyondLimit))
            if reconciliation.outcome.failedClosed {
                return ShieldPressResult(response: .close, problem: reconciliation.problem)
            }
            // Granted: the shield comes down when redrawn. Refused: it redraws with what is true now.
            return ShieldPressResult(response: .redraw, problem: reconciliation.problem)
        case .askBeforeOpening(let intention):
            let reconciliation = reconcile(trigger, command: AskBeforeOpening(intention))
            if reconciliation.outcome.failedClosed {
                return ShieldPressResult(response: .close, problem: reconciliation.problem)
            }
            // The shield redraws as "Are you sure?"; nothing is opened yet.
            return ShieldPressResult(response: .redraw, problem: reconciliation.problem)
        case .completeSession(let profile):
            // NB: the shield shows this only once the goal is reached, so EndSession records it
            // completed, with its XP and coins; a session already ended is refused and redrawn.
            let reconciliation = reconcile(trigger, command: EndSession(profile: profile))
            if reconciliation.outcome.failedClosed {
                return ShieldPressResult(response: .close, problem: reconciliation.problem)
            }
            return ShieldPressResult(response: .redraw, problem: reconciliation.problem)
        }
    }

    /// Posts the notification that leads from the shield into the app; a post that fails is kept
    /// in the result (the shield closes, and the person opens Threshold themselves).
    private func post(_ note: LocalNotification, after reconciliation: Reconciliation, for item: ShieldedItem) -> ShieldPressResult {
        do {
            try screenTime.postNotification(note)
            return ShieldPressResult(response: response(after: reconciliation, for: item, otherwise: .close), notification: note)
        } catch {
            return ShieldPressResult(response: response(after: reconciliation, for: item, otherwise: .close), notPosted: "\(error)")
        }
    }

    /// Redraw when the reconcile lifted the item's shield, else `otherwise`.
    private func response(
        after reconciliation: Reconciliation, for item: ShieldedItem,
        otherwise: ShieldResponse
    ) -> ShieldResponse {
        guard let enforcement = reconciliation.outcome.enforcement else { return otherwise }
        return item.isShielded(by: enforcement) ? otherwise : .redraw
    }
}

/// What a shield press did.
public struct ShieldPressResult: Hashable, Sendable {
    public let response: ShieldResponse
    /// The notification posted to lead into the app, if any.
    public let notification: LocalNotification?
    /// What the reconcile refused, for logs and tests; the shield itself cannot show it.
    public let problem: Problem?
    /// Why the notification leading into the app could not be posted, as the system said it
    /// (developer-facing: for the extension's log; the person finds the app closed and opens
    /// Threshold themselves).
    public let notPosted: String?

    public init(response: ShieldResponse, notification: LocalNotification? = nil, problem: Problem? = nil, notPosted: String? = nil) {
        self.response = response
        self.notification = notification
        self.problem = problem
        self.notPosted = notPosted
    }
}

extension LocalNotification {
    /// The notification a shield iOS still draws over something let through posts: opening
    /// Threshold has its process write the shields, which clears it (iOS 26, khi48/intentions #9).
    /// Time-sensitive, as the other shield notifications.
    public static func clearShield(appName: String?) -> LocalNotification {
        LocalNotification(id: "shield:clear", .clearShield(appName: appName), destination: .home, interruption: .timeSensitive)
    }

    /// The notification a shield button posts to lead into the app at `destination`. One per
    /// destination: pressing again replaces it rather than stacking copies. Time-sensitive, so it
    /// arrives under a Focus.
    ///
    /// NB: iOS 18.1 delays notifications posted from the shield by about ten seconds (PLATFORM.md).
    public static func followUp(to destination: AppDestination, appName: String?) -> LocalNotification {
        // NB: time-sensitive, so a Focus does not hold back the only way from a shield into the
        // app (it needs the Time Sensitive Notifications entitlement; PLATFORM.md).
        LocalNotification(
            id: "shield:" + destination.deepLink, .shieldFollowUp(destination, appName: appName), destination: destination,
            interruption: .timeSensitive)
    }
}
