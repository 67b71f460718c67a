import Foundation

/// An opaque Screen Time token carried as bytes.
///
/// On iOS the bytes are a `JSONEncoder` encoding of `ApplicationToken`, `ActivityCategoryToken`
/// or `WebDomainToken`; the engine never looks inside. In the simulator and in tests the bytes
/// are a readable name (`AppToken("instagram")`). Tokens order by their bytes, so every result
/// built from them is independent of the order a caller supplied them in.
public protocol OpaqueToken: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    var data: Data { get }
    init(data: Data)
}

extension OpaqueToken {
    /// A token from a readable name: the simulator's and tests' stand-in for an Apple token.
    public init(_ name: String) { self.init(data: Data(name.utf8)) }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        // NB: `Data`'s element-wise iterator is slow on Linux; compare the bytes with memcmp.
        lhs.data.withUnsafeBytes { a in rhs.data.withUnsafeBytes { b in bytesPrecede(a, b) } }
    }

    /// The bytes as UTF-8 when they are readable (simulator names), else a short hex digest.
    public var description: String {
        if let text = String(data: data, encoding: .utf8), !text.isEmpty,
            text.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0)
            })
        {
            return text
        }
        return "#" + data.prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let data = Data(base64Encoded: text), !data.isEmpty else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "A token must be non-empty base64, found “\(text.prefix(40))”.")
        }
        self.init(data: data)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(data.base64EncodedString())
    }
}

/// An app the person chose (`ApplicationToken` on iOS).
public struct AppToken: OpaqueToken {
    public let data: Data
    public init(data: Data) { self.data = data }
}

/// An App Store category the person chose (`ActivityCategoryToken` on iOS).
public struct CategoryToken: OpaqueToken {
    public let data: Data
    public init(data: Data) { self.data = data }
}

/// A website the person chose (`WebDomainToken` on iOS).
public struct WebDomainToken: OpaqueToken {
    public let data: Data
    public init(data: Data) { self.data = data }
}

/// Any one of the three kinds of token: what a one-token grant covers.
public enum AnyToken: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    case app(AppToken)
    case category(CategoryToken)
    case webDomain(WebDomainToken)

    public var description: String {
        switch self {
        case .app(let token): "app \(token)"
        case .category(let token): "category \(token)"
        case .webDomain(let token): "website \(token)"
        }
    }
}

/// The order of tokens: byte by byte, a prefix before what extends it.
func bytesPrecede(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    let common = min(a.count, b.count)
    let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
    return order != 0 ? order < 0 : a.count < b.count
}

extension Sequence where Element: OpaqueToken {
    /// The tokens in token order, exactly as `sorted()` gives them, sorted on their bytes
    /// copied out once.
    ///
    /// NB: every comparison through `Data` goes through two closures; sorting a thousand
    /// tokens with `sorted()` cost about 11 M instructions, most of a packing.
    func sortedByBytes() -> [Element] {
        map { (bytes: [UInt8]($0.data), token: $0) }
            .sorted { a, b in a.bytes.withUnsafeBytes { x in b.bytes.withUnsafeBytes { y in bytesPrecede(x, y) } } }
            .map(\.token)
    }
}
