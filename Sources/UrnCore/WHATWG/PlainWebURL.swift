/// The components of a plain `http` or `https` link read straight from its bytes, where the
/// WHATWG URL parser would change nothing: a lower-case scheme and host of letters, digits,
/// `-` and `.` (no IPv4 number, no `xn--` label, no port or userinfo), and a path, query and
/// fragment of printable ASCII that none of their percent-encode sets holds, with no dot
/// segment (`.`, `..`, `%2e`). Every other link is left to `WebURL`, which reads it the long way; the test suite
/// checks that both readings agree wherever this one answers.
package enum PlainWebURL {
    /// Where the texts of a plain link lie in it; username, password and port are empty.
    package struct Parts {
        package var scheme: Range<Int>
        package var host: Range<Int>
        /// Empty for an empty path, which stands for the pathname `/`.
        package var path: Range<Int>
        package var query: Range<Int>
        package var fragment: Range<Int>
    }

    /// The parts of `link`; nil where it is not plain.
    package static func parts(_ link: UnsafeBufferPointer<UInt8>) -> Parts? {
        byteKinds.withUnsafeBufferPointer { kinds in parts(link, kinds) }
    }

    /// `parts(_:)`, with `byteKinds` in hand.
    private static func parts(_ link: UnsafeBufferPointer<UInt8>, _ kinds: UnsafeBufferPointer<UInt8>) -> Parts? {
        let count = link.count
        var i = 0
        while i < count, isLowerLetter(link[i]) { i += 1 }
        let scheme = 0..<i
        guard scheme.count == 4 || scheme.count == 5, i + 2 < count, link[i] == UInt8(ascii: ":"),
              link[i + 1] == UInt8(ascii: "/"), link[i + 2] == UInt8(ascii: "/"),
              link[0] == UInt8(ascii: "h"), link[1] == UInt8(ascii: "t"), link[2] == UInt8(ascii: "t"), link[3] == UInt8(ascii: "p"),
              scheme.count == 4 || link[4] == UInt8(ascii: "s") else { return nil }
        i += 3
        guard let hostEnd = plainHostEnd(link, kinds, from: i) else { return nil }
        let host = i..<hostEnd
        i = hostEnd
        let pathStart = i
        var segmentStart = i
        while i < count, kinds[Int(link[i])] & pathKind != 0 {
            if link[i] == UInt8(ascii: "/") {
                guard !isDotSegment(link, segmentStart..<i) else { return nil }
                segmentStart = i + 1
            }
            i += 1
        }
        guard i == count || link[i] == UInt8(ascii: "?") || link[i] == UInt8(ascii: "#"), !isDotSegment(link, segmentStart..<i) else {
            return nil
        }
        let path = pathStart..<i
        var query = i..<i
        if i < count, link[i] == UInt8(ascii: "?") {
            i += 1
            let start = i
            while i < count, kinds[Int(link[i])] & queryKind != 0 { i += 1 }
            guard i == count || link[i] == UInt8(ascii: "#") else { return nil }
            query = start..<i
        }
        var fragment = i..<i
        if i < count {
            i += 1
            let start = i
            while i < count, kinds[Int(link[i])] & fragmentKind != 0 { i += 1 }
            guard i == count else { return nil }
            fragment = start..<i
        }
        return Parts(scheme: scheme, host: host, path: path, query: query, fragment: fragment)
    }

    /// Where a plain host that starts at `start` ends (at `/`, `?`, `#` or the end); nil for a
    /// host the host parser would read otherwise: empty, with a byte past `[a-z0-9.-]` (a
    /// port, userinfo, upper case, an IP literal), an `xn--` label, or a last label that does
    /// not start with a letter (which may be an IPv4 number).
    private static func plainHostEnd(_ link: UnsafeBufferPointer<UInt8>, _ kinds: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        var labelStart = start
        var lastLabelStart = start
        while i < link.count {
            let byte = link[i]
            if kinds[Int(byte)] & hostKind != 0 {
                if i == labelStart + 3, byte == UInt8(ascii: "-"), link[labelStart] == UInt8(ascii: "x"), link[labelStart + 1] == UInt8(ascii: "n"),
                   link[labelStart + 2] == UInt8(ascii: "-") { return nil }
            } else if byte == UInt8(ascii: ".") {
                if i > labelStart { lastLabelStart = labelStart }
                labelStart = i + 1
            } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                break
            } else {
                return nil
            }
            i += 1
        }
        if i > labelStart { lastLabelStart = labelStart }
        guard i > start, lastLabelStart < i, isLowerLetter(link[lastLabelStart]) else { return nil }
        return i
    }

    /// Path bytes the path percent-encode set leaves alone and the parser reads as themselves:
    /// RFC 3986's pchar, `/` and `%` (not `\\`, which a special URL's path reads as `/`).
    static let pathBytes = ByteClass(rawValue: 0x47ff_fffe_87ff_ffff_2fff_fff2_0000_0000)
    /// Query bytes the special-query percent-encode set leaves alone: printable ASCII but `"<>'`.
    static let queryBytes = ByteClass(rawValue: 0x7fff_ffff_ffff_ffff_afff_ff7a_0000_0000)
    /// Fragment bytes the fragment percent-encode set leaves alone: printable ASCII but `"<>` and the backquote.
    static let fragmentBytes = ByteClass(rawValue: 0x7fff_fffe_ffff_ffff_afff_fffa_0000_0000)

    /// The bits of `byteKinds`: what each byte may be read as.
    private static let pathKind: UInt8 = 1, queryKind: UInt8 = 2, fragmentKind: UInt8 = 4, hostKind: UInt8 = 8

    /// For each byte value, the parts it may stand in as itself (`pathKind`, `queryKind`,
    /// `fragmentKind`; `hostKind` for a host label's `[a-z0-9-]`): one load a byte where
    /// the classes would take a 128-bit shift each.
    private static let byteKinds: [UInt8] = (0...255).map { (value: Int) -> UInt8 in
        let byte = UInt8(value)
        var kind: UInt8 = 0
        if ByteClass.test(byte, pathBytes) { kind |= pathKind }
        if ByteClass.test(byte, queryBytes), byte != UInt8(ascii: "#") { kind |= queryKind }
        if ByteClass.test(byte, fragmentBytes) { kind |= fragmentKind }
        if isLowerLetter(byte) || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") { kind |= hostKind }
        return kind
    }

    /// Whether `link[range]` is a dot segment the path parser takes out: `.` or `..`, each
    /// dot maybe written `%2e` or `%2E`.
    private static func isDotSegment(_ link: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count <= 6, let first = range.first, link[first] == UInt8(ascii: ".") || link[first] == UInt8(ascii: "%") else {
            return false
        }
        var dots = 0
        var i = range.lowerBound
        while i < range.upperBound {
            if link[i] == UInt8(ascii: ".") {
                i += 1
            } else if i + 3 <= range.upperBound, link[i] == UInt8(ascii: "%"), link[i + 1] == UInt8(ascii: "2"),
                      link[i + 2] | 0x20 == UInt8(ascii: "e") {
                i += 3
            } else {
                return false
            }
            dots += 1
        }
        return dots <= 2
    }

    /// Whether `byte` is an ASCII lower-case letter.
    @inline(__always)
    private static func isLowerLetter(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") < 26
    }
}
