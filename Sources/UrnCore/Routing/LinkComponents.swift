/// How a dialect turns a link into the components its patterns match (urn-patterns(7) DIALECTS).
enum ComponentMode: Equatable, Sendable {
    /// The toolkit's own: path segments for web schemes, host and path for app schemes,
    /// delimiter segments for names, decoded unless `--raw`, trailing slash ignored.
    case urn
    /// Compass: the text after `Navigator.scheme` (cut by its length in bytes, whatever the
    /// link's own scheme: Navigator.swift:29), or a bare name as `navigate(urn:)` encodes it,
    /// split on the delimiter, as written.
    case compass(cut: Int?)
    /// URLNavigator: query and fragment stripped, split on `/`, empty and scheme components dropped.
    case navigator
    /// WAAppRouting's first try: the whole link without its query (WAAppRouteMatcher.m:16–19).
    case waapFull
    /// WAAppRouting's second try: the path for `http` and `https`, else host and path
    /// (WAAppRouteMatcher.m:44–62); `-i` makes the scheme test case-insensitive.
    case waapRoute(caseInsensitiveScheme: Bool)
    /// Express: the raw pathname's segments, never decoded, a trailing `/` dropped (`strict` off).
    case express
    /// An OpenAPI document's: the `urn` reading, but the path as a server routes it (urn-routes(5)
    /// OPENAPI TABLES): `.` and `..` segments removed (RFC 3986 §5.2.4), a trailing `/` kept as an
    /// empty segment, and an empty path read as `/` (RFC 3986 §6.2.3).
    case openapi

    /// Whether two modes are the same: inlined where the matcher asks, a few times a record,
    /// whether its last reading is the one it needs (the derived `==` is a call).
    @inline(__always)
    static func == (a: ComponentMode, b: ComponentMode) -> Bool {
        switch (a, b) {
        case (.urn, .urn), (.navigator, .navigator), (.waapFull, .waapFull), (.express, .express), (.openapi, .openapi): return true
        case let (.compass(x), .compass(y)): return x == y
        case let (.waapRoute(x), .waapRoute(y)): return x == y
        // each case named, not `default`: a case added later must be compared here too
        case (.urn, _), (.compass, _), (.navigator, _), (.waapFull, _), (.waapRoute, _), (.express, _), (.openapi, _): return false
        }
    }
}

extension Components {
    /// Fills the list with the components of `link` for `mode`. The `urn` and `express` readings,
    /// the common ones, are inlined where the matcher asks, so that the link is not copied into
    /// a call; the libraries' readings are a function of their own.
    @inline(__always)
    mutating func read(_ link: Link, mode: ComponentMode, delimiter: [UInt8], raw: Bool) {
        removeAll()
        switch mode {
        case .urn:
            isPlain = link.textNeedsNoEscape
            readURN(link, delimiter: delimiter, raw: raw)
        case .express:
            isPlain = link.textNeedsNoEscape
            readExpress(link)
        case .openapi:
            isPlain = link.textNeedsNoEscape
            readOpenAPI(link, delimiter: delimiter, raw: raw)
        default:
            isPlain = false  // the libraries' readings decode in ways of their own
            readLibrary(link, mode: mode, delimiter: delimiter, raw: raw)
        }
    }

    /// The `urn` reading: the host of an app link, then the path segments or the name's.
    @inline(__always)
    private mutating func readURN(_ link: Link, delimiter: [UInt8], raw: Bool) {
        let text = link.reference.text
        if link.kind == .url, let scheme = link.scheme,
           !WebScheme.contains(text[scheme]), let host = link.host {
            appendValue(ArraySlice(text[host].map(ByteClass.lowercased)), raw: raw)
        }
        if link.splitsOnSlash {
            // a path without `%` needs no look for one
            if let segments = link.slashSegments { appendSlashSeparated(text, segments, raw: raw || link.pathHasNoPercent) }
        } else {
            Link.split(link.name, of: text, on: delimiter) { appendValue(text[$0], raw: raw) }
        }
        dropTrailingEmpty()
    }

    /// The `openapi` reading: the `urn` one without its leniencies, as a server hands a request
    /// path to its router.
    @inline(__always)
    private mutating func readOpenAPI(_ link: Link, delimiter: [UInt8], raw: Bool) {
        let text = link.reference.text
        guard link.splitsOnSlash else { return readURN(link, delimiter: delimiter, raw: raw) }
        if link.kind == .url, let scheme = link.scheme,
           !WebScheme.contains(text[scheme]), let host = link.host {
            appendValue(ArraySlice(text[host].map(ByteClass.lowercased)), raw: raw)
        }
        guard let segments = link.slashSegments else { return appendRaw([]) }  // `/`, or an empty path
        let raw = raw || link.pathHasNoPercent
        if Self.holdsDot(text, segments) {
            // the path as a server resolves it (RFC 3986 §5.2.4), split as above; only segments
            // written `.` and `..` are dot segments (`%2E` is a value, as Python's urljoin, which
            // openapi-core resolves the path with, reads it)
            let resolved = LinkResolver.removeDotSegments(text[link.path])
            let start = resolved.first == UInt8(ascii: "/") ? 1 : 0
            Link.splitOnSlash(start..<resolved.count, of: resolved) { appendValue(resolved[$0], raw: raw) }
        } else {
            appendSlashSeparated(text, segments, raw: raw)
        }
    }

    /// Whether `text[range]` holds a `.`: only then can it hold a dot segment.
    @inline(__always)
    private static func holdsDot(_ text: [UInt8], _ range: Range<Int>) -> Bool {
        text.withUnsafeBufferPointer { buffer in
            SWAR.firstIndex(UnsafeRawPointer(buffer.baseAddress!), from: range.lowerBound, to: range.upperBound, where: {
                SWAR.equal($0, UInt8(ascii: ".")) & SWAR.high
            }) < range.upperBound
        }
    }

