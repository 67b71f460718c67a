import Crypto
import Foundation
import ThresholdCore

/// The one-way form in which a key's secret is stored: SHA-256 of its 16 bytes.
///
/// A 128-bit random secret needs no salt or slow hash: nobody can guess it, so a stolen hash
/// only says "this tag exists". Comparison runs in constant time so that how long a refusal
/// takes says nothing about how much of a forged secret was right.
public enum KeySecretHash {
    public static func hash(_ secret: KeySecret) -> Data {
        Data(SHA256.hash(data: secret.bytes))
    }

    /// Whether `secret` hashes to `stored`, taking the same time wherever they differ.
    public static func matches(_ secret: KeySecret, stored: Data) -> Bool {
        constantTimeEqual(hash(secret), stored)
    }

    /// Equal lengths and equal bytes, looking at every byte whatever the first difference.
    static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
