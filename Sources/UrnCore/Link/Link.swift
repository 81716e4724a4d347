/// A parsed link: its kind and where each component lies in its text. Values are kept as
/// written; `PercentCoding` decodes them when asked.
@_spi(Records) public struct Link: Sendable {
    /// The four kinds of urnparse(1).
    @_spi(Records) public enum Kind: String, Sendable {
        /// A scheme and a `//` authority.
        case url
        /// An RFC 8141 URN.
        case urn
        /// A scheme without `//` (or a Compass `S://name` under `--scheme S`).
        case opaque
        /// No scheme.
        case relative
    }

    /// The link's bytes (after `--lenient` encoding, if any).
    @_spi(Records) public var text: [UInt8] { reference.text }
    /// The kind.
    @_spi(Records) public var kind: Kind
    /// Whether every byte of `text` is known to be written in a JSON string as it is
    /// (printable ASCII other than `"` and `\`): true for a link the common-URL scan read,
    /// whose bytes it checked, so that a writer of its slices need not scan them again.
    @_spi(Records) public internal(set) var textNeedsNoEscape = false
    /// Whether the path is known to hold no `%` escape (the common-URL scan saw none), so that
    /// its segments read the same decoded or not.
    @_spi(Records) public internal(set) var pathHasNoPercent = false
    /// The generic RFC 3986 split of `text`.
    @_spi(Records) public var reference: URIReference
    /// The scheme, without `:`.
    @_spi(Records) public var scheme: Range<Int>? { reference.scheme }
    /// The user part of the userinfo.
    @PackedRange @_spi(Records) public var user: Range<Int>?
    /// The password part of the userinfo (after the first `:`).
    @PackedRange @_spi(Records) public var password: Range<Int>?
    /// The host as written (brackets kept for IP literals).
    @PackedRange @_spi(Records) public var host: Range<Int>?
    /// The port number, when one is given.
    @_spi(Records) public var port: Int? {
        get { packedPort < 0 ? nil : Int(packedPort) }
        set { packedPort = newValue.map { Int32($0) } ?? -1 }
    }
    /// The path, or for a Compass name under `--scheme` the name.
    @_spi(Records) public var path: Range<Int> {
        get { packedPath.present }
        set { packedPath = PackedRange(newValue) }
    }
    /// The query, without `?` (for URNs, nil: see `urnQ`).
    @PackedRange @_spi(Records) public var query: Range<Int>?
    /// The fragment, without `#` (for URNs, nil: see `urnF`).
    @PackedRange @_spi(Records) public var fragment: Range<Int>?
    /// The URN namespace identifier.
    @PackedRange @_spi(Records) public var nid: Range<Int>?
    /// The URN namespace-specific string.
    @PackedRange @_spi(Records) public var nss: Range<Int>?
    /// The URN r-component (after `?+`).
    @PackedRange @_spi(Records) public var urnR: Range<Int>?
    /// The URN q-component (after `?=`).
    @PackedRange @_spi(Records) public var urnQ: Range<Int>?
    /// The URN f-component (after `#`).
    @PackedRange @_spi(Records) public var urnF: Range<Int>?
    /// The text whose delimiter-split gives the segments of a `urn` or `opaque` link.
    @_spi(Records) public var name: Range<Int> {
        get { packedName.present }
        set { packedName = PackedRange(newValue) }
    }

    // The path and name, eight bytes each like the other components (`PackedRange`).
    private var packedPath: PackedRange
    private var packedName: PackedRange
    private var packedPort: Int32 = -1

    /// An empty relative link, for `LinkParser.parse(_:base:leniency:into:)` to parse into.
    @_spi(Records) public init() {
        self.init(kind: .relative, reference: URIReference([]))
    }

    /// A link of `kind` over `reference`, components to be filled in by the parser.
    init(kind: Kind, reference: URIReference) {
        self.kind = kind
        self.reference = reference
        packedPath = PackedRange(reference.path)
        query = reference.query
        fragment = reference.fragment
        packedName = packedPath
    }

    /// A link that is only its text, split as RFC 3986 Appendix B splits any string: what
    /// `LinkParser.keepsRefusedText` keeps of a link it refuses (no host, port or checks).
    init(unparsed text: [UInt8]) {
        var reference = URIReference(text)
        reference.scheme = reference.foundationScheme
        self.init(kind: reference.scheme == nil ? .relative : reference.authority == nil ? .opaque : .url, reference: reference)
    }

