import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore

/// One system call a reconcile decided: made after its transaction commits (issue 38), so no
/// process waits on ManagedSettings, DeviceActivity, UserNotifications or ActivityKit to use
/// the store.
enum SystemEffect: Sendable {
    case applyShield(ShieldStore)
    case clearShield(String)
    case startMonitoring(ActivityRegistration)
    case stopMonitoring([String])
    case post(LocalNotification)
    case removeNotifications([String])
    case startLiveActivity(LiveActivityContent)
    case updateLiveActivity(LiveActivityContent)
    case endLiveActivity(ProfileID, LiveActivityEnding?)
    case reloadWidgets

    /// Makes the call.
    func make(on device: ScreenTimeClient) throws {
        switch self {
        case .applyShield(let store):
            try device.applyShield(store)
            // Read back: a phone whose access reads on and does nothing accepts it and keeps nothing.
            if !store.isEmpty, device.isHoldingShield(store.name) == false { throw ScreenTimeError.shieldNotHeld(store: store.name) }
        case .clearShield(let name): try device.clearShield(name)
        case .startMonitoring(let registration): try device.startMonitoring(registration)
        case .stopMonitoring(let names): try device.stopMonitoring(names)
        case .post(let notification): try device.postNotification(notification)
        case .removeNotifications(let ids): try device.removeNotifications(ids)
        case .startLiveActivity(let content): try device.startLiveActivity(content)
        case .updateLiveActivity(let content): try device.updateLiveActivity(content)
        case .endLiveActivity(let profile, let ending): try device.endLiveActivity(profile, ending)
        case .reloadWidgets: device.reloadWidgets()
        }
    }

    /// The repair a refused call is reported as; none for what is not one (a quip, a Live
    /// Activity this process may not change).
    func repair(for error: any Error) -> RepairNotice? {
        switch self {
        case .applyShield(let store):
            if case ScreenTimeError.shieldNotHeld = error {
                RepairNotice(.accessNotWorking)
            } else {
                RepairNotice(.storeNotApplied(store: store.name, error: "\(error)"))
            }
        case .clearShield(let name): RepairNotice(.storeNotCleared(store: name, error: "\(error)"))
        case .startMonitoring: RepairNotice(.wakeUpNotRegistered(error: "\(error)"))
        case .stopMonitoring: RepairNotice(.wakeUpsNotStopped(error: "\(error)"))
        case .post(let note):
            // NB: a quip that cannot be posted is not retried: the next threshold brings another.
            if case .quip = note.message {
                nil
            } else {
                RepairNotice(
                    note.fireDate == nil ? .notificationNotPosted(error: "\(error)") : .notificationNotScheduled(error: "\(error)"))
            }
        case .removeNotifications: RepairNotice(.notificationsNotWithdrawn(error: "\(error)"))
        case .startLiveActivity, .updateLiveActivity, .endLiveActivity:
            // Not allowed here is how iOS works, not a repair: the app makes it when it next runs.
            if case ScreenTimeError.liveActivityNotAllowed = error { nil } else { RepairNotice(.liveActivityNotUpdated(error: "\(error)")) }
        case .reloadWidgets: nil
        }
    }

    /// Puts back in `applied` what this call, refused, did not change: as `found` had it, so the
    /// next reconcile tries it again (a store applied, cleared or a notification handed over
    /// again, the Live Activity compared with what it really shows).
    func undo(in applied: inout AppliedRecord, found: AppliedRecord) {
        func restore(store name: String) {
            applied.stores.removeAll { $0.name == name }
            if let held = found.stores.first(where: { $0.name == name }) {
                applied.stores.append(held)
                applied.stores.sort { $0.name < $1.name }
            }
        }
        switch self {
        case .applyShield(let store): restore(store: store.name)
        case .clearShield(let name): restore(store: name)
        case .post(let note):
            applied.postedNotifications[note.id] = found.postedNotifications[note.id]
            applied.pendingNotifications[note.id] = found.pendingNotifications[note.id]
        case .removeNotifications(let ids):
            for id in ids { applied.pendingNotifications[id] = found.pendingNotifications[id] }
        case .startLiveActivity, .updateLiveActivity, .endLiveActivity: applied.liveActivity = found.liveActivity
        case .startMonitoring, .stopMonitoring, .reloadWidgets:
            // Registrations are read back from DeviceActivity by every reconcile.
            break
        }
    }

    /// Notes in `owed` what this call changes that a later reconcile must make again if it is
    /// not made (``OwedEffects``); `before` is the record as the reconcile found it.
    func record(into owed: inout OwedEffects, before: AppliedRecord) {
        switch self {
        case .applyShield(let store): owed.stores.append(store.name)
        case .clearShield(let name): owed.stores.append(name)
        case .post(let note): owed.notifications.append(note.id)
        case .removeNotifications(let ids):
            for id in ids { if let pending = before.pendingNotifications[id] { owed.withdrawn[id] = pending } }
        case .startLiveActivity, .updateLiveActivity, .endLiveActivity:
            if !owed.liveActivityChanged { (owed.liveActivityChanged, owed.liveActivityBefore) = (true, before.liveActivity) }
        case .startMonitoring, .stopMonitoring, .reloadWidgets:
            // Registrations are read back from DeviceActivity by every reconcile; widgets reload again.
            break
        }
    }
}

/// The calls a reconcile decides, in order, while its transaction runs.
final class DecidedEffects: Sendable {
    private let held = Locked<[SystemEffect]>([])

    var all: [SystemEffect] { held.value }

    /// A client that answers reads from `device` and notes every change instead of making it;
    /// the activities it lists are the device's with the noted registrations and stops applied,
    /// so the reconcile sees the device as it will be once they are made.
    func deferring(_ device: ScreenTimeClient) -> ScreenTimeClient {
        let held = held
        var client = ScreenTimeClient(
            applyShield: { store in held.update { $0.append(.applyShield(store)) } },
            clearShield: { name in held.update { $0.append(.clearShield(name)) } },
            startMonitoring: { registration in held.update { $0.append(.startMonitoring(registration)) } },
            stopMonitoring: { names in held.update { $0.append(.stopMonitoring(names)) } },
            activities: {
                var byName = Dictionary(try device.activities().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                for effect in held.value {
                    switch effect {
                    case .startMonitoring(let registration): byName[registration.name] = registration
                    case .stopMonitoring(let names): for name in names { byName[name] = nil }
                    default: continue
                    }
                }
                return byName.values.sorted { $0.name < $1.name }
            },
            authorizationStatus: device.authorizationStatus,
            requestAuthorization: device.requestAuthorization,
            postNotification: { note in held.update { $0.append(.post(note)) } },
            removeNotifications: { ids in held.update { $0.append(.removeNotifications(ids)) } },
            startLiveActivity: { content in held.update { $0.append(.startLiveActivity(content)) } },
            updateLiveActivity: { content in held.update { $0.append(.updateLiveActivity(content)) } },
            endLiveActivity: { profile, ending in held.update { $0.append(.endLiveActivity(profile, ending)) } },
            reloadWidgets: { held.update { $0.append(.reloadWidgets) } },
            notificationPermission: device.notificationPermission,
            requestNotificationPermission: device.requestNotificationPermission)
        client.runsInApp = device.runsInApp
        // NB: read from the device, before any of this decision's calls are made.
        client.isHoldingShield = device.isHoldingShield
        return client
    }
}
