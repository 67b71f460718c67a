/// One square of the tradition × vibe × mood grid that prayers are written for.
public struct PrayerCell: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let tradition: Tradition
    public let vibe: Vibe
    public let mood: Mood

    public init(_ tradition: Tradition, _ vibe: Vibe, _ mood: Mood) {
        self.tradition = tradition
        self.vibe = vibe
        self.mood = mood
    }

    /// Every cell, tradition by tradition, then vibe, then mood: 7 × 4 × 6 = 168.
    public static let all: [PrayerCell] = Tradition.allCases.flatMap { tradition in
        Vibe.allCases.flatMap { vibe in Mood.allCases.map { PrayerCell(tradition, vibe, $0) } }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.tradition, lhs.vibe, lhs.mood) < (rhs.tradition, rhs.vibe, rhs.mood)
    }

    /// `catholic × liturgical × anxious`
    public var description: String { "\(tradition.rawValue) × \(vibe.rawValue) × \(mood.rawValue)" }
}
