/// `--lenient`: percent-encodes what RFC 3986 forbids instead of rejecting the link: controls,
/// space, `" < > \ ^ ` { | }`, a `%` without two hex digits, and a second `#`.
enum LenientEncoding {
    /// `input` with the forbidden bytes encoded (unchanged when there are none).
    static func encoded(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count + 8)
        var sawHash = false
        var i = 0
        while i < input.count {
            let b = input[i]
            let strayPercent = b == UInt8(ascii: "%")
                && !(i + 2 < input.count && ByteClass.hexValue(input[i + 1]) != nil && ByteClass.hexValue(input[i + 2]) != nil)
            let secondHash = b == UInt8(ascii: "#") && sawHash
            if b == UInt8(ascii: "#") { sawHash = true }
            if (b < 0x80 && ByteClass.test(b, .forbidden)) || strayPercent || secondHash {
                PercentCoding.appendEscape(b, to: &out)
            } else {
                out.append(b)
            }
            i += 1
        }
        return out
    }
}
