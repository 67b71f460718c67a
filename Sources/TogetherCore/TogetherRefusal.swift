/// Why Together refused something: a code a program can switch on and a reason a person can act on.
///
/// Every rule in ``TogetherCore`` that can say no throws one of these; the server sends the code and
/// the reason back with a 4xx status and changes nothing.
public struct TogetherRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable, Codable {
        /// The request is not well formed (a header, a field, a date).
        case malformed
        /// The day has not begun anywhere on Earth yet.
        case futureDay
        /// The day's week is closed: every time zone's Sunday has ended.
        case weekClosed
        /// The week is not over everywhere yet, so it cannot be finalized.
        case weekOpen
        /// The day holds more points than a day can honestly hold.
        case impossiblePoints
        /// The signed time is too far from the server's clock.
        case staleTime
        /// The signature does not verify.
        case badSignature
        /// The nonce was already used.
        case replayedNonce
        /// The body is larger than any request needs.
        case bodyTooLarge
        /// No account has that key or id.
        case unknownAccount
        /// The key is already registered.
        case alreadyRegistered
        /// No open invitation has that code.
        case unknownInvitation
        /// The invitation was already used.
        case invitationUsed
        /// The invitation is more than 7 days old.
        case invitationExpired
        /// The inviter tried to accept their own invitation.
        case selfInvitation
        /// The two are partners already.
        case alreadyPartners
        /// One of the two has the most partners anyone can.
        case tooManyPartners
        /// The person has the most open invitations anyone can.
        case tooManyInvitations
        /// The caller is not in that partnership.
        case notPartners
        /// A partner message says more than it may, or cannot be true.
        case messageNotAllowed
        /// The person has sent the most messages a day allows.
        case tooManyMessages
        /// The account has no backup stored.
        case noBackup
        /// The backup's version is not the one after the stored one.
        case backupVersionConflict
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}
