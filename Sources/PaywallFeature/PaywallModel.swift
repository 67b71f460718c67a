import FeatureClient
import Foundation
import Observation
import PurchasesClient
import StoreClient
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
    public private(set) var problem: PaywallProblem?
    /// The saved data cannot be read: buying and restoring are not offered (Pro could not be saved
    /// on), and ``problem`` says why.
    public private(set) var isUnreadable = false
    /// The person closed the paywall ("Not now", or done after buying).
    public private(set) var isClosed = false
    /// A purchase or a restore is under way: the App Store's answer is awaited, and neither is
    /// offered again until it comes (a second tap buys nothing twice).
    public private(set) var isWaitingForAppStore = false
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

    /// The free trial's length in days that the main button starts, when this person is eligible
    /// for it on the selected plan; `nil`: the button subscribes.
    public var buyTrialDays: Int? { selectedOffer?.trialDays }

    /// Buys the selected plan.
    public func buySelected() async { await buy(selected) }

    /// The free trial's length in days when this person is eligible for one on any plan: the
    /// title offers it then; `nil`: the title is Threshold Pro's name.
    public var trialDays: Int? { offers.lazy.compactMap(\.trialDays).first }

    /// Reads the offers and the plan (on appear).
    public func load() async {
        problem = nil
        guard let purchases = client.purchases else {
            problem = .noAppStore
            status = .ready
            return
        }
        do {
            offers = try await purchases.offers().sorted { $0.product.rawValue < $1.product.rawValue }
        } catch {
            problem = .offersUnreadable(detail: "\(error)")
        }
        readPlan()
    }

    /// Buys `product`: on success the plan is refreshed from the App Store (only a verified
    /// transaction turns Pro on); pending waits for approval; a cancel changes nothing.
    public func buy(_ product: ProProduct) async {
        guard let purchases = client.purchases else { problem = .noAppStore; return }
        guard !isWaitingForAppStore else { return }
        isWaitingForAppStore = true
        defer { isWaitingForAppStore = false }
        problem = nil
        do {
            switch try await purchases.purchase(product) {
            case .purchased(let transaction):
                problem = await client.refreshPlan(including: [transaction]).map(PaywallProblem.plan)
                readPlan()
            case .pending:
                status = .pending
            case .cancelled:
                break
            }
        } catch {
            problem = .purchaseFailed(detail: "\(error)")
            readPlan()
        }
    }

    /// Restore Purchases: syncs with the App Store and reads the plan again.
    public func restore() async {
        guard let purchases = client.purchases else { problem = .noAppStore; return }
        guard !isWaitingForAppStore else { return }
        isWaitingForAppStore = true
        defer { isWaitingForAppStore = false }
        problem = nil
        do {
            try await purchases.restore()
            problem = await client.refreshPlan().map(PaywallProblem.plan)
            readPlan()
            if status != .subscribed, problem == nil { problem = .nothingToRestore }
        } catch {
            problem = .restoreFailed(detail: "\(error)")
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
            problem = .unreadable(Problem(error))
            isUnreadable = true
            if status == .loading { status = .ready }
        }
    }
}

/// Why the paywall's last action did nothing, as a value the paywall says in its own words
/// (issue 25). A `detail` is what the App Store or the store said, shown as it came.
public enum PaywallProblem: Hashable, Sendable {
    /// This build or device has no App Store.
    case noAppStore
    /// The offers could not be read; everything the person has keeps working.
    case offersUnreadable(detail: String)
    /// The purchase failed: nothing was charged, nothing changed.
    case purchaseFailed(detail: String)
    /// Restore Purchases failed: nothing changed.
    case restoreFailed(detail: String)
    /// Restore Purchases found no subscription for this Apple Account.
    case nothingToRestore
    /// What reading the plan said (``AppClient/refreshPlan(including:)``: the plan's notice words).
    case plan(Problem)
    /// The saved data cannot be read (the store's words).
    case unreadable(Problem)
}
