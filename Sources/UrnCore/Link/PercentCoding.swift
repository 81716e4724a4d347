/// Percent-decoding and -encoding of URI components.
package enum PercentCoding {
    /// Appends `bytes` with each valid `%XX` decoded (and `+` as a space when `plusAsSpace`).
    @inlinable package static func decode(_ bytes: ArraySlice<UInt8>, plusAsSpace: Bool = false, into out: inout [UInt8]) {
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "%"), i + 2 < end,
               let hi = ByteClass.hexValue(bytes[i + 1]), let lo = ByteClass.hexValue(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(plusAsSpace && b == UInt8(ascii: "+") ? 0x20 : b)
                i += 1
            }
        }
    }

    /// Whether decoding would change `bytes`: it holds a `%` (or, with `plusAsSpace`, a `+`).
    package static func needsDecoding(_ bytes: ArraySlice<UInt8>, plusAsSpace: Bool = false) -> Bool {
        bytes.withUnsafeBufferPointer { needsDecoding($0, plusAsSpace: plusAsSpace) }
    }

    /// Whether decoding would change `bytes` (see `needsDecoding(_:plusAsSpace:)`).
    package static func needsDecoding(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let found = plusAsSpace
            ? SWAR.firstIndexInShortRange(base, from: 0, to: bytes.count, where: percentOrPlus) { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
            : SWAR.firstIndexInShortRange(base, from: 0, to: bytes.count, where: percent) { $0 == UInt8(ascii: "%") }
        return found < bytes.count
    }

    private static func percent(_ word: UInt64) -> UInt64 { SWAR.equal(word, UInt8(ascii: "%")) & SWAR.high }

    private static func percentOrPlus(_ word: UInt64) -> UInt64 {
        (SWAR.equal(word, UInt8(ascii: "%")) | SWAR.equal(word, UInt8(ascii: "+"))) & SWAR.high
    }

    /// `bytes` decoded; nil when the result is not valid UTF-8 (the caller then keeps it as written).
    package static func decodedUTF8(_ bytes: ArraySlice<UInt8>, plusAsSpace: Bool = false) -> [UInt8]? {
        guard needsDecoding(bytes, plusAsSpace: plusAsSpace) else { return Array(bytes) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        decode(bytes, plusAsSpace: plusAsSpace, into: &out)
        return UTF8Validation.isValid(out) ? out : nil
    }

    /// `bytes` decoded as Foundation's `removingPercentEncoding` does it: nil when a `%` is not
    /// followed by two hex digits or the result is not UTF-8.
    @inlinable package static func removingPercentEncoding(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var i = bytes.startIndex
        while let percent = bytes[i...].firstIndex(of: UInt8(ascii: "%")) {
            guard percent + 2 < bytes.endIndex, ByteClass.hexValue(bytes[percent + 1]) != nil,
                  ByteClass.hexValue(bytes[percent + 2]) != nil else { return nil }
            i = percent + 3
        }
        return decodedUTF8(bytes)
    }

    /// Appends `bytes`, percent-encoding every byte for which `keep` is false.
    @inlinable package static func encode(_ bytes: some Sequence<UInt8>, keeping keep: (UInt8) -> Bool, into out: inout [UInt8]) {
        for b in bytes {
            if keep(b) {
                out.append(b)
            } else {
                appendEscape(b, to: &out)
            }
        }
    }

    /// `bytes` with every byte that is no part of a well-formed UTF-8 sequence percent-encoded,
    /// and the rest as it is: how a server's log holds the bytes a client sent.
    package static func encodingInvalidUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        bytes.withUnsafeBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                let rest = UnsafeBufferPointer(rebasing: bytes[i...])
                guard let bad = UTF8Validation.firstInvalidOffset(rest) else {
                    out.append(contentsOf: rest)
                    return
                }
                out.append(contentsOf: rest[..<bad])
                appendEscape(rest[bad], to: &out)
                i += bad + 1
            }
        }
        return out
    }

    /// Appends `%XX` for `byte`, upper-case hex as RFC 3986 §2.1 recommends.
    @inlinable package static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        @inline(__always) func digit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x37 + v }
        out.append(UInt8(ascii: "%"))
        out.append(digit(byte >> 4))
        out.append(digit(byte & 0xF))
    }
}
