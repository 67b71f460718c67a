import ActivityKit
import Foundation
import ScreenTimeClient
import ThresholdCore

extension ScreenTimeClient {
    /// The same client with the session Live Activity on ActivityKit, for the app's process (and
    /// the App Intents it runs): the only process iOS lets start or change one. Extensions use
    /// the client as `ScreenTimeLive` builds it, which refuses, so they never link ActivityKit.
    public func withLiveActivities() -> ScreenTimeClient {
        var client = self
        client.startLiveActivity = { try LiveActivities.start($0) }
        client.updateLiveActivity = { try LiveActivities.update($0) }
        client.endLiveActivity = { LiveActivities.end($0, ending: $1) }
        return client
    }
}

/// The session Live Activity on ActivityKit. Only the app can start one (in the foreground, or in a
/// `LiveActivityIntent`'s perform); extensions leave it to the app (the reconciler records
/// nothing and the app's next reconcile catches up). Each content carries its `staleDate`, the
/// next boundary the monitor cannot tell it about.
enum LiveActivities {
    static func start(_ content: LiveActivityContent) throws {
        guard ActivityAuthorizationInfo().areActivitiesEnabled else {
            throw ScreenTimeError.failed("Live Activities are turned off for Threshold (Settings › Threshold).")
        }
        let attributes = SessionActivityAttributes(profileID: content.profileID)
        do {
            _ = try Activity.request(attributes: attributes, content: ActivityContent(state: content, staleDate: content.staleDate))
        } catch ActivityAuthorizationError.visibility {
            // NB: the app in the background may not start one (PLATFORM.md); it starts when the
            // app next comes forward, and the reconciler records nothing meanwhile.
            throw ScreenTimeError.liveActivityNotAllowed("the app in the background")
        } catch {
            throw ScreenTimeError.failed("The Live Activity could not start: \(error.localizedDescription)")
        }
    }

    static func update(_ content: LiveActivityContent) throws {
        guard !activities(for: content.profileID).isEmpty else { return try start(content) }
        Task {
            for activity in activities(for: content.profileID) {
                await activity.update(ActivityContent(state: content, staleDate: content.staleDate))
            }
        }
    }

    /// Ends it; with an ending, the last content says how (the XP, or how long the person lasted)
    /// and stays on the lock screen until the ending's dismissal.
    static func end(_ profile: ProfileID, ending: LiveActivityEnding?) {
        Task {
            for activity in activities(for: profile) {
                guard let ending else {
                    await activity.end(nil, dismissalPolicy: .immediate)
                    continue
                }
                var last = activity.content.state
                last.ending = ending
                await activity.end(ActivityContent(state: last, staleDate: nil), dismissalPolicy: .after(ending.dismissAt))
            }
        }
    }

    private static func activities(for profile: ProfileID) -> [Activity<SessionActivityAttributes>] {
        Activity<SessionActivityAttributes>.activities.filter { $0.attributes.profileID == profile }
    }
}
