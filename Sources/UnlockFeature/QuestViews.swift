import DesignSystem
import SwiftUI
import ThresholdCore

/// The breathing quest (``BreathingQuestModel``): breathe with the prompts until the time is up;
/// leaving the screen or the app restarts it.
@MainActor
struct BreathingView: View {
    let model: BreathingQuestModel

    var body: some View {
        VStack(spacing: 20) {
            OutcomeBanner(outcome: model.outcome)
            if let notice = model.notice { ProblemBanner(Text.interruption(notice), systemImage: "arrow.counterclockwise") }
            TimelineView(.periodic(from: .now, by: 1)) { context in
                content.onChange(of: context.date) { model.tick() }
            }
        }
        .padding()
        .navigationTitle(Text("Breathing quest", bundle: .module))
        .onDisappear { model.leave() }
    }

    @ViewBuilder private var content: some View {
        switch model.progress {
        case .notStarted:
            Button {
                model.start()
            } label: {
                Text("Begin", bundle: .module)
            }.buttonStyle(.primary)
        case .breathing(let phase, let phaseRemaining, let remaining):
            TimerRing(
                fraction: 1 - remaining / BreathingQuest.duration, tint: Palette.vesper,
                label: Text.breath(phase), value: Text.spoken(remaining)
            ) {
                VStack {
                    Text.breath(phase).font(.title2.weight(.semibold))
                    Text.clock(phaseRemaining).font(.title3).monospacedDigit().foregroundStyle(.secondary)
                }
            }
        case .completed:
            Text("Well breathed.", bundle: .module).font(.headline)
        }
    }
}

/// The copy-text quest (``CopyTextQuestModel``): type the passage; pasting is refused; leaving
/// the app starts it over.
@MainActor
struct CopyTextView: View {
    let model: CopyTextQuestModel

    var body: some View {
        Form {
            OutcomeBanner(outcome: model.outcome)
            if let runs = model.runs, model.outcome == nil {
                Section {
                    ProgressView(timerInterval: runs, countsDown: true) {
                        Text("Time left", bundle: .module)
                    } currentValueLabel: {
                        Text(timerInterval: runs, countsDown: true)
                    }
                }
            }
            Section {
                ContentText(model.quest.passage.text).font(.body).textSelection(.disabled)
            } header: {
                Text("Type this", bundle: .module)
            }
            Section {
                TextEditor(text: Binding(get: { model.text }, set: { model.edit($0) }))
                    .frame(minHeight: 160)
                    .autocorrectionDisabled()
                    .textInputAutocapitalization(.never)
                    .accessibilityLabel(Text("Your copy", bundle: .module))
                if case .pasteRefused? = model.lastEdit {
                    Text("Pasting does not count; type it.", bundle: .module).foregroundStyle(Palette.warning)
                }
                finishProblem
                Button {
                    model.finish()
                } label: {
                    Text("Done", bundle: .module)
                }
            }
        }
        .navigationTitle(Text("Copy-text quest", bundle: .module))
        .onAppear { model.start() }
        .onDisappear { model.leave() }
    }

    @ViewBuilder private var finishProblem: some View {
        switch model.lastFinish {
        case .mismatch(let at)?:
            Text("The copy differs from the passage at character \(at).", bundle: .module).foregroundStyle(Palette.warning)
        case .tooEarly(let remaining)?:
            Text("Keep going: the quest takes its full time.", bundle: .module).foregroundStyle(.secondary)
                + Text(verbatim: " ") + Text.spoken(remaining)
        case .restarted?:
            Text("You left the quest, so it started again.", bundle: .module).foregroundStyle(Palette.warning)
        case .notRunning?, .completed?, nil:
            EmptyView()
        }
    }
}

extension Text {
    /// What the breathing quest asks in each phase.
    static func breath(_ phase: BreathingQuest.Phase) -> Text {
        switch phase {
        case .breatheIn: Text("Breathe in", bundle: .module)
        case .hold: Text("Hold", bundle: .module)
        case .breatheOut: Text("Breathe out", bundle: .module)
        }
    }

    /// Why a timed quest started over.
    static func interruption(_ interruption: QuestTimer.Interruption) -> Text {
        switch interruption {
        case .clockMoved: Text("The clock changed during the quest, so it started over.", bundle: .module)
        case .leftScreen: Text("The quest stops when you leave it; it starts over when you come back.", bundle: .module)
        }
    }
}
