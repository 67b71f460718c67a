import Foundation
import Observation
import ThresholdCore

/// The math challenge screen: one problem at a time, what the last answer did, and the outcome.
@MainActor @Observable
public final class MathChallengeModel: SubmitsCompletion {
    public private(set) var challenge: MathChallenge
    /// What the last answer did, for the line under the field.
    public private(set) var feedback: MathChallenge.AnswerOutcome?
    public var outcome: RitualOutcome?
    let client: RitualClient
    private var generator: SplitMix64

    public init(difficulty: MathDifficulty, problems: Int = UnlockGate.mathProblems, terms: UnlockTerms, client: RitualClient) throws {
        var generator = client.generator()
        self.challenge = try MathChallenge(difficulty: difficulty, problems: problems, terms: terms, using: &generator)
        self.generator = generator
        self.client = client
    }

    /// The window solving them opened: "Apps unlocked for 5 minutes", and the time left.
    public var window: UnlockWindow? { openedWindow(minutes: challenge.terms.minutes) }

    /// The problem to show, or `nil` when the attempt failed or is complete.
    public var problem: MathProblem? {
        if case .solving(let problem) = challenge.step { return problem }
        return nil
    }

    public func answer(_ text: String) {
        feedback = challenge.answer(text, at: client.clock().wall, using: &generator)
        submit(challenge.completion)
    }

    /// A fresh attempt after three wrong answers.
    public func retry() {
        challenge.retry(using: &generator)
        feedback = nil
    }
}

/// The tic-tac-toe screen: the board, whose turn, the result, a new game after a loss.
@MainActor @Observable
public final class TicTacToeModel: SubmitsCompletion {
    public private(set) var game: TicTacToeChallenge
    /// The cell the opponent just took, to highlight.
    public private(set) var lastReply: Int?
    public var outcome: RitualOutcome?
    let client: RitualClient
    private var generator: SplitMix64

    public init(terms: UnlockTerms, client: RitualClient) {
        self.game = TicTacToeChallenge(terms: terms)
        self.generator = client.generator()
        self.client = client
    }

    /// The window a win or a draw opened: "Apps unlocked for 5 minutes", and the time left.
    public var window: UnlockWindow? { openedWindow(minutes: game.terms.minutes) }

    public func play(_ cell: Int) {
        switch game.play(cell, at: client.clock().wall, using: &generator) {
        case .played(let reply): lastReply = reply
        case .finished(_, let reply): lastReply = reply
        case .illegal, .gameOver: break
        }
        submit(game.completion)
    }

    public func newGame() {
        game.newGame()
        lastReply = nil
    }
}
