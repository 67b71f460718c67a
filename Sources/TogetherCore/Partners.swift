import Foundation

/// The numbers accountability partners live by (seed 001, issue 16 item 4). Every one is written in
/// `Documentation/Together.md`.
public enum Partners {
    /// The most partners one person can have at once.
    public static let maximumPartners = 5
    /// The most invitations one person can have open (unused and unexpired) at once.
    public static let maximumOpenInvitations = 5
    /// The most messages one person can send in any ``messageWindow``.
    public static let maximumMessagesPerWindow = 10
    /// The window ``maximumMessagesPerWindow`` counts over: a day.
    public static let messageWindow: TimeInterval = 86_400
    /// How long the server keeps a message: 30 days, then it is deleted.
    public static let messageRetention: TimeInterval = 30 * 86_400

    /// Refuses one more partner for someone who has `current`.
    public static func checkRoomForPartner(current: Int, who: String = "You") throws {
        guard current < maximumPartners else {
            throw TogetherRefusal(
                .tooManyPartners,
                "\(who) already \(who == "You" ? "have" : "has") \(maximumPartners) partners, the most anyone can; end one partnership first."
            )
        }
    }

    /// Refuses one more invitation for someone with `open` invitations unused and unexpired.
    public static func checkRoomForInvitation(open: Int) throws {
        guard open < maximumOpenInvitations else {
            throw TogetherRefusal(
                .tooManyInvitations,
                "You have \(maximumOpenInvitations) invitations open, the most at once; wait for one to be used or to expire (7 days).")
        }
    }

    /// Refuses one more message from someone who sent `sentInWindow` in the last ``messageWindow``.
    public static func checkRoomForMessage(sentInWindow: Int) throws {
        guard sentInWindow < maximumMessagesPerWindow else {
            throw TogetherRefusal(
                .tooManyMessages,
                "You have sent \(maximumMessagesPerWindow) messages in the last 24 hours, the most in a day; try again later.")
        }
    }

    /// Whether a message sent at `sentAt` is past ``messageRetention`` at `now` (and so deleted).
    public static func isExpired(messageSentAt sentAt: Date, at now: Date) -> Bool {
        now.timeIntervalSince(sentAt) >= messageRetention
    }
}
