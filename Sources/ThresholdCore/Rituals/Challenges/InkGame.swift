import Foundation

/// A colour an Ink card can name or be printed in.
public enum InkColour: String, Hashable, Codable, Sendable, CaseIterable {
    case red, blue, green, yellow
}

/// One Ink card: a colour's name, printed in a colour (usually another).
public struct InkCard: Hashable, Codable, Sendable {
    /// The colour the word names.
    public let word: InkColour
    /// The colour it is printed in: the answer.
    public let ink: InkColour

    public init(word: InkColour, ink: InkColour) {
        self.word = word
        self.ink = ink
    }
}

/// Ink: name the colour each word is printed in, not the colour it names.
///
/// ``cards`` cards come one at a time, at most one every ``pace`` seconds however fast the
/// person answers (an answer after a card's time shows the next at once), so the game takes at
/// least `(cards − 1) × pace` seconds. One card in four is printed in the colour it names, so
/// the answer is never simply "not the word". A wrong colour is a mistake and the next card
/// replaces it; the third mistake fails the game.
public struct InkGame: ChallengeGame {
    public typealias Move = InkColour

    public static let kind = ChallengeKind.ink
    /// Cards to name right.
    public static let cards = 12
    /// Seconds between one card showing and the next.
    public static let pace: TimeInterval = 3

    /// What the screen shows at a moment.
    public enum Showing: Hashable, Sendable {
        case card(InkCard)
        /// The pause before the next card, which shows `in` seconds from now.
        case next(in: TimeInterval)
        case over
    }

    private var deck: SplitMix64
    /// The card up now (or next, during the pause).
    public private(set) var card: InkCard
    /// When the card up now shows, in seconds from the start.
    public private(set) var shownAt: TimeInterval = 0
    public private(set) var right = 0
    public private(set) var mistakes = 0

    public init(using generator: inout SplitMix64) {
        deck = SplitMix64(seed: generator.next())
        card = InkCard(word: .red, ink: .blue)
        card = deal()
    }

    public var isSolved: Bool { right >= Self.cards }
    public var isFailed: Bool { mistakes >= ChallengeRules.maximumMistakes }

    /// Cards still to name.
    public var remaining: Int { max(0, Self.cards - right) }

    public func showing(at elapsed: TimeInterval) -> Showing {
        if isSolved || isFailed { return .over }
        return elapsed >= shownAt ? .card(card) : .next(in: shownAt - elapsed)
    }

    public mutating func play(_ colour: InkColour, elapsed: TimeInterval) -> ChallengeMoveResult {
        guard !isSolved, !isFailed else { return .notAllowed }
        guard elapsed >= shownAt else { return .notNow }
        let result: ChallengeMoveResult = colour == card.ink ? .right : .wrong
        if result == .right { right += 1 } else { mistakes += 1 }
        card = deal()
        shownAt = max(shownAt + Self.pace, elapsed)
        return result
    }

    private mutating func deal() -> InkCard {
        let colours = InkColour.allCases
        let ink = colours[deck.index(below: colours.count)]
        if deck.index(below: 4) == 0 { return InkCard(word: ink, ink: ink) }
        let others = colours.filter { $0 != ink }
        return InkCard(word: others[deck.index(below: others.count)], ink: ink)
    }
}
