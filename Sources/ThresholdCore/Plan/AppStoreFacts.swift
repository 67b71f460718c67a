import Foundation

/// The products Threshold sells: one subscription group, monthly and yearly, each with a 7-day
/// free introductory offer. `App/Threshold.storekit` declares exactly these (AppProjectTests checks).
public enum ProProduct: String, CaseIterable, Hashable, Codable, Sendable {
    case monthly = "app.threshold.pro.monthly"
    case yearly = "app.threshold.pro.yearly"

    /// The subscription group's name in App Store Connect and the configuration file.
    public static let groupName = "Threshold Pro"
    /// The introductory offer's length, as StoreKit writes it (ISO 8601).
    public static let trialPeriod = "P1W"
    public static var identifiers: [String] { allCases.map(\.rawValue) }
}

/// One App Store transaction as the app read it from StoreKit: plain values, so the rules that
/// turn it into a plan are pure and tested here. `verified` is StoreKit's verdict on the JWS
/// signature (`VerificationResult.verified`); dates are the signed ones.
public struct AppStoreTransaction: Hashable, Codable, Sendable {
    public let id: String
    public let productID: String
    public let verified: Bool
    public let purchaseDate: Date
    public let expirationDate: Date?
    /// Set when the App Store refunded or revoked it (Family Sharing ended, a refund).
    public let revocationDate: Date?
    /// Bought with the introductory offer (the free trial).
    public let isTrial: Bool

    public init(
        id: String, productID: String, verified: Bool, purchaseDate: Date, expirationDate: Date?,
        revocationDate: Date? = nil, isTrial: Bool = false
    ) {
        self.id = id
        self.productID = productID
        self.verified = verified
        self.purchaseDate = purchaseDate
        self.expirationDate = expirationDate
        self.revocationDate = revocationDate
        self.isTrial = isTrial
    }
}

/// A subscription's renewal state as StoreKit reports it (`Product.SubscriptionInfo.Status`).
public struct SubscriptionStatus: Hashable, Codable, Sendable {
    public enum State: String, Hashable, Codable, Sendable {
        case subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked
    }

    public let state: State
    public let productID: String
    /// Whether the status's signed renewal info verified.
    public let verified: Bool
    public let willAutoRenew: Bool
    /// The end of the billing grace period, while in one.
    public let gracePeriodExpirationDate: Date?

    public init(state: State, productID: String, verified: Bool, willAutoRenew: Bool, gracePeriodExpirationDate: Date? = nil) {
        self.state = state
        self.productID = productID
        self.verified = verified
        self.willAutoRenew = willAutoRenew
        self.gracePeriodExpirationDate = gracePeriodExpirationDate
    }
}

/// What the App Store's answer means for the plan: the status, and why anything in it granted nothing.
public struct PlanResolution: Hashable, Sendable {
    public let status: PlanStatus
    /// In words the person can act on; empty when everything read was sound.
    public let problems: [PlanNotice]

    /// Reads the current entitlements and subscription statuses at `trustedNow` (the reconcile's
    /// trusted time, so a clock moved back does not extend a trial or a subscription).
    ///
    /// Only a verified transaction for a product Threshold sells, not revoked, with a signed
    /// expiration after `trustedNow`, grants Pro (a trial when bought with the introductory offer);
    /// a verified billing grace period keeps it; billing retry past the grace period does not.
    /// With nothing granting Pro, a plan that had Pro lapses (since the latest expiration or
    /// revocation) and any other stays as it was.
    public static func resolve(
        transactions: [AppStoreTransaction], statuses: [SubscriptionStatus],
        previous: PlanStatus, at trustedNow: Date
    ) -> PlanResolution {
        var problems: [PlanNotice] = []
        var granting: [PlanStatus] = []
        var ended: [Date] = []
        let known = Set(ProProduct.identifiers)
        for transaction in transactions {
            guard transaction.verified else {
                problems.append(.unverifiedPurchase)
                continue
            }
            guard known.contains(transaction.productID) else {
                problems.append(.unknownProduct(transaction.productID))
                continue
            }
            if let revoked = transaction.revocationDate {
                problems.append(.refunded)
                ended.append(revoked)
                continue
            }
            guard let expiration = transaction.expirationDate else { continue }
            if expiration > trustedNow {
                granting.append(transaction.isTrial ? .trial(until: expiration) : .pro(until: expiration))
            } else {
                ended.append(expiration)
            }
        }
        for status in statuses where status.state == .inGracePeriod {
            guard status.verified, known.contains(status.productID) else { continue }
            if let until = status.gracePeriodExpirationDate, until > trustedNow { granting.append(.billingGrace(until: until)) }
        }
        if let best = granting.max(by: { until($0) < until($1) }) {
            return PlanResolution(status: best, problems: problems)
        }
        if previous.includesPro {
            // When it ended: a revocation or expiration read, else the end the plan last knew, else now.
            let known = ended.max() ?? until(previous)
            return PlanResolution(
                status: .lapsed(since: known > trustedNow || known == .distantPast ? trustedNow : known), problems: problems)
        }
        return PlanResolution(status: previous, problems: problems)
    }

    private static func until(_ status: PlanStatus) -> Date {
        switch status {
        case .trial(let until), .pro(let until), .billingGrace(let until): until
        case .free, .lapsed: .distantPast
        }
    }
}
