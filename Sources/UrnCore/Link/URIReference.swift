/// The five components of RFC 3986 Appendix B, as ranges into `text`: the generic split that
/// the parser, the resolver and the normalizer share.
public struct URIReference: Sendable {
    /// The reference's bytes.
    public var text: [UInt8]
    /// `scheme` without the `:`.
    public var scheme: Range<Int>?
    /// The authority without the leading `//`.
    public var authority: Range<Int>?
    /// The path (possibly empty).
    public var path: Range<Int>
    /// The query without `?`.
    public var query: Range<Int>?
    /// The fragment without `#`.
    public var fragment: Range<Int>?

    /// Splits `text` as Appendix B does; a scheme is taken only if it is well-formed.
    public init(_ text: [UInt8]) {
        self.text = text
        let n = text.count
        var i = 0
        while i < n {
            let b = text[i]
            if b == UInt8(ascii: ":") || b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { break }
            i += 1
        }
        var position = 0
        if i > 0, i < n, text[i] == UInt8(ascii: ":"), URIReference.isScheme(text[0..<i]) {
            scheme = 0..<i
            position = i + 1
        }
        if position + 1 < n, text[position] == UInt8(ascii: "/"), text[position + 1] == UInt8(ascii: "/") {
            let start = position + 2
            var end = start
            while end < n, text[end] != UInt8(ascii: "/"), text[end] != UInt8(ascii: "?"), text[end] != UInt8(ascii: "#") {
                end += 1
            }
            authority = start..<end
            position = end
        }
        var end = position
        while end < n, text[end] != UInt8(ascii: "?"), text[end] != UInt8(ascii: "#") { end += 1 }
        path = position..<end
        position = end
        if position < n, text[position] == UInt8(ascii: "?") {
            end = position + 1
            while end < n, text[end] != UInt8(ascii: "#") { end += 1 }
            query = (position + 1)..<end
            position = end
        }
        if position < n, text[position] == UInt8(ascii: "#") {
            fragment = (position + 1)..<n
        }
    }

    /// Builds a reference from components (RFC 3986 §5.3, recomposition).
    public init(
        scheme: ArraySlice<UInt8>?, authority: ArraySlice<UInt8>?, path: [UInt8],
        query: ArraySlice<UInt8>?, fragment: ArraySlice<UInt8>?
    ) {
        var out: [UInt8] = []
        out.reserveCapacity(path.count + 64)
        if let scheme { out += scheme; out.append(UInt8(ascii: ":")) }
        if let authority { out += [UInt8(ascii: "/"), UInt8(ascii: "/")]; out += authority }
        out += path
        if let query { out.append(UInt8(ascii: "?")); out += query }
        if let fragment { out.append(UInt8(ascii: "#")); out += fragment }
        self.init(out)
    }

    /// Whether `bytes` has the syntax of a scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    public static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, ByteClass.test(first, .alpha) else { return false }
        return bytes.allSatisfy {
            ByteClass.test($0, [.alpha, .digit]) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// The bytes of `range`, or nil.
    public subscript(_ range: Range<Int>?) -> ArraySlice<UInt8>? {
        range.map { text[$0] }
    }
}
