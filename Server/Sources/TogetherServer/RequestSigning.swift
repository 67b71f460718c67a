import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import TogetherCore

/// The headers of a signed request, read and checked.
struct SignedHeaders {
    static let timeName = HTTPField.Name("X-Threshold-Time")!
    static let nonceName = HTTPField.Name("X-Threshold-Nonce")!
    static let signatureName = HTTPField.Name("X-Threshold-Signature")!
    static let accountName = HTTPField.Name("X-Threshold-Account")!

    let request: SignedRequest
    let signature: Data
    let account: UUID?

    /// Reads the signed part of `request`, whose body is `body`; refuses what is missing or malformed.
    init(_ request: Request, body: Data) throws {
        guard let timeText = request.headers[Self.timeName], let time = Int64(timeText) else {
            throw TogetherRefusal(.malformed, "X-Threshold-Time is missing or not whole seconds since 1970.")
        }
        guard let nonce = request.headers[Self.nonceName] else {
            throw TogetherRefusal(.malformed, "X-Threshold-Nonce is missing; send a fresh random one with every request.")
        }
        guard let signatureText = request.headers[Self.signatureName], let signature = Data(base64Encoded: signatureText),
            signature.count == 64
        else {
            throw TogetherRefusal(.malformed, "X-Threshold-Signature is missing or not a 64-byte signature in base64.")
        }
        if let accountText = request.headers[Self.accountName] {
            guard let account = UUID(uuidString: accountText) else {
                throw TogetherRefusal(.malformed, "X-Threshold-Account is not an account id.")
            }
            self.account = account
        } else {
            self.account = nil
        }
        let digest = SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
        self.request = try SignedRequest(
            method: request.method.rawValue, path: request.head.path ?? "/", bodyDigest: digest, time: time,
            nonce: nonce)
        self.signature = signature
    }

    /// Refuses a stale time, then a signature that does not verify with `publicKey`.
    func verify(publicKey: [UInt8], now: Date) throws {
        try request.checkFreshness(now: now)
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey),
            key.isValidSignature(signature, for: request.signedBytes)
        else {
            throw TogetherRefusal(.badSignature, "The signature does not verify with this account's key over the request as sent.")
        }
    }
}
