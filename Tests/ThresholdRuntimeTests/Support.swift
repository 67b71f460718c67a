import Foundation
import InMemoryClients
import ScreenTimeClient
import StoreClient
import TestSupport
import ThresholdCore
import ThresholdRuntime

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var wall: Date
    private var uptime: TimeInterval = 1_000
    private var boot = "boot-1"
    let zone: TimeZone

    init(_ wall: Date, zone: String = "America/New_York") {
        self.wall = wall
        self.zone = TimeZone(identifier: zone)!
    }

    func pass(_ seconds: TimeInterval) {
        lock.withLock {
            wall += seconds; uptime += seconds
        }
    }
    func setWall(_ date: Date) { lock.withLock { wall = date } }
    func reboot() {
        lock.withLock {
            uptime = 10; boot += "'"
        }
    }
    var now: Date { lock.withLock { wall } }

    var client: DeviceClock {
        DeviceClock(
            reading: { self.lock.withLock { ClockReading(wall: self.wall, uptime: self.uptime, bootID: self.boot) } },
            timeZone: { self.zone })
    }
}

/// A Screen Time client that keeps what it is told and records every call; each endpoint can be
/// made to refuse.
final class RecordingScreenTime: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var stores: [String: ShieldStore] = [:]
    private(set) var activities: [String: ActivityRegistration] = [:]
    private(set) var calls: [String] = []
    private(set) var notifications: [LocalNotification] = []
    /// Notifications posted with a fire date and not withdrawn, by id.
    private(set) var pending: [String: LocalNotification] = [:]
    private(set) var live: LiveActivityContent?
    var refuseShields = false
    var refuseClears = false
    var refuseMonitoring = false
    /// The process may not start or change the Live Activity (an extension).
    var liveActivityForbidden = false
    var notificationPermission: NotificationPermission? = .allowed
    var status = AuthorizationStatus.approved

    func resetCalls() { lock.withLock { calls = [] } }

    private func record(_ call: String) { lock.withLock { calls.append(call) } }

    var client: ScreenTimeClient {
        ScreenTimeClient(
            applyShield: { store in
                self.record("apply \(store.name)")
                if self.refuseShields { throw ScreenTimeError.failed("refused") }
                self.lock.withLock { self.stores[store.name] = store }
            },
            clearShield: { name in
                self.record("clear \(name)")
                if self.refuseClears { throw ScreenTimeError.failed("refused") }
                self.lock.withLock { self.stores[name] = nil }
            },
            startMonitoring: { activity in
                self.record("start \(activity.name)")
                if self.refuseMonitoring { throw ScreenTimeError.excessiveActivities(activity: activity.name) }
                self.lock.withLock { self.activities[activity.name] = activity }
            },
            stopMonitoring: { names in
                self.record("stop \(names.joined(separator: ","))")
                precondition(!names.isEmpty, "the reconciler must never stop every activity")
                self.lock.withLock { for name in names { self.activities[name] = nil } }
            },
            activities: { self.lock.withLock { Array(self.activities.values) } },
            authorizationStatus: { self.status },
            requestAuthorization: { self.status },
            postNotification: { note in
                self.record(note.fireDate == nil ? "notify \(note.id)" : "schedule \(note.id)")
                self.lock.withLock {
                    self.notifications.append(note)
                    self.pending[note.id] = note.fireDate == nil ? nil : note
                }
            },
            removeNotifications: { ids in
                self.record("withdraw \(ids.joined(separator: ","))")
                self.lock.withLock { for id in ids { self.pending[id] = nil } }
            },
            startLiveActivity: { content in
                if self.liveActivityForbidden { throw ScreenTimeError.liveActivityNotAllowed("an extension") }
                self.record("live start"); self.lock.withLock { self.live = content }
            },
            updateLiveActivity: { content in
                if self.liveActivityForbidden { throw ScreenTimeError.liveActivityNotAllowed("an extension") }
                self.record("live update"); self.lock.withLock { self.live = content }
            },
            endLiveActivity: { _, _ in
                if self.liveActivityForbidden { throw ScreenTimeError.liveActivityNotAllowed("an extension") }
                self.record("live end"); self.lock.withLock { self.live = nil }
            },
            reloadWidgets: { self.record("widgets") },
            notificationPermission: { self.notificationPermission })
    }

    func shields(_ app: String) -> Bool {
        lock.withLock { stores.values.contains { $0.shields(app: AppToken(app), category: nil) } }
    }
}

struct Rig {
    let store: InMemoryStore
    let device = RecordingScreenTime()
    let clock: ManualClock
    let reconciler: Reconciler

    /// A world set up with `state`, on Pro unless said (Beast Mode and the streak freeze are Pro).
    init(_ state: ThresholdState, at start: Date, plan: PlanStatus? = nil) {
        store = InMemoryStore(
            StoredState(engine: state, plan: PlanRecord(status: plan ?? .pro(until: start.addingTimeInterval(365 * 86_400)))))
        clock = ManualClock(start)
        reconciler = Reconciler(store: store, screenTime: device.client, clock: clock.client, ids: .counting())
    }
}
