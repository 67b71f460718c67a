import DesignSystem
import SwiftUI
import ThresholdCore

/// Spending Focus Bank credits (``CreditsModel``).
@MainActor
struct CreditsView: View {
    let model: CreditsModel

    var body: some View {
        List {
            OutcomeBanner(outcome: model.outcome)
            Section {
                ForEach(model.options, id: \.minutes) { option in
                    Button {
                        model.spend(minutes: option.minutes)
                    } label: {
                        VStack(alignment: .leading) {
                            Text("\(option.minutes) minutes for \(option.cost) credits", bundle: .module)
                            if let reason = option.eligibility.disabledReason {
                                ProblemText(.refused(.disabled(reason))).font(.footnote).foregroundStyle(.secondary)
                            }
                        }
                    }
                    .disabled(!option.eligibility.isAvailable || model.outcome != nil)
                }
            } header: {
                Text("Balance: \(model.balance) credits", bundle: .module)
            } footer: {
                // Why every option is greyed once one was tried: an unlock is on, or nothing was spent.
                switch model.outcome {
                case .unlocked(let until?, _, _)?: ProblemText(.refused(.disabled(.windowOpen(until: until))))
                case .refused?: Text("Nothing was spent. Close this and choose again.", bundle: .module)
                case .unlocked(nil, _, _)?, nil: EmptyView()
                }
            }
        }
        .navigationTitle(Text("Focus Bank", bundle: .module))
    }
}

/// The emergency unlock (``EmergencyModel``): hold the button, then say why.
@MainActor
struct EmergencyView: View {
    let model: EmergencyModel
    @State private var reason = ""
    @Environment(\.calendar) private var calendar

    var body: some View {
        Form {
            OutcomeBanner(outcome: model.outcome)
            if !model.isAvailable {
                Section {
                    Text("No emergency unlocks are left for now.", bundle: .module)
                    if let reason = model.allowance.eligibility.disabledReason {
                        ProblemText(.refused(.disabled(reason))).font(.footnote).foregroundStyle(.secondary)
                    }
                    if let availableAgain = model.availableAgain {
                        Text.availableAgain(at: availableAgain.at, from: availableAgain.from, calendar: calendar).font(
                            .body.weight(.medium))
                    }
                }
                .accessibilityElement(children: .combine)
            } else {
                switch model.emergency.step {
                case .hold, .holding:
                    Section {
                        Text("Hold the button for \(model.emergency.policy.holdSeconds) seconds.", bundle: .module)
                        hold
                        holdFeedback
                    }
                case .reason:
                    Section {
                        TextField(text: $reason, axis: .vertical) { Text("Why do you need it now?", bundle: .module) }
                        Button {
                            model.submit(reason: reason)
                        } label: {
                            Text("Unlock", bundle: .module)
                        }
                        reasonFeedback
                    } footer: {
                        Text("At least \(model.emergency.policy.minimumReasonLength) letters, in a sentence.", bundle: .module)
                    }
                case .completed:
                    EmptyView()
                }
                Section {
                    Text("\(model.allowance.remainingToday) left today, \(model.allowance.remainingThisWeek) this week", bundle: .module)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .navigationTitle(Text("Emergency unlock", bundle: .module))
    }

    /// The hold: press and keep pressing while the bar fills. VoiceOver starts and ends the
    /// hold with its actions (a double-tap and hold works too), and hears how far along it is.
    @ViewBuilder private var hold: some View {
        let seconds = Double(model.emergency.policy.holdSeconds)
        let since: Date? = if case .holding(let reading) = model.emergency.step { reading.wall } else { nil }
        VStack(spacing: 8) {
            (since == nil ? Text("Hold", bundle: .module) : Text("Keep holding", bundle: .module))
                .font(.headline)
                .frame(maxWidth: .infinity, minHeight: 60)
                .background(Palette.warning.opacity(0.2), in: RoundedRectangle(cornerRadius: 14))
            if let since {
                ProgressView(timerInterval: since...since.addingTimeInterval(seconds), countsDown: false) {
                    Text("Held", bundle: .module)
                } currentValueLabel: {
                    EmptyView()
                }
                .tint(Palette.warning)
            }
        }
        .onLongPressGesture(minimumDuration: seconds) {
            model.releaseHold()
        } onPressingChanged: { pressing in
            if pressing { model.pressHold() } else { model.releaseHold() }
        }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isButton)
        .accessibilityHint(Text("Press and hold until the bar is full; then give your reason.", bundle: .module))
        .accessibilityAction(named: since == nil ? Text("Start holding", bundle: .module) : Text("Let go", bundle: .module)) {
            if since == nil { model.pressHold() } else { model.releaseHold() }
        }
    }

    @ViewBuilder private var holdFeedback: some View {
        switch model.lastHold {
        case .tooShort(_, let needed)?: Text("Hold for the full \(needed) seconds.", bundle: .module).foregroundStyle(Palette.warning)
        case .clockMoved?: Text("The clock moved while you held; hold again.", bundle: .module).foregroundStyle(Palette.warning)
        case .held?, .notHolding?, nil: EmptyView()
        }
    }

    @ViewBuilder private var reasonFeedback: some View {
        switch model.lastReason {
        case .tooShort(let letters, let needed)?:
            Text("\(letters) of \(needed) letters so far.", bundle: .module).foregroundStyle(Palette.warning)
        case .notASentence?:
            Text("Write it as a sentence.", bundle: .module).foregroundStyle(Palette.warning)
        case .completed?, .notAsking?, nil:
            EmptyView()
        }
    }
}

/// Opening an app with an intention (``IntentionOpenModel``): one of the day's counted opens.
@MainActor
struct IntentionOpenView: View {
    let model: IntentionOpenModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            OutcomeBanner(outcome: model.outcome)
            let label = model.open.label
            Text(
                "\(label.opensUsed) of \(label.opensPerDay) opens used today; each lasts \(label.minutesPerOpen) minutes.", bundle: .module)
            switch model.open.step {
            case .offer:
                Button {
                    model.confirm()
                } label: {
                    Text("Open it", bundle: .module)
                }.buttonStyle(.primary)
                Button {
                    model.nevermind(); dismiss()
                } label: {
                    Text("Never mind", bundle: .module)
                }
            case .confirmBeyondAllowance:
                ProblemBanner(Text("That is past today's opens; your streak for it ends today.", bundle: .module))
                Button {
                    model.confirm()
                } label: {
                    Text("Open anyway", bundle: .module)
                }.buttonStyle(.primary)
                Button {
                    model.nevermind(); dismiss()
                } label: {
                    Text("Never mind", bundle: .module)
                }
            case .completed, .declined:
                EmptyView()
            }
            Spacer()
        }
        .padding()
        .navigationTitle(Text("Intention", bundle: .module))
    }
}
