/// Turns link text into a `Link` (§4): RFC 3986 with IRIs, RFC 8141 URNs, opaque names and
/// Compass `S://name` links.
@_spi(Records) public struct LinkParser: Sendable, Equatable {
    /// Compass's `Navigator.scheme`s: `S://name` is read as the name. Lower case.
    @_spi(Records) public var compassSchemes: [[UInt8]]
    /// The segment delimiter of URN and opaque names (Compass's, `:` by default).
    @_spi(Records) public var delimiter: [UInt8]
    /// Which parts are percent-encoded where RFC 3986 does not allow a byte, instead of rejected.
    @_spi(Records) public var leniency: Leniency
    /// Refuse, before anything else, what `URL(string:)` refused before iOS 17 (`--strict-nsurl`).
    @_spi(Records) public var legacyNSURL = false
    /// Read links as Compass takes them, when every table is Compass's: any text without `://`
    /// is a name as `Navigator.navigate(urn:)` takes it (any bytes, the empty name too:
    /// Navigator.swift:131-135), and any `scheme://` link is cut as `Navigator.parse(url:)` cuts
    /// it, whatever its scheme (Navigator.swift:29).
    @_spi(Records) public var compassNames = false
    /// Keep a link whose syntax is refused as written, with only the generic split of its text,
    /// instead of refusing it: an AndroidManifest.xml table reads links as Android's `Uri.parse`
    /// does, which refuses nothing (urn-routes(5), APP-LINK TABLES).
    @_spi(Records) public var keepsRefusedLinks = false
    /// Keep a link the parser refuses (an empty one too) as its raw text instead of throwing,
    /// and never repair one: URLNavigator matches a `String` link as the text the app passes
    /// (URLConvertible.swift:40–55, URLMatcher.swift:130–135 at b881f23). Invalid UTF-8 and a
    /// link too long are still refused.
    @_spi(Records) public var keepsRefusedText = false
    /// Read links as HTTP request targets, as Node's HTTP parser and Express read them (the
    /// `express` dialect, `RequestTarget`): `//a/5` is a path, raw `|` and a lone `%` pass, raw
    /// non-ASCII is refused (`leniency` `.everywhere` encodes it instead). A common URL, which
    /// both readings read alike, still takes the one-pass scan.
    @_spi(Records) public var requestTargets = false
    /// Take a port that is no number as text, with no port, instead of refusing the link: CFURL
    /// checks no port, and WAAppRouting reads only the host (the `waap` dialect).
    @_spi(Records) public var portsAsText = false

    /// A parser with the given options.
    @_spi(Records) public init(compassScheme: String? = nil, delimiter: String = ":", leniency: Leniency = .strict) {
        self.init(compassSchemes: compassScheme.map { [$0] } ?? [], delimiter: delimiter, leniency: leniency)
    }

    /// A parser that reads `S://name` as a Compass name for each of `compassSchemes`.
    @_spi(Records) public init(compassSchemes: [String], delimiter: String = ":", leniency: Leniency = .strict) {
        self.compassSchemes = compassSchemes.map { Array($0.lowercased().utf8) }
        self.delimiter = Array(delimiter.utf8)
        self.leniency = leniency
    }

    /// Parses `input`, resolved against `base` first when one is given (`--base`); `leniency`
    /// overrides the parser's own for this link.
    @_spi(Records) public func parse(_ input: UnsafeBufferPointer<UInt8>, base: LinkResolver? = nil,
                      leniency: Leniency? = nil) throws(LinkError) -> Link {
        var storage: [UInt8] = []
        return try parse(input, base: base, leniency: leniency, reusing: &storage)
    }

    /// Parses `input` as `parse(_:base:leniency:)` does, copying it into `storage`, which the
    /// link then holds as its text. A caller that keeps `storage` from link to link, and lets
    /// each link go before it parses the next, parses without allocating.
    @_spi(Records) public func parse(_ input: UnsafeBufferPointer<UInt8>, base: LinkResolver? = nil, leniency: Leniency? = nil,
                      reusing storage: inout [UInt8]) throws(LinkError) -> Link {
        if compassNames, base == nil, !Self.hasSchemeSeparator(input) {
            if let bad = UTF8Validation.firstInvalidOffset(input) { throw LinkError.invalidUTF8(at: bad) }
            storage.replaceSubrange(storage.indices, with: input)
            // navigate(urn:) keeps the delimiter unencoded; URL(string:) then refuses one that a
            // URL may not hold (`|`), and the app routes nothing
            for (offset, byte) in storage.enumerated() where delimiter.contains(byte) && byte < 0x80
                && CharacterRule.table[Int(byte)] & CharacterRule.path.rawValue == 0 {
                throw LinkError.invalidCharacter(byte, at: offset)
            }
            return Self.compassName(storage)
        }
        if keepsRefusedText, base == nil { return try parseOrKeepText(input, reusing: &storage) }
        do throws(LinkError) {
            return try parseRefusing(input, base: base, leniency: leniency, reusing: &storage)
        } catch {
            guard keepsRefusedLinks, error.isSyntax else { throw error }
            return Link(unread: Array(input))
        }
    }

