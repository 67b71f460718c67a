import Foundation

public typealias KeyTagID = Identifier<KeyTag>

/// An NFC tag the app wrote: which profile it starts, and the SHA-256 hash of the secret in its
/// link. The secret itself is never stored, so a copy of the database cannot forge a tap.
public struct KeyTag: Hashable, Codable, Sendable, Identifiable {
    public let id: KeyTagID
    public let profileID: ProfileID
    /// What the person calls it: "Desk card".
    public let name: String
    /// SHA-256 of the secret's 16 bytes.
    public let secretHash: Data
    public let created: Date
    /// Set once the tag is revoked: its taps are refused from then on.
    public let revokedAt: Date?

    /// Bytes in a SHA-256 hash.
    public static let hashByteCount = 32
    /// Longest tag id a link may carry.
    public static let maximumIDLength = 64

    public init(id: KeyTagID, profileID: ProfileID, name: String, secretHash: Data, created: Date, revokedAt: Date? = nil) throws {
        guard KeyTag.isWellFormed(id.rawValue) else {
            throw ValidationError("key tag \(id)", .invariant(.keyTagID(id.rawValue)))
        }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 40 else {
            throw ValidationError("key tag \(id)", .keyNameLength)
        }
        guard secretHash.count == KeyTag.hashByteCount else {
            throw ValidationError("key tag \(id)", .invariant(.keyHashSize(secretHash.count)))
        }
        if let revokedAt, revokedAt < created {
            throw ValidationError("key tag \(id)", .invariant(.revokedBeforeWritten(id.rawValue)))
        }
        self.id = id
        self.profileID = profileID
        self.name = trimmed
        self.secretHash = secretHash
        self.created = created
        self.revokedAt = revokedAt
    }

    /// Whether `text` can be a tag id: 1 to 64 base64url characters, so it needs no escaping in a link.
    public static func isWellFormed(_ text: some StringProtocol) -> Bool {
        (1...maximumIDLength).contains(text.utf8.count) && text.utf8.allSatisfy(Base64URL.isAlphabet)
    }

    /// Whether the tag's taps are accepted at `instant`.
    public func isRevoked(at instant: Date) -> Bool { revokedAt.map { $0 <= instant } ?? false }

    /// The same tag, revoked at `instant` (an already revoked tag keeps its first revocation).
    public func revoked(at instant: Date) throws -> KeyTag {
        try KeyTag(
            id: id, profileID: profileID, name: name, secretHash: secretHash, created: created,
            revokedAt: revokedAt ?? instant)
    }

    private enum CodingKeys: String, CodingKey { case id, profileID, name, secretHash, created, revokedAt }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(KeyTagID.self, forKey: .id)
        let profileID = try c.decode(ProfileID.self, forKey: .profileID)
        let name = try c.decode(String.self, forKey: .name)
        let hash = try c.decode(Data.self, forKey: .secretHash)
        let created = try c.decode(Date.self, forKey: .created)
        let revokedAt = try c.decodeIfPresent(Date.self, forKey: .revokedAt)
        self = try validatingDecode(decoder) {
            try KeyTag(id: id, profileID: profileID, name: name, secretHash: hash, created: created, revokedAt: revokedAt)
        }
    }
}
