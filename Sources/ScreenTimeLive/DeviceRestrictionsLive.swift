import Foundation
import ManagedSettings
import ScreenTimeClient
import ThresholdCore

extension DeviceRestrictionsClient {
    /// Writes the restrictions into their own named store (``DeviceRestrictionsClient/storeName``).
    /// `nil` rather than `false` when off: a store that sets nothing leaves the choice to the person.
    public static let live = DeviceRestrictionsClient { restrictions in
        let store = ManagedSettingsStore(named: ManagedSettingsStore.Name(DeviceRestrictionsClient.storeName))
        store.application.denyAppRemoval = restrictions.denyAppRemoval ? true : nil
        store.application.denyAppInstallation = restrictions.denyAppInstallation ? true : nil
        store.dateAndTime.requireAutomaticDateAndTime = restrictions.requireAutomaticDateAndTime ? true : nil
    }
}
