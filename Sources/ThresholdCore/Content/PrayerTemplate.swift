import Foundation

public typealias PrayerTemplateID = Identifier<PrayerTemplate>

/// One short prayer and the verse that goes with it, written for some traditions, vibes and moods.
///
/// A template is either written for particular cells of the tradition × vibe × mood grid, or
/// *universal*: for every tradition and vibe, used only where a cell has nothing of its own.
/// The initialiser (and so decoding) refuses a template that breaks the content rules.
public struct PrayerTemplate: Hashable, Codable, Sendable, Identifiable {
    /// A quoted passage and where it comes from.
    public struct Verse: Hashable, Codable, Sendable {
        public let reference: VerseReference
        /// The words quoted, exactly as the translation has them (a part of a verse is allowed).
        public let text: String

        public init(reference: VerseReference, text: String) {
            self.reference = reference
            self.text = text
        }
    }

    public let id: PrayerTemplateID
    /// The traditions it is written for; empty for a universal template.
    public let traditions: [Tradition]
    /// The vibes it is written for; empty for a universal template.
    public let vibes: [Vibe]
    public let moods: [Mood]
    /// Two or three sentences, read before "Amen".
    public let prayer: String
    public let verse: Verse
    /// The translation the verse is quoted from: KJV or WEB for English prayers,
    /// RV1909 for Spanish ones: the bundled ones.
    public let translation: BibleTranslation
    /// The same verse in the other bundled translation, word for word as it has it (the whole
    /// verse, or the clauses answering to a partial quote); shown to a person who chose it.
    public let alsoIn: [BibleTranslation: String]
    /// Whether this is a fallback for cells that have no template of their own.
    public let isUniversal: Bool

    /// How many sentences a prayer may have.
    public static let sentenceRange = 2...3

    public init(
        id: PrayerTemplateID,
        traditions: [Tradition],
        vibes: [Vibe],
        moods: [Mood],
        prayer: String,
        verse: Verse,
        translation: BibleTranslation,
        alsoIn: [BibleTranslation: String] = [:],
        isUniversal: Bool = false
    ) throws {
        let label = "prayer template “\(id)”"
        guard PrayerTemplate.isWellFormedID(id.rawValue) else {
            throw ValidationError(label, .contentFile(.malformedID))
        }
        try PrayerTemplate.requireDistinct(traditions, ContentFault.traditionListedTwice, in: label)
        try PrayerTemplate.requireDistinct(vibes, ContentFault.vibeListedTwice, in: label)
        try PrayerTemplate.requireDistinct(moods, ContentFault.moodListedTwice, in: label)
        if isUniversal {
            guard traditions.isEmpty, vibes.isEmpty else {
                throw ValidationError(label, .contentFile(.universalNamesTraditionsOrVibes))
            }
        } else {
            guard !traditions.isEmpty else {
                throw ValidationError(label, .contentFile(.noTradition))
            }
            guard !vibes.isEmpty else {
                throw ValidationError(label, .contentFile(.noVibe))
            }
        }
        guard !moods.isEmpty else {
            throw ValidationError(label, .contentFile(.noMood))
        }
        let prayer = prayer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !prayer.isEmpty else {
            throw ValidationError(label, .contentFile(.noPrayer))
        }
        let sentences = PrayerTemplate.sentenceCount(prayer)
        guard PrayerTemplate.sentenceRange.contains(sentences) else {
            throw ValidationError(label, .contentFile(.sentenceCount(sentences)))
        }
        let quoted = verse.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !quoted.isEmpty else {
            throw ValidationError(label, .contentFile(.noVerseText(verse.reference)))
        }
        guard translation.isBundled else {
            throw ValidationError(label, .contentFile(.translationNotBundled(translation)))
        }
        var others: [BibleTranslation: String] = [:]
        for (other, text) in alsoIn {
            guard other.isBundled, other != translation else {
                throw ValidationError(label, .contentFile(.alsoInNotTheOtherBundled(other)))
            }
            let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else {
                throw ValidationError(label, .contentFile(.alsoInTextEmpty(verse.reference, other)))
            }
            others[other] = text
        }
        self.id = id
        self.traditions = traditions
        self.vibes = vibes
        self.moods = moods
        self.prayer = prayer
        self.verse = Verse(reference: verse.reference, text: quoted)
        self.translation = translation
        self.alsoIn = others
        self.isUniversal = isUniversal
    }

    /// The verse as a person who chose `preferred` reads it: in the bundled translation shown for
    /// that choice (``BibleTranslation/shownAs``) when the template has it, otherwise as written.
    public func verseLine(in preferred: BibleTranslation?) -> VerseLine {
        if let wanted = preferred?.shownAs, let text = alsoIn[wanted] {
            return VerseLine(text: text, reference: verse.reference, translation: wanted)
        }
        return VerseLine(text: verse.text, reference: verse.reference, translation: translation)
    }

