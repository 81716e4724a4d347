/// How much of a link `LinkParser` repairs instead of rejecting (`--lenient`).
@_spi(Records) public enum Leniency: Sendable {
    /// Reject every byte RFC 3986 does not allow.
    case strict
    /// Repair the query and fragment only: what the routing tools do, since no route reads a
    /// byte there as syntax (urnmatch(1)).
    case queryAndFragment
    /// Repair the whole link (`--lenient`).
    case everywhere
}

/// `--lenient`: percent-encodes what RFC 3986 does not allow instead of rejecting the link:
/// controls, space, `" < > \ ^ ` { | }`, a `%` without two hex digits, a second `#`, and `[` `]`
/// outside the authority (where an IPv6 literal needs them).
enum LenientEncoding {
    /// Replaces `out` with `input`, the disallowed bytes encoded from the start of the part
    /// `leniency` repairs (`out` keeps its storage).
    static func encode(_ input: UnsafeBufferPointer<UInt8>, _ leniency: Leniency, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        let start: Int
        switch leniency {
        case .strict: out.append(contentsOf: input); return
        case .everywhere: start = 0
        case .queryAndFragment:
            var mark = 0
            while mark < input.count, input[mark] != UInt8(ascii: "?"), input[mark] != UInt8(ascii: "#") { mark += 1 }
            guard mark < input.count else { out.append(contentsOf: input); return }
            start = mark
        }
        // the common case, nothing to repair, is one scan and one copy (`start` is the first
        // `?` or `#`, or 0, so no `#` comes before it)
        var authority: Range<Int>?
        var sawHash = false
        var first = start
        scan: while first < input.count {
            let b = input[first]
            guard ByteClass.test(b, Self.attention) else {
                first += 1
                continue
            }
            switch b {
            case UInt8(ascii: "#"):
                if sawHash { break scan }
                sawHash = true
            case UInt8(ascii: "%"):
                guard first + 2 < input.count, ByteClass.hexValue(input[first + 1]) != nil,
                      ByteClass.hexValue(input[first + 2]) != nil else { break scan }
                first += 2
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                if authority == nil { authority = authorityRange(input) }
                guard authority!.contains(first) else { break scan }
            default:
                if b < 0x80 && ByteClass.test(b, .forbidden) { break scan }
            }
            first += 1
        }
        guard first < input.count else { out.append(contentsOf: input); return }
        let inAuthority = authority ?? authorityRange(input)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<first]))
        out.reserveCapacity(input.count + 8)
        for i in first..<input.count {
            let b = input[i]
            let strayPercent = b == UInt8(ascii: "%")
                && !(i + 2 < input.count && ByteClass.hexValue(input[i + 1]) != nil && ByteClass.hexValue(input[i + 2]) != nil)
            let secondHash = b == UInt8(ascii: "#") && sawHash
            if b == UInt8(ascii: "#") { sawHash = true }
            let bracket = (b == UInt8(ascii: "[") || b == UInt8(ascii: "]")) && !inAuthority.contains(i)
            if (b < 0x80 && ByteClass.test(b, .forbidden)) || strayPercent || secondHash || bracket {
                PercentCoding.appendEscape(b, to: &out)
            } else {
                out.append(b)
            }
        }
    }

    /// The bytes the scan must look at: those RFC 3986 forbids, and `#`, `%`, `[`, `]`.
    private static let attention: ByteClass = [.forbidden, ByteClass(rawValue: 1 << 0x23 | 1 << 0x25 | 1 << 0x5B | 1 << 0x5D)]

    /// Where the `//` authority of `input` is, if it has one (empty range otherwise).
    private static func authorityRange(_ input: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var i = 0
        if let first = input.first, ByteClass.test(first, .alpha) {
            while i < input.count, ByteClass.test(input[i], [.alpha, .digit]) || input[i] == UInt8(ascii: "+")
                    || input[i] == UInt8(ascii: "-") || input[i] == UInt8(ascii: ".") { i += 1 }
            i = i < input.count && input[i] == UInt8(ascii: ":") ? i + 1 : 0
        }
        guard i + 1 < input.count, input[i] == UInt8(ascii: "/"), input[i + 1] == UInt8(ascii: "/") else { return 0..<0 }
        let start = i + 2
        let end = input[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        return start..<(end ?? input.count)
    }
}
