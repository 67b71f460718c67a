import Foundation
import ScreenTimeClient
import StoreClient
import TestSupport
import ThresholdCore
import ThresholdRuntime
import ThresholdStore

/// One DeviceActivity monitor callback at a boundary, over a real store: what the extension does
/// when iOS wakes it, ready to run again and again from the same starting point.
///
/// Set-up (not measured): the app creates the store in a temporary folder, saves
/// ``ScaledUser/state(rules:now:)`` and reconciles at ``ScaledUser/now`` (shields applied,
/// wake-ups registered), then the folder is kept as a template. The callback is the
/// `intervalDidStart` of the start activity at the first boundary: the last reconcile's quiet
/// period is over there, so the callback does all the work.
///
/// Each ``run()`` opens the store as the extension does (`.appExtension`: one small WAL
/// connection), reconciles once for `intervalDidStart` at that boundary, and closes it.
/// ``reset()`` puts the folder and the registered activities back as the template had them.
/// A temporary folder the callback made is removed with it.
public final class MonitorCallback: @unchecked Sendable {
    public let rules: Int
    /// The instant of the callback: the first boundary after ``ScaledUser/now``.
    public let at: Date
    public let trigger: Trigger
    /// The folder holding the template and the callback's store.
    public let root: URL
    /// The folder the callback's store lives in.
    public var directory: URL { root.appendingPathComponent("store") }
    private var template: URL { root.appendingPathComponent("template") }
    private let device = FakeDevice()
    private let registeredByApp: [ActivityRegistration]
    private let ownsRoot: Bool

    /// Sets up the template in `root` (a new temporary folder when `nil`) and the store from it.
    public init(rules: Int, in root: URL? = nil) throws {
        self.rules = rules
        ownsRoot = root == nil
        self.root = root ?? FileManager.default.temporaryDirectory.appendingPathComponent("threshold-bench-\(UUID().uuidString)")
        let template = self.root.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)

        let state = ScaledUser.state(rules: rules)
        let store = try ThresholdStore.open(directory: template, role: .app)
        try store.write { transaction in
            transaction.state.engine = state
            transaction.state.settings.onboardingCompleted = true
        }
        let app = Reconciler(
            store: store, screenTime: device.client, clock: device.clock(at: ScaledUser.now), ids: .counting(prefix: "app-"))
        let opened = app.reconcile(.appForeground)
        try store.close()
        // The first boundary: the start activity planned there begins then.
        guard opened.storeFailure == nil, opened.plan != nil,
            let boundary = upcomingBoundaries(state, after: ScaledUser.now, calendar: ScaledUser.calendar, limit: 1).first
        else {
            throw SetupFailure(
                "the app's reconcile at \(rules) rules planned no wake-up (\(opened.storeFailure.map(String.init(describing:)) ?? "no failure"))"
            )
        }
        at = boundary.at
        trigger = .intervalDidStart("threshold.from.\(Int64(boundary.at.timeIntervalSince1970))")
        registeredByApp = device.registered
        try JSONEncoder().encode(Saved(rules: rules, at: at, trigger: trigger, registered: registeredByApp))
            .write(to: self.root.appendingPathComponent(Self.savedName))
        try reset()
    }

    /// The callback a set-up in `root` left ready (by another process: `reconcile-once`).
    public init(loading root: URL) throws {
        let saved = try JSONDecoder().decode(Saved.self, from: Data(contentsOf: root.appendingPathComponent(Self.savedName)))
        self.root = root
        ownsRoot = false
        rules = saved.rules
        at = saved.at
        trigger = saved.trigger
        registeredByApp = saved.registered
        device.registered = saved.registered
    }

    private static let savedName = "callback.json"

    private struct Saved: Codable {
        let rules: Int
        let at: Date
        let trigger: Trigger
        let registered: [ActivityRegistration]
    }

    /// Puts the store folder and the device's registrations back to the template's.
    public func reset() throws {
        let files = FileManager.default
        if files.fileExists(atPath: directory.path) { try files.removeItem(at: directory) }
        try files.copyItem(at: template, to: directory)
        device.registered = registeredByApp
    }

    /// The callback: open as the extension, reconcile once, close. Returns the outcome.
    @discardableResult
    public func run() throws -> ReconcileOutcome {
        let store = try ThresholdStore.open(directory: directory, role: .appExtension)
        let monitor = Reconciler(store: store, screenTime: device.client, clock: device.clock(at: at), ids: .counting(prefix: "monitor-"))
        let outcome = monitor.reconcile(trigger)
        try store.close()
        if let failure = outcome.storeFailure { throw SetupFailure("the callback failed closed: \(failure)") }
        return outcome
    }

    /// The device's client and clocks at the callback, for variants of ``run()``.
    var deviceClient: ScreenTimeClient { device.client }
    var deviceClock: DeviceClock { device.clock(at: at) }

    /// A temporary folder made for the callback goes with it.
    deinit {
        if ownsRoot { try? FileManager.default.removeItem(at: root) }
    }

    public struct SetupFailure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}

/// A device that accepts everything and remembers only the registered activities, so that the
/// reconciler's diff against them is real.
final class FakeDevice: @unchecked Sendable {
    // NB: benchmarks run on one thread; the lock only makes the Sendable closures honest.
    private let lock = NSLock()
    private var activities: [String: ActivityRegistration] = [:]

    var registered: [ActivityRegistration] {
        get { lock.withLock { activities.values.sorted { $0.name < $1.name } } }
        set { lock.withLock { activities = Dictionary(uniqueKeysWithValues: newValue.map { ($0.name, $0) }) } }
    }

    /// The device's clocks stopped at `instant` (uptime counted from the benchmark's epoch, one boot).
    func clock(at instant: Date) -> DeviceClock {
        let reading = ClockReading(wall: instant, uptime: instant.timeIntervalSince(ScaledUser.now) + 86_400, bootID: "bench")
        return DeviceClock(reading: { reading }, timeZone: { ScaledUser.calendar.timeZone })
    }

    var client: ScreenTimeClient {
        ScreenTimeClient(
            applyShield: { _ in },
            clearShield: { _ in },
            startMonitoring: { [self] registration in lock.withLock { activities[registration.name] = registration } },
            stopMonitoring: { [self] names in lock.withLock { for name in names { activities[name] = nil } } },
            activities: { [self] in registered },
            authorizationStatus: { .approved },
            requestAuthorization: { .approved },
            postNotification: { _ in },
            removeNotifications: { _ in },
            startLiveActivity: { _ in },
            updateLiveActivity: { _ in },
            endLiveActivity: { _, _ in },
            reloadWidgets: {})
    }
}
