import Foundation
import Observation
import PurchasesClient
import ThresholdCore

/// The Threshold Pro paywall: what Pro adds, the prices and the trial's terms as the App Store
/// gives them, a button per product, Restore Purchases, the Terms and Privacy links, and a
/// "Not now" that is always there (no countdown, no hidden close). Onboarding shows it when the
/// chosen paths include Present or Earned Access (never for Selah alone); Settings and a refusal
/// that needs Pro lead to it.
@MainActor @Observable
public final class PaywallModel: Identifiable {
    public enum Status: Hashable, Sendable {
        /// The offers are being read.
        case loading
        /// Offers shown; nothing bought yet.
        case ready
        /// Waiting for approval (Ask to Buy): nothing granted until it is approved.
        case pending
        /// Pro is on (the plan as saved after the purchase or restore).
        case subscribed
    }

    /// What Pro adds, in the order the paywall lists it.
    public let features = ProFeature.allCases
    public private(set) var offers: [ProOffer] = []
    public private(set) var status: Status = .loading
    /// Why the last action did nothing (a failed purchase, an unverified transaction, no App Store).
    public private(set) var problem: String?
    /// The saved data cannot be read: buying and restoring are not offered (Pro could not be saved
    /// on), and ``problem`` says why.
    public private(set) var isUnreadable = false
    /// The person closed the paywall ("Not now", or done after buying).
    public private(set) var isClosed = false
    public let termsURL = PurchasesClient.termsURL
    public let privacyURL = PurchasesClient.privacyURL

    let client: AppClient

    public init(client: AppClient) { self.client = client }

    /// The plan the main button buys (the yearly one unless the person picks monthly).
    public var selected: ProProduct = .yearly

    /// The plans as the paywall lists them: name, price and trial terms, and the product each buys.
    public var choices: [(name: String, terms: String, product: ProProduct)] {
        offers.map { ($0.displayName, $0.terms, $0.product) }
    }

    /// The selected product's offer, once read.
    public var selectedOffer: ProOffer? { offers.first { $0.product == selected } }

    /// The main button's words: the trial when this person is eligible for it.
    public var buyLabel: String { selectedOffer?.trialDays != nil ? "Start 7-day Pro trial" : "Subscribe" }

    /// Buys the selected plan.
    public func buySelected() async { await buy(selected) }

    /// The title: the trial when this person is eligible for it.
    public var title: String { offers.contains { $0.trialDays != nil } ? "Start 7-day Pro trial" : "Threshold Pro" }
    /// What stays free, said on the paywall itself.
    public let freeNote = "Selah, Challenge, intentions, keys, sessions and Earned Access stay free."

    /// Reads the offers and the plan (on appear).
    public func load() async {
        problem = nil
        guard let purchases = client.purchases else {
            problem = "The App Store is not available here."
            status = .ready
            return
        }
        do {
            offers = try await purchases.offers().sorted { $0.product.rawValue < $1.product.rawValue }
        } catch {
            problem = "The App Store could not show Threshold Pro now (\(FeatureModels.problem(error))). Try again later; everything you have keeps working."
        }
        readPlan()
    }

    /// Buys `product`: on success the plan is refreshed from the App Store (only a verified
    /// transaction turns Pro on); pending waits for approval; a cancel changes nothing.
    public func buy(_ product: ProProduct) async {
        guard let purchases = client.purchases else { problem = "The App Store is not available here."; return }
        problem = nil
        do {
            switch try await purchases.purchase(product) {
            case .purchased(let transaction):
                problem = await client.refreshPlan(including: [transaction])
                readPlan()
            case .pending:
                status = .pending
            case .cancelled:
                break
            }
        } catch {
            problem = "The purchase did not go through (\(FeatureModels.problem(error))). You have not been charged, and nothing changed."
            readPlan()
        }
    }

    /// Restore Purchases: syncs with the App Store and reads the plan again.
    public func restore() async {
        guard let purchases = client.purchases else { problem = "The App Store is not available here."; return }
        problem = nil
        do {
            try await purchases.restore()
            problem = await client.refreshPlan()
            readPlan()
            if status != .subscribed, problem == nil { problem = "The App Store has no Threshold Pro subscription for this Apple Account." }
        } catch {
            problem = "Restore did not finish (\(FeatureModels.problem(error))). Nothing changed."
        }
    }

    /// "Not now": closes the paywall; Free goes on as it was.
    public func notNow() { isClosed = true }

    private func readPlan() {
        do {
            let plan = try client.read().plan
            isUnreadable = false
            if plan.status.includesPro { status = .subscribed } else if status != .pending { status = .ready }
        } catch {
            problem = FeatureModels.problem(error)
            isUnreadable = true
            if status == .loading { status = .ready }
        }
    }
}
