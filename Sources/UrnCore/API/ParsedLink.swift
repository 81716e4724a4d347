/// A link split into its parts, as `urnparse` splits it (urnparse(1) RECORDS): RFC 3986 URLs and
/// relative references, RFC 8141 URNs, opaque links (`post:BYOkwgXnwr3`) and Compass names.
/// Parts are percent-decoded (a part whose decoding is not UTF-8 is kept as written); the scheme
/// and host are in lower case.
public struct ParsedLink: Sendable, CustomStringConvertible {
    /// What kind of link it is.
    public enum Kind: String, Sendable {
        /// A scheme and a `//` authority: `https://example.com/a`, `myapp://user/42`.
        case url
        /// `urn:NID:NSS`, with its `nid` and `nss`.
        case urn
        /// A scheme without `//`: `mailto:a@b.c`, `post:BYOkwgXnwr3`.
        case opaque
        /// No scheme: `/user/42`, `user/42`, `//host/x`.
        case relative
    }

    /// One `key=value` item of the query, both decoded (`+` as a space).
    public struct QueryItem: Sendable, Equatable {
        /// The key.
        public let key: String
        /// The value; empty for a key without `=`.
        public let value: String
    }

    package let link: Link
    private let delimiter: [UInt8]

    /// Parses `text`. `compassScheme` reads `S://name` as the Compass name `name` (Compass's
    /// `Navigator.scheme`); `delimiter` splits URN and opaque names into segments; `lenient`
    /// percent-encodes characters RFC 3986 forbids (spaces, quotes) instead of refusing them.
    public init(_ text: String, compassScheme: String? = nil, delimiter: String = ":", lenient: Bool = false) throws(UrnError) {
        let parser = LinkParser(compassScheme: compassScheme, delimiter: delimiter, leniency: lenient ? .everywhere : .strict)
        do throws(LinkError) { link = try parser.parse(text) } catch { throw UrnError(error) }
        self.delimiter = Array(delimiter.utf8)
    }

    package init(link: Link, delimiter: [UInt8] = [UInt8(ascii: ":")]) {
        self.link = link
        self.delimiter = delimiter
    }

    /// The link as written (repaired, under `lenient`).
    public var description: String { String(decoding: link.text, as: UTF8.self) }
    /// The kind of link.
    public var kind: Kind { Kind(rawValue: link.kind.rawValue) ?? .relative }
    /// The scheme, in lower case.
    public var scheme: String? { link.scheme.map { String(decoding: link.text[$0].map(ByteClass.lowercased), as: UTF8.self) } }
    /// The user of the authority.
    public var user: String? { decoded(link.user) }
    /// The password of the authority.
    public var password: String? { decoded(link.password) }
    /// The host, decoded and in lower case.
    public var host: String? { decoded(link.host).map { $0.lowercased() } }
    /// The port, when the link gives one.
    public var port: Int? { link.port }
    /// The path, decoded (for URNs, the whole name after `urn:`).
    public var path: String { decoded(link.path) ?? "" }
    /// The query, as written, without `?`.
    public var query: String? { link.query.map { String(decoding: link.text[$0], as: UTF8.self) } }
    /// The fragment, decoded, without `#`.
    public var fragment: String? { decoded(link.fragment) }
    /// A URN's namespace identifier (`isbn` of `urn:isbn:0451450523`).
    public var namespace: String? { decoded(link.nid) }
    /// A URN's namespace-specific string (`0451450523`).
    public var namespaceSpecificString: String? { decoded(link.nss) }

    /// The path split on `/` (URLs and relative links), or the name split on the delimiter (URNs,
    /// opaque links, Compass names), each segment decoded.
    public var segments: [String] {
        var segments: [String] = []
        link.forEachSegment(delimiter: delimiter) { segments.append(Self.decodedText(link.text[$0], plusAsSpace: false)) }
        return segments
    }

    /// The query's items in order, keys and values decoded.
    public var queryItems: [QueryItem] {
        var items: [QueryItem] = []
        link.forEachParameter { key, value in
            items.append(QueryItem(key: Self.decodedText(link.text[key], plusAsSpace: true),
                                   value: Self.decodedText(link.text[value], plusAsSpace: true)))
        }
        return items
    }

    /// The link normalized as RFC 3986 §6.2.2–6.2.3 describes (case, percent-encoding, dot
    /// segments, default port, empty path of http(s)): what `urnparse --normalize` writes.
    public var normalized: String { String(decoding: LinkNormalizer.normalized(link), as: UTF8.self) }

    /// This link resolved against the absolute link `base` (RFC 3986 §5.2), as `urnparse --base`
    /// resolves it.
    public func resolved(against base: String) throws(UrnError) -> ParsedLink {
        do throws(LinkError) {
            let resolver = try LinkResolver(base: base)
            return ParsedLink(link: try LinkParser(leniency: .everywhere).parse(resolver.resolve(link.text)), delimiter: delimiter)
        } catch {
            throw UrnError(error)
        }
    }

    private func decoded(_ range: Range<Int>?) -> String? {
        range.map { Self.decodedText(link.text[$0], plusAsSpace: false) }
    }

    private static func decodedText(_ bytes: ArraySlice<UInt8>, plusAsSpace: Bool) -> String {
        String(decoding: PercentCoding.decodedUTF8(bytes, plusAsSpace: plusAsSpace) ?? Array(bytes), as: UTF8.self)
    }
}
