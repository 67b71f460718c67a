import FeatureClient
import FeatureTestSupport
import Foundation
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import ThresholdKeys
@testable import UnlockFeature

@MainActor
@Suite struct KeyAndLinkTests {
    let deep = Profile.make("deep", name: "Deep work", path: .key, selection: .apps("instagram"), breakPolicy: .fivePerHour)

    func written(_ h: Harness) throws -> (KeyTagID, KeySecret) {
        var generator = SplitMix64(seed: 99)
        let key = try writeKey(through: h.runtime, profile: "deep", name: "Desk", at: monday, using: &generator)
        guard case .keyTap(let id, let secret) = try LinkRoute(url: key.link) else {
            throw ValidationError("test", .unexpected("not a key link"))
        }
        return (id, secret)
    }

    @Test func aTap_startsTheProfile_aSecondTapAsks_andEndEndsIt() throws {
        let h = Harness(.make(engine: .make(profiles: [deep])))
        let (tag, secret) = try written(h)

        let first = KeyTapModel(client: h.client)
        first.tap(tag, secret: secret)
        #expect(first.phase == .started("deep"))
        #expect(first.problem == nil)
        #expect(h.stored.engine.sessions.map(\.origin) == [.key])

        // The same tap delivered again: the same screen, no second session.
        let echo = KeyTapModel(client: h.client)
        echo.tap(tag, secret: secret)
        #expect(echo.phase == .started("deep"))
        #expect(h.stored.engine.sessions.count == 1)

        h.clock.advance(by: 1_800)
        let second = KeyTapModel(client: h.client)
        second.tap(tag, secret: secret)
        guard case .choosing(let active) = second.phase else {
            Issue.record("a tap during the session asks, got \(second.phase)")
            return
        }
        #expect(active.breaksAllowed)
        #expect(h.stored.engine.sessions.allSatisfy { $0.ending == nil }, "asking ends nothing")
        second.end()
        #expect(second.problem == nil)
        #expect(second.phase == .ended("deep"))
        #expect(h.stored.engine.sessions.first?.ending != nil)
    }

    @Test func aForgedOrRevokedKey_isRefused_andStartsNothing() throws {
        let h = Harness(.make(engine: .make(profiles: [deep])))
        let (tag, secret) = try written(h)
        var bytes = secret.bytes
        bytes[0] ^= 0x80
        let forged = KeyTapModel(client: h.client)
        forged.tap(tag, secret: try KeySecret(bytes: bytes))
        #expect(forged.phase == .refused(.wrongSecret))

        try h.runtime.reconcile(.inApp("key"), command: RevokeKey(tag)).done()
        h.clock.advance(by: 60)
        let revoked = KeyTapModel(client: h.client)
        revoked.tap(tag, secret: secret)
        #expect(revoked.phase == .refused(.revoked(at: monday.wall)))
        #expect(h.stored.engine.sessions.isEmpty)
    }

    @Test func aLockedProfile_showsTheTimeLeft_andOffersNoEnd() throws {
        let locked = Profile.make("deep", name: "Deep work", path: .key, selection: .apps("instagram"), strictness: .locked)
        let session = Session.make("s", profile: "deep", origin: .key, start: monday.wall, plan: .until(monday.wall.adding(minutes: 50)))
        let h = Harness(.make(engine: .make(profiles: [locked], sessions: [session])))
        let (tag, secret) = try written(h)
        h.clock.advance(by: 600)
        let model = KeyTapModel(client: h.client)
        model.tap(tag, secret: secret)
        guard case .locked = model.phase else {
            Issue.record("locked shows the time left, got \(model.phase)")
            return
        }
        #expect(abs((model.remaining ?? 0) - 40 * 60) < 0.01)
        model.end()
        #expect(h.stored.engine.sessions.first?.ending == nil)
    }

    @Test func links_parseIntoARoute_orAnError_andDoNothingElse() throws {
        let h = Harness(.make(engine: .make(profiles: [deep])))
        let before = h.kinds
        let link = LinkModel()
        link.open(URL(string: "https://threshold.app/k/abc")!)
        #expect(link.error == .badSecret)
        #expect(link.route == nil)
        link.open(URL(string: "threshold://pray?app=aW5zdGFncmFt")!)
        #expect(link.route == .open(.prayer(app: AppToken("instagram"))))
        #expect(link.error == nil)
        #expect(h.kinds == before)
    }
}
