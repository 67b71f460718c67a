import Foundation

/// What the app tells the person about their plan until they have seen it, as a value the screen
/// says (issue 25): a lapse, schedules saved paused, a purchase the App Store did not grant.
public enum PlanNotice: Hashable, Codable, Sendable {
    /// Free keeps one schedule on: these were saved paused.
    case savedPaused([ScheduleName])
    /// Pro ended; nothing was paused (Free's one schedule or fewer).
    case proEnded
    /// Pro ended: `kept` stays on, `paused` are kept for when Pro returns.
    case proEndedPaused(kept: [ScheduleName], paused: [ScheduleName])
    /// A purchase could not be verified with the App Store.
    case unverifiedPurchase
    /// A purchase of a product Threshold does not sell.
    case unknownProduct(String)
    /// The App Store refunded or revoked the purchase.
    case refunded
    /// The App Store could not be read (`detail`: StoreKit's error); the plan stays as it was.
    case appStoreUnreadable(detail: String)
    /// The words an earlier version saved.
    case relayed(String)
}

/// A schedule as a notice names it: its profile and its hours.
public struct ScheduleName: Hashable, Codable, Sendable {
    public let profile: ProfileTitle
    public let start: LocalTime
    public let end: LocalTime

    public init(profile: ProfileTitle, start: LocalTime, end: LocalTime) {
        self.profile = profile
        self.start = start
        self.end = end
    }
}