    /// The bytes of a component range, or nil.
    @_spi(Records) public subscript(_ range: Range<Int>?) -> ArraySlice<UInt8>? {
        range.map { text[$0] }
    }

    /// Whether the link's path segments split on `/` (url, relative) rather than on a delimiter.
    @inline(__always)
    @_spi(Records) public var splitsOnSlash: Bool { kind == .url || kind == .relative }

    /// The part of the path that splits into `/` segments: without its leading `/`; nil when
    /// that leaves nothing (no segments).
    @_spi(Records) public var slashSegments: Range<Int>? {
        var start = path.lowerBound
        if start < path.upperBound, text[start] == UInt8(ascii: "/") { start += 1 }
        return start < path.upperBound ? start..<path.upperBound : nil
    }

    /// Calls `body` with the range of each segment (urnparse(1), `segments`): path segments split on `/` without a
    /// leading empty one, or the name split on `delimiter`.
    @_spi(Records) public func forEachSegment(delimiter: [UInt8], _ body: (Range<Int>) -> Void) {
        if splitsOnSlash {
            guard let segments = slashSegments else { return }
            Link.splitOnSlash(segments, of: text, body)
        } else {
            Link.split(name, of: text, on: delimiter, body)
        }
    }

    /// Calls `body` with the ranges of the non-empty `range` split on `/`, eight bytes a step.
    static func splitOnSlash(_ range: Range<Int>, of text: [UInt8], _ body: (Range<Int>) -> Void) {
        text.withUnsafeBytes { raw in
            var start = range.lowerBound
            while true {
                let end = nextSlash(raw.baseAddress!, from: start, to: range.upperBound)
                body(start..<end)
                if end == range.upperBound { return }
                start = end + 1
            }
        }
    }

    /// Where the `count`th (from 1) of the pieces `splitOnSlash` finds in `range` ends, or nil
    /// when there are fewer: the search stops there.
    static func endOfSlashPiece(_ count: Int, in range: Range<Int>, of text: [UInt8]) -> Int? {
        text.withUnsafeBytes { raw in
            var start = range.lowerBound
            var left = count
            while true {
                let end = nextSlash(raw.baseAddress!, from: start, to: range.upperBound)
                left -= 1
                if left == 0 { return end }
                if end == range.upperBound { return nil }
                start = end + 1
            }
        }
    }

    /// The index of the first `/` in `start..<end` of `raw`, or `end`.
    @inline(__always)
    private static func nextSlash(_ raw: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        SWAR.firstIndexInShortRange(raw, from: start, to: end, where: { SWAR.equal($0, UInt8(ascii: "/")) & SWAR.high }) {
            $0 == UInt8(ascii: "/")
        }
    }

    /// Calls `body` with the ranges of `range` split on the non-empty `delimiter`.
    static func split(_ range: Range<Int>, of text: [UInt8], on delimiter: [UInt8], _ body: (Range<Int>) -> Void) {
        guard !range.isEmpty else { return }
        let d = delimiter.count
        var start = range.lowerBound
        var i = range.lowerBound
        while i + d <= range.upperBound {
            if text[i] == delimiter[0], d == 1 || text[i..<(i + d)].elementsEqual(delimiter) {
                body(start..<i)
                i += d
                start = i
            } else {
                i += 1
            }
        }
        body(start..<range.upperBound)
    }

    /// Calls `body` with the key and value ranges of each `&`-separated query parameter, empty
    /// pieces skipped; a parameter without `=` has an empty value range.
    @_spi(Records) public func forEachParameter(_ body: (Range<Int>, Range<Int>) -> Void) {
        guard let query = kind == .urn ? urnQ : query else { return }
        var start = query.lowerBound
        var i = query.lowerBound
        while i <= query.upperBound {
            if i == query.upperBound || text[i] == UInt8(ascii: "&") {
                if start < i {
                    var equals = start
                    while equals < i, text[equals] != UInt8(ascii: "=") { equals += 1 }
                    body(start..<equals, equals < i ? (equals + 1)..<i : i..<i)
                }
                start = i + 1
            }
            i += 1
        }
    }
}

extension Link {
    /// `bytes` split on the non-empty `separator`.
    static func splitBytes(_ bytes: [UInt8], on separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        split(0..<bytes.count, of: bytes, on: separator) { pieces.append(bytes[$0]) }
        if bytes.isEmpty { pieces.append(bytes[...]) }
        return pieces
    }
}
