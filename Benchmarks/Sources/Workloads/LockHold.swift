import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore
import ThresholdRuntime
import ThresholdStore

/// How long one monitor callback holds the store's cross-process write lock (issue 38), and how
/// many of its system calls it makes while holding it.
///
/// The store is wrapped so that each `write` (an IMMEDIATE transaction, begin to commit) is timed
/// and the device notes whether a write is open when each of its calls is made. Every call the
/// device takes sleeps `callLatency`: a model of an XPC round trip to ManagedSettings,
/// DeviceActivity, UserNotifications or ActivityKit (on Linux the device is a stand-in and costs
/// nothing); the figures are reported for 0 and for a modelled latency, named as such.
public struct LockHold: Sendable, CustomStringConvertible {
    /// Transactions the callback ran.
    public var transactions = 0
    /// Time the write lock was held, in all of them.
    public var held: TimeInterval = 0
    /// System calls made, and how many of them while the lock was held.
    public var calls = 0
    public var callsHoldingTheLock = 0

    public var description: String {
        String(
            format: "%d transaction(s), lock held %.2f ms; %d system calls, %d of them holding the lock",
            transactions, held * 1_000, calls, callsHoldingTheLock)
    }
}

extension MonitorCallback {
    /// The callback (as ``run()``), timing the lock; the store is put back first.
    public func runTimingTheLock(callLatency: TimeInterval) throws -> LockHold {
        try reset()
        let store = try ThresholdStore.open(directory: directory, role: .appExtension)
        let timed = TimedStore(store)
        let device = LatentDevice(device: deviceClient, latency: callLatency, writing: timed.writing)
        let monitor = Reconciler(store: timed, screenTime: device.client, clock: deviceClock, ids: .counting(prefix: "monitor-"))
        let outcome = monitor.reconcile(trigger)
        try store.close()
        if let failure = outcome.storeFailure { throw SetupFailure("the callback failed closed: \(failure)") }
        var hold = timed.hold.value
        hold.calls = device.calls.value
        hold.callsHoldingTheLock = device.callsHoldingTheLock.value
        return hold
    }
}

/// A store whose writes are timed.
final class TimedStore: StoreClient, @unchecked Sendable {
    let inner: ThresholdStore
    let hold = Locked(LockHold())
    let writing = Locked(false)

    init(_ inner: ThresholdStore) { self.inner = inner }

    var effects: EffectsJournal { inner.effects }
    func read() throws -> StoredState { try inner.read() }
    func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T {
        let started = DispatchTime.now().uptimeNanoseconds
        defer {
            let took = TimeInterval(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            writing.value = false
            hold.update {
                $0.transactions += 1; $0.held += took
            }
        }
        return try inner.write { transaction in
            writing.value = true
            return try body(&transaction)
        }
    }
    func events(_ query: EventQuery) throws -> [LoggedEvent] { try inner.events(query) }
    func sessions(startingFrom start: Date, until end: Date) throws -> [Session] { try inner.sessions(startingFrom: start, until: end) }
    func exportBackup(deviceID: String?) throws -> Data { try inner.exportBackup(deviceID: deviceID) }
    func importBackup(_ data: Data, deviceID: String?) throws -> ImportReport { try inner.importBackup(data, deviceID: deviceID) }
}

/// The benchmark's device, each change taking `latency`, noting whether a write was open.
final class LatentDevice: Sendable {
    let calls = Locked(0)
    let callsHoldingTheLock = Locked(0)
    let client: ScreenTimeClient

    init(device: ScreenTimeClient, latency: TimeInterval, writing: Locked<Bool>) {
        let calls = calls, holding = callsHoldingTheLock
        let call: @Sendable () -> Void = {
            calls.update { $0 += 1 }
            if writing.value { holding.update { $0 += 1 } }
            if latency > 0 { Thread.sleep(forTimeInterval: latency) }
        }
        var client = device
        let (apply, clear, start, stop, post, remove) = (
            device.applyShield, device.clearShield, device.startMonitoring,
            device.stopMonitoring, device.postNotification, device.removeNotifications
        )
        let (startLive, updateLive, endLive) = (device.startLiveActivity, device.updateLiveActivity, device.endLiveActivity)
        client.applyShield = {
            call(); try apply($0)
        }
        client.clearShield = {
            call(); try clear($0)
        }
        client.startMonitoring = {
            call(); try start($0)
        }
        client.stopMonitoring = {
            call(); try stop($0)
        }
        client.postNotification = {
            call(); try post($0)
        }
        client.removeNotifications = {
            call(); try remove($0)
        }
        client.startLiveActivity = {
            call(); try startLive($0)
        }
        client.updateLiveActivity = {
            call(); try updateLive($0)
        }
        client.endLiveActivity = {
            call(); try endLive($0, $1)
        }
        self.client = client
    }
}
