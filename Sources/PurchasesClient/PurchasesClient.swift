import Foundation
import ThresholdCore

/// The App Store, as Threshold uses it to sell Pro: a small interface with a live value
/// (`PurchasesLive`, StoreKit 2, iOS), a test value that fails on anything a test did not set, and
/// the simulated phone's store (`SimulatedAppStore`).
///
/// Only the app holds one. Extensions never call StoreKit: they read the plan the app saved.
/// Transactions travel as ``AppStoreTransaction`` values whose `verified` is StoreKit's verdict,
/// and ``PlanResolution`` (Core) decides what they grant.
public struct PurchasesClient: Sendable {
    /// The Pro products with their localized prices and the introductory offer, if this person is eligible.
    public var offers: @Sendable () async throws -> [ProOffer]
    /// Buys a product (`Product.purchase()`): a verified or unverified transaction, pending (Ask to
    /// Buy, a payment needing action), or cancelled; throws when the purchase failed.
    public var purchase: @Sendable (ProProduct) async throws -> PurchaseResult
    /// `Transaction.currentEntitlements`: what the person owns now, verified or not.
    public var entitlements: @Sendable () async throws -> [AppStoreTransaction]
    /// The subscription group's statuses (renewal state, grace period, auto-renew).
    public var statuses: @Sendable () async throws -> [SubscriptionStatus]
    /// Restore Purchases: `AppStore.sync()`, then the entitlements are read again.
    public var restore: @Sendable () async throws -> Void
    /// `Transaction.updates`: renewals, refunds, revocations and approved Ask to Buy purchases, from
    /// the app's launch on.
    public var updates: @Sendable () -> AsyncStream<AppStoreTransaction>
    /// Marks a transaction handled (`Transaction.finish()`), once the plan has been saved.
    public var finish: @Sendable (AppStoreTransaction) async -> Void

    public init(
        offers: @escaping @Sendable () async throws -> [ProOffer],
        purchase: @escaping @Sendable (ProProduct) async throws -> PurchaseResult,
        entitlements: @escaping @Sendable () async throws -> [AppStoreTransaction],
        statuses: @escaping @Sendable () async throws -> [SubscriptionStatus],
        restore: @escaping @Sendable () async throws -> Void,
        updates: @escaping @Sendable () -> AsyncStream<AppStoreTransaction>,
        finish: @escaping @Sendable (AppStoreTransaction) async -> Void
    ) {
        self.offers = offers
        self.purchase = purchase
        self.entitlements = entitlements
        self.statuses = statuses
        self.restore = restore
        self.updates = updates
        self.finish = finish
    }

    /// Where the person manages or cancels the subscription (Settings › "Manage subscription").
    public static let manageSubscriptionsURL = URL(string: "https://apps.apple.com/account/subscriptions")!
    public static let termsURL = URL(string: "https://www.apple.com/legal/internet-services/itunes/dev/stdeula/")!
    public static let privacyURL = URL(string: "https://threshold.app/privacy")!
}

/// A Pro product as the paywall shows it: StoreKit's localized name and price, and its trial.
public struct ProOffer: Hashable, Sendable {
    public let product: ProProduct
    public let displayName: String
    /// Localized by the App Store for the person's storefront ("$4.99").
    public let displayPrice: String
    /// "month" or "year".
    public let period: String
    /// The free introductory offer's length in days, when this person is eligible for it.
    public let trialDays: Int?

    public init(product: ProProduct, displayName: String, displayPrice: String, period: String, trialDays: Int?) {
        self.product = product
        self.displayName = displayName
        self.displayPrice = displayPrice
        self.period = period
        self.trialDays = trialDays
    }

    /// "7 days free, then $4.99 a month" / "$39.99 a year": the terms beside the button.
    public var terms: String {
        if let trialDays {
            return "\(trialDays) days free, then \(displayPrice) a \(period). Cancel any time before the trial ends and you pay nothing."
        }
        return "\(displayPrice) a \(period), renews until cancelled."
    }
}

/// What a purchase came to.
public enum PurchaseResult: Hashable, Sendable {
    /// Bought: the transaction (verified or not; only a verified one grants Pro).
    case purchased(AppStoreTransaction)
    /// Waiting for approval (Ask to Buy) or for the person to act on a payment; nothing granted yet.
    case pending
    /// The person closed the sheet.
    case cancelled
}

/// Why the App Store could not be used.
public struct PurchasesError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension PurchasesClient {
    /// Fails on every endpoint a test did not set, so a test shows what it relies on.
    public static func failing(
        offers: (@Sendable () async throws -> [ProOffer])? = nil,
        purchase: (@Sendable (ProProduct) async throws -> PurchaseResult)? = nil,
        entitlements: (@Sendable () async throws -> [AppStoreTransaction])? = nil,
        statuses: (@Sendable () async throws -> [SubscriptionStatus])? = nil,
        restore: (@Sendable () async throws -> Void)? = nil
    ) -> PurchasesClient {
        @Sendable func unset(_ name: String) -> PurchasesError { PurchasesError("PurchasesClient.\(name) was not set in this test") }
        return PurchasesClient(
            offers: offers ?? { throw unset("offers") },
            purchase: purchase ?? { _ in throw unset("purchase") },
            entitlements: entitlements ?? { throw unset("entitlements") },
            statuses: statuses ?? { throw unset("statuses") },
            restore: restore ?? { throw unset("restore") },
            updates: { AsyncStream { $0.finish() } },
            finish: { _ in })
    }

    /// No App Store (previews, a build without StoreKit): offers nothing, owns nothing, and says so on purchase.
    public static let unavailable = PurchasesClient(
        offers: { [] },
        purchase: { _ in throw PurchasesError("The App Store is not available here.") },
        entitlements: { [] }, statuses: { [] },
        restore: { throw PurchasesError("The App Store is not available here.") },
        updates: { AsyncStream { $0.finish() } }, finish: { _ in })
}
