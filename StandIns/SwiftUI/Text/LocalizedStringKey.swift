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
            arguments.append(.text(text))
        }

        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            key += "%@"
            arguments.append(.text(Text(date, style: style)))
        }

        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
        where F.FormatInput: Equatable, F.FormatOutput == String {
            key += "%@"
            arguments.append(.text(Text(input, format: format)))
        }

        public mutating func appendInterpolation(_ image: Image) {
            key += "%@"
            arguments.append(.text(Text(verbatim: "")))
        }
    }
}

/// A value interpolated into a localized string.
enum FormatArgument: Equatable, @unchecked Sendable {
    case int(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case text(Text)

    /// The number a plural variation is chosen by.
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .double(let value): value
        case .string, .text: nil
        }
    }
}

/// A value that can be interpolated into a ``LocalizedStringKey`` with a format specifier.
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
    var formatted: (specifier: String, argument: FormatArgument) {
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
