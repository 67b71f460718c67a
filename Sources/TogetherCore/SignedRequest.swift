import Foundation

/// The part of a request its signature covers, and the rules for when it is acceptable.
///
/// Every request (but the health check) carries `X-Threshold-Time` (whole seconds since 1970),
/// `X-Threshold-Nonce`, `X-Threshold-Signature` (base64 of a Curve25519 (Ed25519) signature) and,
/// once registered, `X-Threshold-Account`. The signature is over ``canonical``:
///
/// ```
/// THRESHOLD-TOGETHER-V1
/// POST
/// /v1/summaries
/// <SHA-256 of the body, lowercase hex>
/// 1795392000
/// <nonce>
/// ```
///
/// The path includes the query string as sent. A time more than ``freshness`` away from the
/// server's clock is refused; a nonce is single use for its account and kept for
/// ``nonceRetention``, longer than any time still fresh, so a replay is refused either way.
public struct SignedRequest: Hashable, Sendable {
    public static let scheme = "THRESHOLD-TOGETHER-V1"
    /// How far a request's time may be from the server's clock, either way: 5 minutes.
    public static let freshness: TimeInterval = 300
    /// How long a used nonce is kept: twice the freshness window.
    public static let nonceRetention: TimeInterval = 2 * freshness
    /// Nonces are 16 to 64 characters of base64url's alphabet.
    public static let nonceLengths = 16...64
    /// The largest body any request needs (a summary is under 100 bytes).
    public static let maximumBodyBytes = 4_096

    public let method: String
    public let path: String
    public let bodyDigest: String
    public let time: Int64
    public let nonce: String

    /// Checks each part's shape; `bodyDigest` is the body's SHA-256 in lowercase hex.
    public init(method: String, path: String, bodyDigest: String, time: Int64, nonce: String) throws {
        guard !method.isEmpty, method.utf8.allSatisfy({ (65...90).contains($0) }) else {
            throw TogetherRefusal(.malformed, "The method “\(method)” is not an HTTP method in capitals.")
        }
        guard path.hasPrefix("/"), path.utf8.allSatisfy({ (33...126).contains($0) }) else {
            throw TogetherRefusal(.malformed, "The path must start with / and hold no spaces or control characters.")
        }
        guard bodyDigest.utf8.count == 64, bodyDigest.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw TogetherRefusal(.malformed, "The body digest is SHA-256 in 64 lowercase hex digits.")
        }
        guard time >= 0 else {
            throw TogetherRefusal(.malformed, "X-Threshold-Time is whole seconds since 1970, not \(time).")
        }
        guard SignedRequest.nonceLengths.contains(nonce.utf8.count),
            nonce.utf8.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 45 || $0 == 95 })
        else {
            throw TogetherRefusal(.malformed, "X-Threshold-Nonce is 16 to 64 characters of A–Z, a–z, 0–9, - and _, fresh for each request.")
        }
        self.method = method
        self.path = path
        self.bodyDigest = bodyDigest
        self.time = time
        self.nonce = nonce
    }

    /// The text the signature covers, lines joined by "\n".
    public var canonical: String {
        [SignedRequest.scheme, method, path, bodyDigest, String(time), nonce].joined(separator: "\n")
    }

    /// ``canonical`` in UTF-8, the bytes that are signed.
    public var signedBytes: Data { Data(canonical.utf8) }

    /// Refuses a time more than ``freshness`` from `now`.
    public func checkFreshness(now: Date) throws {
        let skew = TimeInterval(time) - now.timeIntervalSince1970
        guard abs(skew) <= SignedRequest.freshness else {
            let direction = skew > 0 ? "ahead of" : "behind"
            throw TogetherRefusal(
                .staleTime,
                "The request's time is \(Int(abs(skew))) s \(direction) the server's; set the phone's clock automatically (within \(Int(SignedRequest.freshness)) s)."
            )
        }
    }
}
