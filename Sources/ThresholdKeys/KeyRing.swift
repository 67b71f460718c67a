import Foundation
import ThresholdCore

/// A freshly written key: the tag to store and the link to write on the NFC tag, once.
public struct WrittenKey: Sendable {
    public let tag: KeyTag
    /// `https://threshold.app/k/<tag id>#<secret>`: the only place the secret exists.
    public let link: URL
}

/// The person's NFC keys: minting one, and what a tap does. Keeping, revoking, removing and
/// relinking a key and tapping it are commands (``AddKey``, ``RevokeKey``, ``RemoveKey``,
/// ``RelinkKey``, ``TapKey``), which the reconcile runs like every change.
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
public enum KeyRing {
    /// The outcome of a tap, without storing anything: unknown tag, wrong secret (compared in
    /// constant time), then revocation, duplicates and the decision (`KeyTapOutcome.verified`).
    public static func outcome(
        of tagID: KeyTagID, secret: KeySecret, in stored: StoredState, at now: Date, calendar: Calendar
    ) -> KeyTapOutcome {
        guard let tag = stored.settings.keyTag(tagID) else { return .refused(.unknownTag) }
        guard KeySecretHash.matches(secret, stored: tag.secretHash) else { return .refused(.wrongSecret) }
        return .verified(tag, in: stored, at: now, calendar: calendar)
    }

    /// A new tag and its link, from `generator`: a 9-byte random id and a 16-byte random secret.
    public static func mint(
        profile: ProfileID, name: String, at now: Date, using generator: inout some RandomNumberGenerator
    ) throws -> WrittenKey {
        var idBytes: [UInt8] = []
        while idBytes.count < 9 {
            withUnsafeBytes(of: generator.next().littleEndian) { idBytes.append(contentsOf: $0.prefix(9 - idBytes.count)) }
        }
        let id = KeyTagID(Base64URL.encode(Data(idBytes)))
        let secret = KeySecret.random(using: &generator)
        let tag = try KeyTag(id: id, profileID: profile, name: name, secretHash: KeySecretHash.hash(secret), created: now)
        return WrittenKey(tag: tag, link: LinkRoute.keyTap(id, secret).universalLink)
    }
}

/// Keeps a key minted with ``KeyRing/mint(profile:name:at:using:)``: the app mints first, writes
/// the link to the NFC tag, and keeps the tag only once the tag took it.
public struct AddKey: StateCommand {
    public let key: WrittenKey
    public init(_ key: WrittenKey) { self.key = key }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        let profile = key.tag.profileID
        guard transaction.state.engine.profile(profile) != nil else {
            throw ValidationError("key", .keyProfileMissing(profile))
        }
        guard transaction.state.settings.keyTag(key.tag.id) == nil else {
            throw ValidationError("key", .keyExists)
        }
        transaction.state.settings.keyTags.append(key.tag)
        transaction.record(.keyTagWritten(key.tag.id, profile: profile), at: context.now)
    }
}

/// Revokes a key: its taps are refused from now on.
public struct RevokeKey: StateCommand {
    public let id: KeyTagID
    public init(_ id: KeyTagID) { self.id = id }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        guard let index = transaction.state.settings.keyTags.firstIndex(where: { $0.id == id }) else {
            throw ValidationError("key \(id)", .noSuchKey)
        }
        transaction.state.settings.keyTags[index] = try transaction.state.settings.keyTags[index].revoked(at: context.now)
        transaction.record(.keyTagRevoked(id), at: context.now)
    }
}

/// Removes a key from the list: one that is revoked, or whose profile was deleted (its taps then
/// read as an unknown key). A working key is revoked first, so removing is never how a key that
/// works stops working unseen.
public struct RemoveKey: StateCommand {
    public let id: KeyTagID
    public init(_ id: KeyTagID) { self.id = id }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        let now = context.now
        guard let tag = transaction.state.settings.keyTag(id) else { throw ValidationError("key \(id)", .noSuchKey) }
        guard tag.isRevoked(at: now) || transaction.state.engine.profile(tag.profileID) == nil else {
            throw ValidationError("key \(tag.name)", .revokeBeforeRemoving(tag.name))
        }
        transaction.state.settings.keyTags.removeAll { $0.id == id }
        if !tag.isRevoked(at: now) { transaction.record(.keyTagRevoked(id), at: now) }
    }
}

/// Links a key whose profile was deleted to another profile: the same tag, the same secret,
/// starting `profile` from now on.
public struct RelinkKey: StateCommand {
    public let id: KeyTagID
    public let profile: ProfileID
    public init(_ id: KeyTagID, to profile: ProfileID) {
        self.id = id
        self.profile = profile
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        let now = context.now
        guard let index = transaction.state.settings.keyTags.firstIndex(where: { $0.id == id }) else {
            throw ValidationError("key \(id)", .noSuchKey)
        }
        let tag = transaction.state.settings.keyTags[index]
        guard !tag.isRevoked(at: now) else { throw ValidationError("key \(tag.name)", .keyRevoked(tag.name)) }
        guard transaction.state.engine.profile(tag.profileID) == nil else {
            throw ValidationError("key \(tag.name)", .keyAlreadyStarts(tag.name))
        }
        guard transaction.state.engine.profile(profile) != nil else {
            throw ValidationError("key", .keyProfileMissing(profile))
        }
        transaction.state.settings.keyTags[index] = try KeyTag(
            id: tag.id, profileID: profile, name: tag.name, secretHash: tag.secretHash,
            created: tag.created, revokedAt: nil)
        transaction.record(.keyTagWritten(id, profile: profile), at: now)
    }
}

/// Verifies and decides a tap in one change: a refused link is logged, a new tap is logged and
/// remembered, a duplicate changes nothing. Returns what the tap comes to.
public struct TapKey: StateCommand {
    public let tag: KeyTagID
    public let secret: KeySecret
    public init(_ tag: KeyTagID, secret: KeySecret) {
        self.tag = tag
        self.secret = secret
    }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws -> KeyTapOutcome {
        let outcome = KeyRing.outcome(of: tag, secret: secret, in: transaction.state, at: context.now, calendar: context.calendar)
        switch outcome {
        case .accepted(let tap):
            transaction.state.rituals.note(tap)
            transaction.record(.keyTapped(tap), at: context.now)
        case .refused(let reason):
            transaction.record(.keyTapRefused(tag: tag, reason: reason), at: context.now)
        case .duplicate:
            break
        }
        return outcome
    }
}
