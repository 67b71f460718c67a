import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
@testable import HomeFeature
import SessionsFeature
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import UnlockFeature

@MainActor
@Suite struct HomeTests {
    let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"))

    @Test func aRunningSession_isThePrimaryAction_andWhyInstagramIsBlocked() throws {
        let device = try Device(.make(profiles: [focus]))
        let session = SessionModel(client: device.client)
        session.load()
        session.start("focus", .goal(minutes: 25))
        device.advance(minutes: 10)
        let home = HomeModel(client: device.client)
        home.load()
        guard case .session(let content) = home.primary else {
            Issue.record("a running session is the primary action, got \(home.primary)")
            return
        }
        #expect(content.title == "🎯 Focus")
        let row = try #require(home.active.first)
        #expect(row.title == .named("🎯 Focus"))
        #expect(row.endsAt == monday.wall.adding(minutes: 25))
        guard case .sessionActive = row.reason else {
            Issue.record("the row says a session holds it, got \(row.reason)")
            return
        }
        #expect(home.summary?.headline == .sessionOn(session: "🎯 Focus", until: nil))
        #expect(home.today.focusedSeconds == 600)
    }

    @Test func selah_offersAPrayer_thenTheTimeRemaining_andCountsTheStreak() throws {
        let device = try Device(.make(gates: [selahGate]))
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.primary == .pray)
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.tired)
        prayer.amen()
        home.load()
        #expect(home.primary == .unlocked(until: monday.wall.adding(minutes: 10), only: .app(AppToken("instagram"))))
        #expect(home.today.unlocks == 1)
        #expect(home.streaks.prayerDays == 1)
    }

    @Test func nothingSetUp_saysSo() throws {
        let device = try Device()
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.primary == .setUp)
        #expect(home.active.isEmpty)
    }

    @Test func aDayWhoseScreenTimeWasNotReported_isShownUnderTheStreaks() throws {
        let tracking = try ScreenTimeTracking(selection: .apps("instagram"), goalMinutes: 120, since: day("2026-03-02"))
        let device = try Device(prepare: { $0.settings.screenTime = tracking })
        device.phone.faults.scripted = [.drop]  // Monday's end, at midnight
        device.advance(minutes: 23 * 60)  // Tuesday 09:00
        device.client.runtime.reconcile(.appForeground)
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.streaks.unreportedDays == [day("2026-03-02")])
        #expect(home.streaks.goal?.days == 0 && home.streaks.goal?.lives == 1, "Monday neither kept nor broke the streak")
    }

    @Test func anUnreadableStore_saysWhat_andTheShieldsStay() throws {
        let device = try Device(.make(gates: [selahGate]))
        let home = HomeModel(client: device.client)
        device.store.failNextCalls(with: .corrupt("truncated"))
        home.load()
        device.store.failNextCalls(with: nil)
        #expect(home.problem?.said.contains("damaged") == true)
        #expect(home.summary?.headline == .unreadable && home.summary?.failure == .corrupt("truncated"))
        #expect(try device.shielded("instagram"))
    }
}
