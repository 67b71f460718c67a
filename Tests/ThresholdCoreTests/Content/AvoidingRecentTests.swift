import PropertyBased
import Testing
@testable import ThresholdCore

/// `avoidingRecent` answers in one pass what its definition asks: avoid the longest run of
/// recent choices (most recent first) that still leaves a candidate.
@Suite struct AvoidingRecentTests {
    /// The definition, run length by run length.
    static func reference(_ candidates: [Int], recent: [Int]) -> [Int] {
        for count in stride(from: recent.count, to: 0, by: -1) {
            let avoided = Set(recent.prefix(count))
            let rest = candidates.filter { !avoided.contains($0) }
            if !rest.isEmpty { return rest }
        }
        return candidates
    }

    @Test func theOnePassAnswer_isTheDefinitionsAnswer() async {
        let ids = Gen.int(in: 0...12)
        await propertyCheck(count: 1_000, input: ids.array(of: 0...8), ids.array(of: 0...40)) { candidates, recent in
            #expect(PrayerSelector.avoidingRecent(candidates, recent: recent, key: { $0 }) == Self.reference(candidates, recent: recent))
        }
    }

    @Test func aLongHistory_keepsTheCandidateShownLongestAgo() {
        let recent = (0..<10_000).map { $0 % 7 }
        #expect(PrayerSelector.avoidingRecent([3, 5, 6], recent: recent, key: { $0 }) == [6])
        #expect(PrayerSelector.avoidingRecent([3, 9], recent: recent, key: { $0 }) == [9], "never shown wins")
    }
}