    /// The `express` reading: the raw pathname's segments, a trailing `/` dropped.
    @inline(__always)
    private mutating func readExpress(_ link: Link) {
        if let segments = link.slashSegments { appendSlashSeparated(link.reference.text, segments, raw: true) }
        dropTrailingEmpty()
    }

    /// The readings of Compass, URLNavigator and WAAppRouting.
    private mutating func readLibrary(_ link: Link, mode: ComponentMode, delimiter: [UInt8], raw: Bool) {
        let text = link.text
        switch mode {
        case .urn: readURN(link, delimiter: delimiter, raw: raw)
        case .express: readExpress(link)
        case .openapi: readOpenAPI(link, delimiter: delimiter, raw: raw)
        case let .compass(cut):
            if Components.isCompassURL(link) {
                let name = Components.compassName(link, cut: cut)
                if text[name].contains(where: { $0 >= 0x80 }) {
                    // URL(string:) since iOS 17 percent-encodes non-ASCII text, and Compass
                    // compares its literals with that text (Navigator.swift:109-113)
                    var encoded: [UInt8] = []
                    PercentCoding.encode(text[name], keeping: { $0 < 0x80 }, into: &encoded)
                    Link.split(0..<encoded.count, of: encoded, on: delimiter) { append(encoded[$0]) }
                } else {
                    Link.split(name, of: text, on: delimiter) { append(text[$0]) }
                }
            } else {
                // Navigator.navigate(urn:) percent-encodes the name first (Navigator.swift:132)
                let encoded = Components.compassEncoded(text[...], delimiter: delimiter)
                Link.split(0..<encoded.count, of: encoded, on: delimiter) { append(encoded[$0]) }
            }
        case .navigator:
            let end = text.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? text.count
            for piece in ExactSyntax.navigatorComponents(text[..<end]) { append(piece) }
        case .waapFull:
            var whole = Array(text)
            if let query = link.query { whole.removeSubrange((query.lowerBound - 1)..<query.upperBound) }
            for piece in ExactSyntax.pathComponents(whole[...]) { append(piece) }
        case let .waapRoute(caseInsensitiveScheme):
            var path = raw ? Array(text[link.path]) : (PercentCoding.decodedUTF8(text[link.path]) ?? Array(text[link.path]))
            // NSURL.path drops a trailing slash
            if path.count > 1, path.last == UInt8(ascii: "/") { path.removeLast() }
            let scheme = link.scheme.map { text[$0] } ?? []
            let web = ["http", "https"].contains {
                caseInsensitiveScheme ? scheme.lazy.map(ByteClass.lowercased).elementsEqual($0.utf8) : scheme.elementsEqual($0.utf8)
            }
            if web {
                if path.count > 1 { path.removeFirst() }
                for piece in ExactSyntax.pathComponents(path[...]) { append(piece) }
            } else if let host = link.host, !host.isEmpty {
                // (an empty host is no host: url.host is nil, and so is the route string,
                // WAAppRouteMatcher.m:58)
                // -[NSString stringByAppendingPathComponent:] joins host and path without a
                // trailing separator; pathComponents then drops the empty parts
                // url.host, which CFURL gives percent-decoded (WAAppRouteMatcher.m:58)
                // and a decoded `/` (`x%2Fy`) splits it, as pathComponents does
                if !host.isEmpty {
                    if raw {
                        append(text[host])
                    } else {
                        let decoded = PercentCoding.decodedUTF8(text[host]) ?? Array(text[host])
                        for piece in ExactSyntax.pathComponents(decoded[...]) where !piece.elementsEqual([UInt8(ascii: "/")]) {
                            append(piece)
                        }
                    }
                }
                let pieces = ExactSyntax.pathComponents(path[...])
                for (index, piece) in pieces.enumerated() where !(piece.elementsEqual([UInt8(ascii: "/")]) && (!host.isEmpty || index > 0)) {
                    append(piece)
                }
            }
        }
    }

    @inline(__always)
    private mutating func appendValue(_ bytes: ArraySlice<UInt8>, raw: Bool) {
        if raw { appendRaw(bytes) } else { appendDecoded(bytes) }
    }

    /// Whether Compass reads `link` as a URL (`Navigator.parse(url:)`), not a bare name.
    static func isCompassURL(_ link: Link) -> Bool {
        link.reference.authority != nil && link.scheme != nil
    }

    /// The Compass name of a URL: its text after `cut` bytes (the length of `Navigator.scheme`,
    /// `S://`), or without a table scheme after the link's own `scheme://`. Query and fragment
    /// are included: they send Compass into host mode.
    static func compassName(_ link: Link, cut: Int?) -> Range<Int> {
        guard isCompassURL(link) else { return 0..<link.text.count }
        let start = cut ?? (link.scheme!.upperBound + 3)
        return min(start, link.text.count)..<link.text.count
    }

    /// `name` percent-encoded as `Navigator.navigate(urn:)` does: everything outside
    /// `CharacterSet.urlPathAllowed` and the delimiter's characters (Navigator.swift:132,
    /// Utilities.swift:10–16).
    static func compassEncoded(_ name: ArraySlice<UInt8>, delimiter: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.count)
        PercentCoding.encode(name, keeping: { byte in
            ByteClass.test(byte, [.alpha, .digit]) || delimiter.contains(byte) || (byte < 0x80 && "-._~!$&'()*+,;=:@/".utf8.contains(byte))
        }, into: &out)
        return out
    }
}
