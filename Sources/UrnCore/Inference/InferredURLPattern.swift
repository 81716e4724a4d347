/// The origins of the links an inference read, for a URLPattern table (`--infer-dialect
/// urlpattern`), whose constructor strings hold an origin where a route file's patterns do not:
/// the one the links share, else none known.
struct LinkOrigins: Sendable {
    /// The origin of the first absolute link (`https://shop.example:8080`).
    private(set) var first: [UInt8]?
    /// Whether the links had another origin than the first, or no origin (a path).
    private(set) var several = false
    /// Whether a link had no origin: a path, as an access log gives it.
    private(set) var paths = false

    /// The origin of `link`: the text before its path, for a link with a scheme; nil for a path.
    static func origin(of link: Link) -> ArraySlice<UInt8>? {
        link.scheme == nil ? nil : link.text[..<link.path.lowerBound]
    }

    /// Notes the origin of a link (`origin(of:)`).
    mutating func add(_ origin: ArraySlice<UInt8>?) {
        guard let origin else {
            paths = true
            several = several || first != nil
            return
        }
        if let first {
            if !several, !first.elementsEqual(origin) { several = true }
        } else {
            first = Array(origin)
            several = paths
        }
    }

    /// The `@base` line: the origin the links share, which routes every pattern's path; else
    /// a base for the paths among the links only, as the patterns take any origin.
    var urlPatternBase: String {
        if let first, !several { return "@base \(String(decoding: first, as: UTF8.self))\n" }
        return "# the patterns take any origin; @base resolves links that are paths\n@base http://localhost\n"
    }

    /// What comes before each pattern's path: nothing where `@base` is the links' one origin,
    /// else a wildcard origin.
    var urlPatternPrefix: String {
        first != nil && !several ? "" : "*://*:*"
    }
}

extension InferredTable {
    /// A route's path in URLPattern's syntax: literals as the links wrote them (URLPattern
    /// compares the undecoded path) with its special characters escaped, `:name` for a value,
    /// `:name(regex)` for a typed one, `:name(.+)` for a catch-all (it takes slashes).
    static func urlPatternPath(_ route: InferredRoute) -> String {
        var names = route.names.makeIterator()
        let parts = route.segments.map { segment -> String in
            switch segment {
            case let .literal(bytes): return urlPatternLiteral(bytes)
            case .placeholder(nil): return ":\(names.next()!)"
            case let .placeholder(type?): return ":\(names.next()!)(\(type.regex))"
            case .glob: return ":\(names.next()!)(.+)"
            case let .stemmed(stem): return urlPatternLiteral(stem) + ":\(names.next()!)"
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// A literal with every character that has a meaning in a URLPattern pathname escaped.
    private static func urlPatternLiteral(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).reduce(into: "") { out, c in
            if "\\:*(){}?+#".contains(c) { out.append("\\") }
            out.append(c)
        }
    }
}
