/// A league tier, lowest first (seed 001: bronze → silver → gold → platinum → diamond).
public enum Tier: Int, CaseIterable, Comparable, Codable, Sendable, CustomStringConvertible {
    case bronze, silver, gold, platinum, diamond

    /// Everyone starts here.
    public static let starting: Tier = .bronze

    /// The tier above, or `nil` at the top.
    public var above: Tier? { Tier(rawValue: rawValue + 1) }
    /// The tier below, or `nil` at the bottom.
    public var below: Tier? { Tier(rawValue: rawValue - 1) }

    public var name: String {
        switch self {
        case .bronze: "bronze"
        case .silver: "silver"
        case .gold: "gold"
        case .platinum: "platinum"
        case .diamond: "diamond"
        }
    }

    public init?(name: String) {
        guard let tier = Tier.allCases.first(where: { $0.name == name }) else { return nil }
        self = tier
    }

    public var description: String { name }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let tier = Tier(name: name) else {
            throw TogetherRefusal(.malformed, "“\(name)” is not a tier; tiers are bronze, silver, gold, platinum and diamond.")
        }
        self = tier
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
