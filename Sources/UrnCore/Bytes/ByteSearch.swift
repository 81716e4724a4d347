/// Finds the first of a few given bytes sixteen bytes at a time: the syntax bytes of a route
/// line or a pattern (a blank, a brace, a backslash, a separator) among the plain text that is
/// most of it, which a loop over each byte tested with a switch.
enum ByteSearch {
    /// The index of the first byte of `bytes` at or after `start` that is `a`, `b`, `c`, `d` or
    /// `e` (give one twice to look for fewer); `bytes.count` if there is none.
    @inline(__always)
    static func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                           of a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, _ e: UInt8) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        typealias Block = SIMD16<Int8>
        /// The lanes of the sixteen bytes at `offset` that are one of the five, as bits.
        func found(at offset: Int) -> UInt64 {
            let block = UnsafeRawPointer(base + offset).loadUnaligned(as: Block.self)
            return ByteMask.bits((block .== Block(repeating: Int8(bitPattern: a))) .| (block .== Block(repeating: Int8(bitPattern: b)))
                .| (block .== Block(repeating: Int8(bitPattern: c))) .| (block .== Block(repeating: Int8(bitPattern: d)))
                .| (block .== Block(repeating: Int8(bitPattern: e))))
        }
        var i = start
        while i &+ 16 <= bytes.count {
            let bits = found(at: i)
            if bits != 0 { return i &+ bits.trailingZeroBitCount }
            i &+= 16
        }
        if i < bytes.count, bytes.count >= 16 {
            // fewer than sixteen left: the last sixteen bytes, the lanes before `i` masked off
            let last = bytes.count &- 16
            let bits = found(at: last) & (~0 << UInt64(i &- last))
            return bits != 0 ? last &+ bits.trailingZeroBitCount : bytes.count
        }
        while i < bytes.count {
            let byte = base[i]
            if byte == a || byte == b || byte == c || byte == d || byte == e { return i }
            i &+= 1
        }
        return max(i, start)
    }
}
