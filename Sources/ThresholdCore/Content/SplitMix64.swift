/// A small, fast random-number generator that gives the same sequence for the same seed on
/// every platform and Swift version: Core never uses global randomness, callers pass a seed.
///
/// SplitMix64, after Steele, Lea & Flood, “Fast splittable pseudorandom number generators”
/// (OOPSLA 2014); the constants are those of `java.util.SplittableRandom`.
public struct SplitMix64: RandomNumberGenerator, Hashable, Codable, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { self.state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An index in `0..<count`, computed here rather than by the standard library so that the
    /// choice for a seed cannot change with a new Swift release.
    public mutating func index(below count: Int) -> Int {
        precondition(count > 0, "Nothing to choose from.")
        return Int(next().multipliedFullWidth(by: UInt64(count)).high)
    }
}
