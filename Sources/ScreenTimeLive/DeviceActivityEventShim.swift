import DeviceActivity
import Foundation
import ManagedSettings

/// Every SDK difference in building a `DeviceActivityEvent`, in one place.
enum DeviceActivityEventShim {
    /// The event, with `includesPastActivity` set explicitly where iOS has it (17.4+, PLATFORM.md).
    static func make(
        applications: Set<ApplicationToken>, categories: Set<ActivityCategoryToken>,
        webDomains: Set<WebDomainToken>, threshold: DateComponents,
        includesPastActivity: Bool
    ) -> DeviceActivityEvent {
        // NB: the initialiser with `includesPastActivity` arrived in the iOS 17.4 SDK, whose
        // DeviceActivity module is version 336 (17.3.1 shipped 324, 17.0 313). Built against an
        // older SDK, the event counts usage from registration on, which is `false`'s behaviour
        // on iOS before 17.4.
        #if canImport(DeviceActivity, _version: 336)
        if #available(iOS 17.4, *) {
            return DeviceActivityEvent(
                applications: applications, categories: categories, webDomains: webDomains,
                threshold: threshold, includesPastActivity: includesPastActivity)
        }
        #endif
        return DeviceActivityEvent(
            applications: applications, categories: categories, webDomains: webDomains,
            threshold: threshold)
    }
}
