import Foundation

/// The URL-safe base64 alphabet of RFC 4648 §5, without padding: how tokens and key secrets
/// travel inside links.
public enum Base64URL {
    /// The text for some bytes: `-` and `_` instead of `+` and `/`, no `=`.
    public static func encode(_ data: Data) -> String { data.base64URL }

    /// The bytes a text stands for, or `nil` when it is not canonical unpadded base64url:
    /// a character outside the alphabet, an impossible length, or unused trailing bits set
    /// (so that exactly one text stands for each value).
    public static func decode(_ text: some StringProtocol) -> Data? {
        guard text.utf8.allSatisfy(isAlphabet), text.utf8.count % 4 != 1 else { return nil }
        var standard = String(text).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: standard), encode(data) == text else { return nil }
        return data
    }

    /// Whether a byte is one of the 64 characters (no padding).
    static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
