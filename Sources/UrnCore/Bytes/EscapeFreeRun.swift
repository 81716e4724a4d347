/// Finds runs of bytes that a JSON string holds as they are (printable ASCII other than `"` and
/// `\`), sixteen or eight bytes at a time: the scanner and the writer spend most of their time
/// in such runs.
package enum EscapeFreeRun {
    /// The index of the first byte at or after `start` that is not plain (`end` if none).
    /// Sixteen bytes at a time while a whole block is left, then eight.
    @inline(__always)
    static func end(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        while i &+ 16 <= end {
            let offset = firstSpecial(inBlockAt: base + i)
            if offset < 16 { return i &+ offset }
            i &+= 16
        }
        return SWAR.firstIndexInShortRange(UnsafeRawPointer(base), from: i, to: end, where: specialBytes) { byte in
            byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        }
    }

    /// The offset of the first byte that is not plain in the sixteen bytes at `block` (16 if
    /// none), in vector registers: three compares and one test for a whole block. Most strings
    /// of a record, closing quote and all, fit in one.
    @inline(__always)
    static func firstSpecial(inBlockAt block: UnsafePointer<UInt8>) -> Int {
        // vectors of a named type on the right: with scalars, or vectors whose type is
        // inferred, the generic operators are picked, which go lane by lane
        typealias Block = SIMD16<Int8>
        let bytes = UnsafeRawPointer(block).loadUnaligned(as: Block.self)
        // read as signed, a byte at or above 0x80 is below 0x20 too: one compare finds both
        let flagged = (bytes .< Block(repeating: 0x20)) .| (bytes .== Block(repeating: Int8(UInt8(ascii: "\""))))
            .| (bytes .== Block(repeating: Int8(UInt8(ascii: "\\"))))
        // a bit past the lanes, so that a block with none flagged gives 16
        return (ByteMask.bits(flagged) | 0x1_0000).trailingZeroBitCount
    }

    /// Whether every byte of `text` is written in a JSON string as it is and reads the same
    /// percent-decoded, `+` as a space or not: printable ASCII other than `"`, `\`, `%` and `+`.
    /// Most links are such text, and then no part of them needs a scan of its own.
    package static func isVerbatim(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let found = SWAR.firstIndexInShortRange(UnsafeRawPointer(base), from: 0, to: text.count, where: { word in
            specialBytes(word) | ((SWAR.equal(word, UInt8(ascii: "%")) | SWAR.equal(word, UInt8(ascii: "+"))) & SWAR.high)
        }) { byte in
            byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "%")
                || byte == UInt8(ascii: "+")
        }
        return found == text.count
    }

    /// Bit 7 set in the lowest byte of `word` that is below 0x20, at or above 0x80, `"` or `\`
    /// (and maybe in bytes above it). A subtraction borrows only out of a byte it flags (one
    /// that becomes zero, or a control), so no byte below the lowest flagged one is flagged,
    /// and a byte at or above 0x80 is flagged by its own bit 7: the usual `& ~x` of each test
    /// is not needed.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = (word ^ (ones &* UInt64(UInt8(ascii: "\"")))) &- ones
        let backslash = (word ^ (ones &* UInt64(UInt8(ascii: "\\")))) &- ones
        return (word | (word &- 0x2020_2020_2020_2020) | quote | backslash) & SWAR.high
    }
}

/// Byte tests on eight bytes at once (SIMD within a register), little-endian.
enum SWAR {
    /// Bit 7 of every byte.
    static let high: UInt64 = 0x8080_8080_8080_8080

    /// Bit 7 set in the lowest byte of `word` equal to `byte` (and maybe in bytes above it,
    /// never below): mask the result with `high`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x
    }

    /// The index of the first byte in `start..<end` that `flags` flags (`end` if none), eight
    /// bytes at a time. `flags` must flag a byte alone in a word as it does in any lane.
    @inline(__always)
    static func firstIndex(_ raw: UnsafeRawPointer, from start: Int, to end: Int, where flags: (UInt64) -> UInt64) -> Int {
        var i = start
        while i &+ 8 <= end {
            let mask = flags(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if mask != 0 { return i &+ firstFlagged(mask) }
            i &+= 8
        }
        while i < end, flags(UInt64(raw.load(fromByteOffset: i, as: UInt8.self))) == 0 { i &+= 1 }
        return i
    }

    /// The index of the first byte in `start..<end` that `flags` flags in a word, or that
    /// `isFlagged` says yes to alone (`end` if none). A range of eight bytes or more ends
    /// with one word that overlaps those already tested; one of four to seven is tested whole
    /// in one word of two overlapping halves; a shorter one, or one with a flagged byte, goes
    /// byte by byte. For
    /// short ranges, where the tail is most of the work; a scan that usually stops early is
    /// cheaper with the plain `firstIndex`.
    @inline(__always)
    static func firstIndexInShortRange(_ raw: UnsafeRawPointer, from start: Int, to end: Int, where flags: (UInt64) -> UInt64,
                           isFlagged: (UInt8) -> Bool) -> Int {
        // indexes into a buffer: none of the sums below can overflow (wrapping arithmetic
        // spares an overflow check each)
        var i = start
        while i &+ 8 <= end {
            let mask = flags(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if mask != 0 { return i &+ firstFlagged(mask) }
            i &+= 8
        }
        guard i < end else { return end }
        if end &- start >= 8 {
            // The bytes already tested flag nothing, so they cannot make a byte above them
            // look flagged either: only their lanes need masking off.
            let seen = i &- (end &- 8)
            let mask = flags(raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)) & (~0 << UInt64(seen &* 8))
            return mask != 0 ? end &- 8 &+ firstFlagged(mask) : end
        }
        if end &- start >= 4 {
            // Four to seven bytes: two overlapping halves in one word, which flags nothing
            // when none of them is flagged; otherwise the bytes are looked at one by one.
            let low = UInt64(raw.loadUnaligned(fromByteOffset: start, as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: end &- 4, as: UInt32.self))
            if flags(low | high << 32) == 0 { return end }
        }
        while i < end, !isFlagged(raw.load(fromByteOffset: i, as: UInt8.self)) { i &+= 1 }
        return i
    }

    /// Bit 7 set in exactly the bytes of `word` equal to `byte`: unlike `equal`, no borrow from
    /// one lane flags the lane above it, so the bits can be counted and walked.
    @inline(__always)
    static func exactlyEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((x & low7) &+ low7) | x | low7)
    }

    /// The index of the lowest flagged byte of a non-zero mask.
    @inline(__always)
    static func firstFlagged(_ mask: UInt64) -> Int {
        mask.trailingZeroBitCount >> 3
    }
}
