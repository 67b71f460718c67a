import Foundation
import PurchasesClient
import ThresholdCore

/// The App Store as the simulated phone's Threshold sees it: Threshold Pro monthly and yearly with
/// a 7-day free trial, bought, renewed, expired, retried, refunded, revoked or held for Ask to Buy.
///
/// It keeps Apple's time (``VirtualClock/real``), not the phone's wall clock, as the App Store signs
/// expirations by its own. A subscription renews by itself at each expiration while auto-renew is on
/// and billing works, whether or not the app runs; the app learns of it at its next refresh, as on a
/// phone. Only the app is given its client (``client``); extensions have none.
public final class SimulatedAppStore: @unchecked Sendable {
    // NB: the client's closures are `@Sendable` and run from async code; a lock guards the state.
    private let lock = NSLock()
    private let now: @Sendable () -> Date
    private var transactions: [AppStoreTransaction] = []
    private var autoRenews = false
    private var billingFails = false
    private var graceUntil: Date?
    private var trialUsed = false
    private var pending: ProProduct?
    private var unfinished: [AppStoreTransaction] = []
    private var counter = 0
    private var sold = 0

    /// How many subscriptions the person bought here (a renewal is not one): what a double tap
    /// on Buy must not make two of.
    public var purchases: Int { lock.withLock { sold } }

    /// Ask to Buy: the next purchase waits for a parent's approval (``approve()``).
    public var askToBuy: Bool {
        get { lock.withLock { askToBuyOn } }
        set { lock.withLock { askToBuyOn = newValue } }
    }
    private var askToBuyOn = false
    /// The next purchase throws this (a network or payment failure).
    public var nextPurchaseFailure: String? {
        get { lock.withLock { failure } }
        set { lock.withLock { failure = newValue } }
    }
    private var failure: String?
    /// The next transaction's signature does not verify (a tampered receipt).
    public var signsNextTransactionBadly: Bool {
        get { lock.withLock { badSignature } }
        set { lock.withLock { badSignature = newValue } }
    }
    private var badSignature = false

    public static let prices: [ProProduct: String] = [.monthly: "$4.99", .yearly: "$39.99"]
    public static let trialDays = 7
    public static let graceDays = 16

    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    // MARK: What the person and Apple do

    /// A subscription already running when the phone's story starts (a scenario set up on Pro).
    public func subscribe(_ product: ProProduct, trial: Bool, until expiration: Date) {
        lock.withLock {
            trialUsed = true
            autoRenews = true
            transactions.append(make(product, trial: trial, purchased: now(), expires: expiration))
        }
    }

    /// Holds again the subscription a saved plan had (a phone made from a snapshot, which does not
    /// keep the App Store): a trial or subscription until its end, auto-renewing.
    public func resume(matching plan: PlanStatus) {
        switch plan {
        case .trial(let until): subscribe(.yearly, trial: true, until: until)
        case .pro(let until), .billingGrace(let until): subscribe(.yearly, trial: false, until: until)
        case .free, .lapsed: break
        }
    }

    /// Settings › Apple Account › Subscriptions: auto-renew on or off (a trial left off ends at its expiration).
    public func setAutoRenew(_ on: Bool) {
        lock.withLock {
            settle(); autoRenews = on
        }
    }

    /// A renewal goes through now (after a billing problem, or an early renewal), for another period.
    @discardableResult
    public func renew() -> AppStoreTransaction? {
        lock.withLock {
            settle()
            guard let last = transactions.last else { return nil }
            billingFails = false
            graceUntil = nil
            autoRenews = true
            let product = ProProduct(rawValue: last.productID) ?? .monthly
            let start = max(now(), last.expirationDate ?? now())
            let renewal = make(
                product, trial: false, purchased: now(), expires: Self.period(of: product, from: start == now() ? now() : start))
            transactions.append(renewal)
            unfinished.append(renewal)
            return renewal
        }
    }

    /// The subscription ends now: cancelled and expired.
    public func expire() {
        lock.withLock {
            settle()
            autoRenews = false
            guard let last = transactions.last, let expiration = last.expirationDate, expiration > now() else { return }
            transactions[transactions.count - 1] = AppStoreTransaction(
                id: last.id, productID: last.productID, verified: last.verified, purchaseDate: last.purchaseDate,
                expirationDate: now(), revocationDate: last.revocationDate, isTrial: last.isTrial)
        }
    }

    /// The next renewal's payment fails: a billing grace period of 16 days, then billing retry.
    public func failBilling() {
        lock.withLock {
            settle(); billingFails = true
        }
    }

    /// Apple refunds (or revokes) the latest purchase: it ends at once.
    @discardableResult
    public func refund() -> AppStoreTransaction? {
        lock.withLock {
            settle()
            guard let last = transactions.last else { return nil }
            let revoked = AppStoreTransaction(
                id: last.id, productID: last.productID, verified: last.verified, purchaseDate: last.purchaseDate,
                expirationDate: last.expirationDate, revocationDate: now(), isTrial: last.isTrial)
            transactions[transactions.count - 1] = revoked
            autoRenews = false
            unfinished.append(revoked)
            return revoked
        }
    }

