import Foundation

/// A Bible translation the person may prefer.
///
/// Only the public-domain KJV and WEB (for English prayers) and the Reina-Valera 1909 (for Spanish
/// ones) are bundled, and every verse is shown in the translation it was quoted from. Choosing a licensed translation (ESV, NIV, …) stores the choice for when a
/// licence allows its text; until then the bundled text is shown, labelled with its own name.
public enum BibleTranslation: String, Codable, Sendable, CaseIterable, Comparable {
    case esv = "ESV"
    case niv = "NIV"
    case nkjv = "NKJV"
    case nlt = "NLT"
    case kjv = "KJV"
    case nasb = "NASB"
    case web = "WEB"
    /// The Reina-Valera 1909: the Spanish prayers' verses are quoted from it.
    case rv1909 = "RV1909"

    /// The translations whose text ships with the app: all three are in the public domain.
    public static let bundled: [BibleTranslation] = [.kjv, .web, .rv1909]

    /// Whether verses in this translation ship with the app.
    public var isBundled: Bool { Self.bundled.contains(self) }

    /// The bundled translation verses are shown in for a person who chose this one: itself when
    /// bundled, the KJV for the NKJV (its revision). `nil` for the ESV, NIV, NLT and NASB: their
    /// verses are shown as each prayer quotes them, since the WEB, the modern one bundled, says
    /// "Yahweh" where they say "the LORD", which prayers for some traditions avoid.
    public var shownAs: BibleTranslation? {
        switch self {
        case .kjv, .nkjv: .kjv
        case .web: .web
        case .rv1909: .rv1909
        case .esv, .niv, .nlt, .nasb: nil
        }
    }

    /// Where a person who reads this translation, which Threshold cannot quote, reads `reference`
    /// in it: Bible Gateway's passage page, which a Bible app or the browser opens. `nil` for a
    /// translation Threshold quotes.
    public func reading(_ reference: VerseReference) -> URL? {
        guard !isBundled else { return nil }
        var link = URLComponents(string: "https://www.biblegateway.com/passage/")
        link?.queryItems = [URLQueryItem(name: "search", value: reference.description), URLQueryItem(name: "version", value: abbreviation)]
        return link?.url
    }

    /// The abbreviation shown after a reference: "KJV", "WEB", "RV1909", …
    public var abbreviation: String { rawValue }

    /// The translation's full name, for settings.
    public var displayName: String {
        switch self {
        case .esv: "English Standard Version"
        case .niv: "New International Version"
        case .nkjv: "New King James Version"
        case .nlt: "New Living Translation"
        case .kjv: "King James Version"
        case .nasb: "New American Standard Bible"
        case .web: "World English Bible"
        case .rv1909: "Reina-Valera 1909"
        }
    }

    /// The language the translation is in: the prayers quoting it are in that language.
    public var language: ContentLanguage {
        switch self {
        case .rv1909: .spanish
        case .esv, .niv, .nkjv, .nlt, .kjv, .nasb, .web: .english
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public init(from decoder: any Decoder) throws {
        self = try decodeVocabularyWord("Bible translation", from: decoder)
    }
}
