import DesignSystem
import FeatureClient
import SelectionFeature
import SwiftUI
import ThresholdCore

/// The ways back into one shielded app (``UnlockGateModel``): who holds it, each option with its
/// cost, and why a disabled one is disabled. Choosing one opens its ritual; Close leaves.
@MainActor
public struct UnlockGateView: View {
    @Bindable var model: UnlockGateModel
    let close: () -> Void
    let startFocusing: () -> Void
    @State private var screen: RitualScreen?

    /// - Parameters:
    ///   - close: what Close does (the app's root takes the gate away).
    ///   - startFocusing: what "Start focusing" does where credits cannot pay for an unlock yet
    ///     (the app's root takes the gate away and opens the Session tab).
    public init(model: UnlockGateModel, close: @escaping () -> Void, startFocusing: @escaping () -> Void) {
        self.model = model
        self.close = close
        self.startFocusing = startFocusing
    }

    public var body: some View {
        NavigationStack {
            List {
                if let problem = model.problem { ProblemBanner(problem) }
                Section { TokenLabel(model.subject.token).font(.headline) }
                if let gate = model.gate {
                    // Seed 002 flow D: the balance and the streak at the top, where credits are a way through.
                    if gate.options.contains(where: { $0.way == .ritual(.credits) }) {
                        Section {
                            LabeledContent {
                                Text("\(gate.balance) credits", bundle: .module)
                            } label: {
                                Text("Focus Bank", bundle: .module)
                            }
                            if let streak = model.focusStreak {
                                LabeledContent {
                                    Text("\(streak) days", bundle: .module)
                                } label: {
                                    Text("Focus streak", bundle: .module)
                                }
                            }
                            // Seed 002: a balance too short for an unlock is one tap from earning more.
                            if gate.creditsFallShort {
                                Button(action: startFocusing) { Text("Start focusing", bundle: .module) }
                            }
                        }
                    }
                    status(gate)
                    if !gate.holders.isEmpty {
                        Section {
                            ForEach(gate.holders, id: \.rule) { holder in
                                VStack(alignment: .leading, spacing: 2) {
                                    Text.restriction(holder.name).font(.body.weight(.medium))
                                    Text.reason(holder.reason).font(.footnote).foregroundStyle(.secondary)
                                }
                                .accessibilityElement(children: .combine)
                            }
                        } header: {
                            Text("Shielded by", bundle: .module)
                        }
                    }
                    if !gate.options.isEmpty {
                        Section {
                            ForEach(gate.options, id: \.self) { option in
                                OptionRow(option: option, balance: gate.balance, availableAgain: model.availableAgain(option)) {
                                    open(option)
                                }
                            }
                        } header: {
                            Text("Ways through", bundle: .module)
                        }
                    }
                }
            }
            .navigationTitle(Text("Unlock", bundle: .module))
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button(action: close) { Text("Close", bundle: .module) } }
            }
            .navigationDestination(item: $screen) { screen in
                RitualView(screen: screen.model).onDisappear { model.load() }
            }
        }
        .onAppear {
            model.load()
            if let game = model.openingChallenge() { screen = RitualScreen(game) }
        }
        // NB: an open window's end shields the app again: the gate then offers its ways through.
        .background {
            if case .open(let until?)? = model.gate?.status { Reload(at: [until]) { model.load() } }
        }
    }

    @ViewBuilder private func status(_ gate: UnlockGate) -> some View {
        switch gate.status {
        case .notShielded:
            Section { Text("This app is not shielded now.", bundle: .module) }
        case .open(let until?):
            Section {
                VStack(alignment: .leading, spacing: 4) {
                    // NB: the gate is one app's (or site's): it is unlocked, whatever else is.
                    Text("Unlocked", bundle: .module).font(.headline)
                    TimeLeft(until: until).foregroundStyle(.secondary)
                }
                .accessibilityElement(children: .combine)
            }
        case .open(nil):
            Section { Text("Open now.", bundle: .module) }
        case .shielded:
            EmptyView()
        }
    }

    private func open(_ option: UnlockGate.Option) {
        if let chosen = model.choose(option) { screen = RitualScreen(chosen) }
    }
}

/// A chosen ritual's screen, identified for navigation.
struct RitualScreen: Identifiable, Hashable {
    let model: UnlockGateModel.Screen
    let id = UUID()

    init(_ model: UnlockGateModel.Screen) { self.model = model }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// One way through: its name, cost, and (when disabled) why and when it returns.
@MainActor
struct OptionRow: View {
    let option: UnlockGate.Option
    let balance: Int
    /// When a disabled option returns by itself, and the moment it is read from.
    let availableAgain: (at: Date, from: Date)?
    @Environment(\.calendar) private var calendar
    let choose: () -> Void

