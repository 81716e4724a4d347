/// Decoding of JSON string tokens that a `JSONScanner` has already validated.
@_spi(Records) public enum JSONString {
    /// Appends the decoded content of the string token `text[token]` (quotes included) to `out`.
    @_spi(Records) public static func decode(_ token: Range<Int>, in text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        decode(token, in: text, appendingTo: &out)
    }

    /// Appends the decoded content of the string token `text[token]` (quotes included) to `out`.
    @_spi(Records) public static func decode(_ token: Range<Int>, in text: UnsafeBufferPointer<UInt8>, into out: inout ByteBuffer) {
        decode(token, in: text, appendingTo: &out)
    }

    @inline(__always)
    private static func decode<Sink: ByteSink & ~Copyable>(_ token: Range<Int>, in text: UnsafeBufferPointer<UInt8>,
                                                           appendingTo out: inout Sink) {
        var i = token.lowerBound + 1
        let end = token.upperBound - 1
        while i < end {
            // Copy the run up to the next backslash in one go.
            let escapeAt = nextBackslash(text, from: i, to: end)
            if escapeAt > i { out.append(UnsafeBufferPointer(rebasing: text[i..<escapeAt])) }
            i = escapeAt
            guard i < end else { return }
            let escape = text[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(text, i)
                i += 4
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    let low = hex4(text, i + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                appendUTF8(scalar, to: &out)
            default: out.append(escape)  // " \ /
            }
        }
    }

    /// Whether the content of a string token (without its quotes) holds an escape, so that it
    /// must be decoded; without one it is its own decoding.
    @_spi(Records) public static func hasEscape(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !content.isEmpty else { return false }
        return nextBackslash(content, from: 0, to: content.count) < content.count
    }

    /// The index of the first `\\` in `text[start..<end]`, or `end`.
    @inline(__always)
    static func nextBackslash(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        SWAR.firstIndexInShortRange(UnsafeRawPointer(text.baseAddress!), from: start, to: end, where: backslashes) {
            $0 == UInt8(ascii: "\\")
        }
    }

    @inline(__always)
    private static func backslashes(_ word: UInt64) -> UInt64 {
        SWAR.equal(word, UInt8(ascii: "\\")) & SWAR.high
    }

    /// The decoded content of the string token `text[token]`.
    @_spi(Records) public static func decoded(_ token: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(token.count)
        decode(token, in: text, into: &out)
        return out
    }

    /// Whether the string token `text[token]` decodes to exactly `name`.
    @inline(__always)
    @_spi(Records) public static func equals(_ token: Range<Int>, in text: UnsafeBufferPointer<UInt8>, _ name: [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { equals(token, in: text, $0) }
    }

    /// Whether the string token `text[token]` decodes to exactly the bytes `name`: for a caller
    /// that holds many names in one buffer, so that none is retained to be compared.
    @inline(__always)
    @_spi(Records) public static func equals(_ token: Range<Int>, in text: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let inner = (token.lowerBound + 1)..<(token.upperBound - 1)
        // An escape is longer than what it stands for: a token as long as `name` holds it
        // only as written, and a shorter one never does. Written the same is not enough when
        // the bytes hold a backslash (a name with one): the key token `"\\"` is
        // the name `\\` byte for byte, but it decodes to `\`.
        if inner.count == name.count {
            guard let source = name.baseAddress else { return true }
            return (text.baseAddress! + inner.lowerBound).equalsShort(source, count: name.count)
                && nextBackslash(text, from: inner.lowerBound, to: inner.upperBound) == inner.upperBound
        }
        guard inner.count > name.count, nextBackslash(text, from: inner.lowerBound, to: inner.upperBound) < inner.upperBound
        else { return false }
        return decoded(token, in: text).elementsEqual(name)
    }

    static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32 {
        var value: UInt32 = 0
        for i in index..<index + 4 { value = value << 4 | UInt32(ByteClass.hexValue(text[i]) ?? 0) }
        return value
    }

    /// Appends the UTF-8 encoding of `scalar` to `out`.
    @_spi(Records) public static func appendUTF8(_ scalar: UInt32, to out: inout some ByteSink & ~Copyable) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
