import Foundation

/// A language the landing pages are written in, chosen from the browser's `Accept-Language`.
///
/// A page is never refused over its header (no 406): whatever cannot be read, or names only
/// languages Threshold lacks, gets English, the language the app is first written in.
enum PageLanguage: String, Sendable, CaseIterable {
    case en, es

    /// The language a browser's `Accept-Language` prefers among Threshold's.
    ///
    /// The highest q wins and a tie goes to the range the header names first (RFC 9110 §12.5.4).
    /// A range counts for its primary language (`es-MX` is `es`: the pages have one Spanish), and `*`
    /// for the first of Threshold's languages the header does not name, so `en;q=0, *` is Spanish.
    /// A range that does not parse is skipped rather than spoiling the rest; with none left, English.
    init(acceptLanguage header: String) {
        let preferences = header.split(separator: ",").compactMap(Preference.init)
        let named = Set(
            preferences.compactMap { preference -> PageLanguage? in
                if case .language(let language) = preference.range { language } else { nil }
            })
        var best: (language: PageLanguage, weight: Int)?
        for preference in preferences where preference.weight > 0 {
            let language: PageLanguage? =
                switch preference.range {
                case .language(let language): language
                case .any: Self.allCases.first { !named.contains($0) }
                case .other: nil
                }
            // NB: strictly greater, so the first of equal weights stays.
            if let language, preference.weight > best?.weight ?? 0 { best = (language, preference.weight) }
        }
        self = best?.language ?? .en
    }

    /// One entry of the header: a language range and its weight in thousandths (`q=0.5` is 500),
    /// whole numbers so that equal weights compare equal.
    struct Preference: Equatable {
        enum Range: Equatable {
            /// `*`: any language the header does not name.
            case any
            /// A range whose primary language Threshold has.
            case language(PageLanguage)
            /// A well-formed range for a language Threshold lacks.
            case other
        }

        let range: Range
        let weight: Int

        /// `es-MX;q=0.8` and the like; `nil` for anything RFC 9110 does not allow, such as a
        /// weight over 1, more than three decimals, or a parameter other than `q`.
        init?(_ entry: Substring) {
            let parts = entry.split(separator: ";", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count <= 2, let range = Self.range(parts[0]) else { return nil }
            guard let weight = parts.count == 2 ? Self.weight(parts[1]) : 1000 else { return nil }
            self.range = range
            self.weight = weight
        }

        init(range: Range, weight: Int) {
            self.range = range
            self.weight = weight
        }

        /// `*`, or subtags of one to eight ASCII letters and digits joined by `-`, the first letters only.
        static func range(_ text: String) -> Range? {
            if text == "*" { return .any }
            let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
            guard let primary = subtags.first, primary.allSatisfy(\.isASCIILetter),
                subtags.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit } })
            else { return nil }
            return PageLanguage(rawValue: primary.lowercased()).map(Range.language) ?? .other
        }

        /// `q=0`, `q=0.5`, `q=1.000` (the `q` in either case) in thousandths.
        static func weight(_ parameter: String) -> Int? {
            guard parameter.lowercased().hasPrefix("q=") else { return nil }
            let number = parameter.dropFirst(2).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let fraction = number.count == 2 ? number[1] : ""
            guard ["0", "1"].contains(number[0]), fraction.count <= 3, fraction.allSatisfy(\.isASCIIDigit),
                let whole = Int(number[0]), let thousandths = Int(fraction.padding(toLength: 3, withPad: "0", startingAt: 0))
            else { return nil }
            let weight = whole * 1000 + thousandths
            return weight <= 1000 ? weight : nil
        }
    }
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
