import EntryPoints
import Foundation
import InMemoryClients
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import SystemWords
import TestSupport
import Testing
import ThresholdCore

@Suite struct ShieldPressTests {
    @Test func prayButton_postsNotificationToThePrayerFlow_andKeepsTheShield() throws {
        let phone = try phone(.make(gates: [selah]))
        let result = runtime(phone).pressShield(.primary, on: shielded("instagram", on: phone))

        #expect(result.response == .close)
        let note = try #require(result.notification)
        #expect(note.destination == .prayer(app: AppToken("instagram")))
        #expect(phone.notifications.inbox.isEmpty, "iOS holds a shield's notification back about ten seconds (PLATFORM.md)")
        phone.advance(by: 10)
        #expect(phone.notifications.inbox.last?.id == note.id)
        #expect(phone.notifications.inbox.last?.destination == note.destination)
        #expect(phone.shieldedApps.contains("instagram"))
    }

    @Test func followUpNotifications_replaceEachOtherPerDestination() throws {
        let phone = try phone(.make(gates: [selah]))
        let runtime = runtime(phone)
        runtime.pressShield(.primary, on: shielded("instagram", on: phone))
        runtime.pressShield(.primary, on: shielded("instagram", on: phone))
        phone.advance(by: 10)
        #expect(phone.notifications.inbox.count == 1)
    }

    /// Seed 001 §2: at the goal, the shield's "Complete" completes the session there and then
    /// (the extension ends it through the same command as the app); "Stay Present" keeps it.
    @Test func goalReached_complete_completesTheSession_andTheShieldComesDown() throws {
        let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"))
        let phone = try phone(.make(profiles: [focus], sessions: [.make("s1", profile: "focus", start: monday, plan: .goal(minutes: 30))]))
        phone.advance(by: 31 * 60)
        #expect(phone.shieldedApps.contains("instagram"))
        runtime(phone).pressShield(.secondary, on: shielded("instagram", on: phone))
        #expect(phone.shieldedApps.contains("instagram"), "Stay Present keeps the extra time")

        let result = runtime(phone).pressShield(.primary, on: shielded("instagram", on: phone))

        #expect(result.response == .redraw)
        #expect(result.problem == nil)
        #expect(!phone.shieldedApps.contains("instagram"))
        let stored = try phone.savedState()
        #expect(stored.engine.sessions.first?.ending?.state == .completed)
        #expect(stored.balances.xp == 5 && stored.balances.coins == 5)
    }

    @Test func intentionOpen_isGrantedByTheExtension_andTheShieldComesDown() throws {
        let phone = try phone(.make(intentions: [.make("ig", app: "instagram", opens: 3, minutes: 5)]))
        #expect(phone.shieldedApps.contains("instagram"))

        let result = runtime(phone).pressShield(.secondary, on: shielded("instagram", on: phone))

        #expect(result.response == .redraw)
        #expect(result.problem == nil)
        #expect(!phone.shieldedApps.contains("instagram"))
    }

    @Test func intentionOpen_whenTheStoreFails_closesAndLiftsNothing() throws {
        let store = InMemoryStore()
        let phone = try phone(.make(intentions: [.make("ig", app: "instagram")]), store: store)
        store.failNextCalls(with: .busy)

        let result = runtime(phone).pressShield(.secondary, on: shielded("instagram", on: phone))

        #expect(result.response == .close)
        #expect(phone.shieldedApps.contains("instagram"))
    }

    /// Seed 001 §5: once the day's opens are used, the first press turns the shield into an
    /// "are you sure?" and only the second opens the app.
    @Test func intentionOpen_pastTheDaysOpens_asksAreYouSure_thenOpensOnTheSecondPress() throws {
        let phone = try phone(.make(intentions: [.make("ig", app: "instagram", opens: 1, minutes: 5)]))
        let runtime = runtime(phone)
        runtime.pressShield(.secondary, on: shielded("instagram", on: phone))
        phone.advance(by: 6 * 60)
        #expect(phone.shieldedApps.contains("instagram"))
        #expect(try phone.open("instagram").content?.secondary?.label == .open("Instagram"))

        #expect(runtime.pressShield(.secondary, on: shielded("instagram", on: phone)).response == .redraw)
        #expect(phone.shieldedApps.contains("instagram"), "the first press only asks")
        let asking = try #require(try phone.open("instagram").content)
        #expect(asking.title == .areYouSure)
        #expect(phone.shieldWords.subtitle(asking.subtitle) == "That is past today's 1 open. Opening Instagram again ends its streak.")
        #expect(asking.primary.label == .nevermind && asking.secondary?.label == .yesOpen("Instagram"))

        #expect(runtime.pressShield(.secondary, on: shielded("instagram", on: phone)).response == .redraw)
        #expect(!phone.shieldedApps.contains("instagram"))
    }

