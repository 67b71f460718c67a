import Foundation
import ThresholdCore

/// A person who knows each of Challenge's games: the move that counts now and the earliest
/// second it counts, and a mistake to make. Tests play the games with it.
public protocol PlayedByTests: ChallengeGame {
    /// The right move, and the seconds from the start at which the game first takes it.
    var rightMove: (move: Move, from: TimeInterval) { get }
    /// A wrong move, and when it counts; `nil` for a game without mistakes (Slide).
    var wrongMove: (move: Move, from: TimeInterval)? { get }
}

extension InkGame: PlayedByTests {
    public var rightMove: (move: InkColour, from: TimeInterval) { (card.ink, shownAt) }
    public var wrongMove: (move: InkColour, from: TimeInterval)? { (InkColour.allCases.first { $0 != card.ink }!, shownAt) }
}

extension EchoGame: PlayedByTests {
    /// The direction the game waits for; once it is solved every direction is the last one's
    /// (the game takes no more moves), so a player can still be asked.
    private var expected: EchoDirection { entered < sequence.count ? sequence[entered] : sequence.last ?? .up }
    public var rightMove: (move: EchoDirection, from: TimeInterval) { (expected, turnBegins) }
    public var wrongMove: (move: EchoDirection, from: TimeInterval)? {
        (EchoDirection.allCases.first { $0 != expected }!, turnBegins)
    }
}

extension SlideGame: PlayedByTests {
    public var rightMove: (move: Int, from: TimeInterval) { (board.solution().first ?? board.movable[0], 0) }
    public var wrongMove: (move: Int, from: TimeInterval)? { nil }
}

extension UnscrambleGame: PlayedByTests {
    public var rightMove: (move: String, from: TimeInterval) { (word, 0) }
    public var wrongMove: (move: String, from: TimeInterval)? { (String(letters), 0) }
}
