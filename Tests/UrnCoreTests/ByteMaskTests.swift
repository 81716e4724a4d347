import Testing
@_spi(Records) @testable import UrnCore

@Suite struct ByteMaskTests {
    /// The mask of a compare whose lanes `flagged` says are true.
    func lanes(_ flagged: [Bool]) -> SIMDMask<SIMD16<Int8>> {
        var mask = SIMDMask<SIMD16<Int8>>()
        for (lane, set) in flagged.enumerated() { mask[lane] = set }
        return mask
    }

    /// The bits of a mask, lane `n` in bit `n`, by definition.
    func expected(_ flagged: [Bool]) -> UInt64 {
        flagged.enumerated().reduce(0) { bits, lane in lane.element ? bits | 1 << UInt64(lane.offset) : bits }
    }

    /// Both ways of taking the bits (the instruction on x86-64, the multiplication elsewhere,
    /// which this test runs on every machine) agree with the lanes: none, all, each alone,
    /// each pair, and random masks.
    @Test func bothPathsAgreeWithTheLanes() {
        var cases: [[Bool]] = [Array(repeating: false, count: 16), Array(repeating: true, count: 16)]
        for a in 0..<16 {
            for b in a..<16 {
                var flagged = Array(repeating: false, count: 16)
                flagged[a] = true
                flagged[b] = true
                cases.append(flagged)
            }
        }
        var generator = SplitMix64(state: 16)
        for _ in 0..<10_000 {
            let random = generator.next()
            cases.append((0..<16).map { random >> UInt64($0) & 1 == 1 })
        }
        for flagged in cases {
            let mask = lanes(flagged)
            #expect(ByteMask.bits(mask) == expected(flagged), "\(flagged)")
            #expect(ByteMask.portableBits(mask) == expected(flagged), "\(flagged)")
        }
    }

    /// On a real compare (lanes 0xFF or 0), whatever the other bytes hold.
    @Test func takesTheBitsOfACompare() {
        typealias Lanes = SIMD16<Int8>
        for lane in 0..<16 {
            var bytes = Lanes(repeating: 0x41)
            bytes[lane] = 0x22
            let quote = bytes .== Lanes(repeating: 0x22)
            #expect(ByteMask.bits(quote) == 1 << UInt64(lane))
            #expect(ByteMask.portableBits(quote) == 1 << UInt64(lane))
        }
    }
}
