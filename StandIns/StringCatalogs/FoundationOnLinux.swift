import Foundation

// What Foundation has on iOS and not on Linux, that Threshold's code uses: String Catalogs read by
// `String(localized:)` (Foundation on Linux reads none), in the simulated phone's language
// (``AppLanguage/current``), and security-scoped URLs.

extension String {
    /// A catalog key and the values interpolated into it, as Xcode extracts it:
    /// `"\(count) minutes"` is the key `%lld minutes` with one argument.
    public struct LocalizationValue: Equatable, ExpressibleByStringInterpolation, Sendable {
        let key: String
        let arguments: [FormatArgument]

        public init(_ value: String) {
            key = value
            arguments = []
        }

        public init(stringLiteral value: String) { self.init(value) }

        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            arguments = stringInterpolation.arguments
        }

        public struct StringInterpolation: StringInterpolationProtocol {
            package var key = ""
            package var arguments: [FormatArgument] = []

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) {
                key += literal.replacingOccurrences(of: "%", with: "%%")
            }

            public mutating func appendInterpolation(_ string: String) {
                key += "%@"
                arguments.append(.string(string))
            }

            public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {
                key += value.formatted.specifier
                arguments.append(value.formatted.argument)
            }
        }
    }

    /// A catalog's words as the app's language says them: what the app words this way it keeps as a
    /// name (a profile's first name), which the person reads in English wherever it shows
    /// (``Reading``).
    public init(localized value: LocalizationValue, table: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        let context = TextContext(
            locale: AppLanguage.current.locale, timeZone: .gmt, calendar: Calendar(identifier: .gregorian), now: Date(),
            language: AppLanguage.current)
        self = Catalogs.string(value.key, arguments: value.arguments, table: table, bundle: bundle, in: context)
        if AppLanguage.current == .spanish {
            Reading.recordName(
                self, english: Catalogs.string(value.key, arguments: value.arguments, table: table, bundle: bundle, in: context.read))
        }
    }

    /// A catalog's words in `locale`'s language (and the pseudolanguage's accents where the app's
    /// language is that), as a surface iOS draws without SwiftUI (a notification, a shield) says them.
    public init(
        localized value: LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale, comment: StaticString? = nil
    ) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let context = TextContext(locale: locale, timeZone: .gmt, calendar: calendar, now: Date(), language: AppLanguage.current)
        self = Catalogs.string(value.key, arguments: value.arguments, table: table, bundle: bundle, in: context)
    }
}

extension URL {
    /// Files here are the simulated phone's own: nothing to unlock.
    public func startAccessingSecurityScopedResource() -> Bool { false }
    public func stopAccessingSecurityScopedResource() {}
}