    /// `parse(_:base:leniency:reusing:)` without `keepsRefusedLinks`.
    private func parseRefusing(_ input: UnsafeBufferPointer<UInt8>, base: LinkResolver?, leniency: Leniency?,
                               reusing storage: inout [UInt8]) throws(LinkError) -> Link {
        guard !input.isEmpty else { throw LinkError.empty }
        // what a base or --lenient adds stays below the limit too
        guard input.count <= PackedRange.limit / 4 else { throw LinkError.tooLong }
        let leniency = leniency ?? self.leniency
        if requestTargets, base == nil {
            if let bad = UTF8Validation.firstInvalidOffset(input) { throw LinkError.invalidUTF8(at: bad) }
            return try RequestTarget.link(input, encodeRefused: leniency == .everywhere, into: &storage)
        }
        // nearly every link needs no repair: parse it as it is (and under queryAndFragment
        // repair only one that fails); most are common URLs, read in one pass
        let asWritten = leniency != .everywhere && base == nil
        if asWritten {
            storage.replaceSubrange(storage.indices, with: input)
            if !legacyNSURL, let found = CommonURLScan.ranges(storage), !isCompassScheme(storage[found.scheme]) {
                return CommonURLScan.link(storage, found)
            }
        }
        if let bad = UTF8Validation.firstInvalidOffset(input) { throw LinkError.invalidUTF8(at: bad) }
        try checkLegacyNSURL(input)
        if asWritten {
            do throws(LinkError) {
                return try parse(text: storage)
            } catch {
                guard leniency == .queryAndFragment else { throw error }
                switch error {
                case .invalidCharacter, .invalidPercent: break
                default: throw error
                }
            }
        }
        LenientEncoding.encode(input, leniency, into: &storage)
        if let base { storage = base.resolve(storage) }
        return try parse(text: storage)
    }

    /// `input` parsed as written, or where the parser refuses it, its raw text (`keepsRefusedText`).
    private func parseOrKeepText(_ input: UnsafeBufferPointer<UInt8>, reusing storage: inout [UInt8]) throws(LinkError) -> Link {
        guard input.count <= PackedRange.limit / 4 else { throw LinkError.tooLong }
        if let bad = UTF8Validation.firstInvalidOffset(input) { throw LinkError.invalidUTF8(at: bad) }
        try checkLegacyNSURL(input)
        storage.replaceSubrange(storage.indices, with: input)
        do throws(LinkError) {
            return input.isEmpty ? Link(unparsed: storage) : try parse(text: storage)
        } catch {
            return Link(unparsed: storage)
        }
    }

    /// Parses `input` into `link`, as `parse(_:base:leniency:reusing:)` does with the storage of the
    /// text `link` holds (a previous link, or an empty one): a common URL is read in place, with
    /// no new storage once the text's is large enough. When it throws, `link` is left empty.
    @_spi(Records) public func parse(_ input: UnsafeBufferPointer<UInt8>, base: LinkResolver? = nil, leniency: Leniency? = nil,
                      into link: inout Link) throws(LinkError) {
        // a link the scan reads has nothing `--lenient` would repair, so it reads the same under it
        if base == nil, !legacyNSURL, input.count <= PackedRange.limit / 4,
           let found = CommonURLScan.ranges(input), !isCompassScheme(input[found.scheme]) {
            CommonURLScan.reset(&link, to: input, found)
            return
        }
        // the text is taken out first, so that nothing else refers to its storage while the
        // parser writes into it
        var storage: [UInt8] = []
        swap(&storage, &link.reference.text)
        do throws(LinkError) {
            link = try parse(input, base: base, leniency: leniency, reusing: &storage)
        } catch {
            // no component may be left pointing past the emptied text
            link = Link()
            throw error
        }
    }

