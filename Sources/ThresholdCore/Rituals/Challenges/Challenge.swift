import Foundation

/// The rules of one of Challenge's own games: pure, dealt from a generator, told the time as the
/// seconds since the game began (``Challenge`` measures them), so that a game can pace what it
/// shows and nothing in it reads a clock.
public protocol ChallengeGame: Hashable, Sendable {
    /// What the person does: a colour tapped, a direction, a tile, a word typed.
    associatedtype Move: Hashable, Sendable

    static var kind: ChallengeKind { get }

    /// A fresh game, dealt from `generator`.
    init(using generator: inout SplitMix64)

    /// A fresh game for a person reading `language`, dealt from `generator`: a game of words deals
    /// that language's; the others deal as ``init(using:)``.
    init(using generator: inout SplitMix64, in language: ContentLanguage)

    /// Plays `move` `elapsed` seconds after the game began.
    mutating func play(_ move: Move, elapsed: TimeInterval) -> ChallengeMoveResult

    /// Mistakes so far; ``ChallengeRules/maximumMistakes`` of them fail the game (where a game
    /// counts mistakes).
    var mistakes: Int { get }
    var isSolved: Bool { get }
    var isFailed: Bool { get }
}

extension ChallengeGame {
    public init(using generator: inout SplitMix64, in language: ContentLanguage) {
        self.init(using: &generator)
    }
}

/// What one move did in a game.
public enum ChallengeMoveResult: Hashable, Sendable {
    /// Right: it counts toward solving the game.
    case right
    /// A mistake.
    case wrong
    /// A move that stands without being right or wrong (a tile slid).
    case moved
    /// The game is showing something (a sequence, the pause before the next card): nothing counted.
    case notNow
    /// Not a move the game allows (a tile away from the gap, nothing typed): nothing changed.
    case notAllowed
}

/// What every one of Challenge's own games shares.
public enum ChallengeRules {
    /// The least a game takes, counted by uptime while its screen is open: solving sooner waits
    /// it out, so no game can be sped up.
    public static let minimumSeconds: TimeInterval = 30
    /// Mistakes that fail a game, for the games that count them.
    public static let maximumMistakes = 3
}

/// One of Challenge's own games on its screen: begun, played against the clock, voided when the
/// person leaves it or the clock is moved, and completed once it is solved *and*
/// ``ChallengeRules/minimumSeconds`` have run. Only a completed game with terms hands out a grant;
/// a practice game ("Play for fun") has none.
public struct Challenge<Game: ChallengeGame>: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        /// Not begun, or voided (left, or the clock moved): Begin deals a new game.
        case ready
        case playing
        /// Solved before the minimum ran: it completes when the minimum has.
        case solved
        /// Too many mistakes, or out of moves: nothing is granted; Begin deals a new game.
        case failed
        case completed
    }

    /// What an action did.
    public enum Outcome: Hashable, Sendable {
        case played(ChallengeMoveResult)
        /// Solved; it completes once `remaining` more seconds of the minimum have run.
        case solved(remaining: TimeInterval)
        case completed
        case failed
        /// The clock moved: the game was voided and must be begun again.
        case restarted
        /// Nothing is being played (not begun, failed or complete).
        case notPlaying
    }

    /// What completing it unlocks; `nil` for practice, which unlocks nothing.
    public let terms: UnlockTerms?
    /// The game being played; `nil` before Begin and after a void.
    public private(set) var game: Game?
    public private(set) var step: Step = .ready
    /// Counts from Begin by uptime; a moved clock or a reboot shows as `.clockMoved`.
    public private(set) var timer = QuestTimer(duration: .infinity)
    /// Games begun, counting the first.
    public private(set) var attempts = 0
    public private(set) var completedAt: Date?
    /// The language a game of words is dealt in.
    public let language: ContentLanguage

    public init(terms: UnlockTerms?, language: ContentLanguage = .english) {
        self.terms = terms
        self.language = language
    }

    /// Practice: played for fun, granting nothing.
    public var isPractice: Bool { terms == nil }

    /// Why the last game stopped before its end (left, or the clock moved), to show once.
    public var interruption: QuestTimer.Interruption? { timer.lastInterruption }

    /// Begins a new game (at the start, after a failure or a void).
    public mutating func begin(at moment: ClockReading, using generator: inout SplitMix64) {
        guard step == .ready || step == .failed else { return }
        game = Game(using: &generator, in: language)
        timer.start(at: moment)
        step = .playing
        attempts += 1
    }

    /// Plays a move at `moment`.
    public mutating func play(_ move: Game.Move, at moment: ClockReading) -> Outcome {
        guard step == .playing, var game else { return .notPlaying }
        guard let elapsed = check(at: moment) else { return .restarted }
        let result = game.play(move, elapsed: elapsed)
        self.game = game
        if game.isFailed {
            step = .failed
            return .failed
        }
        if game.isSolved {
            step = .solved
            return finish(elapsed: elapsed, at: moment)
        }
        return .played(result)
    }

    /// Reads the clock: completes a solved game once the minimum has run, voids the game when
    /// the clock moved. The screen calls this on every tick of its timeline.
    @discardableResult
    public mutating func tick(at moment: ClockReading) -> Outcome {
        switch step {
        case .playing, .solved:
            guard let elapsed = check(at: moment) else { return .restarted }
            return step == .solved ? finish(elapsed: elapsed, at: moment) : .played(.notNow)
        case .completed:
            return .completed
        case .failed:
            return .failed
        case .ready:
            return .notPlaying
        }
    }

    /// The person left the screen or the app: a game under way is void, and Begin deals a new one.
    public mutating func leave() {
        guard step == .playing || step == .solved else { return }
        timer.leave()
        game = nil
        step = .ready
    }

    /// Seconds since Begin at `moment`, for what the game shows; `nil` when nothing is being
    /// played or the clock moved (the next tick voids the game).
    public func elapsed(at moment: ClockReading) -> TimeInterval? {
        guard step == .playing || step == .solved, case .running(let elapsed, _) = timer.reading(at: moment) else { return nil }
        return elapsed
    }

    /// Seconds of the minimum still to run at `moment`; `nil` when not playing.
    public func remainingMinimum(at moment: ClockReading) -> TimeInterval? {
        elapsed(at: moment).map { max(0, ChallengeRules.minimumSeconds - $0) }
    }

    /// The grant request and record, once completed; `nil` in practice.
    public var completion: RitualCompletion? {
        guard step == .completed, let terms, let completedAt, let game else { return nil }
        return RitualCompletion(
            request: terms.request(.ritual(Game.kind.ritual), at: completedAt),
            detail: .challenge(Game.kind, mistakes: game.mistakes, attempts: attempts))
    }

    /// The time since Begin, or `nil` (voiding the game) when the clock moved.
    private mutating func check(at moment: ClockReading) -> TimeInterval? {
        if case .running(let elapsed, _) = timer.reading(at: moment) {
            _ = timer.check(at: moment)
            return elapsed
        }
        timer.stop(because: .clockMoved)
        game = nil
        step = .ready
        return nil
    }

    private mutating func finish(elapsed: TimeInterval, at moment: ClockReading) -> Outcome {
        let remaining = ChallengeRules.minimumSeconds - elapsed
        guard remaining <= 0 else { return .solved(remaining: remaining) }
        step = .completed
        completedAt = moment.wall
        return .completed
    }
}
