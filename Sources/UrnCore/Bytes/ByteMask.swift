#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// A sixteen-lane byte compare's result as sixteen bits, lane `n` in bit `n`: what a scan of
/// sixteen bytes at a time needs to walk the bytes it found with bit tricks.
enum ByteMask {
    /// The bits of `lanes`: one `pmovmskb` on x86-64, `portableBits` elsewhere.
    @inline(__always)
    static func bits(_ lanes: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        #if arch(x86_64)
        // the vector type of SSE2's intrinsics, 128 bits like the mask's lanes
        UInt64(UInt16(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(lanes, to: __m128i.self))))
        #else
        portableBits(lanes)
        #endif
    }

    /// The bits of `lanes` from two 64-bit words: each word's lane bits (bit 7 of each byte)
    /// gathered into its top byte by one multiplication, whose partial products never overlap.
    @inline(__always)
    static func portableBits(_ lanes: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let gather: UInt64 = 0x0002_0408_1020_4081
        let low = ((words[0] & SWAR.high) &* gather) >> 56
        let high = ((words[1] & SWAR.high) &* gather) >> 56
        return low | high << 8
    }
}
