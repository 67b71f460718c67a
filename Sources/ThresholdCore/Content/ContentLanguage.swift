import Foundation

/// The language Threshold's content is read in: the phone's, where Threshold has content written
/// in it, else English (never keys, never nothing).
///
/// Content is what the String Catalogs do not hold, written rather than translated: the prayers
/// (English: `Prayers/`, Spanish: `Prayers/es/`, each quoting its own bundled Bibles, with its own
/// translations in the translation choice), the quips, Help, Unscramble's words and the copy-text
/// quest's passages. Core is handed it as a value; the surfaces make it from the phone's locale.
public enum ContentLanguage: String, Codable, Sendable, CaseIterable {
    case english = "en"
    case spanish = "es"

    /// The content's language for a phone whose language has this code (`es`, `es-MX`, `en`, `pt`,
    /// …): Spanish for Spanish, English for every other language and for none.
    public init(languageCode: String?) {
        let base = languageCode?.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()
        self = base == ContentLanguage.spanish.rawValue ? .spanish : .english
    }

    /// The content's language for a phone set to this locale.
    public init(_ locale: Locale) {
        self.init(languageCode: locale.language.languageCode?.identifier)
    }

    /// The translations the translation choice offers: the ones Threshold quotes (issue 35 item
    /// 17), so a verse is never shown under another translation's name. In English the KJV and the
    /// WEB; in Spanish the Reina-Valera 1909 first, the one Spanish verses are quoted from, then those.
    public var offeredTranslations: [BibleTranslation] {
        let english = BibleTranslation.bundled.filter { $0.language == .english }
        switch self {
        case .english: return english
        case .spanish: return [.rv1909] + english
        }
    }
}
