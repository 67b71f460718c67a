import Foundation
import PurchasesClient
import StoreClient
import ThresholdCore
import ThresholdRuntime

extension AppClient {
    /// Reads the plan from the App Store and saves it: what the app does on launch, on every
    /// foreground and on every transaction update (`including` the update, which may be a refund
    /// that `Transaction.currentEntitlements` no longer lists). Only the app does this.
    ///
    /// The answer is read against the reconcile's trusted time, so a clock moved back does not
    /// extend a trial. It fails closed: when the App Store cannot be read the plan stays as it was
    /// (nothing running ends, no Pro is granted) and the plan's notice says why; an unverified or
    /// unknown transaction grants nothing and says so. Returns what the person should read, if anything.
    @discardableResult
    public func refreshPlan(including updates: [AppStoreTransaction] = []) async -> Problem? {
        guard let read = await readPlan(including: updates) else { return nil }
        let failure = perform("plan", read.command)
        for update in updates { await purchases?.finish(update) }
        return failure ?? read.message
    }

    /// Reads the App Store and returns the command that saves the plan, to run inside a reconcile
    /// (the app's foreground runs it in its own), with what the person should read; `nil` without
    /// an App Store.
    public func readPlan(including updates: [AppStoreTransaction] = []) async -> (command: any StateCommand, message: Problem?)? {
        guard let purchases else { return nil }
        let transactions: [AppStoreTransaction], statuses: [SubscriptionStatus]
        do {
            transactions = try await purchases.entitlements()
            statuses = try await purchases.statuses()
        } catch {
            let notice = PlanNotice.appStoreUnreadable(detail: "\(error)")
            return (NotePlanProblem([notice]), .plan([notice]))
        }
        let seen = Set(transactions.map(\.id))
        let all = transactions + updates.filter { !seen.contains($0.id) }
        // What the resolution says is known only inside the reconcile (at its trusted time); the
        // problems are the same at any instant, so they are read here for the caller.
        let command = ApplyAppStorePlan(transactions: all, statuses: statuses)
        let problems = command.problems
        return (command, problems.isEmpty ? nil : .plan(problems))
    }
}
