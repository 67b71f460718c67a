import EntryPoints
import Foundation
import InMemoryClients
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore

@Suite struct SessionActionTests {
    let work = Profile.make("work", name: "Work", emoji: "💼", path: .key, selection: .apps("tiktok"), breakPolicy: .fivePerHour)

    @Test func startProfile_fromAShortcut_shieldsItsApps() throws {
        let phone = try phone(.make(profiles: [work]))
        let done = runtime(phone, .app).startProfile("work", from: .appIntent("StartProfile"))
        #expect(done.problem == nil)
        #expect(phone.shieldedApps.contains("tiktok"))
    }

    @Test func endSession_withoutNamingAProfile_endsTheOneRunning() throws {
        let phone = try phone(.make(profiles: [work], sessions: [.make("s1", profile: "work", start: monday)]))
        #expect(phone.shieldedApps.contains("tiktok"))
        let done = runtime(phone, .app).endSession(from: .liveActivityButton("End"))
        #expect(done.problem == nil)
        #expect(!phone.shieldedApps.contains("tiktok"))
    }

    @Test func endSession_withNothingRunning_saysSo_andChangesNothing() throws {
        let phone = try phone(.make(profiles: [work]))
        let done = runtime(phone, .app).endSession(from: .appIntent("EndSession"))
        #expect(done.problem == .refused(.noSessionRunning))
        #expect(done.outcome.events.isEmpty)
    }

    @Test func takeBreak_liftsTheShieldsForTheBreak() throws {
        let phone = try phone(.make(profiles: [work], sessions: [.make("s1", profile: "work", start: monday)]))
        let done = runtime(phone, .app).takeBreak(from: .liveActivityButton("Break"))
        #expect(done.problem == nil)
        #expect(!phone.shieldedApps.contains("tiktok"))
        phone.advance(by: 6 * 60)
        #expect(phone.shieldedApps.contains("tiktok"))
    }

    @Test func endSession_inBeastMode_isRefusedOnEveryPath() throws {
        let beast = Profile.make("beast", name: "Beast", path: .present, selection: .apps("tiktok"), strictness: .locked)
        let phone = try phone(
            .make(profiles: [beast], sessions: [.make("s1", profile: "beast", start: monday, plan: .until(monday.adding(minutes: 60)))]))
        let runtime = runtime(phone, .app)
        phone.advance(by: 20 * 60)
        let paths = [
            Trigger.appIntent("EndSession"), .liveActivityButton("End"), .universalLink("key"), .widget("End"),
            .notificationResponse("session"), .inApp("end"),
        ]
        for trigger in paths {
            let done = runtime.endSession("beast", from: trigger)
            #expect(
                said(done.problem) == "Beast Mode is on: 🎯 Beast cannot be ended early. It ends at 11:00 AM, in 40 min.",
                "\(trigger) ended a locked session")
            #expect(done.outcome.events.isEmpty)
        }
        #expect(phone.shieldedApps.contains("tiktok"))
        // At its end time it stops by itself, and is written down completed.
        phone.advance(by: 40 * 60)
        #expect(!phone.shieldedApps.contains("tiktok"))
        let ended = try phone.store.events(EventQuery(kinds: ["sessionEnded"])).map(\.event)
        #expect(ended == [.sessionEnded(id: "s1", ending: Session.Ending(at: monday.adding(minutes: 60), state: .completed))])
    }

    @Test func endSession_whenTheStoreFails_keepsTheShields() throws {
        let store = InMemoryStore()
        let phone = try phone(.make(profiles: [work], sessions: [.make("s1", profile: "work", start: monday)]), store: store)
        store.failNextCalls(with: .busy)
        let done = runtime(phone, .app).endSession(from: .appIntent("EndSession"))
        #expect(done.outcome.failedClosed)
        #expect(done.problem == .store(.busy))
        #expect(phone.shieldedApps.contains("tiktok"))
    }
}

@Suite struct DeviceRestrictionTests {
    let beast = Profile.make("beast", name: "Beast", path: .present, selection: .apps("tiktok"), strictness: .locked)

    @Test func lockedSession_deniesAppRemovalAndRequiresAutomaticTime_untilItEnds() throws {
        let phone = try phone(.make(profiles: [beast]))
        let recorder = RestrictionsRecorder()
        let runtime = runtime(phone, .app, restrictions: recorder)

        runtime.reconcile(.appIntent("StartProfile"), command: StartSession(profile: "beast", plan: .until(monday.adding(minutes: 30))))
        #expect(recorder.history.last == .locked)

        phone.advance(by: 31 * 60)
        runtime.reconcile(.appForeground)
        #expect(recorder.history.last == DeviceRestrictions.none)
    }

    @Test func gentleSession_leavesTheDeviceAlone() throws {
        let gentle = Profile.make("work", path: .key, selection: .apps("tiktok"))
        let phone = try phone(.make(profiles: [gentle]))
        let recorder = RestrictionsRecorder()
        runtime(phone, .app, restrictions: recorder).startProfile("work", from: .inApp("start"))
        #expect(recorder.history == [DeviceRestrictions.none])
    }

    @Test func storeFailure_leavesTheRestrictionsAsTheyWere() throws {
        let store = InMemoryStore()
        let phone = try phone(.make(profiles: [beast], sessions: [.make("s1", profile: "beast", start: monday)]), store: store)
        let recorder = RestrictionsRecorder()
        store.failNextCalls(with: .corrupt("truncated"))
        let done = runtime(phone, .monitor, restrictions: recorder).reconcile(.intervalDidEnd("threshold.x"))
        #expect(done.restrictions == .unchanged)
        #expect(recorder.history.isEmpty)
    }

    @Test func refusedRestrictions_areReported_andTheShieldsStillApply() throws {
        let phone = try phone(.make(profiles: [beast]))
        let recorder = RestrictionsRecorder()
        recorder.refuse(with: .unauthorized)
        let done = runtime(phone, .app, restrictions: recorder)
            .reconcile(.inApp("start"), command: StartSession(profile: "beast", plan: .goal(minutes: 30)))
        guard case .failed(.refused(let wanted, let error)) = done.restrictions else {
            Issue.record("expected a refusal, got \(done.restrictions)")
            return
        }
        #expect(wanted.denyAppRemoval && error == ScreenTimeError.unauthorized.description)
        #expect(phone.shieldedApps.contains("tiktok"))
    }
}
