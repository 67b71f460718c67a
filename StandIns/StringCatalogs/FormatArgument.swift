import Foundation

/// A value interpolated into a catalog's string: a number (which also chooses the plural
/// variation), a string, or words resolved where they are shown (SwiftUI's `Text`).
package enum FormatArgument: Equatable, Sendable {
    case int(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case words(any CatalogWords)

    /// The number a plural variation is chosen by.
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .double(let value): value
        case .string, .words: nil
        }
    }

    /// What tells it from another, for a view's identity.
    package var signature: String {
        switch self {
        case .int(let value): "i\(value)"
        case .unsigned(let value): "u\(value)"
        case .double(let value): "d\(value)"
        case .string(let value): "s\(value)"
        case .words(let words): "w\(words.signature)"
        }
    }

    package static func == (lhs: FormatArgument, rhs: FormatArgument) -> Bool { lhs.signature == rhs.signature }
}

/// Words put into a catalog's string that are resolved in its context: a `Text` in a
/// `LocalizedStringKey`'s interpolation.
package protocol CatalogWords: Sendable {
    func resolve(in context: TextContext) -> String
    /// What tells these words from others.
    var signature: String { get }
}

/// A value that can be interpolated into a localized string with a format specifier.
public protocol _FormatSpecifiable {}

extension Int: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}

extension _FormatSpecifiable {
    /// Xcode's specifier for the type, and the value as an argument.
    package var formatted: (specifier: String, argument: FormatArgument) {
        switch self {
        case let value as Int: ("%lld", .int(Int64(value)))
        case let value as Int64: ("%lld", .int(value))
        case let value as Int32: ("%d", .int(Int64(value)))
        case let value as Int16: ("%hd", .int(Int64(value)))
        case let value as UInt: ("%llu", .unsigned(UInt64(value)))
        case let value as UInt64: ("%llu", .unsigned(value))
        case let value as UInt32: ("%u", .unsigned(UInt64(value)))
        case let value as Double: ("%lf", .double(value))
        case let value as Float: ("%f", .double(Double(value)))
        default: ("%@", .string(String(describing: self)))
        }
    }
}

/// What words are resolved against: the phone's locale, zone and calendar, and its clock.
package struct TextContext {
    package let locale: Locale
    package let timeZone: TimeZone
    package let calendar: Calendar
    package let now: Date
    /// The language the catalogs' words are shown in.
    package var language = AppLanguage.english
    /// Read by the person in English (``Reading``), not as drawn.
    package var reading = false

    package init(locale: Locale, timeZone: TimeZone, calendar: Calendar, now: Date, language: AppLanguage = .english, reading: Bool = false)
    {
        self.locale = locale
        self.timeZone = timeZone
        self.calendar = calendar
        self.now = now
        self.language = language
        self.reading = reading
    }

    /// The same words as the person reads them: the catalogs' English, in the reading locale.
    package var read: TextContext {
        var calendar = calendar
        calendar.locale = Reading.locale
        return TextContext(locale: Reading.locale, timeZone: timeZone, calendar: calendar, now: now, language: .english, reading: true)
    }
}
