/// The five components of RFC 3986 Appendix B, as ranges into `text`: the generic split that
/// the parser, the resolver and the normalizer share.
@_spi(Records) public struct URIReference: Sendable {
    /// The reference's bytes.
    @_spi(Records) public var text: [UInt8]
    /// `scheme` without the `:`.
    @PackedRange @_spi(Records) public var scheme: Range<Int>?
    /// The authority without the leading `//`.
    @PackedRange @_spi(Records) public var authority: Range<Int>?
    /// The path (possibly empty).
    @_spi(Records) public var path: Range<Int> {
        get { packedPath.present }
        set { packedPath = PackedRange(newValue) }
    }
    /// The query without `?`.
    @PackedRange @_spi(Records) public var query: Range<Int>?
    /// The fragment without `#`.
    @PackedRange @_spi(Records) public var fragment: Range<Int>?
    private var packedPath: PackedRange

    /// Splits `text` as Appendix B does; a scheme is taken only if it is well-formed.
    @_spi(Records) public init(_ text: [UInt8]) {
        precondition(text.count <= PackedRange.limit, "a link must be shorter than 4 GiB (LinkParser refuses longer ones)")
        let n = text.count
        var scheme: Range<Int>?
        var authority: Range<Int>?
        var query: Range<Int>?
        var fragment: Range<Int>?
        let path: Range<Int> = text.withUnsafeBytes { raw in
            // Each delimiter is found eight bytes at a time.
            let i = SWAR.firstIndex(raw.baseAddress!, from: 0, to: n, where: Self.colonSlashQuestionHash)
            var position = 0
            if i > 0, i < n, text[i] == UInt8(ascii: ":"), URIReference.isScheme(text[0..<i]) {
                scheme = 0..<i
                position = i + 1
            }
            if position + 1 < n, text[position] == UInt8(ascii: "/"), text[position + 1] == UInt8(ascii: "/") {
                let start = position + 2
                let end = SWAR.firstIndex(raw.baseAddress!, from: start, to: n, where: Self.slashQuestionHash)
                authority = start..<end
                position = end
            }
            let end = SWAR.firstIndex(raw.baseAddress!, from: position, to: n, where: Self.questionHash)
            let path = position..<end
            position = end
            if position < n, text[position] == UInt8(ascii: "?") {
                let end = SWAR.firstIndex(raw.baseAddress!, from: position + 1, to: n, where: Self.hash)
                query = (position + 1)..<end
                position = end
            }
            if position < n, text[position] == UInt8(ascii: "#") {
                fragment = (position + 1)..<n
            }
            return path
        }
        self.init(text, scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
    }

    /// The scheme as Foundation's `URL(string:)` reads it (CFURL and swift-foundation alike):
    /// the RFC 3986 one, or an empty one before a leading `:` (`:x/y`), which URLNavigator's
    /// scheme test then sets apart from links without a scheme (URLMatcher.swift:51,57).
    var foundationScheme: Range<Int>? {
        scheme ?? (text.first == UInt8(ascii: ":") ? 0..<0 : nil)
    }

    /// A reference over `text` whose components someone else has found where `init(_:)` would.
    init(_ text: [UInt8], scheme: Range<Int>?, authority: Range<Int>?, path: Range<Int>, query: Range<Int>?,
         fragment: Range<Int>?) {
        self.text = text
        self.scheme = scheme
        self.authority = authority
        packedPath = PackedRange(path)
        self.query = query
        self.fragment = fragment
    }

    /// Makes this the reference `input` is, whose components someone else has found, copying
    /// `input` into the storage `text` held.
    mutating func replace(with input: UnsafeBufferPointer<UInt8>, scheme: Range<Int>?, authority: Range<Int>?,
                          path: Range<Int>, query: Range<Int>?, fragment: Range<Int>?) {
        text.replaceSubrange(text.indices, with: input)
        self.scheme = scheme
        self.authority = authority
        packedPath = PackedRange(path)
        self.query = query
        self.fragment = fragment
    }

    private static func colonSlashQuestionHash(_ word: UInt64) -> UInt64 {
        (SWAR.equal(word, UInt8(ascii: ":")) | SWAR.equal(word, UInt8(ascii: "/")) | questionHash(word)) & SWAR.high
    }

    private static func slashQuestionHash(_ word: UInt64) -> UInt64 {
        (SWAR.equal(word, UInt8(ascii: "/")) | questionHash(word)) & SWAR.high
    }

    private static func questionHash(_ word: UInt64) -> UInt64 {
        (SWAR.equal(word, UInt8(ascii: "?")) | SWAR.equal(word, UInt8(ascii: "#"))) & SWAR.high
    }

    private static func hash(_ word: UInt64) -> UInt64 {
        SWAR.equal(word, UInt8(ascii: "#")) & SWAR.high
    }

    /// Builds a reference from components (RFC 3986 §5.3, recomposition).
    @_spi(Records) public init(
        scheme: ArraySlice<UInt8>?, authority: ArraySlice<UInt8>?, path: [UInt8],
        query: ArraySlice<UInt8>?, fragment: ArraySlice<UInt8>?
    ) {
        var out: [UInt8] = []
        out.reserveCapacity(path.count + 64)
        if let scheme { out += scheme; out.append(UInt8(ascii: ":")) }
        if let authority { out += [UInt8(ascii: "/"), UInt8(ascii: "/")]; out += authority }
        out += Self.recomposablePath(path, hasAuthority: authority != nil, hasScheme: scheme != nil)
        if let query { out.append(UInt8(ascii: "?")); out += query }
        if let fragment { out.append(UInt8(ascii: "#")); out += fragment }
        self.init(out)
    }

    /// `path` made safe to follow a scheme and authority (or their absence): without an authority
    /// a path must not start with `//` (RFC 3986 §3.3; errata 4547 and WHATWG write `/.//`), or
    /// the next parse would read a host out of it; without a scheme either, a first segment with
    /// `:` would read as a scheme (RFC 3986 §4.2), so it gets `./`.
    @_spi(Records) public static func recomposablePath(_ path: [UInt8], hasAuthority: Bool, hasScheme: Bool) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        guard !hasAuthority else { return path }
        if path.count >= 2, path[0] == slash, path[1] == slash { return [slash, UInt8(ascii: ".")] + path }
        if !hasScheme, path.first != slash, path.prefix(while: { $0 != slash }).contains(UInt8(ascii: ":")) {
            return [UInt8(ascii: "."), slash] + path
        }
        return path
    }

    /// Whether `bytes` has the syntax of a scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    @_spi(Records) public static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, ByteClass.test(first, .alpha) else { return false }
        return bytes.allSatisfy {
            ByteClass.test($0, [.alpha, .digit]) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// The bytes of `range`, or nil.
    @_spi(Records) public subscript(_ range: Range<Int>?) -> ArraySlice<UInt8>? {
        range.map { text[$0] }
    }
}
