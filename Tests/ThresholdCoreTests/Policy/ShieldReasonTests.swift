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
                .make(GateID(selahID), name: "Selah", path: .selah),
            ])
            let reason = try #require(evaluate(state, at: now, calendar: ny).reason(forApp: AppToken("instagram")))
            guard case .gated(let label) = reason else { Issue.record("\(reason)"); continue }
            #expect(label.path == .selah)
        }
    }

    @Test func aSession_stillOutranksSelah() throws {
        let state = try ThresholdState.empty.with(
            profiles: [.make("work", path: .key)], gates: [.make("selah")],
            sessions: [.make("s", profile: "work", start: now.addingTimeInterval(-60))])
        let reason = try #require(evaluate(state, at: now, calendar: ny).reason(forApp: AppToken("instagram")))
        if case .sessionActive = reason {} else { Issue.record("\(reason)") }
    }

    /// Issue 34 item 2: the shield names every path whose gate or mode holds the app, whichever
    /// order the rules come in, in the paths' usual order, and from every way the reason is read
    /// (an app's, the shield map's, the gate's).
    @Test func theShownReason_namesEveryOtherWayBack_inAnyOrder() throws {
        let gates: [Gate] = [
            .make("challenge", name: "Challenge", path: .challenge, unlockPolicy: .challenge),
            .make("selah", name: "Selah", path: .selah),
            .make("bank", name: "Bank", path: .earnedAccess, unlockPolicy: .earnedAccess),
        ]
        for order in [gates, gates.reversed(), [gates[1], gates[0], gates[2]]] {
            let enforcement = evaluate(try ThresholdState.empty.with(gates: order), at: now, calendar: ny)
            let ig = AppToken("instagram")
            for reason in [enforcement.reason(forApp: ig), enforcement.reasons[.app(ig)]] {
                guard case .gated(let label)? = reason else { Issue.record("\(String(describing: reason))"); continue }
                #expect(label.path == .selah && label.ways == [.selah, .earnedAccess, .challenge])
            }
        }
        let alone = evaluate(try ThresholdState.empty.with(gates: [gates[1]]), at: now, calendar: ny)
        guard case .gated(let label)? = alone.reason(forApp: AppToken("instagram")) else { Issue.record("no reason"); return }
        #expect(label.otherWays == nil && label.ways == [.selah])
    }

    /// A session does not gather the gates' ways: its shield is the session's.
    @Test func aSessionOverGates_namesNoWaysBack() {
        let session = Reason.sessionActive(SessionLabel(profileID: "work", name: "Work", emoji: "💼", path: .key, strictness: .gentle))
        let selah = Reason.gated(GateLabel(rule: .gate("selah"), name: "Selah", path: .selah, rituals: [.prayer]))
        #expect(session.joined(with: selah) == session && selah.joined(with: session) == session)
    }
}
