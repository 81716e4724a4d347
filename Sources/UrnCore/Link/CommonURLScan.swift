/// The one-pass reading of the links most lists are made of: an ASCII `scheme://host[:port]`
/// URL without userinfo or IP literal, every byte of it allowed where it stands. It finds the
/// components and checks their characters in the same walk, one table load a byte, where the
/// general parser splits the link first and then checks each component on its own. Any other
/// link, and any link it would refuse, it leaves to the general parser (nil), which then gives
/// the same answer it always gives, errors included: for the links this scan accepts, both
/// readings are the same `Link` (tested link by link).
enum CommonURLScan {
    /// `CharacterRule.table` with no rule allowing a byte at or above 0x80 (the parser allows
    /// them all, for IRIs): a link that is not ASCII then ends a run where no delimiter may
    /// stand, and is left to the parser, with no pass of its own to find out.
    private static let asciiTable: [UInt8] = CharacterRule.table.enumerated().map { $0.offset < 0x80 ? $0.element : 0 }

    /// Where the components of a common URL lie, as the positions that bound them (a link the
    /// parser takes is shorter than 1 GiB): seven words of 32 bits, small enough for the scan
    /// to return in registers.
    struct Ranges {
        /// The end of the scheme, which `://` and the host follow.
        var schemeEnd: Int32
        var hostEnd: Int32
        /// The port, or -1.
        var port: Int32
        /// The end of the authority and start of the path.
        var pathStart: Int32
        var pathEnd: Int32
        /// The end of the query after the `?` at `pathEnd`, or -1 when there is none.
        var queryEnd: Int32
        /// The start of the fragment, after its `#`, or -1; it runs to `end`.
        var fragmentStart: Int32
        var end: Int32
        /// Whether the path holds a `%` escape.
        var pathHasPercent: Bool

        var scheme: Range<Int> { 0..<Int(schemeEnd) }
        var authority: Range<Int> { (Int(schemeEnd) + 3)..<Int(pathStart) }
        var host: Range<Int> { (Int(schemeEnd) + 3)..<Int(hostEnd) }
        var path: Range<Int> { Int(pathStart)..<Int(pathEnd) }
        var query: Range<Int>? { queryEnd < 0 ? nil : (Int(pathEnd) + 1)..<Int(queryEnd) }
        var fragment: Range<Int>? { fragmentStart < 0 ? nil : Int(fragmentStart)..<Int(end) }
    }

    /// Where the components of `text` lie when it is a common URL (and a valid one), or nil.
    @inline(__always)
    static func ranges(_ text: [UInt8]) -> Ranges? {
        text.withUnsafeBufferPointer { buffer in ranges(buffer) }
    }

    /// Where the components of the link `buffer` holds lie when it is a common URL, or nil.
    @inline(__always)
    static func ranges(_ buffer: UnsafeBufferPointer<UInt8>) -> Ranges? {
        asciiTable.withUnsafeBufferPointer { table in scan(buffer, table: table) }
    }

    /// `text`, whose components are `found`, as a `url` link. Built where the parser returns it,
    /// so that the link is not copied back through an optional.
    @inline(__always)
    static func link(_ text: [UInt8], _ found: Ranges) -> Link {
        var link = Link(kind: .url, reference: URIReference(text, scheme: found.scheme, authority: found.authority,
                                                             path: found.path, query: found.query, fragment: found.fragment))
        setScanned(found, on: &link)
        return link
    }

    /// Sets what the scan finds beyond the generic split: the host, the port, and what it
    /// knows of the text.
    @inline(__always)
    private static func setScanned(_ found: Ranges, on link: inout Link) {
        link.host = found.host
        link.port = found.port < 0 ? nil : Int(found.port)
        link.textNeedsNoEscape = true  // ASCII, and every byte one that its component allows: no `"`, `\` or control
        link.pathHasNoPercent = !found.pathHasPercent
    }

    /// Makes `link` the `url` link `input` is, whose components are `found`, copying `input`
    /// into the storage of the text `link` held: the link `link(_:_:)` builds, with no new
    /// storage once it is large enough and without moving the 160 bytes of a new link into
    /// place. Every component is set, since `link` may have been any kind of link before.
    @inline(__always)
    static func reset(_ link: inout Link, to input: UnsafeBufferPointer<UInt8>, _ found: Ranges) {
        link.kind = .url
        link.reference.replace(with: input, scheme: found.scheme, authority: found.authority, path: found.path,
                               query: found.query, fragment: found.fragment)
        link.user = nil
        link.password = nil
        link.path = found.path
        link.query = found.query
        link.fragment = found.fragment
        link.nid = nil
        link.nss = nil
        link.urnR = nil
        link.urnQ = nil
        link.urnF = nil
        link.name = found.path
        setScanned(found, on: &link)
    }

