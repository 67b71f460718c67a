import FeatureModels
import Foundation
import ScreenTimeSimulator
import ThresholdCore

extension Person {
    /// Threshold Pro's paywall as `PaywallView` shows it: the title, what Pro adds, each plan with
    /// its price and the trial's terms, what stays free; the plans to pick, the buy button (its words
    /// the model's, as the view's), Restore Purchases, and "Not now" always (or Continue once Pro is on).
    func paywallScreen(_ model: PaywallModel, close: @escaping @MainActor () -> Void) -> Screen {
        var screen = Screen("paywall", lines: [model.title])
        screen.lines += model.features.map { "\($0.title): \($0.detail)" }
        screen.lines += model.choices.map { "\($0.name): \($0.terms)" }
        screen.lines.append(model.freeNote)
        if model.status == .pending { screen.lines.append("Waiting for approval. Pro turns on once the purchase is approved.") }
        if let problem = model.problem { screen.lines.append(problem) }
        if model.status == .subscribed {
            screen.buttons.append(.init("Continue") { close() })
            return screen
        }
        screen.buttons += model.choices.map { choice in .init(choice.name) { model.selected = choice.product } }
        screen.buttons.append(Screen.Button(model.buyLabel, disabled: model.choices.isEmpty ? "The App Store shows no plans now." : nil) {
            await model.buySelected()
        })
        screen.buttons.append(.init("Restore Purchases") { await model.restore() })
        screen.buttons.append(.init("Not now") {
            model.notNow()
            close()
        })
        return screen
    }
}

extension Person {
    /// The App Store acts (`store:`); a transaction it makes reaches a running app as
    /// `Transaction.updates` does, and a closed app at its next foreground (from the entitlements).
    func appStore(_ event: StoreEvent) async {
        let store = phone.appStore
        switch event {
        case .renew: store.renew()
        case .expire: store.expire()
        case .autoRenewOff: store.setAutoRenew(false)
        case .failBilling: store.failBilling()
        case .refund: store.refund()
        case .askToBuy: store.askToBuy = true
        case .approve: store.approve()
        }
        phone.note(.device, "App Store: \(event.rawValue)")
        if phone.appRunning, let app {
            await app.transactionsUpdated(store.takeUpdates())
            await appear()
        }
    }
}

extension Person {
    /// Settings' Threshold Pro section: the plan, its notice, and each paused schedule with "Keep this one on".
    func proLines(_ settings: SettingsModel) -> [String] {
        var lines = ["Plan: \(settings.planSummary)"]
        if let notice = settings.plan.notice { lines.append(notice) }
        lines += settings.pausedSchedules.map { "\($0.name): Keep this one on" }
        return lines
    }
}
