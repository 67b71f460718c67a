/// A way back into a shielded app.
public enum RitualKind: String, Codable, Sendable, CaseIterable, Comparable {
    case prayer
    case mathChallenge
    case ticTacToe
    /// Challenge's own games (issue 26): see ``ChallengeKind``.
    case ink
    case echo
    case slide
    case unscramble
    case breathingQuest
    case copyTextQuest
    case credits
    case emergency

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The path whose way back this is: Selah's prayer, Challenge's games, Earned Access's quests
    /// and credits; `nil` for the emergency unlock, which every path has. A screen offers a ritual
    /// only to a person who uses its path (PRODUCT.md: each person gets the app they came for).
    public var path: Pathway? {
        switch self {
        case .prayer: .selah
        case .mathChallenge, .ticTacToe, .ink, .echo, .slide, .unscramble: .challenge
        case .breathingQuest, .copyTextQuest, .credits: .earnedAccess
        case .emergency: nil
        }
    }

    /// Whether this ritual is one of Earned Access's quests: firm strictness holds them back, and
    /// each mode limits them. NB: a comparison, not a static set the monitor's callback would build.
    public var isQuest: Bool { self == .breathingQuest || self == .copyTextQuest }

    public var displayName: String {
        switch self {
        case .prayer: "Prayer"
        case .mathChallenge: "Math challenge"
        case .ticTacToe: "Tic-tac-toe"
        case .ink: "Ink"
        case .echo: "Echo"
        case .slide: "Slide"
        case .unscramble: "Unscramble"
        case .breathingQuest: "Breathing quest"
        case .copyTextQuest: "Copy-text quest"
        case .credits: "Focus Bank credits"
        case .emergency: "Emergency unlock"
        }
    }
}

/// Which rituals lift a restriction, for how long, and at what price.
public struct UnlockPolicy: Hashable, Codable, Sendable {
    /// Rituals whose grants this restriction accepts.
    public let rituals: Set<RitualKind>
    /// Minutes a completed ritual (other than credits, which the person sizes) unlocks for.
    public let windowMinutes: Int
    /// Focus Bank credits one unlocked minute costs.
    public let creditsPerMinute: Int

    /// The unlock windows the screens offer for a gate, in minutes (seed 000): onboarding's
    /// prayer and Settings' gates.
    public static let windowChoices = [5, 10, 15, 30]

    public init(rituals: Set<RitualKind>, windowMinutes: Int = 10, creditsPerMinute: Int = 1) throws {
        guard (1...120).contains(windowMinutes) else {
            throw ValidationError("unlock window", .outOfRange(.unlockMinutes, value: windowMinutes))
        }
        guard (0...100).contains(creditsPerMinute) else {
            throw ValidationError("credit cost", .outOfRange(.creditsPerMinute, value: creditsPerMinute))
        }
        self.rituals = rituals
        self.windowMinutes = windowMinutes
        self.creditsPerMinute = creditsPerMinute
    }

    /// No ritual gets through: only an end time, a break or turning the restriction off.
    public static let none = try! UnlockPolicy(rituals: [])

    /// Selah: a prayer unlocks for ten minutes.
    public static let prayer = try! UnlockPolicy(rituals: [.prayer], windowMinutes: 10)

    /// Challenge: any of its six games unlocks for five minutes.
    public static let challenge = try! UnlockPolicy(rituals: Set(ChallengeKind.allCases.map(\.ritual)), windowMinutes: 5)

    /// Earned Access: credits, both quests and emergency.
    public static let earnedAccess = try! UnlockPolicy(
        rituals: [.credits, .breathingQuest, .copyTextQuest, .emergency], windowMinutes: 5, creditsPerMinute: 1)

    /// What is offered at a strictness: gentle offers the policy as written; firm drops the
    /// quests and doubles the credit price; locked offers nothing.
    public func offered(under strictness: Strictness) -> UnlockPolicy {
        switch strictness {
        case .gentle:
            return self
        case .firm:
            return try! UnlockPolicy(
                rituals: rituals.filter { !$0.isQuest },
                windowMinutes: windowMinutes,
                creditsPerMinute: min(100, creditsPerMinute * 2))
        case .locked:
            return try! UnlockPolicy(rituals: [], windowMinutes: windowMinutes, creditsPerMinute: creditsPerMinute)
        }
    }

    private enum CodingKeys: String, CodingKey { case rituals, windowMinutes, creditsPerMinute }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var rituals = Set(try c.decode([RitualKind].self, forKey: .rituals))
        // NB: a policy saved before Challenge had six games took its two (math and tic-tac-toe);
        // it takes every game now, so an older gate is not left with two of the six.
        if rituals.isSuperset(of: [.mathChallenge, .ticTacToe]), rituals.isDisjoint(with: ChallengeKind.added.map(\.ritual)) {
            rituals.formUnion(ChallengeKind.added.map(\.ritual))
        }
        let window = try c.decodeIfPresent(Int.self, forKey: .windowMinutes) ?? 10
        let cost = try c.decodeIfPresent(Int.self, forKey: .creditsPerMinute) ?? 1
        self = try validatingDecode(decoder) { try UnlockPolicy(rituals: rituals, windowMinutes: window, creditsPerMinute: cost) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rituals.sorted(), forKey: .rituals)
        try c.encode(windowMinutes, forKey: .windowMinutes)
        try c.encode(creditsPerMinute, forKey: .creditsPerMinute)
    }
}

/// How many breaks a profile's sessions allow, and how long each lasts.
public struct BreakPolicy: Hashable, Codable, Sendable {
    /// How the allowance is counted.
    public enum Allowance: String, Codable, Sendable {
        /// `count` breaks for every started hour of the session.
        case perHour
        /// `count` breaks for the whole session.
        case perSession
    }

    public let count: Int
    public let allowance: Allowance
    public let minutes: Int

    public init(count: Int, per allowance: Allowance, minutes: Int) throws {
        guard (0...12).contains(count) else {
            throw ValidationError("breaks", .outOfRange(.breakCount, value: count))
        }
        guard count == 0 || (1...60).contains(minutes) else {
            throw ValidationError("breaks", .outOfRange(.breakMinutes, value: minutes))
        }
        self.count = count
        self.allowance = allowance
        self.minutes = minutes
    }

    public static let none = try! BreakPolicy(count: 0, per: .perSession, minutes: 0)
    /// One five-minute break per hour: Key's Work and Study presets.
    public static let fivePerHour = try! BreakPolicy(count: 1, per: .perHour, minutes: 5)

    public var allowsBreaks: Bool { count > 0 }

    private enum CodingKeys: String, CodingKey { case count, allowance, minutes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let count = try c.decode(Int.self, forKey: .count)
        let allowance = try c.decodeIfPresent(Allowance.self, forKey: .allowance) ?? .perSession
        let minutes = try c.decodeIfPresent(Int.self, forKey: .minutes) ?? 0
        self = try validatingDecode(decoder) { try BreakPolicy(count: count, per: allowance, minutes: minutes) }
    }
}