    /// Whether the template was written for this tradition, vibe and mood (universal ones never are).
    public func isWritten(for tradition: Tradition, _ vibe: Vibe, _ mood: Mood) -> Bool {
        traditions.contains(tradition) && vibes.contains(vibe) && moods.contains(mood)
    }

    // MARK: Sentences

    /// Words ending in a full stop that do not end a sentence.
    private static let abbreviations: Set<String> = ["st", "sts", "mt", "dr", "mr", "mrs", "ms", "fr", "e.g", "i.e", "cf", "vs"]

    /// The prayer's first sentence: the line a history or a timeline shows for it.
    public var firstLine: String { PrayerTemplate.sentences(prayer).first ?? prayer }

    /// Counts sentences by their closing `.`, `!`, `?` or `…` (a run of them, or one followed by a
    /// closing quotation mark or bracket, ends one sentence; "St." and similar abbreviations do
    /// not). Text that does not end in such a mark has one more, unfinished, sentence.
    static func sentenceCount(_ text: String) -> Int {
        max(1, sentences(text).count)
    }

    /// The text's sentences, by the rule ``sentenceCount(_:)`` counts them; an unfinished last
    /// sentence is one too.
    static func sentences(_ text: String) -> [String] {
        let closers: Set<Character> = ["”", "’", "\"", "'", ")", "]"]
        let enders: Set<Character> = [".", "!", "?", "…"]
        var sentences: [String] = []
        var current: [Substring] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            current.append(word)
            var core = Substring(word)
            while let last = core.last, closers.contains(last) { core.removeLast() }
            guard let last = core.last, enders.contains(last) else { continue }
            var stem = core
            while let end = stem.last, enders.contains(end) { stem.removeLast() }
            if last == ".", abbreviations.contains(stem.lowercased()) { continue }
            sentences.append(current.joined(separator: " "))
            current = []
        }
        if !current.isEmpty { sentences.append(current.joined(separator: " ")) }
        return sentences
    }

    // MARK: Checks

    private static func isWellFormedID(_ id: String) -> Bool {
        guard id.count <= 80, !id.hasPrefix("-"), !id.hasSuffix("-"), !id.contains("--") else { return false }
        return id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    private static func requireDistinct<Word: Hashable>(_ words: [Word], _ fault: (Word) -> ContentFault, in label: String) throws {
        var seen = Set<Word>()
        for word in words where !seen.insert(word).inserted {
            throw ValidationError(label, .contentFile(fault(word)))
        }
    }

    // MARK: Coding

    private enum CodingKeys: String, CodingKey {
        case id, traditions, vibes, moods, prayer, verse, translation, alsoIn
        case isUniversal = "universal"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(PrayerTemplateID.self, forKey: .id)
        let traditions = try c.decode([Tradition].self, forKey: .traditions)
        let vibes = try c.decode([Vibe].self, forKey: .vibes)
        let moods = try c.decode([Mood].self, forKey: .moods)
        let prayer = try c.decode(String.self, forKey: .prayer)
        let verse = try c.decode(Verse.self, forKey: .verse)
        let translation = try c.decode(BibleTranslation.self, forKey: .translation)
        let alsoIn = try c.decodeIfPresent(AlsoIn.self, forKey: .alsoIn)?.texts ?? [:]
        let isUniversal = try c.decodeIfPresent(Bool.self, forKey: .isUniversal) ?? false
        self = try validatingDecode(decoder) {
            try PrayerTemplate(
                id: id, traditions: traditions, vibes: vibes, moods: moods, prayer: prayer,
                verse: verse, translation: translation, alsoIn: alsoIn, isUniversal: isUniversal)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(traditions, forKey: .traditions)
        try c.encode(vibes, forKey: .vibes)
        try c.encode(moods, forKey: .moods)
        try c.encode(prayer, forKey: .prayer)
        try c.encode(verse, forKey: .verse)
        try c.encode(translation, forKey: .translation)
        if !alsoIn.isEmpty { try c.encode(AlsoIn(texts: alsoIn), forKey: .alsoIn) }
        if isUniversal { try c.encode(true, forKey: .isUniversal) }
    }

    /// `alsoIn` as the files write it: an object keyed by abbreviation, `{"WEB": "…"}`.
    private struct AlsoIn: Codable {
        let texts: [BibleTranslation: String]

        init(texts: [BibleTranslation: String]) { self.texts = texts }

        init(from decoder: any Decoder) throws {
            let byName = try [String: String](from: decoder)
            var texts: [BibleTranslation: String] = [:]
            for (name, text) in byName {
                guard let translation = BibleTranslation(rawValue: name) else {
                    let known = BibleTranslation.allCases.map(\.rawValue).joined(separator: ", ")
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: decoder.codingPath,
                            debugDescription: "“\(name)” is not a Bible translation (\(known))."))
                }
                texts[translation] = text
            }
            self.texts = texts
        }

        func encode(to encoder: any Encoder) throws {
            try Dictionary(uniqueKeysWithValues: texts.map { ($0.key.rawValue, $0.value) }).encode(to: encoder)
        }
    }
}
