import DesignSystem
import PurchasesClient
import SwiftUI
import ThresholdCore

/// Threshold Pro's paywall over ``PaywallModel``: what Pro adds, the plans with the App Store's
/// prices and the trial's terms, Restore Purchases, Terms and Privacy, and "Not now" pinned to the
/// bottom, always visible (no countdown, no hidden close).
@MainActor
public struct PaywallView: View {
    @Bindable var model: PaywallModel
    let onClose: () -> Void
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone

    public init(model: PaywallModel, onClose: @escaping () -> Void) {
        self.model = model
        self.onClose = onClose
    }

    public var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                title.font(.largeTitle.bold()).accessibilityAddTraits(.isHeader)
                ForEach(model.features, id: \.self) { feature in
                    VStack(alignment: .leading, spacing: 2) {
                        Text.proFeature(feature).font(.headline)
                        Text.proFeatureDetail(feature).font(.subheadline).foregroundStyle(.secondary)
                    }
                    .accessibilityElement(children: .combine)
                }
                Text("Selah, Challenge, intentions, keys, sessions and Earned Access stay free.", bundle: .module)
                    .font(.footnote).foregroundStyle(.secondary)
                plans
                if let problem = model.problem {
                    Text.paywall(problem, locale: locale, timeZone: timeZone).font(.footnote).foregroundStyle(.red)
                }
                if model.status == .pending {
                    Text("Waiting for approval. Pro turns on once the purchase is approved.", bundle: .module).font(.footnote)
                }
                HStack {
                    // NB: with Pro on there is nothing to restore, so it is not offered.
                    if model.status != .subscribed {
                        Button {
                            Task { await model.restore() }
                        } label: {
                            Text("Restore Purchases", bundle: .module)
                        }
                        .disabled(model.isUnreadable || model.isWaitingForAppStore)
                    }
                    Spacer()
                    Link(destination: model.termsURL) { Text("Terms of Use", bundle: .module) }
                    Link(destination: model.privacyURL) { Text("Privacy Policy", bundle: .module) }
                }
                .font(.footnote)
            }
            .padding()
        }
        .safeAreaInset(edge: .bottom) { controls }
        .task { await model.load() }
    }

    /// The title: the trial when this person is eligible for it.
    private var title: Text {
        if let days = model.trialDays {
            Text("Start \(days)-day Pro trial", bundle: .module)
        } else {
            Text("Threshold Pro", bundle: .module)
        }
    }

    @ViewBuilder private var plans: some View {
        if model.status == .loading {
            ProgressView().accessibilityLabel(Text("Loading prices", bundle: .module))
        }
        ForEach(model.offers, id: \.product) { offer in
            Button {
                model.selected = offer.product
            } label: {
                HStack {
                    VStack(alignment: .leading) {
                        Text(verbatim: offer.displayName).font(.headline)
                        Text.terms(offer).font(.footnote).foregroundStyle(.secondary)
                    }
                    Spacer()
                    Image(systemName: model.selected == offer.product ? "checkmark.circle.fill" : "circle")
                        .accessibilityHidden(true)
                }
            }
            .buttonStyle(.plain)
            .accessibilityAddTraits(model.selected == offer.product ? .isSelected : [])
        }
    }

    /// The buy button and "Not now", never scrolled away.
    private var controls: some View {
        VStack(spacing: 8) {
            if model.status == .subscribed {
                Button(action: onClose) { Text("Continue", bundle: .module) }.buttonStyle(.primary)
            } else {
                if model.isWaitingForAppStore {
                    ProgressView { Text("Waiting for the App Store…", bundle: .module) }
                }
                Button {
                    Task { await model.buySelected() }
                } label: {
                    if let days = model.buyTrialDays {
                        Text("Start \(days)-day Pro trial", bundle: .module)
                    } else {
                        Text("Subscribe", bundle: .module)
                    }
                }
                .buttonStyle(.primary)
                .disabled(model.offers.isEmpty || model.status == .pending || model.isUnreadable || model.isWaitingForAppStore)
                .accessibilityHint(Text("Buys the selected plan through the App Store.", bundle: .module))
                Button {
                    model.notNow()
                    onClose()
                } label: {
                    Text("Not now", bundle: .module)
                }
                .accessibilityHint(Text("Continues on Free. Everything you set up keeps working.", bundle: .module))
            }
        }
        .padding()
        .background(.bar)
    }
}
