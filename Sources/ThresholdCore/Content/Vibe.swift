/// The register a person likes their prayers in, chosen at onboarding alongside the tradition.
public enum Vibe: String, Codable, Sendable, CaseIterable, Comparable {
    /// Set forms and formal address: collects, litanies, the church's own words.
    case liturgical
    /// Warm, personal and consoling.
    case pastoral
    /// Short and concrete: put the phone down and do the next right thing.
    case direct
    /// Quiet, slow and attentive: stillness, breath, presence.
    case contemplative

    /// The name in the onboarding list: "Liturgical & formal", …
    public var displayName: String {
        switch self {
        case .liturgical: "Liturgical & formal"
        case .pastoral: "Warm & pastoral"
        case .direct: "Direct & practical"
        case .contemplative: "Contemplative & meditative"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public init(from decoder: any Decoder) throws {
        self = try decodeVocabularyWord("vibe", from: decoder)
    }
}
