import DesignSystem
import SwiftUI
import ThresholdCore

/// One of Challenge's own games (``GameChallengeModel``): what it asks, Begin, the game itself,
/// the minimum it takes, what the last move did, and how it ended. Leaving the screen or the app
/// voids a game under way; Begin deals a new one.
@MainActor
struct GameChallengeView<Game: ChallengeGame, Board: View>: View {
    let model: GameChallengeModel<Game>
    /// The game under way, drawn at the seconds since Begin.
    @ViewBuilder let board: (Game, TimeInterval) -> Board

    var body: some View {
        Form {
            OutcomeBanner(outcome: model.outcome)
            if model.isPractice {
                Section {
                    Label {
                        Text("Playing for fun: nothing unlocks.", bundle: .module)
                    } icon: {
                        Image(systemName: "gamecontroller").accessibilityHidden(true)
                    }
                }
            }
            Section {
                Text.challengeRule(model.kind)
                Text("It takes at least \(Int(ChallengeRules.minimumSeconds)) seconds, and starts over if you leave it.", bundle: .module)
                    .font(.footnote).foregroundStyle(.secondary)
            }
            TimelineView(.periodic(from: .now, by: 1)) { context in
                content.onChange(of: context.date) { model.tick() }
            }
        }
        .navigationTitle(Text.challenge(model.kind))
        .onDisappear { model.leave() }
    }

    @ViewBuilder private var content: some View {
        switch model.challenge.step {
        case .ready:
            Section {
                interruption
                Button {
                    model.begin()
                } label: {
                    Text("Begin", bundle: .module)
                }
            }
        case .playing:
            if let game = model.game, let elapsed = model.elapsed {
                Section {
                    board(game, elapsed)
                    lastMove
                } footer: {
                    if game.mistakes > 0 || Game.kind != .slide {
                        Text("\(game.mistakes) of \(ChallengeRules.maximumMistakes) mistakes", bundle: .module)
                    }
                }
            }
        case .solved:
            Section {
                Text("Solved.", bundle: .module).font(.headline)
                if let seconds = model.remainingMinimum.map({ Int($0.rounded(.up)) }) {
                    Text("Stay with it a moment: it completes in \(seconds) seconds.", bundle: .module).foregroundStyle(.secondary)
                }
            }
        case .failed:
            Section {
                failure
                Button {
                    model.begin()
                } label: {
                    Text("Try again", bundle: .module)
                }
            }
        case .completed:
            if model.isPractice {
                Section { Text("Well played. Practice unlocks nothing.", bundle: .module).font(.headline) }
            }
        }
    }

    @ViewBuilder private var interruption: some View {
        switch model.challenge.interruption {
        case .leftScreen?: Text("You left the challenge, so it starts over.", bundle: .module).foregroundStyle(Palette.warning)
        case .clockMoved?:
            Text("The clock changed during the challenge, so it starts over.", bundle: .module).foregroundStyle(Palette.warning)
        case nil: EmptyView()
        }
    }

    @ViewBuilder private var failure: some View {
        if Game.kind == .slide {
            Text("Out of moves; this game is over.", bundle: .module).foregroundStyle(Palette.warning)
        } else {
            Text("That was the third mistake; this game is over.", bundle: .module).foregroundStyle(Palette.warning)
        }
    }

    @ViewBuilder private var lastMove: some View {
        switch model.last {
        case .played(.wrong)?: Text("Not that one.", bundle: .module).foregroundStyle(Palette.warning)
        case .played(.notAllowed)? where Game.kind == .slide:
            Text("Only a tile next to the gap can slide.", bundle: .module).foregroundStyle(.secondary)
        default: EmptyView()
        }
    }
}

// MARK: - Ink

/// Ink's card and the four colours to answer with.
@MainActor
struct InkBoard: View {
    let game: InkGame
    let elapsed: TimeInterval
    let play: (InkColour) -> Void

    var body: some View {
        switch game.showing(at: elapsed) {
        case .card(let card):
            Text.inkColour(card.word)
                .textCase(.uppercase)
                .font(.largeTitle.weight(.heavy))
                .foregroundStyle(Self.colour(card.ink))
                .accessibilityLabel(
                    Text.inkColour(card.word) + Text(verbatim: ", ") + Text("printed in", bundle: .module)
                        + Text(verbatim: " ") + Text.inkColour(card.ink)
                )
                // VoiceOver reads each new card where its focus rests.
                .accessibilityAddTraits(.updatesFrequently)
        case .next, .over:
            Text("Next card…", bundle: .module).font(.title2).foregroundStyle(.secondary)
        }
        Text("\(game.remaining) cards to go", bundle: .module).font(.footnote)
        ForEach(InkColour.allCases, id: \.self) { colour in
            Button {
                play(colour)
            } label: {
                Text.inkColour(colour)
            }
        }
    }

    static func colour(_ ink: InkColour) -> Color {
        switch ink {
        case .red: .red
        case .blue: .blue
        case .green: .green
        case .yellow: .yellow
        }
    }
}

