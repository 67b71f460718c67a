import Foundation
import InMemoryClients
import PropertyBased
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdKeys

@Suite struct KeyRingTests {
    let ny = calendar("America/New_York")
    let now = at("2026-11-23 10:00")
    let work = Profile.make("work", name: "Work")

    func ring(_ stored: StoredState? = nil) -> (Ring, InMemoryStore) {
        let store = InMemoryStore(stored ?? .make(engine: .make(profiles: [work])))
        return (Ring(store: store, calendar: ny), store)
    }

    /// Writes a key and returns the tag id and secret its link carries.
    func written(_ ring: Ring, seed: UInt64 = 42) throws -> (KeyTagID, KeySecret) {
        var generator = Xoshiro(seed: (seed, 2, 3, 4))
        let key = try ring.write(profile: "work", name: "Desk card", at: now, using: &generator)
        guard case .keyTap(let id, let secret) = try LinkRoute(url: key.link) else {
            throw ValidationError("test", .unexpected("the written link is not a key link: \(key.link)"))
        }
        #expect(id == key.tag.id)
        return (id, secret)
    }

    // MARK: Writing

    @Test func writingAKey_storesOnlyTheHashOfItsSecret() throws {
        let (ring, store) = ring()
        let (id, secret) = try written(ring)
        let tag = try #require(try store.read().settings.keyTag(id))
        #expect(tag.secretHash == KeySecretHash.hash(secret))
        #expect(tag.secretHash.count == 32)
        let saved = String(decoding: try JSONEncoder().encode(try store.read()), as: UTF8.self)
        #expect(!saved.contains(secret.base64URL))
        #expect(try store.events(.all).map(\.event) == [.keyTagWritten(id, profile: "work")])
    }

    @Test func twoKeys_getDifferentIdsAndSecrets() throws {
        var generator = Xoshiro(seed: (9, 9, 9, 9))
        let a = try KeyRing.mint(profile: "work", name: "A", at: now, using: &generator)
        let b = try KeyRing.mint(profile: "work", name: "B", at: now, using: &generator)
        #expect(a.tag.id != b.tag.id)
        #expect(a.tag.secretHash != b.tag.secretHash)
        #expect(a.tag.id.rawValue.count == 12)
    }

    @Test func aKeyForAMissingProfile_isRefused_andNothingIsStored() throws {
        let (ring, store) = ring(.make())
        var generator = Xoshiro(seed: (1, 2, 3, 4))
        #expect(throws: ValidationError.self) { try ring.write(profile: "work", name: "Desk", at: now, using: &generator) }
        #expect(try store.read().settings.keyTags.isEmpty)
        #expect(try store.events(.all).isEmpty)
    }

    // MARK: Removing and relinking

    @Test func aWorkingKey_isRevokedBeforeItIsRemoved_aRevokedOneIsRemoved() throws {
        let (ring, store) = ring()
        let (id, secret) = try written(ring)
        #expect(throws: ValidationError.self) { try ring.remove(id, at: now) }
        #expect(try store.read().settings.keyTag(id) != nil, "a working key stays until revoked")
        try ring.revoke(id, at: now)
        try ring.remove(id, at: now.adding(minutes: 1))
        #expect(try store.read().settings.keyTags.isEmpty)
        #expect(try ring.tap(id, secret: secret, at: now.adding(minutes: 2)) == .refused(.unknownTag))
    }

    @Test func aKeyWhoseProfileWasDeleted_isRelinked_andItsTapStartsTheNewProfile() throws {
        let sleep = Profile.make("sleep", name: "Sleep")
        let (ring, store) = ring(.make(engine: .make(profiles: [work, sleep])))
        let (id, secret) = try written(ring)
        #expect(throws: ValidationError.self) { try ring.relink(id, to: "sleep", at: now) }
        try store.write { tx in tx.state.engine = try tx.state.engine.with(profiles: [sleep]) }
        #expect(throws: ValidationError.self) { try ring.relink(id, to: "nobody", at: now) }
        try ring.relink(id, to: "sleep", at: now)
        let tag = try #require(try store.read().settings.keyTag(id))
        #expect(tag.profileID == "sleep" && tag.name == "Desk card")
        guard case .accepted(let tap) = try ring.tap(id, secret: secret, at: now.adding(minutes: 1)) else {
            Issue.record("the relinked key's tap is accepted"); return
        }
        #expect(tap.decision == .start("sleep"))
        // An orphaned key needs no revoking to be removed.
        try store.write { tx in tx.state.engine = try tx.state.engine.with(profiles: []) }
        try ring.remove(id, at: now.adding(minutes: 2))
        #expect(try store.read().settings.keyTags.isEmpty)
    }

