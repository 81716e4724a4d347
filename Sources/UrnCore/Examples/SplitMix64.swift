/// SplitMix64, the pseudo-random numbers of example links (and of the tests' generated
/// inputs): the same seed gives the same numbers on every machine and run, which `--seed`
/// relies on.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// The numbers that follow `state`.
    init(state: UInt64) {
        self.state = state
    }

    /// The numbers for `seed`, mixed with `stream` (a route and an example number), so that one
    /// route's examples do not change when another route is added before it.
    init(seed: UInt64, stream: UInt64 = 0) {
        state = seed ^ (stream &* 0x9E37_79B9_7F4A_7C15)
        _ = next()
    }

    /// The next number.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is 0 or less).
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
