/// Finds runs of bytes that a JSON string holds as they are (printable ASCII other than `"` and
/// `\`), eight bytes at a time: the scanner and the writer spend most of their time in such runs.
enum PlainRun {
    /// The index of the first byte at or after `start` that is not plain (`end` if none).
    @inline(__always)
    static func end(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        let raw = UnsafeRawPointer(base)
        while i + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if hasSpecialByte(word) { break }
            i += 8
        }
        while i < end {
            let byte = base[i]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            i += 1
        }
        return i
    }

    /// Whether any byte of `word` is below 0x20, at or above 0x80, `"` or `\` (SWAR tests).
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let control = (word &- 0x2020_2020_2020_2020) & ~word & high
        let quote = (word ^ 0x2222_2222_2222_2222)
        let backslash = (word ^ 0x5C5C_5C5C_5C5C_5C5C)
        let hasQuote = (quote &- ones) & ~quote & high
        let hasBackslash = (backslash &- ones) & ~backslash & high
        return (word & high) | control | hasQuote | hasBackslash != 0
    }
}
