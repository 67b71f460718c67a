import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct PlanResolutionTests {
    let now = at("2026-11-30 10:00")
    let monthly = ProProduct.monthly.rawValue

    func transaction(
        _ product: String? = nil, verified: Bool = true, expires: Date?, revoked: Date? = nil, trial: Bool = false
    ) -> AppStoreTransaction {
        AppStoreTransaction(
            id: "t", productID: product ?? monthly, verified: verified, purchaseDate: at("2026-11-23 10:00"),
            expirationDate: expires, revocationDate: revoked, isTrial: trial)
    }

    func resolve(
        _ transactions: [AppStoreTransaction], statuses: [SubscriptionStatus] = [], previous: PlanStatus = .free,
        at instant: Date? = nil
    ) -> PlanResolution {
        PlanResolution.resolve(transactions: transactions, statuses: statuses, previous: previous, at: instant ?? now)
    }

    @Test func aVerifiedTrialOrSubscription_grantsProUntilItsSignedExpiration() {
        let end = now.adding(minutes: 60)
        #expect(resolve([transaction(expires: end, trial: true)]).status == .trial(until: end))
        #expect(resolve([transaction(expires: end)]).status == .pro(until: end))
        #expect(resolve([transaction(expires: end)]).problems.isEmpty)
    }

    @Test func anExpiredOne_lapsesAPlanThatHadPro_andLeavesFreeFree() {
        let end = now.adding(minutes: -60)
        #expect(resolve([transaction(expires: end, trial: true)], previous: .trial(until: end)).status == .lapsed(since: end))
        #expect(resolve([transaction(expires: end)], previous: .free).status == .free)
        #expect(resolve([], previous: .pro(until: end)).status == .lapsed(since: end), "currentEntitlements no longer lists it")
        #expect(resolve([], previous: .pro(until: now.adding(minutes: 60))).status == .lapsed(since: now), "ended early (revoked unseen)")
    }

    @Test func theExpirationIsReadAgainstTrustedTime_soAClockMovedBackDoesNotExtendIt() {
        // The reconcile passes its trusted time; a wall clock set a week back is not what is read.
        let end = at("2026-11-30 08:00")
        let trusted = now, wallMovedBack = at("2026-11-23 10:00")
        #expect(resolve([transaction(expires: end, trial: true)], previous: .trial(until: end), at: trusted).status == .lapsed(since: end))
        #expect(
            resolve([transaction(expires: end, trial: true)], previous: .trial(until: end), at: wallMovedBack).status.includesPro,
            "the same answer at the moved wall clock would have extended it")
    }

    @Test func badInput_grantsNoPro_andSaysWhy() {
        let end = now.adding(minutes: 60)
        let unverified = resolve([transaction(verified: false, expires: end)])
        #expect(unverified.status == .free)
        #expect(unverified.problems == [.unverifiedPurchase])
        let unknown = resolve([transaction("com.example.other", expires: end)])
        #expect(unknown.status == .free && unknown.problems == [.unknownProduct("com.example.other")])
        let refunded = resolve([transaction(expires: end, revoked: now.adding(minutes: -5))], previous: .pro(until: end))
        #expect(refunded.status == .lapsed(since: now.adding(minutes: -5)))
        #expect(refunded.problems == [.refunded])
    }

    @Test func aBillingGracePeriodKeepsPro_andBillingRetryPastItDoesNot() {
        let expired = transaction(expires: now.adding(minutes: -60))
        let grace = SubscriptionStatus(
            state: .inGracePeriod, productID: monthly, verified: true, willAutoRenew: true,
            gracePeriodExpirationDate: now.adding(minutes: 60 * 24 * 6))
        #expect(
            resolve([expired], statuses: [grace], previous: .pro(until: now.adding(minutes: -60))).status
                == .billingGrace(until: now.adding(minutes: 60 * 24 * 6)))
        let retry = SubscriptionStatus(state: .inBillingRetryPeriod, productID: monthly, verified: true, willAutoRenew: true)
        #expect(
            resolve([expired], statuses: [retry], previous: .billingGrace(until: now.adding(minutes: -1))).status
                == .lapsed(since: now.adding(minutes: -60)))
        let unverifiedGrace = SubscriptionStatus(
            state: .inGracePeriod, productID: monthly, verified: false, willAutoRenew: true,
            gracePeriodExpirationDate: now.adding(minutes: 60))
        #expect(!resolve([expired], statuses: [unverifiedGrace], previous: .pro(until: now)).status.includesPro)
    }

    @Test func theLongestEntitlementWins() {
        let short = transaction(expires: now.adding(minutes: 60), trial: true),
            long = transaction(ProProduct.yearly.rawValue, expires: now.adding(minutes: 600))
        #expect(resolve([short, long]).status == .pro(until: now.adding(minutes: 600)))
    }
}
