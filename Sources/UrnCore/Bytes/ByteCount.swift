/// Counts the occurrences of one byte in a buffer sixteen bytes at a time: `--jobs`' reader
/// numbers the lines of a whole read by counting its separators, rather than finding each.
package enum ByteCount {
    /// How many bytes of `bytes` are `byte`.
    package static func occurrences(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        // Each lane of `lanes` counts the matches in its place of up to 255 blocks: a compare
        // gives 0xFF (minus one) for a match, which is subtracted. The lanes are summed after
        // that many blocks and at the end, as the baseline x86-64 has no POPCNT to count each
        // block's mask.
        typealias Block = SIMD16<UInt8>
        let wanted = Block(repeating: byte)
        var found = 0
        var i = 0
        while i &+ 16 <= bytes.count {
            var lanes = Block(repeating: 0)
            var blocks = 0
            while blocks < 255, i &+ 16 <= bytes.count {
                let block = UnsafeRawPointer(base + i).loadUnaligned(as: Block.self)
                lanes &-= unsafeBitCast(block .== wanted, to: Block.self)
                i &+= 16
                blocks &+= 1
            }
            for lane in lanes.indices { found &+= Int(lanes[lane]) }
        }
        while i < bytes.count {
            if base[i] == byte { found &+= 1 }
            i &+= 1
        }
        return found
    }
}
