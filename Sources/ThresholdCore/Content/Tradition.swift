/// The church tradition the person prays in, chosen at onboarding; prayers are written in its voice.
public enum Tradition: String, Codable, Sendable, CaseIterable, Comparable {
    case catholic
    case orthodox
    case mainlineProtestant
    case evangelical
    case charismatic
    case nonDenominational
    case other

    /// The name in the onboarding list: "Catholic", "Mainline Protestant", …
    public var displayName: String {
        switch self {
        case .catholic: "Catholic"
        case .orthodox: "Orthodox"
        case .mainlineProtestant: "Mainline Protestant"
        case .evangelical: "Evangelical"
        case .charismatic: "Charismatic"
        case .nonDenominational: "Non-denominational"
        case .other: "Other"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public init(from decoder: any Decoder) throws {
        self = try decodeVocabularyWord("tradition", from: decoder)
    }
}
