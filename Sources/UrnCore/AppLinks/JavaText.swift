/// The few rules of Java's `String` and `Integer` that Android's link matching leans on, over
/// UTF-16 code units as a Java `String` holds them (OpenJDK 17, as the oracle under
/// Tests/Oracle/android runs them).
@_spi(Records) public enum JavaText {
    /// `Integer.parseInt(s)`: an optional `+` or `-`, then decimal digits (any Unicode decimal
    /// digit, as `Character.digit(c, 10)` takes), within 32 bits; nil where it throws
    /// `NumberFormatException`.
    @_spi(Records) public static func parseInt<S: StringProtocol>(_ text: S) -> Int32? {
        var scalars = text.unicodeScalars[...]
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        guard !scalars.isEmpty else { return nil }
        var value: Int64 = 0
        for scalar in scalars {
            guard scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue else { return nil }
            value = value * 10 + Int64(digit)
            guard value <= Int64(Int32.max) + (negative ? 1 : 0) else { return nil }
        }
        return Int32(negative ? -value : value)
    }

    /// Whether `String.compareToIgnoreCase` finds `a` and `b` equal: the same length, and code
    /// point by code point equal, or equal upper-cased, or equal upper- then lower-cased, with
    /// `Character.toUpperCase`/`toLowerCase` (single-character mappings: `ß` stays `ß`, `İ`
    /// lowers to `i`).
    static func equalIgnoringCase(_ a: ArraySlice<UInt16>, _ b: ArraySlice<UInt16>) -> Bool {
        guard a.count == b.count else { return false }
        if a.elementsEqual(b) { return true }
        var left = Unicode.UTF16.ForwardParser(), right = Unicode.UTF16.ForwardParser()
        var leftUnits = a.makeIterator(), rightUnits = b.makeIterator()
        while true {
            switch (left.parseScalar(from: &leftUnits), right.parseScalar(from: &rightUnits)) {
            case (.emptyInput, .emptyInput):
                return true
            case let (.valid(x), .valid(y)):
                let c1 = Unicode.UTF16.decode(x), c2 = Unicode.UTF16.decode(y)
                if c1 == c2 { continue }
                let upper1 = upperCased(c1), upper2 = upperCased(c2)
                guard upper1 == upper2 || lowerCased(upper1) == lowerCased(upper2) else { return false }
            case let (.error(length: n), .error(length: m)):
                // lone surrogates: Java compares them as they are
                guard n == m else { return false }
            default:
                return false
            }
        }
    }

    /// `Character.toUpperCase(int)`: the simple mapping. Swift gives the full one, which is the
    /// simple one wherever it is one scalar; where it is more (`ß` is `SS`), the simple mapping
    /// is the title-case one when that is one scalar (`ᾳ` is `ᾼ`), else none.
    static func upperCased(_ c: Unicode.Scalar) -> Unicode.Scalar {
        if c.isASCII { return c.value >= 0x61 && c.value <= 0x7A ? Unicode.Scalar(UInt8(c.value) - 0x20) : c }
        return single(c.properties.uppercaseMapping) ?? single(c.properties.titlecaseMapping) ?? c
    }

    /// `Character.toLowerCase(int)`: the simple mapping (`İ`, whose full mapping is `i` and a
    /// combining dot, lowers to `i`).
    static func lowerCased(_ c: Unicode.Scalar) -> Unicode.Scalar {
        if c.isASCII { return c.value >= 0x41 && c.value <= 0x5A ? Unicode.Scalar(UInt8(c.value) + 0x20) : c }
        if c == "\u{130}" { return "i" }
        return single(c.properties.lowercaseMapping) ?? c
    }

    /// The one scalar of `text`, or nil.
    private static func single(_ text: String) -> Unicode.Scalar? {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }

    /// The UTF-16 units of Java's UTF-8 decoder (`CodingErrorAction.REPLACE`) for `bytes`: each
    /// malformed sequence is one U+FFFD, measured as sun.nio.cs.UTF_8 measures it (an encoded
    /// surrogate is one; an incomplete sequence at the end is one).
    static func decodeUTF8(_ bytes: ArraySlice<UInt8>, into out: inout [UInt16]) {
        let b = Array(bytes)
        let n = b.count
        var i = 0
        func isContinuation(_ x: UInt8) -> Bool { x & 0xC0 == 0x80 }
        while i < n {
            let b1 = b[i]
            let remaining = n - i
            if b1 < 0x80 {
                out.append(UInt16(b1))
                i += 1
            } else if b1 >= 0xC2, b1 <= 0xDF {
                guard remaining >= 2 else { out.append(0xFFFD); return }
                guard isContinuation(b[i + 1]) else { out.append(0xFFFD); i += 1; continue }
                out.append(UInt16(b1 & 0x1F) << 6 | UInt16(b[i + 1] & 0x3F))
                i += 2
            } else if b1 & 0xF0 == 0xE0 {
                let overlong = { (b2: UInt8) in b1 == 0xE0 && b2 & 0xE0 == 0x80 }
                guard remaining >= 3 else {
                    if remaining > 1, overlong(b[i + 1]) || !isContinuation(b[i + 1]) { out.append(0xFFFD); i += 1; continue }
                    out.append(0xFFFD)
                    return
                }
                let b2 = b[i + 1], b3 = b[i + 2]
                if overlong(b2) || !isContinuation(b2) || !isContinuation(b3) {
                    out.append(0xFFFD)
                    i += overlong(b2) || !isContinuation(b2) ? 1 : 2
                    continue
                }
                let unit = UInt16(b1 & 0x0F) << 12 | UInt16(b2 & 0x3F) << 6 | UInt16(b3 & 0x3F)
                out.append(UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) ? 0xFFFD : unit)
                i += 3
            } else if b1 & 0xF8 == 0xF0 {
                let badSecond = { (b2: UInt8) in
                    b1 > 0xF4 || (b1 == 0xF0 && (b2 < 0x90 || b2 > 0xBF)) || (b1 == 0xF4 && b2 & 0xF0 != 0x80) || !isContinuation(b2)
                }
                guard remaining >= 4 else {
                    if b1 > 0xF4 || (remaining > 1 && badSecond(b[i + 1])) { out.append(0xFFFD); i += 1; continue }
                    if remaining > 2, !isContinuation(b[i + 2]) { out.append(0xFFFD); i += 2; continue }
                    out.append(0xFFFD)
                    return
                }
                let b2 = b[i + 1], b3 = b[i + 2], b4 = b[i + 3]
                let value = UInt32(b1 & 0x07) << 18 | UInt32(b2 & 0x3F) << 12 | UInt32(b3 & 0x3F) << 6 | UInt32(b4 & 0x3F)
                if !isContinuation(b2) || !isContinuation(b3) || !isContinuation(b4) || value < 0x10000 || value > 0x10FFFF {
                    out.append(0xFFFD)
                    i += badSecond(b2) ? 1 : !isContinuation(b3) ? 2 : 3
                    continue
                }
                out.append(contentsOf: UTF16.encode(Unicode.Scalar(value)!)!)
                i += 4
            } else {
                out.append(0xFFFD)
                i += 1
            }
        }
    }
}
