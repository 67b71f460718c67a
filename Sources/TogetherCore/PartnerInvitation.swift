import Foundation

/// An invitation code: 12 characters of Crockford's base32 (no I, L, O or U, so nothing reads as
/// another), 60 random bits, carried as the link `https://threshold.app/p/<code>` (and its QR code).
public struct InvitationCode: Hashable, Sendable, CustomStringConvertible {
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    public static let length = 12
    /// The link's prefix; the code follows it.
    public static let linkPrefix = "https://threshold.app/p/"

    public let text: String

    /// A code as typed or read: exactly ``length`` characters of ``alphabet``; lower case is read as
    /// upper case, nothing else is changed.
    public init(_ raw: String) throws {
        let text = raw.uppercased()
        guard text.count == Self.length, text.allSatisfy({ Self.alphabet.contains($0) }) else {
            throw TogetherRefusal(.malformed, "An invitation code is \(Self.length) characters of 0–9 and A–Z without I, L, O and U.")
        }
        self.text = text
    }

    /// The code in an invitation link, `https://threshold.app/p/<code>`; refuses any other link.
    public init(link: String) throws {
        guard link.hasPrefix(Self.linkPrefix) else {
            throw TogetherRefusal(.malformed, "An invitation link starts \(Self.linkPrefix).")
        }
        try self.init(String(link.dropFirst(Self.linkPrefix.count)))
    }

    /// A fresh code from `generator` (the system's secure generator in production).
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> InvitationCode {
        let text = String((0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
        return try! InvitationCode(text)  // NB: built from the alphabet at the length, so always valid.
    }

    public static func random() -> InvitationCode {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// `https://threshold.app/p/<code>`.
    public var link: String { Self.linkPrefix + text }
    public var description: String { text }
}

/// An invitation to be someone's accountability partner: single use, for 7 days.
///
/// ``accept(by:at:)`` is the one rule for using it, shared by the server and the tests: it refuses
/// a used invitation, an expired one (from exactly ``lifetime`` after it was made) and the inviter's
/// own, and otherwise marks it used by whoever accepted.
public struct PartnerInvitation: Hashable, Sendable {
    /// How long an invitation can be used: 7 days, to the second.
    public static let lifetime: TimeInterval = 7 * 86_400

    public let code: InvitationCode
    public let inviter: String
    public let createdAt: Date
    public private(set) var acceptedBy: String?

    public init(code: InvitationCode, inviter: String, createdAt: Date, acceptedBy: String? = nil) {
        self.code = code
        self.inviter = inviter
        self.createdAt = createdAt
        self.acceptedBy = acceptedBy
    }

    /// The first instant the invitation can no longer be used.
    public var expiresAt: Date { createdAt.addingTimeInterval(Self.lifetime) }

    public func isOpen(at now: Date) -> Bool { acceptedBy == nil && now < expiresAt }

    /// Uses the invitation for `account` at `now`; refuses it used, expired, or the inviter's own.
    public mutating func accept(by account: String, at now: Date) throws {
        guard acceptedBy == nil else {
            throw TogetherRefusal(
                .invitationUsed, "This invitation has already been used; each one pairs two people once. Ask for a new one.")
        }
        guard now < expiresAt else {
            throw TogetherRefusal(.invitationExpired, "This invitation expired 7 days after it was made; ask for a new one.")
        }
        guard account != inviter else {
            throw TogetherRefusal(.selfInvitation, "This is your own invitation; send it to the person you want as a partner.")
        }
        acceptedBy = account
    }
}