    /// Parses the link that `input` views into `link` (see `parse(_:base:leniency:into:)`).
    @inlinable
    @_spi(Records) public func parse(_ input: Span<UInt8>, base: LinkResolver? = nil, leniency: Leniency? = nil, into link: inout Link) throws(LinkError) {
        try input.withUnsafeBufferPointer { (buffer) throws(LinkError) in
            try parse(buffer, base: base, leniency: leniency, into: &link)
        }
    }

    /// Parses the link that `input` views (see `parse(_:base:leniency:)`).
    @inlinable
    @_spi(Records) public func parse(_ input: Span<UInt8>, base: LinkResolver? = nil, leniency: Leniency? = nil) throws(LinkError) -> Link {
        try input.withUnsafeBufferPointer { (buffer) throws(LinkError) in try parse(buffer, base: base, leniency: leniency) }
    }

    /// Under `legacyNSURL`, throws when `URL(string:)` before iOS 17 refuses the link `input` views.
    @inlinable
    @_spi(Records) public func checkLegacyNSURL(_ input: Span<UInt8>) throws(LinkError) {
        try input.withUnsafeBufferPointer { (buffer) throws(LinkError) in try checkLegacyNSURL(buffer) }
    }

    /// Under `legacyNSURL`, throws when `URL(string:)` before iOS 17 refuses `input` as written.
    @_spi(Records) public func checkLegacyNSURL(_ input: UnsafeBufferPointer<UInt8>) throws(LinkError) {
        if legacyNSURL, let refused = LegacyNSURL.firstRefusal(input) {
            throw LinkError.refusedByLegacyNSURL(refused.refusal, at: refused.offset)
        }
    }

    /// Parses `input`.
    @_spi(Records) public func parse(_ input: [UInt8]) throws(LinkError) -> Link {
        try input.withUnsafeBufferPointer { (buffer) throws(LinkError) -> Link in try parse(buffer) }
    }

    /// Parses `input`.
    @_spi(Records) public func parse(_ input: String) throws(LinkError) -> Link {
        try parse(Array(input.utf8))
    }

    /// Parses bytes already known to be UTF-8.
    func parse(text: [UInt8]) throws(LinkError) -> Link {
        let reference = URIReference(text)
        let scheme = reference.scheme
        if scheme == nil, let colon = firstColonBeforeSlash(text) {
            // A leading run that ends in ':' but is not a scheme (`1x:y`, `a b:c`).
            try checkCharacters(text, 0..<colon, allowed: .pchar)
            throw LinkError.invalidScheme(at: colon)
        }
        if let scheme, reference.authority == nil, Self.equalsLowercased(text[scheme], "urn".utf8) {
            return try parseURN(reference)
        }
        if let scheme, let authority = reference.authority, isCompassScheme(text[scheme]) {
            var link = Link(kind: .opaque, reference: reference)
            link.path = authority.lowerBound..<reference.path.upperBound
            link.name = link.path
            try checkCharacters(text, link.path, allowed: .path)
            try checkQueryAndFragment(&link)
            return link
        }
        if let authority = reference.authority {
            var link = Link(kind: reference.scheme == nil ? .relative : .url, reference: reference)
            try parseAuthority(authority, into: &link)
            try checkCharacters(text, link.path, allowed: .path)
            try checkQueryAndFragment(&link)
            return link
        }
        var link = Link(kind: scheme == nil ? .relative : .opaque, reference: reference)
        try checkCharacters(text, link.path, allowed: .path)
        try checkQueryAndFragment(&link)
        if scheme != nil { link.name = 0..<link.path.upperBound }
        return link
    }

    /// Whether `input` holds `://`, which makes it a URL rather than a Compass name.
    private static func hasSchemeSeparator(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard input.count >= 3 else { return false }
        for i in 0..<(input.count - 2) where input[i] == UInt8(ascii: ":") && input[i + 1] == UInt8(ascii: "/") && input[i + 2] == UInt8(ascii: "/") {
            return true
        }
        return false
    }

    /// A Compass name taken as written: the whole text is the name, split on the delimiter.
    private static func compassName(_ text: [UInt8]) -> Link {
        var link = Link(kind: .opaque, reference: URIReference(text, scheme: nil, authority: nil, path: 0..<text.count,
                                                                query: nil, fragment: nil))
        link.name = link.path
        return link
    }

