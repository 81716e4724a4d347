/// The one-pass reading of the links most lists are made of: an ASCII `scheme://host[:port]`
/// URL without userinfo or IP literal, every byte of it allowed where it stands. It finds the
/// components and checks their characters in the same walk, one table load a byte, where the
/// general parser splits the link first and then checks each component on its own. Any other
/// link, and any link it would refuse, it leaves to the general parser (nil), which then gives
/// the same answer it always gives, errors included: for the links this scan accepts, both
/// readings are the same `Link` (tested link by link).
enum CommonURLScan {
    /// Where the components of a common URL lie.
    struct Ranges {
        var scheme: Range<Int>
        var authority: Range<Int>
        var host: Range<Int>
        var port: Int?
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?
    }

    /// Where the components of `text` lie when it is a common URL (and a valid one), or nil.
    @inline(__always)
    static func ranges(_ text: [UInt8]) -> Ranges? {
        text.withUnsafeBufferPointer { buffer in
            CharacterRule.table.withUnsafeBufferPointer { table in scan(buffer, table: table) }
        }
    }

    /// `text`, whose components are `found`, as a `url` link. Built where the parser returns it:
    /// a link passed back through an optional was copied on the way (160 bytes).
    @inline(__always)
    static func link(_ text: [UInt8], _ found: Ranges) -> Link {
        var link = Link(kind: .url, reference: URIReference(text, scheme: found.scheme, authority: found.authority,
                                                             path: found.path, query: found.query, fragment: found.fragment))
        link.host = found.host
        link.port = found.port
        link.textIsPlain = true  // ASCII, and every byte one that its component allows: no `"`, `\` or control
        return link
    }

    /// `text` as a `url` link, or nil when it is not a common URL (or not a valid one).
    static func link(_ text: [UInt8]) -> Link? {
        ranges(text).map { link(text, $0) }
    }

    private static func scan(_ buffer: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>) -> Ranges? {
        let n = buffer.count
        guard n > 3, let p = buffer.baseAddress, isASCII(p, count: n), ByteClass.test(p[0], .alpha) else { return nil }
        // scheme ":" "//"
        var i = 1
        while i < n, table[Int(p[i])] & CharacterRule.scheme.rawValue != 0 { i += 1 }
        guard i + 2 < n, p[i] == UInt8(ascii: ":"), p[i + 1] == UInt8(ascii: "/"), p[i + 2] == UInt8(ascii: "/") else { return nil }
        let scheme = 0..<i
        // host [":" port], ended by "/", "?", "#" or the end
        i += 3
        let hostStart = i
        let hostRule = CharacterRule.host.rawValue
        while i + 4 <= n, table[Int(p[i])] & table[Int(p[i + 1])] & table[Int(p[i + 2])] & table[Int(p[i + 3])] & hostRule != 0 { i += 4 }
        while i < n, table[Int(p[i])] & hostRule != 0 { i += 1 }
        let host = hostStart..<i
        var port: Int?
        if i < n, p[i] == UInt8(ascii: ":") {
            i += 1
            let digitsStart = i
            var value = 0
            while i < n, p[i] &- UInt8(ascii: "0") < 10 {
                value = value * 10 + Int(p[i] &- UInt8(ascii: "0"))
                guard value <= 65535 else { return nil }
                i += 1
            }
            if i > digitsStart { port = value }
        }
        guard i == n || isDelimiter(p[i]) else { return nil }
        let authority = hostStart..<i
        // path, then "?" query, then "#" fragment
        let pathStart = i
        guard let pathEnd = allowedRun(p, from: i, count: n, table: table, rule: .path),
              pathEnd == n || p[pathEnd] == UInt8(ascii: "?") || p[pathEnd] == UInt8(ascii: "#") else { return nil }
        i = pathEnd
        var query: Range<Int>?
        if i < n, p[i] == UInt8(ascii: "?") {
            guard let end = allowedRun(p, from: i + 1, count: n, table: table, rule: .queryOrFragment),
                  end == n || p[end] == UInt8(ascii: "#") else { return nil }
            query = (i + 1)..<end
            i = end
        }
        var fragment: Range<Int>?
        if i < n {
            guard let end = allowedRun(p, from: i + 1, count: n, table: table, rule: .queryOrFragment), end == n else { return nil }
            fragment = (i + 1)..<n
        }
        return Ranges(scheme: scheme, authority: authority, host: host, port: port, path: pathStart..<pathEnd,
                      query: query, fragment: fragment)
    }

    /// The end of the run from `start` of bytes `rule` allows and valid `%XX` escapes: the first
    /// other byte, or `count`; nil at a `%` without two hex digits.
    @inline(__always)
    private static func allowedRun(_ p: UnsafePointer<UInt8>, from start: Int, count n: Int, table: UnsafeBufferPointer<UInt8>,
                                   rule: CharacterRule) -> Int? {
        var i = start
        let t = table.baseAddress!
        let r = rule.rawValue
        // four bytes a step while all four are allowed (the common case): one test for four
        // (eight a step was measured no better)
        while i + 4 <= n, t[Int(p[i])] & t[Int(p[i + 1])] & t[Int(p[i + 2])] & t[Int(p[i + 3])] & r != 0 { i += 4 }
        while i < n {
            let byte = p[i]
            if t[Int(byte)] & r != 0 { i += 1; continue }
            guard byte == UInt8(ascii: "%") else { return i }
            guard i + 2 < n, ByteClass.test(p[i + 1], .hex), ByteClass.test(p[i + 2], .hex) else { return nil }
            i += 3
        }
        return n
    }

    /// `/`, `?` or `#`: what ends an authority.
    @inline(__always)
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// Whether the `count` bytes at `p` are all ASCII, eight at a time.
    @inline(__always)
    private static func isASCII(_ p: UnsafePointer<UInt8>, count n: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        var i = 0
        var high: UInt64 = 0
        while i + 8 <= n {
            high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        if i < n {
            if n >= 8 {
                high |= raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            } else {
                while i < n { high |= UInt64(p[i]); i += 1 }
            }
        }
        return high & SWAR.high == 0
    }
}