    /// The parent approves the Ask to Buy request: the purchase completes and reaches the app as an update.
    @discardableResult
    public func approve() -> AppStoreTransaction? {
        lock.withLock {
            guard let product = pending else { return nil }
            pending = nil
            let bought = buy(product)
            unfinished.append(bought)
            return bought
        }
    }

    /// The parent declines: nothing is bought.
    public func decline() { lock.withLock { pending = nil } }

    /// Whether a purchase waits for approval.
    public var isPending: Bool { lock.withLock { pending != nil } }

    /// Transactions the app has not yet finished (what `Transaction.updates` delivers to it).
    public func takeUpdates() -> [AppStoreTransaction] {
        lock.withLock {
            defer { unfinished = [] }; return unfinished
        }
    }

    // MARK: The app's client

    /// What the app's `PurchasesClient` reads on this phone.
    public var client: PurchasesClient {
        PurchasesClient(
            offers: { [self] in
                lock.withLock {
                    ProProduct.allCases.map { product in
                        ProOffer(
                            product: product, displayName: product == .monthly ? "Threshold Pro Monthly" : "Threshold Pro Yearly",
                            displayPrice: Self.prices[product]!, period: product == .monthly ? "month" : "year",
                            trialDays: trialUsed ? nil : Self.trialDays)
                    }
                }
            },
            purchase: { [self] product in
                try lock.withLock {
                    if let message = failure { failure = nil; throw PurchasesError(message) }
                    if askToBuyOn { pending = product; return .pending }
                    // NB: as the App Store does, a subscription of the group already in force is not
                    // sold again ("You're currently subscribed"): the purchase answers with it.
                    settle()
                    if let last = transactions.last, last.productID == product.rawValue, last.revocationDate == nil,
                        (last.expirationDate ?? .distantFuture) > now()
                    {
                        return .purchased(last)
                    }
                    return .purchased(buy(product))
                }
            },
            entitlements: { [self] in
                lock.withLock {
                    settle()
                    // `currentEntitlements`: the latest transaction while it is in force (or in its grace period).
                    guard let last = transactions.last, last.revocationDate == nil else { return [] }
                    let inForce = (last.expirationDate ?? .distantFuture) > now() || (graceUntil.map { $0 > now() } ?? false)
                    return inForce ? [last] : []
                }
            },
            statuses: { [self] in
                lock.withLock {
                    settle()
                    guard let last = transactions.last else { return [] }
                    let state: SubscriptionStatus.State
                    if last.revocationDate != nil {
                        state = .revoked
                    } else if (last.expirationDate ?? .distantFuture) > now() {
                        state = .subscribed
                    } else if let graceUntil, graceUntil > now() {
                        state = .inGracePeriod
                    } else if billingFails && autoRenews {
                        state = .inBillingRetryPeriod
                    } else {
                        state = .expired
                    }
                    return [
                        SubscriptionStatus(
                            state: state, productID: last.productID, verified: true, willAutoRenew: autoRenews,
                            gracePeriodExpirationDate: state == .inGracePeriod ? graceUntil : nil)
                    ]
                }
            },
            restore: {},
            updates: { AsyncStream { $0.finish() } },
            finish: { _ in })
    }

    // MARK: Apple's side

    /// Brings the subscription up to Apple's now: renews at each expiration while auto-renew is on
    /// and billing works; a failed renewal opens the grace period.
    private func settle() {
        while let last = transactions.last, last.revocationDate == nil, let expiration = last.expirationDate, expiration <= now(),
            autoRenews
        {
            if billingFails {
                if graceUntil == nil { graceUntil = expiration.addingTimeInterval(TimeInterval(Self.graceDays * 86_400)) }
                return
            }
            let product = ProProduct(rawValue: last.productID) ?? .monthly
            transactions.append(make(product, trial: false, purchased: expiration, expires: Self.period(of: product, from: expiration)))
        }
    }

    private func buy(_ product: ProProduct) -> AppStoreTransaction {
        settle()
        let trial = !trialUsed
        trialUsed = true
        autoRenews = true
        billingFails = false
        graceUntil = nil
        let expires = trial ? now().addingTimeInterval(TimeInterval(Self.trialDays * 86_400)) : Self.period(of: product, from: now())
        let bought = make(product, trial: trial, purchased: now(), expires: expires)
        transactions.append(bought)
        sold += 1
        return bought
    }

    private func make(_ product: ProProduct, trial: Bool, purchased: Date, expires: Date) -> AppStoreTransaction {
        counter += 1
        let verified = !badSignature
        badSignature = false
        return AppStoreTransaction(
            id: "t\(counter)", productID: product.rawValue, verified: verified, purchaseDate: purchased,
            expirationDate: expires, isTrial: trial)
    }

    private static func period(of product: ProProduct, from start: Date) -> Date {
        start.addingTimeInterval(product == .monthly ? 30 * 86_400 : 365 * 86_400)
    }
}
