import ActivityKit
import Foundation
import ThresholdCore

/// The session Live Activity's attributes, shared by the app (which starts and updates it) and
/// the widget extension (which draws it). The content is Core's ``LiveActivityContent``, so
/// what the lock screen shows is exactly what the reconciler decided.
public struct SessionActivityAttributes: ActivityAttributes {
    public typealias ContentState = LiveActivityContent

    /// The profile whose session it shows; one Live Activity per profile.
    public let profileID: ProfileID

    public init(profileID: ProfileID) {
        self.profileID = profileID
    }
}

extension LiveActivityContent {
    /// When the content stops being true by itself: the break or the session ends.
    public var staleDate: Date? {
        switch phase {
        case .onBreak: breakUntil ?? endsAt
        case .focusing, .goalReached: endsAt
        }
    }
}
