import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// Which restriction a shield speaks for when several hold an app: a session over a gate, a gate
/// over an intention, and among gates Selah's, whose words and verse stay when it is one of the
/// ways back (PRODUCT.md; issue 34).
@Suite struct ShieldReasonTests {
    let ny = calendar()
    let now = at("2026-11-24 16:00")

    @Test func selahsShield_staysWhenChallengeHoldsTheSameApp_whicheverIdSortsFirst() throws {
        for (selahID, challengeID) in [("selah", "challenge"), ("a-selah", "z-challenge")] {
            let state = try ThresholdState.empty.with(gates: [
                .make(GateID(challengeID), name: "Challenge", path: .challenge, unlockPolicy: .challenge),
                .make(GateID(selahID), name: "Selah", path: .selah)])
            let reason = try #require(evaluate(state, at: now, calendar: ny).reason(forApp: AppToken("instagram")))
            guard case .gated(let label) = reason else { Issue.record("\(reason)"); continue }
            #expect(label.path == .selah)
        }
    }

    @Test func aSession_stillOutranksSelah() throws {
        let state = try ThresholdState.empty.with(profiles: [.make("work", path: .key)], gates: [.make("selah")],
                                                  sessions: [.make("s", profile: "work", start: now.addingTimeInterval(-60))])
        let reason = try #require(evaluate(state, at: now, calendar: ny).reason(forApp: AppToken("instagram")))
        if case .sessionActive = reason {} else { Issue.record("\(reason)") }
    }
}
