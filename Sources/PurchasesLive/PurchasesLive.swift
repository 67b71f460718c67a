import Foundation
import PurchasesClient
import StoreKit
import ThresholdCore

extension PurchasesClient {
    /// StoreKit 2: the app's only way to the App Store (extensions never link this).
    ///
    /// Every transaction is passed on with StoreKit's verdict on its signature; only a verified one
    /// turns Pro on (``PlanResolution``). Start reading ``updates`` at launch so renewals, refunds
    /// and approved Ask to Buy purchases made while the app was closed arrive.
    public static func live() -> PurchasesClient {
        let unfinished = Unfinished()
        return PurchasesClient(
            offers: {
                var offers: [ProOffer] = []
                for product in try await Product.products(for: ProProduct.identifiers) {
                    guard let pro = ProProduct(rawValue: product.id), let subscription = product.subscription else { continue }
                    let eligible = await subscription.isEligibleForIntroOffer
                    let intro = subscription.introductoryOffer
                    let trialDays = eligible && intro?.paymentMode == .freeTrial ? intro.map { days(in: $0.period) } : nil
                    offers.append(
                        ProOffer(
                            product: pro, displayName: product.displayName, displayPrice: product.displayPrice,
                            period: name(of: subscription.subscriptionPeriod.unit), trialDays: trialDays))
                }
                return offers
            },
            purchase: { pro in
                guard let product = try await Product.products(for: [pro.rawValue]).first else {
                    throw PurchasesError("The App Store does not offer \(pro.rawValue) right now.")
                }
                switch try await product.purchase() {
                case .success(let result):
                    let fact = await unfinished.keep(result)
                    return .purchased(fact)
                case .pending:
                    return .pending
                case .userCancelled:
                    return .cancelled
                @unknown default:
                    return .cancelled
                }
            },
            entitlements: {
                var facts: [AppStoreTransaction] = []
                for await result in StoreKit.Transaction.currentEntitlements { facts.append(await unfinished.keep(result)) }
                return facts
            },
            statuses: {
                guard let product = try await Product.products(for: ProProduct.identifiers).first,
                    let subscription = product.subscription
                else { return [] }
                return try await subscription.status.map(fact(of:))
            },
            restore: { try await AppStore.sync() },
            updates: {
                AsyncStream { continuation in
                    let task = Task {
                        for await result in StoreKit.Transaction.updates { continuation.yield(await unfinished.keep(result)) }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            },
            finish: { fact in await unfinished.finish(fact.id) })
    }

    private static func days(in period: Product.SubscriptionPeriod) -> Int {
        switch period.unit {
        case .day: period.value
        case .week: period.value * 7
        case .month: period.value * 30
        case .year: period.value * 365
        @unknown default: period.value
        }
    }

    private static func name(of unit: Product.SubscriptionPeriod.Unit) -> String {
        switch unit {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        @unknown default: "period"
        }
    }

    private static func fact(of status: Product.SubscriptionInfo.Status) -> SubscriptionStatus {
        let state: SubscriptionStatus.State =
            switch status.state {
            case .subscribed: .subscribed
            case .inGracePeriod: .inGracePeriod
            case .inBillingRetryPeriod: .inBillingRetryPeriod
            case .revoked: .revoked
            default: .expired
            }
        let productID: String, verified: Bool, renewal: Product.SubscriptionInfo.RenewalInfo
        switch status.renewalInfo {
        case .verified(let info): (verified, renewal) = (true, info)
        case .unverified(let info, _): (verified, renewal) = (false, info)
        }
        productID = renewal.currentProductID
        return SubscriptionStatus(
            state: state, productID: productID, verified: verified, willAutoRenew: renewal.willAutoRenew,
            gracePeriodExpirationDate: renewal.gracePeriodExpirationDate)
    }
}

/// The StoreKit transactions read and not yet finished, by id: the app finishes one only after it
/// saved the plan it gave.
private actor Unfinished {
    private var transactions: [String: StoreKit.Transaction] = [:]

    func keep(_ result: VerificationResult<StoreKit.Transaction>) -> AppStoreTransaction {
        let transaction: StoreKit.Transaction, verified: Bool
        switch result {
        case .verified(let value): (transaction, verified) = (value, true)
        case .unverified(let value, _): (transaction, verified) = (value, false)
        }
        let id = String(transaction.id)
        transactions[id] = transaction
        return AppStoreTransaction(
            id: id, productID: transaction.productID, verified: verified,
            purchaseDate: transaction.purchaseDate, expirationDate: transaction.expirationDate,
            revocationDate: transaction.revocationDate, isTrial: transaction.offerType == .introductory)
    }

    func finish(_ id: String) async {
        guard let transaction = transactions.removeValue(forKey: id) else { return }
        await transaction.finish()
    }
}
