// SPDX-License-Identifier: Apache-2.0
// The tests' seeded generator: one copy for every randomised test of this target.

/// A deterministic pseudo-random generator (SplitMix64), so that a randomised test repeats its
/// failure and needs no Foundation.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0 ..< n.
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