extension Text {
    /// An Ink colour's name.
    static func inkColour(_ colour: InkColour) -> Text {
        switch colour {
        case .red: Text("Red", bundle: .module)
        case .blue: Text("Blue", bundle: .module)
        case .green: Text("Green", bundle: .module)
        case .yellow: Text("Yellow", bundle: .module)
        }
    }

    /// An Echo direction's name.
    static func direction(_ direction: EchoDirection) -> Text {
        switch direction {
        case .up: Text("Up", bundle: .module)
        case .right: Text("Right", bundle: .module)
        case .down: Text("Down", bundle: .module)
        case .left: Text("Left", bundle: .module)
        }
    }
}

// MARK: - Echo

/// Echo's sequence as it shows, then the four directions to repeat it with.
@MainActor
struct EchoBoard: View {
    let game: EchoGame
    let elapsed: TimeInterval
    let play: (EchoDirection) -> Void

    var body: some View {
        switch game.showing(at: elapsed) {
        case .gettingReady:
            Text("Watch…", bundle: .module).font(.title2).foregroundStyle(.secondary)
        case .showing(let index, let count, let direction):
            Label {
                Text.direction(direction).font(.largeTitle.weight(.bold))
            } icon: {
                Image(systemName: Self.symbol(direction)).accessibilityHidden(true)
            }
            // VoiceOver reads each arrow as it shows where its focus rests.
            .accessibilityAddTraits(.updatesFrequently)
            Text("Arrow \(index + 1) of \(count)", bundle: .module).font(.footnote).foregroundStyle(.secondary)
        case .yourTurn(let entered, let count):
            Text("Your turn: \(entered) of \(count) repeated", bundle: .module).font(.headline)
            ForEach(EchoDirection.allCases, id: \.self) { direction in
                Button {
                    play(direction)
                } label: {
                    Label {
                        Text.direction(direction)
                    } icon: {
                        Image(systemName: Self.symbol(direction)).accessibilityHidden(true)
                    }
                }
            }
        case .over:
            EmptyView()
        }
        Text("Sequence \(min(game.round + 1, EchoGame.lengths.count)) of \(EchoGame.lengths.count)", bundle: .module).font(.footnote)
    }

    static func symbol(_ direction: EchoDirection) -> String {
        switch direction {
        case .up: "arrow.up"
        case .right: "arrow.right"
        case .down: "arrow.down"
        case .left: "arrow.left"
        }
    }
}

// MARK: - Slide

/// Slide's board: each tile a button VoiceOver reads with its place, the gap named too.
@MainActor
struct SlideBoardView: View {
    let game: SlideGame
    let play: (Int) -> Void

    var body: some View {
        Grid(horizontalSpacing: 8, verticalSpacing: 8) {
            ForEach(0..<3, id: \.self) { row in
                GridRow {
                    ForEach(0..<3, id: \.self) { column in cell(row * 3 + column) }
                }
            }
        }
        .frame(maxWidth: 360)
        Text("\(game.moves) of \(SlideGame.moveLimit) moves", bundle: .module).font(.footnote)
    }

    @ViewBuilder private func cell(_ index: Int) -> some View {
        let tile = game.board.cells[index]
        let (row, column) = (index / 3 + 1, index % 3 + 1)
        if tile == 0 {
            Color.clear.frame(minHeight: 72)
                .accessibilityElement()
                .accessibilityLabel(Text("Gap, row \(row), column \(column)", bundle: .module))
        } else {
            Button {
                play(tile)
            } label: {
                Text(verbatim: String(tile))
                    .font(.largeTitle.weight(.semibold))
                    .frame(maxWidth: .infinity, minHeight: 72)
                    .background(.background.secondary, in: RoundedRectangle(cornerRadius: 12))
            }
            .accessibilityLabel(Text("Tile \(tile), row \(row), column \(column)", bundle: .module))
            .accessibilityHint(game.board.movable.contains(tile) ? Text("Slides into the gap.", bundle: .module) : Text(verbatim: ""))
        }
    }
}

// MARK: - Unscramble

/// Unscramble's letters, spelled out for VoiceOver, and the field for the word.
@MainActor
struct UnscrambleBoard: View {
    let game: UnscrambleGame
    let play: (String) -> Void
    @State private var guess = ""

    var body: some View {
        Text(verbatim: game.letters.map { String($0).uppercased() }.joined(separator: " "))
            .font(.largeTitle.weight(.semibold)).monospaced()
            .accessibilityLabel(
                Text("Letters:", bundle: .module)
                    + Text(verbatim: " " + game.letters.map { String($0).uppercased() }.joined(separator: ", ")))
        Text("\(game.remaining) words to go", bundle: .module).font(.footnote)
        TextField(text: $guess) { Text("Your word", bundle: .module) }
            .autocorrectionDisabled()
            .textInputAutocapitalization(.never)
            .onSubmit(submit)
        Button(action: submit) { Text("Check", bundle: .module) }.disabled(guess.isEmpty)
    }

    private func submit() {
        play(guess)
        guess = ""
    }
}
