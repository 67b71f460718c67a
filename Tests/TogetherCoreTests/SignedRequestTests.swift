import Foundation
import PropertyBased
import Testing
@testable import TogetherCore

@Suite struct SignedRequestTests {
    static let digest = String(repeating: "ab", count: 32)

    @Test func theCanonicalForm_isSixLinesInOrder() throws {
        let request = try SignedRequest(
            method: "POST", path: "/v1/summaries", bodyDigest: Self.digest, time: 1_795_392_000,
            nonce: "nonce-0123456789AB")
        #expect(request.canonical == "THRESHOLD-TOGETHER-V1\nPOST\n/v1/summaries\n\(Self.digest)\n1795392000\nnonce-0123456789AB")
        #expect(request.signedBytes == Data(request.canonical.utf8))
    }

    @Test func malformedParts_areRefused() {
        let cases: [(String, String, String, Int64, String)] = [
            ("post", "/v1", Self.digest, 1, "0123456789abcdef"),
            ("POST", "v1", Self.digest, 1, "0123456789abcdef"),
            ("POST", "/v1\nPOST", Self.digest, 1, "0123456789abcdef"),
            ("POST", "/v1", String(Self.digest.dropLast()), 1, "0123456789abcdef"),
            ("POST", "/v1", Self.digest.uppercased(), 1, "0123456789abcdef"),
            ("POST", "/v1", Self.digest, -1, "0123456789abcdef"),
            ("POST", "/v1", Self.digest, 1, "short"),
            ("POST", "/v1", Self.digest, 1, "0123456789abcdef\n"),
        ]
        for (method, path, digest, time, nonce) in cases {
            #expect(throws: TogetherRefusal.self, "\(method) \(path) \(digest) \(time) \(nonce)") {
                try SignedRequest(method: method, path: path, bodyDigest: digest, time: time, nonce: nonce)
            }
        }
    }

    static let nonces = Gen.letterOrNumber.string(of: 16...64)
    static let paths = Gen.letterOrNumber.string(of: 1...20).map { "/" + $0 }

    /// Two requests that differ in any part have different canonical forms, so a signature over one
    /// never verifies another.
    @Test func differentRequests_neverShareACanonicalForm() async throws {
        await propertyCheck(count: 300, input: Self.paths, Self.paths, Self.nonces, Self.nonces, Gen.int(in: 0...2_000_000_000)) {
            p1, p2, n1, n2, time in
            let a = try SignedRequest(method: "GET", path: p1, bodyDigest: Self.digest, time: Int64(time), nonce: n1)
            let b = try SignedRequest(method: "GET", path: p2, bodyDigest: Self.digest, time: Int64(time), nonce: n2)
            let c = try SignedRequest(method: "GET", path: p1, bodyDigest: Self.digest, time: Int64(time) + 1, nonce: n1)
            #expect((a.canonical == b.canonical) == (p1 == p2 && n1 == n2))
            #expect(a.canonical != c.canonical)
        }
    }

    @Test func aTimeWithinFiveMinutes_isFresh_andOneSecondMoreIsNot() async throws {
        await propertyCheck(count: 300, input: Gen.int(in: 1_000_000...2_000_000_000), Gen.int(in: -900...900)) { now, skew in
            let request = try SignedRequest(
                method: "GET", path: "/v1/league", bodyDigest: Self.digest, time: Int64(now + skew),
                nonce: "0123456789abcdef")
            let date = Date(timeIntervalSince1970: TimeInterval(now))
            if abs(skew) <= 300 {
                try request.checkFreshness(now: date)
            } else {
                #expect { try request.checkFreshness(now: date) } throws: { ($0 as? TogetherRefusal)?.code == .staleTime }
            }
        }
        #expect(SignedRequest.nonceRetention > 2 * SignedRequest.freshness - 1, "a nonce outlives every time that is still fresh")
    }
}
