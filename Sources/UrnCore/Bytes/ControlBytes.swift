/// Finds C0 control characters and DEL, eight bytes at a time: the bytes a rendered value must
/// escape so that a record stays one line.
enum ControlBytes {
    /// Whether `bytes[start...]` holds a byte below 0x20 or 0x7F.
    static func any(in bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { any(in: $0, from: start) }
    }

    /// Whether `bytes[start...]` holds a byte below 0x20 or 0x7F.
    @inline(__always)
    static func any(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return SWAR.firstIndexInShortRange(base, from: start, to: bytes.count, where: flags) { $0 < 0x20 || $0 == 0x7F } < bytes.count
    }

    /// Bit 7 set in the lowest byte of `word` below 0x20 or equal to 0x7F (and maybe in bytes
    /// above it).
    @inline(__always)
    static func flags(_ word: UInt64) -> UInt64 {
        let below = (word &- 0x2020_2020_2020_2020) & ~word
        return (below | SWAR.equal(word, 0x7F)) & SWAR.high
    }
}
