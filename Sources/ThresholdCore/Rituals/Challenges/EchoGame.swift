import Foundation

/// A direction Echo shows and the person repeats.
public enum EchoDirection: String, Hashable, Codable, Sendable, CaseIterable {
    case up, right, down, left
}

/// Echo: watch a sequence of directions shown one at a time, then repeat it.
///
/// Three sequences, of ``lengths`` directions, each direction shown for ``pace`` seconds after a
/// pause of ``pause``: a sequence cannot be shown faster, and nothing can be entered while it
/// shows, so the game takes at least the sum of them. A wrong direction is a mistake and a new
/// sequence of the same length is shown; the third mistake fails the game.
public struct EchoGame: ChallengeGame {
    public typealias Move = EchoDirection

    public static let kind = ChallengeKind.echo
    /// The sequences' lengths, in order.
    public static let lengths = [4, 5, 6]
    /// Seconds each direction shows.
    public static let pace: TimeInterval = 2
    /// Seconds before each sequence begins to show.
    public static let pause: TimeInterval = 1

    /// What the screen shows at a moment.
    public enum Showing: Hashable, Sendable {
        /// The pause before a sequence shows.
        case gettingReady
        /// The `index`-th direction (from 0) of the sequence, showing now.
        case showing(index: Int, of: Int, EchoDirection)
        /// The person's turn: `entered` of `of` repeated so far.
        case yourTurn(entered: Int, of: Int)
        case over
    }

    private var dealer: SplitMix64
    /// The sequence to repeat now.
    public private(set) var sequence: [EchoDirection] = []
    /// Which of ``lengths`` is being played.
    public private(set) var round = 0
    /// When the pause before the sequence began, in seconds from the start.
    public private(set) var roundStart: TimeInterval = 0
    /// Directions of the sequence repeated so far.
    public private(set) var entered = 0
    public private(set) var mistakes = 0

    public init(using generator: inout SplitMix64) {
        dealer = SplitMix64(seed: generator.next())
        sequence = deal(Self.lengths[0])
    }

    public var isSolved: Bool { round >= Self.lengths.count }
    public var isFailed: Bool { mistakes >= ChallengeRules.maximumMistakes }

    /// When the person's turn begins in the round under way, in seconds from the start.
    public var turnBegins: TimeInterval { roundStart + Self.pause + Double(sequence.count) * Self.pace }

    public func showing(at elapsed: TimeInterval) -> Showing {
        if isSolved || isFailed { return .over }
        let into = elapsed - roundStart - Self.pause
        if into < 0 { return .gettingReady }
        let index = Int(into / Self.pace)
        if index < sequence.count { return .showing(index: index, of: sequence.count, sequence[index]) }
        return .yourTurn(entered: entered, of: sequence.count)
    }

    public mutating func play(_ direction: EchoDirection, elapsed: TimeInterval) -> ChallengeMoveResult {
        guard !isSolved, !isFailed else { return .notAllowed }
        guard elapsed >= turnBegins else { return .notNow }
        guard direction == sequence[entered] else {
            mistakes += 1
            if !isFailed { next(length: sequence.count, at: elapsed) }
            return .wrong
        }
        entered += 1
        if entered == sequence.count {
            round += 1
            if !isSolved { next(length: Self.lengths[round], at: elapsed) }
        }
        return .right
    }

    private mutating func next(length: Int, at elapsed: TimeInterval) {
        sequence = deal(length)
        roundStart = elapsed
        entered = 0
    }

    /// A sequence in which no direction follows itself, so each step is a visible change.
    private mutating func deal(_ length: Int) -> [EchoDirection] {
        var out: [EchoDirection] = []
        while out.count < length {
            let choices = EchoDirection.allCases.filter { $0 != out.last }
            out.append(choices[dealer.index(below: choices.count)])
        }
        return out
    }
}
