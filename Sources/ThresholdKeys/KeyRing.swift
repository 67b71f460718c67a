import Foundation
import StoreClient
import ThresholdCore

/// A freshly written key: the tag to store and the link to write on the NFC tag, once.
public struct WrittenKey: Sendable {
    public let tag: KeyTag
    /// `https://threshold.app/k/<tag id>#<secret>`: the only place the secret exists.
    public let link: URL
}

/// The person's NFC keys: writing, revoking, and what a tap does.
///
/// ## Threat model
/// A key is a convenience and a ritual, not a lock. Its link carries a random 128-bit secret in
/// the fragment; Threshold keeps only the secret's SHA-256, so the stored state (a backup, a
/// look inside the App Group) cannot produce a working link, and a guessed or edited link is
/// refused. But anyone who reads the tag (any NFC reader app) or sees the URL can copy the link
/// and replay it forever, and a cloned tag works like the original: a static NDEF tag cannot
/// prove it is present. A replayed tap therefore counts as a tap. That is acceptable because a
/// tap grants nothing the in-app buttons do not: it starts a profile (more blocking) or opens
/// "End or take a break?", which asks again and obeys the same policy (a locked profile cannot
/// be ended by any path). If a link leaks, revoke the key and write a new one. Should a key
/// ever become the *only* way to end something, static tags are not enough: that would need
/// tags that sign each read (e.g. NTAG 424 DNA SUN messages with a counter).
///
/// The same tap delivered twice (iOS can hand one universal link to the app more than once)
/// is recognised within `KeyTap.duplicateWindow` and acted on once.
public struct KeyRing: Sendable {
    public let store: any StoreClient
    public let calendar: Calendar

    public init(store: any StoreClient, calendar: Calendar) {
        self.store = store
        self.calendar = calendar
    }

    /// Mints a tag for `profile` with a fresh random id and secret, stores the tag (hash only)
    /// and returns the link to write. The app passes `SystemRandomNumberGenerator`.
    public func write(profile: ProfileID, name: String, at now: Date, using generator: inout some RandomNumberGenerator) throws -> WrittenKey {
        let minted = try KeyRing.mint(profile: profile, name: name, at: now, using: &generator)
        try add(minted, at: now)
        return minted
    }

    /// Stores a key minted with ``mint(profile:name:at:using:)``: for the app, which mints first,
    /// writes the link to the NFC tag, and keeps the tag only once the tag took it.
    public func add(_ minted: WrittenKey, at now: Date) throws {
        let profile = minted.tag.profileID
        try store.write { tx in
            guard tx.state.engine.profile(profile) != nil else {
                throw ValidationError("key", .keyProfileMissing(profile))
            }
            guard tx.state.settings.keyTag(minted.tag.id) == nil else {
                throw ValidationError("key", .keyExists)
            }
            tx.state.settings.keyTags.append(minted.tag)
            tx.record(.keyTagWritten(minted.tag.id, profile: profile), at: now)
        }
    }

    /// Revokes a tag: its taps are refused from `now` on.
    public func revoke(_ id: KeyTagID, at now: Date) throws {
        try store.write { tx in
            guard let index = tx.state.settings.keyTags.firstIndex(where: { $0.id == id }) else {
                throw ValidationError("key \(id)", .noSuchKey)
            }
            tx.state.settings.keyTags[index] = try tx.state.settings.keyTags[index].revoked(at: now)
            tx.record(.keyTagRevoked(id), at: now)
        }
    }

    /// Removes a key from the list: one that is revoked, or whose profile was deleted (its taps
    /// then read as an unknown key). A working key is revoked first, so removing is never how a
    /// key that works stops working unseen.
    public func remove(_ id: KeyTagID, at now: Date) throws {
        try store.write { tx in
            guard let tag = tx.state.settings.keyTag(id) else { throw ValidationError("key \(id)", .noSuchKey) }
            guard tag.isRevoked(at: now) || tx.state.engine.profile(tag.profileID) == nil else {
                throw ValidationError("key \(tag.name)", .revokeBeforeRemoving(tag.name))
            }
            tx.state.settings.keyTags.removeAll { $0.id == id }
            if !tag.isRevoked(at: now) { tx.record(.keyTagRevoked(id), at: now) }
        }
    }

    /// Links a key whose profile was deleted to another profile: the same tag, the same secret,
    /// starting `profile` from now on.
    public func relink(_ id: KeyTagID, to profile: ProfileID, at now: Date) throws {
        try store.write { tx in
            guard let index = tx.state.settings.keyTags.firstIndex(where: { $0.id == id }) else {
                throw ValidationError("key \(id)", .noSuchKey)
            }
            let tag = tx.state.settings.keyTags[index]
            guard !tag.isRevoked(at: now) else { throw ValidationError("key \(tag.name)", .keyRevoked(tag.name)) }
            guard tx.state.engine.profile(tag.profileID) == nil else {
                throw ValidationError("key \(tag.name)", .keyAlreadyStarts(tag.name))
            }
            guard tx.state.engine.profile(profile) != nil else {
                throw ValidationError("key", .keyProfileMissing(profile))
            }
            tx.state.settings.keyTags[index] = try KeyTag(id: tag.id, profileID: profile, name: tag.name, secretHash: tag.secretHash,
                                                          created: tag.created, revokedAt: nil)
            tx.record(.keyTagWritten(id, profile: profile), at: now)
        }
    }

    /// Verifies and decides a tap in one write: refused links are logged, a new tap is logged and
    /// remembered, a duplicate changes nothing.
    public func tap(_ tagID: KeyTagID, secret: KeySecret, at now: Date) throws -> KeyTapOutcome {
        try store.write { tx in
            let outcome = KeyRing.outcome(of: tagID, secret: secret, in: tx.state, at: now, calendar: calendar)
            switch outcome {
            case .accepted(let tap):
                tx.state.rituals.note(tap)
                tx.record(.keyTapped(tap), at: now)
            case .refused(let reason):
                tx.record(.keyTapRefused(tag: tagID, reason: reason), at: now)
            case .duplicate:
                break
            }
            return outcome
        }
    }

    /// The outcome of a tap, without storing anything: unknown tag, wrong secret (compared in
    /// constant time), then revocation, duplicates and the decision (`KeyTapOutcome.verified`).
    public static func outcome(of tagID: KeyTagID, secret: KeySecret, in stored: StoredState, at now: Date, calendar: Calendar) -> KeyTapOutcome {
        guard let tag = stored.settings.keyTag(tagID) else { return .refused(.unknownTag) }
        guard KeySecretHash.matches(secret, stored: tag.secretHash) else { return .refused(.wrongSecret) }
        return .verified(tag, in: stored, at: now, calendar: calendar)
    }

    /// A new tag and its link, from `generator`: a 9-byte random id and a 16-byte random secret.
    public static func mint(profile: ProfileID, name: String, at now: Date, using generator: inout some RandomNumberGenerator) throws -> WrittenKey {
        var idBytes: [UInt8] = []
        while idBytes.count < 9 { withUnsafeBytes(of: generator.next().littleEndian) { idBytes.append(contentsOf: $0.prefix(9 - idBytes.count)) } }
        let id = KeyTagID(Base64URL.encode(Data(idBytes)))
        let secret = KeySecret.random(using: &generator)
        let tag = try KeyTag(id: id, profileID: profile, name: name, secretHash: KeySecretHash.hash(secret), created: now)
        return WrittenKey(tag: tag, link: LinkRoute.keyTap(id, secret).universalLink)
    }
}
