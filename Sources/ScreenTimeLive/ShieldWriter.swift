import Foundation
import ManagedSettings
import ScreenTimeClient
import ThresholdCore

/// Writes Core's ``ShieldStore`` into the named `ManagedSettingsStore` of the same name.
///
/// Fail closed when a token cannot be decoded (tokens can go stale after an iOS update or a
/// restore): everything that can be read is still applied, so the store never ends up emptier
/// than it can be; an unreadable exception is left out, which shields more, never less; then it
/// throws, so the reconciler keeps the store marked unapplied, retries on the next reconcile and
/// shows a repair notice asking the person to pick those apps again.
enum ShieldWriter {
    static func apply(_ store: ShieldStore) throws {
        var unreadable = 0
        let target = ManagedSettingsStore(named: ManagedSettingsStore.Name(store.name))
        let apps = TokenCoding.decodeAll(store.applications, TokenCoding.application, unreadable: &unreadable)
        let domains = TokenCoding.decodeAll(store.webDomains, TokenCoding.webDomain, unreadable: &unreadable)
        target.shield.applications = apps.isEmpty ? nil : apps
        target.shield.webDomains = domains.isEmpty ? nil : domains
        var appCategories: ManagedSettings.ShieldSettings.ActivityCategoryPolicy<Application>?
        if let categories = store.applicationCategories {
            appCategories = policy(categories, TokenCoding.application, unreadable: &unreadable)
        }
        var webCategories: ManagedSettings.ShieldSettings.ActivityCategoryPolicy<WebDomain>?
        if let categories = store.webDomainCategories {
            webCategories = policy(categories, TokenCoding.webDomain, unreadable: &unreadable)
        }
        target.shield.applicationCategories = appCategories
        target.shield.webDomainCategories = webCategories
        // Typed websites and the adult filter: Safari's web content filter, by domain name.
        target.webContent.blockedByFilter = store.webFilter.map { filter in
            let websites = Set(filter.blockedWebsites.map { ManagedSettings.WebDomain(domain: $0.domain) })
            return filter.filtersAdultWebsites ? .auto(websites) : .specific(websites)
        }
        if unreadable > 0 {
            throw ScreenTimeError.failed(
                "\(unreadable) chosen app(s), categories or websites in \(store.name) can no longer be read by iOS (this happens after some updates). Everything else is shielded; choose those again in Threshold."
            )
        }
    }

    /// Whether the named store holds any shield setting, read back.
    static func isHolding(_ name: String) -> Bool {
        let store = ManagedSettingsStore(named: ManagedSettingsStore.Name(name))
        return store.shield.applications != nil || store.shield.applicationCategories != nil || store.shield.webDomains != nil
            || store.shield.webDomainCategories != nil || store.webContent.blockedByFilter != nil
    }

    static func clear(_ name: String) {
        ManagedSettingsStore(named: ManagedSettingsStore.Name(name)).clearAllSettings()
    }

    private static func policy<Exception, Apple>(
        _ policy: CategoryPolicy<Exception>, _ decode: (Exception) throws -> Token<Apple>, unreadable: inout Int
    ) -> ManagedSettings.ShieldSettings.ActivityCategoryPolicy<Apple> {
        switch policy {
        case .specific(let categories, let except):
            .specific(
                TokenCoding.decodeAll(categories, TokenCoding.category, unreadable: &unreadable),
                except: TokenCoding.decodeAll(except, decode, unreadable: &unreadable))
        case .all(let except):
            .all(except: TokenCoding.decodeAll(except, decode, unreadable: &unreadable))
        }
    }
}
