/// Where a quoted verse comes from: a book, a chapter and one verse or a run of verses,
/// written `Psalms 46:10` or `Matthew 11:28-30` (in Spanish prayers `Salmos 55:22`, `Isaías 41:10`).
///
/// Only the form is checked here; that the book exists and the text matches the translation
/// is `Scripts/check-verses`' job, which runs against the bundled Bibles.
public struct VerseReference: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The book as written, e.g. `1 Peter`, `Song of Solomon` or `1 Pedro`.
    public let book: String
    public let chapter: Int
    /// The first and last verse quoted; equal for a single verse.
    public let verses: ClosedRange<Int>

    public init(book: String, chapter: Int, verses: ClosedRange<Int>) throws {
        guard VerseReference.isBookName(book) else {
            throw ValidationError("verse reference", .contentFile(.notABookName(book)))
        }
        guard chapter >= 1, verses.lowerBound >= 1 else {
            throw ValidationError("verse reference “\(book) \(chapter):\(verses.lowerBound)”", .contentFile(.countsFromOne))
        }
        self.book = book
        self.chapter = chapter
        self.verses = verses
    }

    /// Reads `Book C:V` or `Book C:V-W` (W after V, both in chapter C).
    public init(_ text: String) throws {
        let refusal = ValidationError("verse reference “\(text)”", .contentFile(.malformedReference(text)))
        guard let space = text.lastIndex(of: " ") else { throw refusal }
        let book = String(text[..<space])
        let numbers = text[text.index(after: space)...].split(separator: ":", omittingEmptySubsequences: false)
        guard numbers.count == 2, let chapter = VerseReference.number(numbers[0]) else { throw refusal }
        let range = numbers[1].split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(range.count), let first = VerseReference.number(range[0]) else { throw refusal }
        var last = first
        if range.count == 2 {
            guard let end = VerseReference.number(range[1]) else { throw refusal }
            guard end > first else {
                throw ValidationError(
                    "verse reference “\(text)”", .contentFile(.versesBackwards(book: book, chapter: chapter, first: first, last: end)))
            }
            last = end
        }
        try self.init(book: book, chapter: chapter, verses: first...last)
    }

    public var description: String {
        verses.count == 1
            ? "\(book) \(chapter):\(verses.lowerBound)"
            : "\(book) \(chapter):\(verses.lowerBound)-\(verses.upperBound)"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.book, lhs.chapter, lhs.verses.lowerBound, lhs.verses.upperBound)
            < (rhs.book, rhs.chapter, rhs.verses.lowerBound, rhs.verses.upperBound)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try validatingDecode(decoder) { try VerseReference(text) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// A positive decimal number without sign or leading zero.
    private static func number(_ text: Substring) -> Int? {
        guard let first = text.first, first != "0", text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Int(text)
    }

    /// Words of letters separated by single spaces, the first capitalised, optionally after a
    /// book number 1–3: `Psalms`, `1 Peter`, `Song of Solomon`; Spanish names keep their accents
    /// (`Isaías`, `Éxodo`).
    private static func isBookName(_ book: String) -> Bool {
        var words = book.split(separator: " ", omittingEmptySubsequences: false)
        if let first = words.first, ["1", "2", "3"].contains(first) { words.removeFirst() }
        guard let name = words.first, name.first?.isUppercase == true else { return false }
        return words.allSatisfy { word in !word.isEmpty && word.allSatisfy(\.isLetter) }
    }
}
