import Foundation

/// The random secret a key tag carries in its link: 128 bits, written as 22 base64url
/// characters. Only its hash is ever stored (see `KeyTag.secretHash`).
public struct KeySecret: Hashable, Sendable, CustomStringConvertible {
    /// Bytes in a secret.
    public static let byteCount = 16

    /// The secret's bytes.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) throws {
        guard bytes.count == KeySecret.byteCount else {
            throw ValidationError("key secret", .invariant(.keySecretSize(bytes.count)))
        }
        self.bytes = bytes
    }

    /// A secret from its link form, or an error when the text is not 22 canonical base64url characters.
    public init(base64URL text: some StringProtocol) throws {
        guard let data = Base64URL.decode(text), data.count == KeySecret.byteCount else {
            throw ValidationError("key secret", .link(.badSecret))
        }
        self.bytes = Array(data)
    }

    /// A fresh secret from a generator; the app passes `SystemRandomNumberGenerator`, which
    /// draws from the operating system's cryptographic source.
    public static func random(using generator: inout some RandomNumberGenerator) -> KeySecret {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        while bytes.count < byteCount {
            withUnsafeBytes(of: generator.next().littleEndian) { bytes.append(contentsOf: $0) }
        }
        return try! KeySecret(bytes: Array(bytes.prefix(byteCount)))
    }

    /// The link form: 22 base64url characters.
    public var base64URL: String { Base64URL.encode(Data(bytes)) }

    /// Never the secret itself, so that it does not end up in a log.
    public var description: String { "KeySecret(redacted)" }
}
