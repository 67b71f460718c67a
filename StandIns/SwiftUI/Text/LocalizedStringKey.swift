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

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [FormatArgument] = []

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
}
