import EntryPoints
import Foundation
import ManagedSettings
import ManagedSettingsUI
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
/// The principal class (App/ThresholdShieldConfiguration) subclasses this and says how to open
/// the store; it is opened on the first shield and kept while iOS keeps the process.
open class ShieldConfigurationProvider: ShieldConfigurationDataSource {
    private let store = Connection<any StoreClient>()

    public init(openStore: @escaping @Sendable () throws -> any StoreClient) {
        store.connect(openStore)
        super.init()
    }

    override open func configuration(shielding application: Application) -> ShieldConfiguration {
        configuration(for: .app(application.token.flatMap(Self.core), category: nil, name: application.localizedDisplayName))
    }

    override open func configuration(shielding application: Application, in category: ActivityCategory) -> ShieldConfiguration {
        configuration(for: .app(application.token.flatMap(Self.core), category: category.token.flatMap(Self.core),
                                name: application.localizedDisplayName))
    }

    override open func configuration(shielding webDomain: WebDomain) -> ShieldConfiguration {
        configuration(for: .webDomain(webDomain.token.flatMap(Self.core), category: nil, name: webDomain.domain))
    }

    override open func configuration(shielding webDomain: WebDomain, in category: ActivityCategory) -> ShieldConfiguration {
        configuration(for: .webDomain(webDomain.token.flatMap(Self.core), category: category.token.flatMap(Self.core),
                                      name: webDomain.domain))
    }

    /// The shield for an item: its content and the look of its reason.
    public func configuration(for item: ShieldedItem) -> ShieldConfiguration {
        let state = Result { try store.value().read() }
        let reason = item.lastReason(in: state, deviceZone: .current)
        return ShieldAppearance.configuration(ShieldContent.shown(for: item, reason: reason, in: state), look: ShieldLook(reason))
    }

    // A token iOS hands over that cannot be re-encoded is treated as unknown: the item then
    // falls back to its category or to the unknown shield, which never unlocks anything.
    private static func core(_ token: ApplicationToken) -> AppToken? { try? TokenCoding.core(token) }
    private static func core(_ token: ActivityCategoryToken) -> CategoryToken? { try? TokenCoding.core(token) }
    private static func core(_ token: ManagedSettings.WebDomainToken) -> ThresholdCore.WebDomainToken? { try? TokenCoding.core(token) }
}
