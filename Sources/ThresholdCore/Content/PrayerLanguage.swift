import Foundation

/// The language prayers are read in: the phone's, where prayers are written in it, else English.
///
/// Each language has its own library (English: `Prayers/`, Spanish: `Prayers/es/`), its verses
/// quoted from its own bundled Bibles, and its own translations in the translation choice.
public enum PrayerLanguage: String, Codable, Sendable, CaseIterable {
    case english = "en"
    case spanish = "es"

    /// The prayers' language for a phone whose language has this code (`es`, `es-MX`, `en`, `pt`,
    /// …): Spanish for Spanish, English for every other language and for none.
    public init(languageCode: String?) {
        let base = languageCode?.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()
        self = base == PrayerLanguage.spanish.rawValue ? .spanish : .english
    }

    /// The prayers' language for a phone set to this locale.
    public init(_ locale: Locale) {
        self.init(languageCode: locale.language.languageCode?.identifier)
    }

    /// The translations the translation choice offers: in English the seven it always has; in
    /// Spanish the Reina-Valera 1909 first, the one Spanish verses are quoted from, then those.
    public var offeredTranslations: [BibleTranslation] {
        let english = BibleTranslation.allCases.filter { $0.language == .english }
        switch self {
        case .english: return english
        case .spanish: return [.rv1909] + english
        }
    }
}
