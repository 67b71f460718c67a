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

// NB: the content's `staleDate` and timer live in Core (`LiveActivityContent`), where Linux tests
// check them.
