/// The first pass of a record's scan (as simdjson's stage 1): where the brackets, colons and
/// commas outside strings lie, found 64 bytes at a time with vector compares, so that the walk
/// over them (`JSONScanner.StructuralWalk`) reads the tokens between two of them without
/// looking at their bytes one by one. Each entry is such a byte's position and the byte
/// itself (`position << 8 | byte`), in order; four entries of byte 0 (no token) follow the last.
///
/// Between two entries lies one string, one number or literal, or nothing: a string's quotes
/// are checked here to touch an entry on their outer side (a record a tool writes has no blank
/// between tokens), so a run that starts with a quote is exactly one string.
///
/// A text the walk cannot take as it is gets no index, and goes to the byte-by-byte scan,
/// which says what is wrong with it, or reads it: one with a backslash, a control byte, a byte
/// at or above 0x80 that is not well-formed UTF-8, a quote with no bracket, colon or comma on
/// its outer side, a string left open, or 16 MiB or more.
struct StructuralIndex {
    private var storage = ReusedStorage<UInt32>()
    /// The number of entries, sentinels aside.
    private(set) var count = 0
    /// The entries, valid until the next `build`.
    var entries: UnsafePointer<UInt32> { UnsafePointer(storage.base.unsafelyUnwrapped) }

    /// The position an entry holds.
    @inline(__always)
    static func position(_ entry: UInt32) -> Int { Int(truncatingIfNeeded: entry >> 8) }

    /// The byte an entry holds (0 for a sentinel).
    @inline(__always)
    static func byte(_ entry: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: entry) }

    /// What carries from one block to the next.
    private struct Carry {
        /// All ones while the bytes being read are inside a string.
        var inString: UInt64 = 0
        /// Bit 0 set when the block before ended with an entry's byte, or a closing quote.
        var entryEnded: UInt64 = 0
        var quoteEnded: UInt64 = 0
        /// Set when a quote has no entry on its outer side.
        var misplaced: UInt64 = 0
        /// Every lane that held a backslash, a control or a byte at or above 0x80.
        var flagged = SIMDMask<SIMD16<Int8>>()
    }

    /// Indexes `text`; false when it is left to the byte-by-byte scan.
    mutating func build(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = text.count
        guard length < 1 << 24, let base = text.baseAddress else { return false }
        // at most one entry a byte, and the sentinels
        let out = storage.emptied(capacity: length &+ 4)
        var found = 0
        var carry = Carry()
        var start = 0
        while start &+ 64 <= length {
            Self.index(base + start, at: start, &carry, into: out, &found)
            start &+= 64
        }
        if start < length {
            // the last bytes, padded with blanks (no entry, nothing flagged) to a whole block
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { block in
                let tail = block.baseAddress!
                tail.initialize(repeating: 0x20, count: 64)
                tail.update(from: base + start, count: length &- start)
                Self.index(UnsafePointer(tail), at: start, &carry, into: out, &found)
            }
        }
        // a closing quote in the text's last byte has nothing after it
        guard carry.inString == 0, carry.misplaced == 0, carry.quoteEnded == 0 else { return false }
        if ByteMask.bits(carry.flagged) != 0, !Self.holdsOnlyUTF8(text) { return false }
        let sentinel = UInt32(truncatingIfNeeded: length) << 8
        for k in 0..<4 { out[found &+ k] = sentinel }
        storage.commit(count: found &+ 4)
        count = found
        return true
    }

    /// Appends the entries of the 64 bytes at `block` (the text's bytes from `start`) and
    /// checks their quotes, given what the blocks before left in `carry`.
    @inline(__always)
    private static func index(_ block: UnsafePointer<UInt8>, at start: Int, _ carry: inout Carry,
                              into out: UnsafeMutablePointer<UInt32>, _ found: inout Int) {
        // vectors of a named type on the right: with scalars the generic operators are
        // picked, which go lane by lane
        typealias Lanes = SIMD16<Int8>
        var quotes: UInt64 = 0
        var structural: UInt64 = 0
        for k in 0..<4 {
            let bytes = UnsafeRawPointer(block).loadUnaligned(fromByteOffset: k &* 16, as: Lanes.self)
            let quote = bytes .== Lanes(repeating: 0x22)
            // `{` `}` `[` `]` alike but for bits 1, 2 and 5; the mask lets `Y`, `_`, `y` and
            // DEL through too, which outside a string are no token the walk takes
            let bracket = (bytes & Lanes(repeating: Int8(bitPattern: 0xD9))) .== Lanes(repeating: 0x59)
            let separator = bracket .| (bytes .== Lanes(repeating: 0x3A)) .| (bytes .== Lanes(repeating: 0x2C))
            // read as signed, a byte at or above 0x80 is below 0x20 too
            carry.flagged = carry.flagged .| (bytes .< Lanes(repeating: 0x20)) .| (bytes .== Lanes(repeating: 0x5C))
            quotes |= ByteMask.bits(quote) << UInt64(k &* 16)
            structural |= ByteMask.bits(separator) << UInt64(k &* 16)
        }
        // each bit of `inside` set from an opening quote up to its closing one (excluded): the
        // running parity of the quotes (no backslash escapes one here)
        var inside = quotes
        inside ^= inside << 1
        inside ^= inside << 2
        inside ^= inside << 4
        inside ^= inside << 8
        inside ^= inside << 16
        inside ^= inside << 32
        inside ^= carry.inString
        carry.inString = UInt64(bitPattern: Int64(bitPattern: inside) >> 63)
        let entries = structural & ~inside
        let opening = quotes & inside
        let closing = quotes & ~inside
        // an entry right before each opening quote, right after each closing one
        carry.misplaced |= opening & ~(entries << 1 | carry.entryEnded) | (closing << 1 | carry.quoteEnded) & ~entries
        carry.entryEnded = entries >> 63
        carry.quoteEnded = closing >> 63
        var bits = entries
        while bits != 0 {
            let offset = bits.trailingZeroBitCount
            out[found] = UInt32(truncatingIfNeeded: start &+ offset) << 8 | UInt32(block[offset])
            found &+= 1
            bits &= bits &- 1
        }
    }

    /// Whether the bytes of `text` the vector test flagged are all well-formed UTF-8
    /// sequences: no backslash and no control byte. (A sequence holds no quote, so it lies
    /// in one string, or outside strings, where the walk refuses it as no token.)
    private static func holdsOnlyUTF8(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte < 0x20 || byte == UInt8(ascii: "\\") { return false }
        return UTF8Validation.firstInvalidOffset(text) == nil
    }
}
