import FeatureClient
import FeatureTestSupport
import Foundation
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import ThresholdKeys
@testable import UnlockFeature

/// The sheet a key's tap opens (issue 14, item 2): it says a session started only when one did,
/// refuses to start without Screen Time access (seed 004 test 9) instead of recording a session
/// that blocks nothing and earns XP, and on a break offers "Back to focus" — not another break.
@MainActor
@Suite struct KeyTapSheetTests {
    let deep = Profile.make("deep", name: "Deep work", path: .key, selection: .apps("instagram"), breakPolicy: .fivePerHour)

    func tapOf(_ device: Device) throws -> (KeyTagID, KeySecret) {
        var generator = SplitMix64(seed: 99)
        let key = try writeKey(through: device.client.runtime, profile: "deep", name: "Desk", at: monday, using: &generator)
        guard case .keyTap(let id, let secret) = try LinkRoute(url: key.link) else {
            throw ValidationError("test", .unexpected("not a key link"))
        }
        return (id, secret)
    }

    @Test func aTapWithoutScreenTimeAccess_startsNothing_andSaysWhy() throws {
        let device = try Device(.make(profiles: [deep]), authorization: .denied)
        let (tag, secret) = try tapOf(device)
        let sheet = KeyTapModel(client: device.client.rituals)
        sheet.tap(tag, secret: secret)
        if case .started = sheet.phase { Issue.record("the sheet says “Session started.” though nothing could be shielded") }
        #expect(sheet.problem?.said.contains("Screen Time access") == true, "\(sheet.problem?.said ?? "no reason given")")
        #expect(device.stored.engine.sessions.isEmpty, "no session that blocks nothing is recorded")
        device.advance(minutes: 30)
        #expect(device.stored.balances.xp == 0)
    }

    /// iOS can deliver one tap's link twice, and the echo shows what the tap did; but a start that
    /// was refused started nothing, so a tap within the duplicate window is not held back as the
    /// same one: it tries again. Still refused, it says why; the refusal gone, it starts.
    @Test func aTapAfterARefusedStart_triesAgain_withinTheDuplicateWindow() throws {
        let device = try Device(.make(profiles: [deep]), authorization: .denied)
        let (tag, secret) = try tapOf(device)
        KeyTapModel(client: device.client.rituals).tap(tag, secret: secret)
        let echo = KeyTapModel(client: device.client.rituals)
        echo.tap(tag, secret: secret)
        if case .started = echo.phase { Issue.record("the echo of a refused tap says “Session started.” with nothing running") }
        #expect(echo.problem?.said.contains("Screen Time access") == true)
        #expect(device.stored.engine.sessions.isEmpty)

        device.phone.authorization = .approved
        let again = KeyTapModel(client: device.client.rituals)
        again.tap(tag, secret: secret)
        #expect(again.phase == .started("deep") && again.problem == nil)
        #expect(device.stored.engine.sessions.count == 1)
        // A true echo of that start starts nothing twice.
        KeyTapModel(client: device.client.rituals).tap(tag, secret: secret)
        #expect(device.stored.engine.sessions.count == 1)
    }

    @Test func onABreak_theSheetOffersBackToFocus_andItEndsTheBreak() throws {
        let device = try Device(.make(profiles: [deep]))
        let (tag, secret) = try tapOf(device)
        KeyTapModel(client: device.client.rituals).tap(tag, secret: secret)
        device.advance(minutes: 10)
        let asking = KeyTapModel(client: device.client.rituals)
        asking.tap(tag, secret: secret)
        #expect(asking.offersBreak && !asking.offersBackToFocus)
        asking.takeBreak()
        #expect(try !device.shielded("instagram"))

        device.advance(minutes: 1)
        let again = KeyTapModel(client: device.client.rituals)
        again.tap(tag, secret: secret)
        #expect(!again.offersBreak, "no break is offered while on one")
        #expect(again.offersBackToFocus)
        again.backToFocus()
        #expect(again.problem == nil)
        #expect(try device.shielded("instagram"), "the shields return now, as the Live Activity's Back to focus does")
    }
}