    @Test func theAreYouSure_lapsesAfterAMinute_andNevermindClearsIt() throws {
        let phone = try phone(.make(intentions: [.make("ig", app: "instagram", opens: 1, minutes: 5)]))
        let runtime = runtime(phone)
        runtime.pressShield(.secondary, on: shielded("instagram", on: phone))
        phone.advance(by: 6 * 60)
        runtime.pressShield(.secondary, on: shielded("instagram", on: phone))
        runtime.pressShield(.primary, on: shielded("instagram", on: phone))
        #expect(try phone.open("instagram").content?.title == .openApp("Instagram"), "Nevermind turns back")
        runtime.pressShield(.secondary, on: shielded("instagram", on: phone))
        phone.advance(by: 2 * 60)
        #expect(try phone.open("instagram").content?.title == .openApp("Instagram"), "the question lapses")
        #expect(phone.shieldedApps.contains("instagram"))
    }

    @Test func anyPress_liftsAShieldThatAMissedCallbackLeftUp() throws {
        let work = Profile.make("work", path: .key, selection: .apps("tiktok"))
        let phone = try phone(
            .make(profiles: [work], sessions: [.make("s1", profile: "work", start: monday, plan: .until(monday.adding(minutes: 30)))]))
        #expect(phone.shieldedApps.contains("tiktok"))
        // The session ends but no callback reaches Threshold: the shield is still up.
        var faults = FaultSwitch()
        faults.scripted = Array(repeating: .drop, count: 100)
        phone.faults = faults
        phone.advance(by: 31 * 60)
        #expect(phone.shieldedApps.contains("tiktok"))

        let result = runtime(phone).pressShield(.primary, on: shielded("tiktok", on: phone))

        #expect(result.response == .redraw)
        #expect(!phone.shieldedApps.contains("tiktok"))
    }

    @Test func unreadableState_showsTheUnknownShield_whoseButtonsOnlyCloseOrPointToTheApp() {
        let shown = ShieldContent.shown(
            for: .app(AppToken("instagram"), category: nil, name: "Instagram"),
            in: .failure(StoreError.corrupt("truncated")), deviceZone: TimeZone(identifier: "GMT")!)
        #expect(shown == .unknownReason)
        for button in [shown.primary] + [shown.secondary].compactMap({ $0 }) {
            switch button.action {
            case .close, .notify, .clearShield: continue
            case .openIntention, .completeSession, .askBeforeOpening: Issue.record("an unknown shield must not grant or end anything")
            }
        }
    }

    @Test func pressOnTheUnknownShield_whenTheStoreFails_closesTheApp() throws {
        let store = InMemoryStore()
        let phone = try phone(.make(gates: [selah]), store: store)
        store.failNextCalls(with: .corrupt("truncated"))

        let result = runtime(phone).pressShield(.secondary, on: shielded("instagram", on: phone))

        #expect(result.response == .close)
        #expect(phone.shieldedApps.contains("instagram"))
    }

    @Test func categoryShield_findsItsReasonByCategory() throws {
        let social = Profile.make("social", name: "Social", path: .key, selection: Selection(categories: [CategoryToken("social")]))
        let phone = try phone(.make(profiles: [social], sessions: [.make("s1", profile: "social", start: monday)]))
        let shown = ShieldContent.shown(
            for: .category(CategoryToken("social")), in: Result { try phone.store.read() }, deviceZone: phone.clock.timeZone)
        #expect(shown.title == .session(emoji: "🎯", name: "Social"))
    }
}