    // MARK: Tapping

    @Test func theRightSecret_isAccepted_andLogged_onceEvenIfDeliveredTwice() throws {
        let (ring, store) = ring()
        let (id, secret) = try written(ring)
        guard case .accepted(let tap) = try ring.tap(id, secret: secret, at: now) else {
            Issue.record("the key's own link must be accepted")
            return
        }
        #expect(tap.decision == .start("work"))
        #expect(try ring.tap(id, secret: secret, at: now.adding(seconds: 2)) == .duplicate(tap))
        let taps = try store.events(EventQuery(kinds: ["keyTapped"]))
        #expect(taps.map(\.event) == [.keyTapped(tap)])
    }

    @Test func aForgedSecret_anUnknownTag_andARevokedTag_areRefused_andLogged() throws {
        let (ring, store) = ring()
        let (id, secret) = try written(ring)
        var forged = secret.bytes
        forged[15] ^= 1
        #expect(try ring.tap(id, secret: try KeySecret(bytes: forged), at: now) == .refused(.wrongSecret))
        #expect(try ring.tap("someone-elses", secret: secret, at: now) == .refused(.unknownTag))

        try ring.revoke(id, at: now.adding(minutes: 1))
        #expect(try ring.tap(id, secret: secret, at: now.adding(minutes: 2)) == .refused(.revoked(at: now.adding(minutes: 1))))
        let kinds = try store.events(.all).map(\.event.kind)
        #expect(kinds == ["keyTagWritten", "keyTapRefused", "keyTapRefused", "keyTagRevoked", "keyTapRefused"])
        #expect(try store.read().rituals.lastKeyTaps.isEmpty, "no refused tap is remembered as a tap")
    }

    @Test func anySecretButTheKeys_isRefused() async throws {
        let (ring, _) = ring()
        let (id, secret) = try written(ring)
        let stored = try ring.store.read()
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 16)) { bytes in
            let guess = try KeySecret(bytes: bytes)
            guard guess != secret else { return }
            #expect(KeyRing.outcome(of: id, secret: guess, in: stored, at: now, calendar: ny) == .refused(.wrongSecret))
        }
    }

    @Test func aSecondTapDuringTheSession_asksEndOrBreak() throws {
        let session = Session.make("s", profile: "work", origin: .key, start: now)
        let (ring, _) = ring(.make(engine: .make(profiles: [work], sessions: [session])))
        let (id, secret) = try written(ring)
        guard case .accepted(let tap) = try ring.tap(id, secret: secret, at: now.adding(minutes: 30)),
            case .askEndOrBreak(let active) = tap.decision
        else {
            Issue.record("a tap during the session must ask, never end")
            return
        }
        #expect(active.sessions == ["s"])
    }

    @Test func whenTheStoreFails_theTapDoesNothing() throws {
        let (ring, store) = ring()
        let (id, secret) = try written(ring)
        store.failNextCalls(with: .busy)
        #expect(throws: StoreError.busy) { try ring.tap(id, secret: secret, at: now) }
        store.failNextCalls(with: nil)
        #expect(try store.read().rituals.lastKeyTaps.isEmpty)
    }

    @Test func constantTimeComparison_isStillAComparison() {
        let a = Data(repeating: 1, count: 32)
        var b = a
        #expect(KeySecretHash.constantTimeEqual(a, b))
        b[31] = 2
        #expect(!KeySecretHash.constantTimeEqual(a, b))
        #expect(!KeySecretHash.constantTimeEqual(a, a.prefix(31)))
    }
}
