import EntryPoints
import Foundation
import StoreClient
import ThresholdStore

/// Opens the store in the App Group container: the one source of truth every target shares.
enum AppGroupStore {
    /// The app creates and migrates it (`.app`); extensions only open it (`.appExtension`), so
    /// a missing database is an error for them, never an empty state that unshields everything.
    static func open(role: ThresholdStore.Role) throws -> ThresholdStore {
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: AppIdentity.appGroup) else {
            throw StoreError.missing("the App Group \(AppIdentity.appGroup) is not available to this build; check its entitlements")
        }
        return try ThresholdStore.open(directory: container, role: role)
    }
}
