import DesignSystem
import SwiftUI
import ThresholdCore

/// The math challenge (``MathChallengeModel``): one problem at a time, three mistakes allowed.
@MainActor
struct MathChallengeView: View {
    let model: MathChallengeModel
    @State private var answer = ""
    @FocusState private var focused: Bool

    var body: some View {
        Form {
            OutcomeBanner(outcome: model.outcome)
            if let problem = model.problem {
                Section {
                    // NB: the difficulty is Settings'; the challenge says which it plays.
                    Text("Difficulty: \(Text.mathDifficulty(model.challenge.difficulty))", bundle: .module)
                        .font(.subheadline).foregroundStyle(.secondary)
                    Text(verbatim: problem.text).font(.largeTitle.weight(.semibold)).monospacedDigit()
                    TextField(text: $answer) { Text("Answer", bundle: .module) }
                        .keyboardType(.numbersAndPunctuation)
                        .focused($focused)
                        .onSubmit(submit)
                    Button(action: submit) { Text("Check", bundle: .module) }.disabled(answer.isEmpty)
                } footer: {
                    Text(
                        "\(model.challenge.remaining) to go · \(model.challenge.mistakes) of \(MathChallenge.maximumMistakes) mistakes",
                        bundle: .module)
                }
            }
            feedback
        }
        .navigationTitle(Text("Math challenge", bundle: .module))
        .onAppear { focused = true }
    }

    private func submit() {
        model.answer(answer)
        answer = ""
    }

    @ViewBuilder private var feedback: some View {
        switch model.feedback {
        case .wrong(let correct)?:
            Text("Not quite: it was \(correct). One more problem added.", bundle: .module).foregroundStyle(Palette.warning)
        case .failed(let correct)?:
            Text("It was \(correct). That was the third mistake; this attempt is over.", bundle: .module).foregroundStyle(Palette.warning)
            Button {
                model.retry()
            } label: {
                Text("Try again", bundle: .module)
            }
        case .notANumber?:
            Text("Type a whole number.", bundle: .module).foregroundStyle(Palette.warning)
        case .correct?, .completed?, .notAsking?, nil:
            EmptyView()
        }
    }
}

/// Tic-tac-toe against a perfect opponent (``TicTacToeModel``): a draw or better unlocks.
@MainActor
struct TicTacToeView: View {
    let model: TicTacToeModel

    var body: some View {
        VStack(spacing: 20) {
            OutcomeBanner(outcome: model.outcome)
            if case .yourMove = model.game.step {
                // Seed 003: the person knows their mark before the first move (issue 35 item 18).
                Text("You play X and move first. The opponent plays O.", bundle: .module)
                    .font(.subheadline).foregroundStyle(.secondary)
            }
            Grid(horizontalSpacing: 8, verticalSpacing: 8) {
                ForEach(0..<3, id: \.self) { row in
                    GridRow {
                        ForEach(0..<3, id: \.self) { column in cell(row * 3 + column) }
                    }
                }
            }
            .frame(maxWidth: 360)
            if let reply = model.lastReply {
                Text("The opponent took row \(reply / 3 + 1), column \(reply % 3 + 1).", bundle: .module)
                    .font(.footnote).foregroundStyle(.secondary)
            }
            if case .finished(let result) = model.game.step {
                resultText(result).font(.headline)
                if !result.unlocks {
                    Button {
                        model.newGame()
                    } label: {
                        Text("New game", bundle: .module)
                    }.buttonStyle(.primary)
                }
            }
        }
        .padding()
        .navigationTitle(Text("Tic-tac-toe", bundle: .module))
    }

    /// The game's end in the catalog's words.
    private func resultText(_ result: TicTacToeOutcome) -> Text {
        switch result {
        case .won: Text("You won. The apps open.", bundle: .module)
        case .drew: Text("A draw. The apps open.", bundle: .module)
        case .lost: Text("The opponent won. Try a new game.", bundle: .module)
        }
    }

    private func cell(_ index: Int) -> some View {
        let mark = model.game.board.cells[index]
        return Button {
            model.play(index)
        } label: {
            Text(verbatim: mark?.rawValue.uppercased() ?? " ")
                .font(.largeTitle.weight(.bold))
                .frame(maxWidth: .infinity, minHeight: 80)
                .background(
                    index == model.lastReply ? AnyShapeStyle(Palette.accent.opacity(0.25)) : AnyShapeStyle(.background.secondary),
                    in: RoundedRectangle(cornerRadius: 12))
        }
        .disabled(mark != nil || model.game.board.isOver)
        .accessibilityLabel(Text("Row \(index / 3 + 1), column \(index % 3 + 1)", bundle: .module))
        .accessibilityValue(mark.map { Text(verbatim: $0.rawValue.uppercased()) } ?? Text("Empty", bundle: .module))
    }
}
