import FeatureClient
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
    package let client: RitualClient
    private var generator: SplitMix64

    public init(difficulty: MathDifficulty, problems: Int = UnlockGate.mathProblems, terms: UnlockTerms, client: RitualClient) throws {
        var generator = client.generator()
        self.challenge = try MathChallenge(difficulty: difficulty, problems: problems, terms: terms, using: &generator)
        self.generator = generator
        self.client = client
    }

    /// The window solving them opened: its length, its end and the time left.
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
    package let client: RitualClient
    private var generator: SplitMix64

    public init(terms: UnlockTerms, client: RitualClient) {
        self.game = TicTacToeChallenge(terms: terms)
        self.generator = client.generator()
        self.client = client
    }

    /// The window a win or a draw opened: its length, its end and the time left.
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

/// One of Challenge's own games on its screen (Ink, Echo, Slide, Unscramble): Begin deals a game,
/// the screen's timeline calls ``tick()`` every second (pacing what the game shows, completing a
/// solved game once its minimum has run), and leaving the screen or the app voids the game
/// (``leave()``, ``scenePhaseChanged(to:)``). With no terms it is practice ("Play for fun") and
/// submits nothing.
@MainActor @Observable
public final class GameChallengeModel<Game: ChallengeGame>: SubmitsCompletion, FollowsAppPhase {
    public private(set) var challenge: Challenge<Game>
    /// What the last move or tick did, for the line under the game.
    public private(set) var last: Challenge<Game>.Outcome?
    public var outcome: RitualOutcome?
    /// The clock as last read: what the game shows is read at it.
    public private(set) var now: ClockReading
    package let client: RitualClient
    private var generator: SplitMix64

    /// - Parameter terms: what completing it unlocks; `nil` plays for fun.
    public init(terms: UnlockTerms?, client: RitualClient) {
        self.challenge = Challenge(terms: terms, language: client.language)
        self.generator = client.generator()
        self.now = client.clock()
        self.client = client
        client.state.inFront = self
    }

    public var kind: ChallengeKind { Game.kind }
    public var isPractice: Bool { challenge.isPractice }
    /// The game under way, if any.
    public var game: Game? { challenge.game }
    /// Seconds since Begin, as last read; `nil` when no game is under way.
    public var elapsed: TimeInterval? { challenge.elapsed(at: now) }
    /// Seconds of the minimum still to run; `nil` when no game is under way.
    public var remainingMinimum: TimeInterval? { challenge.remainingMinimum(at: now) }

    /// The window solving it opened: its length, its end and the time left.
    public var window: UnlockWindow? { challenge.terms.flatMap { openedWindow(minutes: $0.minutes) } }

    /// Deals a new game (at first, after a failure, or after a void).
    public func begin() {
        now = client.clock()
        challenge.begin(at: now, using: &generator)
        last = nil
    }

    public func play(_ move: Game.Move) {
        now = client.clock()
        last = challenge.play(move, at: now)
        submit(challenge.completion)
    }

    /// Reads the clock: the screen's timeline calls this every second.
    public func tick() {
        now = client.clock()
        let read = challenge.tick(at: now)
        switch read {
        case .restarted, .completed, .solved: last = read
        case .played, .failed, .notPlaying: break
        }
        submit(challenge.completion)
    }

    /// The person left the screen: a game under way is void.
    public func leave() { challenge.leave() }

    /// Going to the background is leaving the game; a moment inactive is not.
    public func scenePhaseChanged(to phase: AppPhase) {
        if phase == .background { leave() }
    }
}
