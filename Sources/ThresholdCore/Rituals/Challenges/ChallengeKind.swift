import Foundation

/// The games Challenge unlocks with (seed 003): math and tic-tac-toe, and four of Threshold's
/// own, each at least ``ChallengeRules/minimumSeconds`` of attention that cannot be skipped or
/// sped up.
public enum ChallengeKind: String, Codable, Sendable, CaseIterable, Comparable {
    /// Solve problems (``MathChallenge``).
    case math
    /// Win or draw against a perfect opponent (``TicTacToeChallenge``).
    case ticTacToe
    /// Name the colour a word is printed in, not the colour it names (``InkGame``).
    case ink
    /// Watch a sequence of directions, then repeat it (``EchoGame``).
    case echo
    /// Slide numbered tiles back into order (``SlideGame``).
    case slide
    /// Put a word's letters back in order (``UnscrambleGame``).
    case unscramble

    /// The four Threshold added to seed 003's two.
    public static let added: [ChallengeKind] = [.ink, .echo, .slide, .unscramble]

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The ritual a completed game records and a restriction accepts.
    public var ritual: RitualKind {
        switch self {
        case .math: .mathChallenge
        case .ticTacToe: .ticTacToe
        case .ink: .ink
        case .echo: .echo
        case .slide: .slide
        case .unscramble: .unscramble
        }
    }

    /// The game a ritual is, when it is one.
    public init?(_ ritual: RitualKind) {
        guard let kind = Self.allCases.first(where: { $0.ritual == ritual }) else { return nil }
        self = kind
    }
}

extension RitualKind {
    /// Whether this ritual is one of Challenge's games.
    public var isChallenge: Bool { ChallengeKind(self) != nil }
}

/// Which of Challenge's games the person has on (Settings › Challenges): a gate lists only those,
/// and a challenge picked for the person comes from them. At least one always stays on.
/// Kept as the games turned off, so a game added later is on until the person turns it off.
public struct ChallengeSettings: Hashable, Codable, Sendable {
    public private(set) var off: Set<ChallengeKind> = []
    /// How hard the math challenge's problems are. Set in Settings only: the gate offers no way to
    /// lower it at the moment of unlocking (issue 24 item 2).
    public var mathDifficulty: MathDifficulty = .medium

    public init() {}

    /// The games that are on, in display order.
    public var on: [ChallengeKind] { ChallengeKind.allCases.filter { !off.contains($0) } }

    public func isOn(_ kind: ChallengeKind) -> Bool { !off.contains(kind) }

    /// Turns a game on or off; turning off the last one on is refused, changing nothing.
    public mutating func set(_ kind: ChallengeKind, on: Bool) throws {
        guard !on else {
            off.remove(kind)
            return
        }
        if let refusal = offRefusal(kind) { throw ValidationError("challenges", refusal) }
        off.insert(kind)
    }

    /// Why a game cannot be turned off now (it is the last one on); `nil` when it can.
    public func offRefusal(_ kind: ChallengeKind) -> Refusal? {
        self.on == [kind] ? .lastChallengeStaysOn : nil
    }

    /// A game for the person, at random among `offered` (what the restrictions accept now) that
    /// are on; `nil` when none is.
    public func pick(from offered: some Sequence<ChallengeKind>, using generator: inout SplitMix64) -> ChallengeKind? {
        let choices = Set(offered).filter(isOn).sorted()
        guard !choices.isEmpty else { return nil }
        return choices[generator.index(below: choices.count)]
    }

    private enum CodingKeys: String, CodingKey { case off, mathDifficulty }

    /// Reads what was saved; a set with every game off (a hand-edited backup) keeps math on, and
    /// state saved before the difficulty was a setting reads as medium.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        off = Set(try c.decodeIfPresent([ChallengeKind].self, forKey: .off) ?? [])
        if off.count == ChallengeKind.allCases.count { off.remove(.math) }
        mathDifficulty = try c.decodeIfPresent(MathDifficulty.self, forKey: .mathDifficulty) ?? .medium
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(off.sorted(), forKey: .off)
        try c.encode(mathDifficulty, forKey: .mathDifficulty)
    }
}
