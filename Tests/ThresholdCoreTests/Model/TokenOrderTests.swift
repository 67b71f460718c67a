import Foundation
import PropertyBased
import Testing
@testable import ThresholdCore

/// `sortedByBytes` (what packing and fingerprints sort with) gives tokens in exactly the order
/// `sorted()` does, prefixes and empty tokens included.
@Suite struct TokenOrderTests {
    @Test func sortedByBytes_isSortedsOrder() async {
        // Short tokens from few byte values, so common prefixes and equal lengths are frequent.
        let token = Gen.int(in: 0...3).array(of: 0...4).map { AppToken(data: Data($0.map { UInt8($0 * 85) })) }
        await propertyCheck(count: 1_000, input: token.array(of: 0...30)) { tokens in
            #expect(tokens.sortedByBytes() == tokens.sorted())
            #expect(Set(tokens).sortedByBytes() == Set(tokens).sorted())
        }
    }
}
