/// How the person says they are as they reach for a shielded app; the first step of a prayer.
public enum Mood: String, Codable, Sendable, CaseIterable, Comparable {
    case grateful
    case anxious
    case distracted
    case tired
    case seeking
    case joyful

    /// The word on the mood button: "Grateful", "Anxious", …
    public var displayName: String {
        switch self {
        case .grateful: "Grateful"
        case .anxious: "Anxious"
        case .distracted: "Distracted"
        case .tired: "Tired"
        case .seeking: "Seeking"
        case .joyful: "Joyful"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public init(from decoder: any Decoder) throws {
        self = try decodeVocabularyWord("mood", from: decoder)
    }
}
