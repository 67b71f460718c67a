/// Chooses which prayer a person sees, and the verse on the Selah shield.
///
/// Choices are a pure function of the library, the request and a seed the caller passes, so
/// the same inputs always give the same prayer. Recently shown prayers are avoided as far as
/// the cell allows, and universal templates stand in only where a cell has none of its own.
public struct PrayerSelector: Sendable {
    public let library: PrayerLibrary

    /// Verse lines longer than this many characters are left off the shield by default.
    public static let shieldVerseLength = 90

    public init(library: PrayerLibrary) {
        self.library = library
    }

    /// The templates a choice is made from: those written for the cell, or, only when there
    /// are none, the universal ones for the mood.
    public func candidates(tradition: Tradition, vibe: Vibe, mood: Mood) -> [PrayerTemplate] {
        let own = library.templates(tradition: tradition, vibe: vibe, mood: mood)
        return own.isEmpty ? library.universalTemplates(mood: mood) : own
    }

    /// The prayer to show, or `nil` when the library has nothing for the cell or the mood.
    ///
    /// - Parameter recent: ids of the prayers shown lately, most recent first. As many of them
    ///   as possible are avoided, dropping the oldest first: with two candidates and both
    ///   recent, the one shown longer ago is chosen.
    public func prayer(tradition: Tradition, vibe: Vibe, mood: Mood, seed: UInt64, recent: [PrayerTemplateID] = []) -> PrayerTemplate? {
        let pool = PrayerSelector.avoidingRecent(candidates(tradition: tradition, vibe: vibe, mood: mood), recent: recent, key: \.id)
        guard !pool.isEmpty else { return nil }
        var generator = SplitMix64(seed: seed)
        return pool[generator.index(below: pool.count)]
    }

    /// A verse short enough for the shield, from ``verseLines(tradition:translation:maximumLength:)``,
    /// avoiding recent references (most recent first) as far as possible; `nil` only when no verse
    /// is short enough.
    public func verseLine(
        tradition: Tradition?, translation: BibleTranslation? = nil, seed: UInt64, recent: [VerseReference] = [],
        maximumLength: Int = shieldVerseLength
    ) -> VerseLine? {
        let lines = verseLines(tradition: tradition, translation: translation, maximumLength: maximumLength)
        let pool = PrayerSelector.avoidingRecent(lines, recent: recent, key: \.reference)
        guard !pool.isEmpty else { return nil }
        var generator = SplitMix64(seed: seed)
        return pool[generator.index(below: pool.count)]
    }

    /// The verses short enough for the shield, each once, in library order, as a person who chose
    /// `translation` reads them (``PrayerTemplate/verseLine(in:)``): those of this tradition's
    /// prayers and the universal ones, or any prayer's if none of those is short enough.
    public func verseLines(
        tradition: Tradition?, translation: BibleTranslation? = nil, maximumLength: Int = shieldVerseLength
    ) -> [VerseLine] {
        PrayerSelector.verseLines(from: library.templates, tradition: tradition, translation: translation, maximumLength: maximumLength)
    }

    /// ``verseLines(tradition:translation:maximumLength:)`` from these templates.
    static func verseLines(
        from templates: [PrayerTemplate], tradition: Tradition?, translation: BibleTranslation?,
        maximumLength: Int
    ) -> [VerseLine] {
        let short =
            templates
            .map { (template: $0, line: $0.verseLine(in: translation)) }
            .filter { $0.line.text.count <= maximumLength }
        let preferred = short.filter { candidate in
            candidate.template.isUniversal || tradition.map { candidate.template.traditions.contains($0) } ?? true
        }
        var seen = Set<VerseLine>()
        return (preferred.isEmpty ? short : preferred).map(\.line).filter { seen.insert($0).inserted }
    }

    /// The candidates left after avoiding the longest run of `recent` (most recent first) that
    /// still leaves at least one; all of them when every candidate was shown just now.
    static func avoidingRecent<Candidate, Key: Hashable>(_ candidates: [Candidate], recent: [Key], key: (Candidate) -> Key) -> [Candidate] {
        // A run of `recent` leaves a candidate out when it ends before the candidate's first
        // showing; the longest that leaves any out ends just before the candidate shown longest
        // ago (or never). One pass over `recent` finds it, instead of a set per run length.
        var firstShown: [Key: Int] = [:]
        for (index, key) in recent.enumerated() where firstShown[key] == nil { firstShown[key] = index }
        let positions = candidates.map { firstShown[key($0)] ?? recent.count }
        guard let longest = positions.max(), longest > 0 else { return candidates }
        return zip(candidates, positions).filter { $0.1 == longest }.map(\.0)
    }
}
