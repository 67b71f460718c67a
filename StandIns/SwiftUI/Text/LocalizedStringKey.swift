@_exported import StringCatalogs
import Foundation

/// The key of a localized string and the values interpolated into it, as Xcode extracts it:
/// `"\(count) apps"` is the key `%lld apps` with one argument.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
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

    /// The same interpolation as Foundation's keys (StringCatalogs'), with SwiftUI's own values
    /// added below.
    public typealias StringInterpolation = String.LocalizationValue.StringInterpolation
}

// NB: these extend Foundation's interpolation, which `LocalizedStringKey` shares, so on Linux a
// `String(localized:)` would take a `Text` too; the iOS build (Scripts/check-ios) refuses that, as
// Foundation there does.
extension String.LocalizationValue.StringInterpolation {
    public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {
        key += specifier
        arguments.append(value.formatted.argument)
    }

    public mutating func appendInterpolation(_ text: Text) {
        key += "%@"
        arguments.append(.words(text))
    }

    public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
        key += "%@"
        arguments.append(.words(Text(date, style: style)))
    }

    public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        key += "%@"
        arguments.append(.words(Text(input, format: format)))
    }

    public mutating func appendInterpolation(_ image: Image) {
        key += "%@"
        arguments.append(.words(Text(verbatim: "")))
    }
}
