import DesignSystem
import SwiftUI
import ThresholdCore
import UnlockFeature

/// Settings › Challenges: each of Challenge's games on or off (a gate lists only those on, and a
/// challenge picked for the person comes from them; the last one on stays on), and "Play for
/// fun", which plays a game that unlocks nothing.
@MainActor
struct ChallengeSettingsSection: View {
    let model: SettingsModel

    var body: some View {
        Section {
            ForEach(ChallengeKind.allCases, id: \.self) { kind in
                let refusal = model.challenges.isOn(kind) ? model.challenges.offRefusal(kind) : nil
                Toggle(isOn: Binding(get: { model.challenges.isOn(kind) }, set: { model.setChallenge(kind, on: $0) })) {
                    ChallengeLabel(kind: kind)
                }
                .disabled(refusal != nil)
                if let refusal { ProblemText(.refused(refusal)).font(.footnote).foregroundStyle(.secondary) }
                if kind == .math, model.challenges.isOn(.math) {
                    Picker(selection: Binding(get: { model.challenges.mathDifficulty }, set: { model.setMathDifficulty($0) })) {
                        ForEach(MathDifficulty.allCases, id: \.self) { level in Text.mathDifficulty(level).tag(level) }
                    } label: {
                        Text("Math difficulty", bundle: .module)
                    }
                }
            }
            NavigationLink {
                PlayForFunView(model: model)
            } label: {
                Text("Play for fun", bundle: .module)
            }
        } header: {
            Text("Challenges", bundle: .module)
        } footer: {
            Text("A challenge picked for you comes from the kinds that are on. At least one stays on.", bundle: .module)
        }
    }
}

/// "Play for fun": Challenge's own games, played for the joy of it; nothing unlocks and nothing
/// is recorded.
@MainActor
struct PlayForFunView: View {
    let model: SettingsModel

    var body: some View {
        List {
            Section {
                ForEach(ChallengeKind.added, id: \.self) { kind in
                    if let screen = model.practice(kind) {
                        NavigationLink {
                            RitualView(screen: screen)
                        } label: {
                            ChallengeLabel(kind: kind)
                        }
                    }
                }
            } footer: {
                Text("Practice unlocks nothing and is not counted in Insights.", bundle: .module)
            }
        }
        .navigationTitle(Text("Play for fun", bundle: .module))
    }
}

/// A game's name with what it asks beneath.
@MainActor
struct ChallengeLabel: View {
    let kind: ChallengeKind

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text.challenge(kind)
            Text.challengeRule(kind).font(.footnote).foregroundStyle(.secondary)
        }
    }
}