    var body: some View {
        Button(action: choose) {
            VStack(alignment: .leading, spacing: 4) {
                title.font(.body.weight(.medium))
                cost.font(.footnote).foregroundStyle(.secondary)
                if let reason = option.eligibility.disabledReason {
                    ProblemText(.refused(.disabled(reason))).font(.footnote).foregroundStyle(Palette.warning)
                }
                if let availableAgain {
                    Text.availableAgain(at: availableAgain.at, from: availableAgain.from, calendar: calendar)
                        .font(.footnote.weight(.medium)).foregroundStyle(.secondary)
                }
            }
        }
        .disabled(!option.eligibility.isAvailable)
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isButton)
    }

    private var title: Text {
        switch option.way {
        case .ritual(let kind): Text.ritual(kind)
        case .intentionOpen: Text("Open with intention", bundle: .module)
        }
    }

    private var cost: Text {
        switch option.cost {
        case .prayer: Text("A short prayer", bundle: .module)
        case .problems(let count): Text("Solve \(count) problems", bundle: .module)
        case .game: Text("Win or draw one game", bundle: .module)
        case .challenge(let kind): Text.challengeRule(kind)
        case .quest(let seconds, _):
            Text.spoken(TimeInterval(seconds)) + Text(verbatim: " · ")
                + Text("\(QuestAllowance.perDay) a day, \(QuestAllowance.cooldownMinutes) min apart", bundle: .module)
        case .credits(let perMinute, _): Text("\(perMinute) credits a minute; you have \(balance)", bundle: .module)
        case .emergency(let allowance):
            Text("\(allowance.remainingToday) left today, \(allowance.remainingThisWeek) this week", bundle: .module)
        case .open(let used, let allowed): Text("\(used) of \(allowed) opens used today", bundle: .module)
        }
    }
}

/// A ritual's screen for a chosen option.
@MainActor
public struct RitualView: View {
    let screen: UnlockGateModel.Screen

    public init(screen: UnlockGateModel.Screen) { self.screen = screen }

    public var body: some View {
        switch screen {
        case .prayer(let model): PrayerView(model: model)
        case .math(let model): MathChallengeView(model: model)
        case .ticTacToe(let model): TicTacToeView(model: model)
        case .ink(let model): GameChallengeView(model: model) { game, elapsed in InkBoard(game: game, elapsed: elapsed, play: model.play) }
        case .echo(let model):
            GameChallengeView(model: model) { game, elapsed in EchoBoard(game: game, elapsed: elapsed, play: model.play) }
        case .slide(let model): GameChallengeView(model: model) { game, _ in SlideBoardView(game: game, play: model.play) }
        case .unscramble(let model): GameChallengeView(model: model) { game, _ in UnscrambleBoard(game: game, play: model.play) }
        case .breathing(let model): BreathingView(model: model)
        case .copyText(let model): CopyTextView(model: model)
        case .credits(let model): CreditsView(model: model)
        case .emergency(let model): EmergencyView(model: model)
        case .intentionOpen(let model): IntentionOpenView(model: model)
        }
    }
}

/// What a ritual came to: "Apps unlocked for 15 minutes", which apps the shields stopped holding
/// (what the reconcile lifted, not the grant alone), and the time left, counting down, until
/// when; or why not.
@MainActor
struct OutcomeBanner: View {
    let outcome: RitualOutcome?

    var body: some View {
        switch outcome {
        case .unlocked(let until?, let minutes, let letThrough)? where !letThrough.isEmpty:
            VStack(alignment: .leading, spacing: 8) {
                Label {
                    VStack(alignment: .leading, spacing: 4) {
                        if letThrough.count == 1 {
                            // One app opened: say which ("Instagram unlocked for 15 minutes").
                            HStack(spacing: 4) {
                                TokenLabel(letThrough[0])
                                if let minutes {
                                    Text("unlocked for \(minutes) minutes", bundle: .module)
                                } else {
                                    Text("unlocked", bundle: .module)
                                }
                            }
                            .font(.headline)
                        } else if let minutes {
                            Text("Apps unlocked for \(minutes) minutes", bundle: .module).font(.headline)
                        } else {
                            Text("Apps unlocked", bundle: .module).font(.headline)
                        }
                        TimeLeft(until: until).font(.subheadline).foregroundStyle(.secondary)
                    }
                } icon: {
                    Image(systemName: "lock.open.fill").foregroundStyle(Palette.calm).accessibilityHidden(true)
                }
                .accessibilityElement(children: .combine)
                if letThrough.count > 1 {
                    ForEach(letThrough, id: \.self) { token in TokenLabel(token).font(.callout) }
                }
            }
        case .unlocked(_?, _, _)?:
            // NB: recorded, yet the shields hold everything still (a stricter restriction took
            // the apps meanwhile): say so rather than "unlocked".
            ProblemBanner(Text("Nothing was unlocked: what holds these apps now does not take this.", bundle: .module))
        case .unlocked(nil, _, _)?:
            Label {
                Text("Unlocked", bundle: .module)
            } icon: {
                Image(systemName: "lock.open.fill").foregroundStyle(Palette.calm).accessibilityHidden(true)
            }
            .font(.headline)
        case .refused(let message)?:
            ProblemBanner(message)
        case nil:
            EmptyView()
        }
    }
}
