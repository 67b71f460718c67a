import EntryPoints
import Foundation
import ManagedSettings
import ManagedSettingsUI
import PrayerContent
import ScreenTimeLive
import StoreClient
import ThresholdCore
import UIKit

/// The ShieldConfiguration extension's behaviour: the shield for an app, category or website
/// shows PRODUCT.md's content for the reason the last reconcile found, computed again from the
/// state it saved in the App Group (evaluation is pure: about 2.5 ms at a thousand rules).
///
/// It must answer fast and never fail: when the state cannot be read, or the reason cannot be
/// found, it still shows a shield (``ShieldContent/unknownReason``) that points to the app.
/// The principal class (App/ThresholdShieldConfiguration) subclasses this and overrides
/// ``openStore()``; the store is opened on the first shield and kept while iOS keeps the process.
///
/// Selah's shield shows the day's verse for the app (``ShieldVerses``): the bundled prayers are
/// read once, on the first shield, and only the verses short enough for a shield are kept.
open class ShieldConfigurationProvider: ShieldConfigurationDataSource {
    // NB: an NSLock, not `Mutex` (not in the iOS 17 SDK): iOS may ask for shields concurrently.
    private let lock = NSLock()
    private var opened: (any StoreClient)?
    private var loadedVerses: ShieldVerses??

    /// What iOS calls: it creates the principal class with `[[Class alloc] init]`.
    // NB: see ActivityMonitorForwarder.init(): subclasses declare no initializer and inherit this.
    public override init() {
        super.init()
    }

    /// Opens the App Group store; the principal class overrides it. This one fails, and the
    /// shield is then the unknown one, which unlocks nothing.
    open func openStore() throws -> any StoreClient {
        throw ConnectionError.notOverridden(principalClass: String(describing: type(of: self)))
    }

    /// The store, opened on first use; a failed opening is tried again on the next shield.
    private func store() throws -> any StoreClient {
        try lock.withLock {
            if let opened { return opened }
            let store = try openStore()
            opened = store
            return store
        }
    }

    override open func configuration(shielding application: Application) -> ShieldConfiguration {
        configuration(for: .app(application.token.flatMap(Self.core), category: nil, name: application.localizedDisplayName))
    }

    override open func configuration(shielding application: Application, in category: ActivityCategory) -> ShieldConfiguration {
        configuration(
            for: .app(
                application.token.flatMap(Self.core), category: category.token.flatMap(Self.core),
                name: application.localizedDisplayName))
    }

    override open func configuration(shielding webDomain: WebDomain) -> ShieldConfiguration {
        configuration(for: .webDomain(webDomain.token.flatMap(Self.core), category: nil, name: webDomain.domain))
    }

    override open func configuration(shielding webDomain: WebDomain, in category: ActivityCategory) -> ShieldConfiguration {
        configuration(
            for: .webDomain(
                webDomain.token.flatMap(Self.core), category: category.token.flatMap(Self.core),
                name: webDomain.domain))
    }

    /// The verses for Selah's shield, read from the bundle on first use and kept; `nil` (the
    /// shield then shows ``ShieldContent/defaultVerse``) when the bundled prayers cannot be read,
    /// which is not tried again: the bundle does not change while the process lives.
    private func verses() -> ShieldVerses? {
        lock.withLock {
            if let loadedVerses { return loadedVerses }
            let verses: ShieldVerses?
            do { verses = ShieldVerses(library: try PrayerContent.bundledLibrary(in: ContentLanguage(.current))) } catch { verses = nil }
            loadedVerses = .some(verses)
            return verses
        }
    }

    /// The shield for an item: its content and the look of its reason.
    public func configuration(for item: ShieldedItem) -> ShieldConfiguration {
        let state = Result { try store().read() }
        let zone = TimeZone.current
        let reason = item.lastReason(in: state, deviceZone: zone)
        // Only Selah's shield shows a verse: no other shield reads the bundled prayers.
        var verses: ShieldVerses?
        if case .gated(let label)? = reason, label.path == .selah { verses = self.verses() }
        let content = ShieldContent.shown(for: item, reason: reason, in: state, verses: verses, at: Date(), deviceZone: zone)
        return ShieldAppearance.configuration(content, look: ShieldLook(reason))
    }

    // A token iOS hands over that cannot be re-encoded is treated as unknown: the item then
    // falls back to its category or to the unknown shield, which never unlocks anything.
    private static func core(_ token: ApplicationToken) -> AppToken? { try? TokenCoding.core(token) }
    private static func core(_ token: ActivityCategoryToken) -> CategoryToken? { try? TokenCoding.core(token) }
    private static func core(_ token: ManagedSettings.WebDomainToken) -> ThresholdCore.WebDomainToken? { try? TokenCoding.core(token) }
}
