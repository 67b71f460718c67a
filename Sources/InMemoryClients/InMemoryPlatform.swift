import ScreenTimeClient
import ThresholdCore
import ThresholdRuntime
import TogetherClient

// The rest of what the simulated phone and the tests keep in memory where a phone keeps it on
// disk, in the Keychain or in Screen Time. Nothing here ships: no product the app or an extension
// links reaches this module (ThresholdCLITests' PackageGraphTests keep it so).

extension FailClosedFile {
    /// A file held in memory (the simulated phone's App Group, which survives its restarts).
    public static func inMemory() -> FailClosedFile {
        let held = Locked<FailClosedShields?>(nil)
        return FailClosedFile(read: { held.value }, write: { held.value = $0 })
    }
}

extension TogetherKeychain {
    /// A Keychain that lives as long as the value: the simulated phone's.
    public static func inMemory(_ account: TogetherAccount? = nil) -> TogetherKeychain {
        let kept = Locked(account)
        return TogetherKeychain(load: { kept.value }, save: { kept.value = $0 }, delete: { kept.value = nil })
    }
}

extension ScreenTimeClient {
    /// Keeps the activities it is asked to monitor and accepts everything else, enforcing nothing:
    /// under a client over a store alone, where no shield is looked at.
    public static func standIn() -> ScreenTimeClient {
        let activities = Locked<[String: ActivityRegistration]>([:])
        return ScreenTimeClient(
            applyShield: { _ in }, clearShield: { _ in },
            startMonitoring: { registration in activities.update { $0[registration.name] = registration } },
            stopMonitoring: { names in
                activities.update { current in
                    if names.isEmpty { current = [:] } else { names.forEach { current[$0] = nil } }
                }
            },
            activities: { activities.value.values.sorted { $0.name < $1.name } },
            authorizationStatus: { .approved }, requestAuthorization: { .approved },
            postNotification: { _ in }, removeNotifications: { _ in },
            startLiveActivity: { _ in }, updateLiveActivity: { _ in }, endLiveActivity: { _, _ in },
            reloadWidgets: {}, notificationPermission: { .allowed }, requestNotificationPermission: { .allowed })
    }
}
