import Foundation
import ThresholdCore

/// The simulated ManagedSettings: named stores shared by the app and its extensions, shielding
/// the union of all of them.
///
/// Apple's limits, as reported: a store's list with more than 50 tokens is ignored (silently,
/// so the engine's explicit capacity error is what tells the person); stores beyond the 50th a
/// process creates are ignored too. Settings persist when the app is killed and across reboot.
/// Without Screen Time authorization nothing is enforced.
public struct ManagedSettingsCentre: Hashable, Codable, Sendable {
    public static let maximumStores = 50
    public static let maximumTokens = 50

    /// What each store holds as set, by name (as the process set it, limits aside).
    public private(set) var stores: [String: ShieldStore] = [:]
    /// Whether iOS enforces (Screen Time authorization approved).
    public var enforcing = true
    /// Whether iOS keeps what a process writes: a phone whose Screen Time access reads on and does
    /// nothing (restored from a backup, awaseem/foqos#82) accepts every write and keeps none.
    public var keepsShields = true
    /// Every change, in order: for re-lock measurements.
    public private(set) var changes: [Change] = []

    public struct Change: Hashable, Codable, Sendable {
        public let at: Date
        public let store: String
        public let cleared: Bool
    }

    public init() {}

    public mutating func apply(_ store: ShieldStore, at now: Date) {
        stores[store.name] = keepsShields ? store : nil
        changes.append(Change(at: now, store: store.name, cleared: false))
    }

    public mutating func clear(_ name: String, at now: Date) {
        stores[name] = nil
        changes.append(Change(at: now, store: name, cleared: true))
    }

    /// iOS stops keeping shields (``keepsShields``): what it held is gone too.
    public mutating func stopKeepingShields() {
        keepsShields = false
        stores = [:]
    }

    /// The stores iOS honours: the first 50 by name.
    var effectiveStores: [ShieldStore] {
        Array(stores.values.sorted { $0.name < $1.name }.prefix(Self.maximumStores))
    }

    /// Whether an app is shielded by any store, as iOS would decide it.
    public func shields(app: AppToken, category: CategoryToken?) -> Bool {
        guard enforcing else { return false }
        return effectiveStores.contains { store in
            let listed = store.applications.count <= Self.maximumTokens && store.applications.contains(app)
            let byCategory =
                store.applicationCategories.map { policy in
                    Self.withinLimits(policy) && policy.covers(app, category: category)
                } ?? false
            return listed || byCategory
        }
    }

    /// Whether a website is shielded by any store.
    public func shields(webDomain: WebDomainToken, category: CategoryToken?) -> Bool {
        guard enforcing else { return false }
        return effectiveStores.contains { store in
            let listed = store.webDomains.count <= Self.maximumTokens && store.webDomains.contains(webDomain)
            let byCategory = store.webDomainCategories.map { Self.withinLimits($0) && $0.covers(webDomain, category: category) } ?? false
            return listed || byCategory
        }
    }

    /// Whether Safari's web content filter blocks a page on `host` (a store's filter blocks;
    /// where stores differ, the most restrictive wins). `adult`: iOS's own list files it as an
    /// adult website. A filter naming more than 50 websites is ignored, as a shield list is.
    public func filters(website host: String, adult: Bool) -> Bool {
        guard enforcing else { return false }
        return effectiveStores.contains { store in
            guard let filter = store.webFilter, filter.blockedWebsites.count <= Self.maximumTokens else { return false }
            return filter.blocks(host, adult: adult)
        }
    }

    private static func withinLimits<E>(_ policy: CategoryPolicy<E>) -> Bool {
        switch policy {
        case .specific(let categories, let except): categories.count <= maximumTokens && except.count <= maximumTokens
        case .all(let except): except.count <= maximumTokens
        }
    }
}
