import Foundation

/// A 128-bit digest that is the same for the same bytes in every process, build and release:
/// MurmurHash3 x64 128 (Austin Appleby's reference `MurmurHash3_x64_128`, seed 0), written as
/// the 32 hex digits of its 16 bytes in the reference's byte order (what Python's
/// `mmh3.hash_bytes(data).hex()` prints).
///
/// It tells apart values that were saved, not values an attacker chose: an accidental collision
/// between two different shield stores is a 2⁻¹²⁸ event. Swift's `hashValue` would not do: it is
/// seeded per process, so a record saved by the app would never match one the monitor computes.
public struct Fingerprint: Hashable, Codable, Sendable, CustomStringConvertible {
    /// 32 lowercase hex digits.
    public let hex: String

    public init(hex: String) { self.hex = hex }

    /// The digest of `bytes`.
    public init(of bytes: [UInt8]) {
        let (h1, h2) = bytes.withUnsafeBytes { Self.murmur3(UnsafeRawBufferPointer($0)) }
        var digits = [UInt8]()
        digits.reserveCapacity(32)
        let hexDigits = Array("0123456789abcdef".utf8)
        for word in [h1, h2] {
            for index in 0..<8 {
                let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index)))
                digits.append(hexDigits[Int(byte >> 4)])
                digits.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        hex = String(decoding: digits, as: UTF8.self)
    }

    public var description: String { hex }

    public init(from decoder: any Decoder) throws {
        hex = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    // MARK: MurmurHash3 x64 128

    private static let c1: UInt64 = 0x87C3_7B91_1142_53D5
    private static let c2: UInt64 = 0x4CF5_AD43_2745_937F

    private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    private static func fmix(_ k: UInt64) -> UInt64 {
        var k = k
        k ^= k >> 33
        k &*= 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k &*= 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return k
    }

    private static func murmur3(_ data: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        let length = data.count
        var h1: UInt64 = 0, h2: UInt64 = 0
        let blocks = length / 16
        for block in 0..<blocks {
            var k1 = UInt64(littleEndian: data.loadUnaligned(fromByteOffset: block * 16, as: UInt64.self))
            var k2 = UInt64(littleEndian: data.loadUnaligned(fromByteOffset: block * 16 + 8, as: UInt64.self))
            k1 &*= c1; k1 = rotl(k1, 31); k1 &*= c2; h1 ^= k1
            h1 = rotl(h1, 27); h1 &+= h2; h1 = h1 &* 5 &+ 0x52DC_E729
            k2 &*= c2; k2 = rotl(k2, 33); k2 &*= c1; h2 ^= k2
            h2 = rotl(h2, 31); h2 &+= h1; h2 = h2 &* 5 &+ 0x3849_5AB5
        }
        let tail = blocks * 16
        var k1: UInt64 = 0, k2: UInt64 = 0
        let rest = length & 15
        if rest > 8 {
            for index in stride(from: rest - 1, through: 8, by: -1) { k2 ^= UInt64(data[tail + index]) << (8 * UInt64(index - 8)) }
            k2 &*= c2; k2 = rotl(k2, 33); k2 &*= c1; h2 ^= k2
        }
        if rest > 0 {
            for index in stride(from: min(rest, 8) - 1, through: 0, by: -1) { k1 ^= UInt64(data[tail + index]) << (8 * UInt64(index)) }
            k1 &*= c1; k1 = rotl(k1, 31); k1 &*= c2; h1 ^= k1
        }
        h1 ^= UInt64(length); h2 ^= UInt64(length)
        h1 &+= h2; h2 &+= h1
        h1 = fmix(h1); h2 = fmix(h2)
        h1 &+= h2; h2 &+= h1
        return (h1, h2)
    }
}

/// Bytes that say exactly what a value holds, in one order whatever order its sets iterate in:
/// what a ``Fingerprint`` is taken of.
struct CanonicalBytes {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ number: Int) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: number).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        append(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// A set of tokens: its count, then each token's length and bytes, in token order.
    mutating func append<Token: OpaqueToken>(_ tokens: Set<Token>) {
        append(tokens.count)
        for token in tokens.sortedByBytes() {
            append(token.data.count)
            bytes.append(contentsOf: token.data)
        }
    }

    mutating func append<Token: OpaqueToken>(_ policy: CategoryPolicy<Token>?) {
        switch policy {
        case nil: append(0)
        case .specific(let categories, let except):
            append(1)
            append(categories)
            append(except)
        case .all(let except):
            append(2)
            append(except)
        }
    }
}

extension ShieldStore {
    /// What this store's settings come to, as a ``Fingerprint``: equal settings give equal
    /// fingerprints in every process, and different settings different ones. The reconciler keeps
    /// it in place of the settings (``AppliedStore``) to tell which stores changed.
    public var fingerprint: Fingerprint {
        var canonical = CanonicalBytes()
        canonical.append("ShieldStore/1")
        canonical.append(name)
        canonical.append(applications)
        canonical.append(applicationCategories)
        canonical.append(webDomains)
        canonical.append(webDomainCategories)
        // NB: only when set, so a store without a filter keeps the fingerprint it had before filters.
        if let webFilter {
            canonical.append("webFilter")
            canonical.append(webFilter.filtersAdultWebsites ? 1 : 0)
            canonical.append(webFilter.blockedWebsites.count)
            for website in webFilter.blockedWebsites.sorted() { canonical.append(website.domain) }
        }
        return Fingerprint(of: canonical.bytes)
    }
}