    /// Whether `scheme` is one of `compassSchemes` (any scheme under `compassNames`).
    private func isCompassScheme(_ scheme: some Sequence<UInt8>) -> Bool {
        if compassNames { return true }
        for candidate in compassSchemes where Self.equalsLowercased(scheme, candidate) { return true }
        return false
    }

    /// The offset of a `:` that comes before any `/`, `?` or `#`, if any.
    private func firstColonBeforeSlash(_ text: [UInt8]) -> Int? {
        for (i, b) in text.enumerated() {
            switch b {
            case UInt8(ascii: ":"): return i
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return nil
            default: continue
            }
        }
        return nil
    }

    private func checkQueryAndFragment(_ link: inout Link) throws(LinkError) {
        if let query = link.query { try checkCharacters(link.text, query, allowed: .queryOrFragment) }
        if let fragment = link.fragment { try checkCharacters(link.text, fragment, allowed: .queryOrFragment) }
    }

    private func parseAuthority(_ authority: Range<Int>, into link: inout Link) throws(LinkError) {
        let text = link.text
        var hostStart = authority.lowerBound
        if let at = text[authority].lastIndex(of: UInt8(ascii: "@")) {
            let userinfo = authority.lowerBound..<at
            try checkCharacters(text, userinfo, allowed: .userinfo)
            if let colon = text[userinfo].firstIndex(of: UInt8(ascii: ":")) {
                link.user = userinfo.lowerBound..<colon
                link.password = (colon + 1)..<userinfo.upperBound
            } else {
                link.user = userinfo
            }
            hostStart = at + 1
        }
        var portColon: Int?
        if hostStart < authority.upperBound, text[hostStart] == UInt8(ascii: "[") {
            guard let close = text[hostStart..<authority.upperBound].firstIndex(of: UInt8(ascii: "]")) else {
                throw LinkError.invalidHost("'[' without ']'", at: hostStart)
            }
            try IPLiteral.validate(text, (hostStart + 1)..<close)
            link.host = hostStart..<(close + 1)
            if close + 1 < authority.upperBound {
                guard text[close + 1] == UInt8(ascii: ":") else {
                    throw LinkError.invalidHost("unexpected text after ']'", at: close + 1)
                }
                portColon = close + 1
            }
        } else {
            let colon = text[hostStart..<authority.upperBound].firstIndex(of: UInt8(ascii: ":"))
            let hostEnd = colon ?? authority.upperBound
            try checkCharacters(text, hostStart..<hostEnd, allowed: .host)
            link.host = hostStart..<hostEnd
            portColon = colon
        }
        if let portColon {
            let digits = (portColon + 1)..<authority.upperBound
            // CFURL checks no port: WAAppRouting reads url.host of `app://x:y` (WAAppRouteMatcher.m:58)
            link.port = portsAsText ? ((try? port(text, digits)) ?? nil) : try port(text, digits)
        }
    }

