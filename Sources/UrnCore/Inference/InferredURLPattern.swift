/// The origins of the links an inference read, for a URLPattern table (`--infer-dialect
/// urlpattern`), whose constructor strings hold an origin where a route file's patterns do not:
/// the one the links share, else a wildcard.
struct LinkOrigins: Sendable {
    /// The origin of the first absolute link (`https://shop.example:8080`).
    private(set) var first: [UInt8]?
    /// Whether the links had another origin than the first, or no origin (a path).
    private(set) var several = false
    /// Whether a link had no origin: a path, as an access log gives it.
    private(set) var paths = false
    /// How the WHATWG parser writes an internationalized domain in ASCII (libidn2's, from the
    /// tools), for the links read and the origin the patterns hold; nil: ASCII domains only.
    var domainToASCII: (@Sendable (String) -> String?)?

    /// Notes the origin of a link (`scheme://host:port`), nil for one that has none: a path.
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

    /// The `@base` line: the base the links were read against (`RouteInference.urlPatternBase`),
    /// which resolves links that are paths; the patterns hold their origin themselves.
    var urlPatternBase: String {
        "@base \(RouteInference.urlPatternBase)\n"
    }

    /// What comes before each pattern's path: the origin the links share, else a wildcard one.
    /// A shared origin that no pattern can hold is a wildcard too: a pattern's hostname is
    /// canonicalized as a special URL's, which refuses an app link's opaque host that decodes to
    /// no domain (`myapp://x%EF%BF%BD`).
    var urlPatternPrefix: String {
        if let first, !several {
            let origin = String(decoding: first, as: UTF8.self)
            if (try? URLPattern(origin + "/", domainToASCII: domainToASCII)) != nil { return origin }
        }
        return "*://*:*"
    }
}

extension InferredTable {
    /// A route's path in URLPattern's syntax: literals as the links wrote them (URLPattern
    /// compares the undecoded path) with its special characters escaped, `:name` for a value,
    /// `:name(regex)` for a typed one, `:name(.+)` for a catch-all (it takes slashes), and the
    /// second slash of a path that starts with two as the group `{/}`.
    static func urlPatternPath(_ route: InferredRoute) -> String {
        // a URLPattern pathname keeps its trailing slash: the empty last segment writes it
        let path = colonPattern(route, literal: urlPatternLiteral)
        // a path that starts with an empty segment would read as an authority (`//host`)
        return path.hasPrefix("//") ? "/{/}" + path.dropFirst(2) : path
    }

    /// A literal with every character that has a meaning in a URLPattern pathname escaped.
    private static func urlPatternLiteral(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).reduce(into: "") { out, c in
            if "\\:*(){}?+#".contains(c) { out.append("\\") }
            out.append(c)
        }
    }
}
