@testable import AppFeature
import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
import TestSupport
import Testing
import ThresholdCore
import ThresholdKeys

/// Any app or web page can open `threshold://start/<profile>` or `https://threshold.app/start/<profile>`.
/// A start the person could not undo (Beast Mode) must come from them: the link opens a
/// confirmation and nothing starts until they confirm. Every other way in starts directly.
@MainActor
@Suite struct LinkStartTests {
    /// Tuesday 2026-11-24, 8:10 in New York: a manual start joins Beast's 9:00–17:00 span.
    let morning = ClockReading.at("2026-11-24 08:10")
    let beast = Profile.make(
        "beast", name: "Beast", emoji: "🦁", path: .present, selection: .apps("instagram"),
        strictness: .locked, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
    let calm = Profile.make(
        "calm", name: "Calm", path: .present, selection: .apps("tiktok"),
        schedules: [.on(Weekday.weekdays, "09:00", "17:00")])

    func device() throws -> Device { try Device(.make(profiles: [beast, calm]), at: morning.wall) }

    @Test(arguments: ["threshold://start/beast", "https://threshold.app/start/beast"])
    func aLinkToALockedProfile_asksFirst_andDecliningStartsNothing(link: String) throws {
        let device = try device()
        let app = AppModel(client: device.client)
        app.open(try #require(URL(string: link)))
        guard case .confirmStart(let confirmation, _)? = app.presented else {
            Issue.record("a link to a Beast Mode profile asks first, got \(String(describing: app.presented))")
            return
        }
        #expect(confirmation.lockedUntil == at("2026-11-24 17:00"))
        #expect(device.stored.engine.sessions.isEmpty, "nothing starts while the confirmation shows")
        #expect(!(try device.shielded("instagram")))

        app.declineStart()
        #expect(app.presented == nil)
        #expect(device.stored.engine.sessions.isEmpty)
        #expect(!(try device.shielded("instagram")))
    }

    @Test func confirmingTheStart_startsIt_throughTheSameCommand() throws {
        let device = try device()
        let app = AppModel(client: device.client)
        app.open(try #require(URL(string: "https://threshold.app/start/beast")))
        app.confirmStart()
        #expect(app.presented == nil)
        #expect(app.tab == .session)
        #expect(device.stored.engine.sessions.map(\.profileID) == ["beast"])
        #expect(try device.shielded("instagram"))
    }

    @Test func aLinkToAProfileThePersonCanEnd_startsDirectly() throws {
        let device = try device()
        let app = AppModel(client: device.client)
        app.open(try #require(URL(string: "threshold://start/calm")))
        #expect(app.presented == nil)
        #expect(device.stored.engine.sessions.map(\.profileID) == ["calm"])
        #expect(try device.shielded("tiktok"))
    }

    @Test func aKeyTapWithItsSecret_startsALockedProfileDirectly() throws {
        let device = try device()
        var generator = SplitMix64(seed: 5)
        let key = try writeKey(through: device.client.runtime, profile: "beast", name: "Desk", at: morning, using: &generator)
        let app = AppModel(client: device.client)
        app.open(key.link)
        guard case .keyTap(let tap)? = app.presented else {
            Issue.record("a key's link shows the tap's result, got \(String(describing: app.presented))")
            return
        }
        #expect(tap.phase == .started("beast"))
        #expect(device.stored.engine.sessions.map(\.profileID) == ["beast"])
    }

    @Test func shortcutsAndWidgets_startALockedProfileDirectly_theAppsOwnButtonAsksInItsOwnWords() throws {
        // Shortcuts and widgets start through App Intents, which call Runtime.startProfile.
        let viaIntent = try device()
        #expect(viaIntent.client.runtime.startProfile("beast", from: .appIntent("StartProfile")).problem == nil)
        #expect(viaIntent.stored.engine.sessions.map(\.profileID) == ["beast"])

        // The Session tab asks before a Beast Mode start (no link asks), then starts on "Start Beast Mode".
        let inApp = try device()
        let app = AppModel(client: inApp.client)
        app.session.start("beast", .openEnded)
        #expect(app.session.confirming?.confirmation.byLink == false)
        #expect(inApp.stored.engine.sessions.isEmpty)
        app.session.confirmStart()
        #expect(inApp.stored.engine.sessions.map(\.profileID) == ["beast"])
        #expect(app.presented == nil)
    }
}
