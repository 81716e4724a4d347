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
        var i = start
        while i &+ 16 <= bytes.count {
            let block = UnsafeRawPointer(base + i).loadUnaligned(as: Block.self)
            let found = (block .== Block(repeating: Int8(bitPattern: a))) .| (block .== Block(repeating: Int8(bitPattern: b)))
                .| (block .== Block(repeating: Int8(bitPattern: c))) .| (block .== Block(repeating: Int8(bitPattern: d)))
                .| (block .== Block(repeating: Int8(bitPattern: e)))
            let bits = ByteMask.bits(found)
            if bits != 0 { return i &+ bits.trailingZeroBitCount }
            i &+= 16
        }
        while i < bytes.count {
            let byte = base[i]
            if byte == a || byte == b || byte == c || byte == d || byte == e { return i }
            i &+= 1
        }
        return max(i, start)
    }
}
