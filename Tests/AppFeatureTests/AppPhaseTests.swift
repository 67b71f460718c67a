@testable import AppFeature
import EntryPoints
import FeatureClient
import FeatureTestSupport
import UnlockFeature
import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import ThresholdRuntime

/// The app's comings and goings are handled in one place, in one order, so no order in which
/// SwiftUI runs a parent's and a child's handlers can matter (issue 38, item 4): on the way in the
/// store takes its locks first, then the quest in front restarts, then the foreground reconciles;
/// on the way out the quest is left first and the store lets go last.
@MainActor
@Suite struct AppPhaseTests {
    /// Keeps the order things happened in.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// Stands for the quest or game in front.
    final class Front: FollowsAppPhase {
        let log: Log
        init(_ log: Log) { self.log = log }
        func scenePhaseChanged(to phase: AppPhase) { log.add("front: \(phase)") }
    }

    func app(_ log: Log) throws -> (AppModel, SimulatedPhone) {
        let phone = try SimulatedPhone(start: monday.wall, timeZone: ny.timeZone, setup: .make(gates: [selahGate]))
        let runtime = Runtime(reconciler: phone.reconciler(for: .app), restrictions: DeviceRestrictionsClient { _ in }) { outcome in
            log.add("reconcile: \(outcome.trigger)")
        }
        let client = AppClient(
            runtime: runtime, authorization: .approved, library: { bundledLibrary }, appPhase: { log.add("process: \($0)") })
        return (AppModel(client: client), phone)
    }

    @Test func comingBack_takesTheStoresLocksFirst_thenTheQuestInFront_thenReconciles() async throws {
        let log = Log()
        let (app, phone) = try app(log)
        defer { withExtendedLifetime(phone) {} }
        let front = Front(log)
        app.client.state.inFront = front
        await app.scenePhaseChanged(to: .active)
        #expect(
            log.all == ["process: active", "front: active", "reconcile: app foreground"], "one foreground, one reconcile, in that order")
    }

    @Test func leaving_leavesTheQuestFirst_andLetsGoOfTheStoreLast_withNoReconcile() async throws {
        let log = Log()
        let (app, phone) = try app(log)
        defer { withExtendedLifetime(phone) {} }
        let front = Front(log)
        app.client.state.inFront = front
        await app.scenePhaseChanged(to: .background)
        #expect(log.all == ["front: background", "process: background"])
    }

    @Test func aMomentInactive_keepsTheStore_andTellsTheQuest_whichLeavesNothing() async throws {
        let log = Log()
        let (app, phone) = try app(log)
        defer { withExtendedLifetime(phone) {} }
        let front = Front(log)
        app.client.state.inFront = front
        await app.scenePhaseChanged(to: .inactive)
        #expect(log.all == ["process: inactive", "front: inactive"])
    }

    @Test func aBreathingQuest_isInFrontOnceMade_andLeavingTheAppStopsIt() async throws {
        let log = Log()
        let (app, phone) = try app(log)
        defer { withExtendedLifetime(phone) {} }
        let quest = BreathingQuestModel(terms: .make(), client: app.client.rituals)
        #expect(app.client.state.inFront === quest)
        quest.start()
        await app.scenePhaseChanged(to: .background)
        #expect(quest.progress == .notStarted, "going to the background is leaving the quest")
    }
}