    /// `text` as a `url` link, or nil when it is not a common URL (or not a valid one).
    static func link(_ text: [UInt8]) -> Link? {
        ranges(text).map { link(text, $0) }
    }

    private static func scan(_ buffer: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>) -> Ranges? {
        let n = buffer.count
        guard n > 3, let p = buffer.baseAddress, ByteClass.test(p[0], .alpha) else { return nil }
        // scheme ":" "//"
        var i = 1
        while i < n, table[Int(p[i])] & CharacterRule.scheme.rawValue != 0 { i += 1 }
        guard i + 2 < n, p[i] == UInt8(ascii: ":"), p[i + 1] == UInt8(ascii: "/"), p[i + 2] == UInt8(ascii: "/") else { return nil }
        let schemeEnd = i
        // host [":" port], ended by "/", "?", "#" or the end
        i += 3
        let hostRule = CharacterRule.host.rawValue
        while i + 4 <= n, table[Int(p[i])] & table[Int(p[i + 1])] & table[Int(p[i + 2])] & table[Int(p[i + 3])] & hostRule != 0 { i += 4 }
        while i < n, table[Int(p[i])] & hostRule != 0 { i += 1 }
        let hostEnd = i
        var port = -1
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
        // path, then "?" query, then "#" fragment
        let pathStart = i
        var pathHasPercent = false
        guard let pathEnd = allowedRun(p, from: i, count: n, table: table, rule: .path, sawPercent: &pathHasPercent),
              pathEnd == n || p[pathEnd] == UInt8(ascii: "?") || p[pathEnd] == UInt8(ascii: "#") else { return nil }
        i = pathEnd
        var queryEnd = -1
        var otherPercent = false
        if i < n, p[i] == UInt8(ascii: "?") {
            guard let end = allowedRun(p, from: i + 1, count: n, table: table, rule: .queryOrFragment, sawPercent: &otherPercent),
                  end == n || p[end] == UInt8(ascii: "#") else { return nil }
            queryEnd = end
            i = end
        }
        var fragmentStart = -1
        if i < n {
            guard let end = allowedRun(p, from: i + 1, count: n, table: table, rule: .queryOrFragment, sawPercent: &otherPercent),
                  end == n else { return nil }
            fragmentStart = i + 1
        }
        return Ranges(schemeEnd: Int32(schemeEnd), hostEnd: Int32(hostEnd), port: Int32(port), pathStart: Int32(pathStart),
                      pathEnd: Int32(pathEnd), queryEnd: Int32(queryEnd), fragmentStart: Int32(fragmentStart), end: Int32(n),
                      pathHasPercent: pathHasPercent)
    }

    /// The end of the run from `start` of bytes `rule` allows and valid `%XX` escapes: the first
    /// other byte, or `count`; nil at a `%` without two hex digits. Sets `sawPercent` at an escape.
    @inline(__always)
    private static func allowedRun(_ p: UnsafePointer<UInt8>, from start: Int, count n: Int, table: UnsafeBufferPointer<UInt8>,
                                   rule: CharacterRule, sawPercent: inout Bool) -> Int? {
        var i = start
        let t = table.baseAddress!
        let r = rule.rawValue
        // four bytes a step while all four are allowed (the common case): one test for four
        while i + 4 <= n, t[Int(p[i])] & t[Int(p[i + 1])] & t[Int(p[i + 2])] & t[Int(p[i + 3])] & r != 0 { i += 4 }
        while i < n {
            let byte = p[i]
            if t[Int(byte)] & r != 0 { i += 1; continue }
            guard byte == UInt8(ascii: "%") else { return i }
            guard i + 2 < n, ByteClass.test(p[i + 1], .hex), ByteClass.test(p[i + 2], .hex) else { return nil }
            sawPercent = true
            i += 3
        }
        return n
    }

    /// `/`, `?` or `#`: what ends an authority.
    @inline(__always)
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