    private func port(_ text: [UInt8], _ digits: Range<Int>) throws(LinkError) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for i in digits {
            let d = text[i] &- UInt8(ascii: "0")
            guard d < 10 else {
                let written = String(decoding: text[digits], as: UTF8.self)
                let looksLikeName = text[digits].contains { ByteClass.test($0, .alpha) }
                let scheme = looksLikeName ? suggestedCompassScheme(text) : nil
                throw LinkError.invalidPort(written, at: digits.lowerBound, compassScheme: scheme)
            }
            value = value * 10 + Int(d)
            if value > 65535 {
                throw LinkError.invalidPort(String(decoding: text[digits], as: UTF8.self), at: digits.lowerBound, compassScheme: nil)
            }
        }
        return value
    }

    /// The scheme of `text`, to suggest as `--scheme` when `S://user:self` was read as a URL;
    /// nil for web schemes, whose links are never Compass names.
    private func suggestedCompassScheme(_ text: [UInt8]) -> String? {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = String(decoding: text[..<colon], as: UTF8.self)
        return ["http", "https", "ws", "wss", "ftp", "file"].contains(scheme.lowercased()) ? nil : scheme
    }

    private func parseURN(_ reference: URIReference) throws(LinkError) -> Link {
        let text = reference.text
        var link = Link(kind: .urn, reference: reference)
        link.query = nil
        link.fragment = nil
        let n = text.count
        let nidStart = reference.scheme!.upperBound + 1
        var i = nidStart
        while i < n, ByteClass.test(text[i], [.alpha, .digit]) || text[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n, text[i] == UInt8(ascii: ":") else {
            throw LinkError.invalidURN("expected ':' after the namespace identifier", at: i)
        }
        let nid = nidStart..<i
        guard nid.count >= 2, nid.count <= 32, text[nid.lowerBound] != UInt8(ascii: "-"),
              text[nid.upperBound - 1] != UInt8(ascii: "-")
        else { throw LinkError.invalidURN("the namespace identifier must be 2 to 32 letters, digits or inner '-'", at: nidStart) }
        link.nid = nid
        let nssStart = i + 1
        i = nssStart
        while i < n, text[i] != UInt8(ascii: "?"), text[i] != UInt8(ascii: "#") { i += 1 }
        guard i > nssStart else { throw LinkError.invalidURN("empty namespace-specific string", at: nssStart) }
        try checkCharacters(text, nssStart..<i, allowed: .path)
        link.nss = nssStart..<i
        link.name = 0..<i
        link.path = nid.lowerBound..<i
        if i + 1 < n, text[i] == UInt8(ascii: "?"), text[i + 1] == UInt8(ascii: "+") {
            let start = i + 2
            i = start
            while i < n, text[i] != UInt8(ascii: "#"),
                  !(text[i] == UInt8(ascii: "?") && i + 1 < n && text[i + 1] == UInt8(ascii: "=")) { i += 1 }
            guard i > start else { throw LinkError.invalidURN("empty r-component", at: start) }
            try checkCharacters(text, start..<i, allowed: .queryOrFragment)
            link.urnR = start..<i
        }
        if i + 1 < n, text[i] == UInt8(ascii: "?"), text[i + 1] == UInt8(ascii: "=") {
            let start = i + 2
            i = start
            while i < n, text[i] != UInt8(ascii: "#") { i += 1 }
            guard i > start else { throw LinkError.invalidURN("empty q-component", at: start) }
            try checkCharacters(text, start..<i, allowed: .queryOrFragment)
            link.urnQ = start..<i
        }
        if i < n, text[i] == UInt8(ascii: "?") {
            throw LinkError.invalidURN("'?' must start '?+' or '?='", at: i)
        }
        if i < n, text[i] == UInt8(ascii: "#") {
            try checkCharacters(text, (i + 1)..<n, allowed: .queryOrFragment)
            link.urnF = (i + 1)..<n
        }
        return link
    }

    /// Checks that every byte of `text[range]` is allowed: passes `allowed`, or is a valid `%XX`.
    private func checkCharacters(_ text: [UInt8], _ range: Range<Int>, allowed: CharacterRule) throws(LinkError) {
        let bit = allowed.rawValue
        let failure: LinkError? = CharacterRule.table.withUnsafeBufferPointer { table in
            text.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                var i = range.lowerBound
                while i < range.upperBound {
                    let b = base[i]
                    if table[Int(b)] & bit != 0 { i += 1; continue }
                    if b == UInt8(ascii: "%") {
                        guard i + 2 < range.upperBound, ByteClass.test(base[i + 1], .hex), ByteClass.test(base[i + 2], .hex)
                        else { return LinkError.invalidPercent(at: i) }
                        i += 3
                        continue
                    }
                    return LinkError.invalidCharacter(b, at: i)
                }
                return nil
            }
        }
        if let failure { throw failure }
    }

    /// Whether `bytes` equals `lowercase` ignoring ASCII case.
    static func equalsLowercased(_ bytes: some Sequence<UInt8>, _ lowercase: some Sequence<UInt8>) -> Bool {
        bytes.lazy.map(ByteClass.lowercased).elementsEqual(lowercase)
    }
}

extension LinkError {
    /// The link's text breaks the syntax (rather than being empty, too long, not UTF-8, or
    /// refused for `--strict-nsurl` or `--base`).
    fileprivate var isSyntax: Bool {
        switch self {
        case .invalidCharacter, .invalidPercent, .invalidScheme, .invalidPort, .invalidHost, .invalidURN: return true
        case .empty, .tooLong, .invalidUTF8, .baseNotAbsolute, .refusedByLegacyNSURL, .refusedRequestTarget: return false
        }
    }
}

extension Link {
    /// The link `text` that the parser refused, kept under `keepsRefusedLinks`: its generic
    /// split (RFC 3986 Appendix B), no host, port or segments of its own.
    fileprivate init(unread text: [UInt8]) {
        let reference = URIReference(text)
        self.init(kind: reference.authority != nil && reference.scheme != nil ? .url : reference.scheme != nil ? .opaque : .relative,
                  reference: reference)
    }
}
