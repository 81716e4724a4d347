/// The dialects `urnmatch --infer` writes its table in (`--infer-dialect`).
public enum InferredTableDialect: String, CaseIterable, Sendable {
    /// urn's own route file: `{name}`, `<int:name>`, `<*name>`, `@type` lines for `hex` and `date`.
    case urn
    /// An Express 4 route file: `:name`, `:name(regex)` for a type, `:name(.+)` for a catch-all.
    case express
    /// An OpenAPI 3.1 document in YAML: paths, methods and typed path parameters.
    case openapi
}

/// A table of inferred routes and the text of it in each dialect (urnmatch(1) INFERRING ROUTES):
/// one route a line, most specific first, each under a comment with its count of links and up to
/// three of them.
public struct InferredTable: Sendable {
    /// The routes, most specific first.
    public let routes: [InferredRoute]
    /// How many links they were inferred from.
    public let linkCount: Int
    /// The dialect the links were read in and the text is written in: Express's literals are
    /// the raw text of the path, the others' decoded text.
    public let dialect: InferredTableDialect

    public init(routes: [InferredRoute], linkCount: Int, dialect: InferredTableDialect) {
        self.routes = routes
        self.linkCount = linkCount
        self.dialect = dialect
    }

    /// The table's text.
    public func text() -> String {
        switch dialect {
        case .urn: return routeFile(dialect: dialect, routes: routes)
        case .express: return routeFile(dialect: dialect, routes: Self.caseFolded(routes))
        case .openapi: return InferredOpenAPI(routes: routes, linkCount: linkCount).text()
        }
    }

    /// A route file: a header comment, the `@dialect` and `@type` lines it needs, then each route
    /// under its comment.
    private func routeFile(dialect: InferredTableDialect, routes: [InferredRoute]) -> String {
        var out = "# urnmatch --infer: \(routes.count) \(routes.count == 1 ? "route" : "routes") from \(Self.grouped(linkCount)) \(linkCount == 1 ? "link" : "links")\n"
        if dialect != .urn { out += "@dialect \(dialect.rawValue)\n" }
        if dialect == .urn {
            let types = Set(routes.flatMap(\.segments).compactMap { segment -> InferredType? in
                if case let .placeholder(type?) = segment, type == .hex || type == .date { return type }
                return nil
            })
            for type in types.sorted() { out += "@type \(type.name) \(type.regex)\n" }
        }
        for route in routes {
            out += Self.comment(route)
            let pattern = dialect == .urn ? Self.urnPattern(route) : Self.expressPattern(route)
            out += route.methods.isEmpty ? pattern : route.methods.joined(separator: ",") + " " + pattern
            out += "\n"
        }
        return out
    }

    /// `# N links: A, B, C`.
    static func comment(_ route: InferredRoute) -> String {
        "# \(grouped(route.count)) \(route.count == 1 ? "link" : "links"): \(route.examples.joined(separator: ", "))\n"
    }

    /// `n` with a comma every three digits, as people read counts.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// The bytes a literal keeps as they are in a pattern; every other is percent-encoded, which
    /// each dialect reads back as the same text (urn and OpenAPI compare decoded components;
    /// Express, which does not decode, sees links written that way).
    static func keepsInPattern(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
             UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    /// A literal as a pattern writes it.
    static func literalText(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        PercentCoding.encode(bytes, keeping: keepsInPattern, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The pattern in urn's syntax.
    static func urnPattern(_ route: InferredRoute) -> String {
        var names = route.names.makeIterator()
        let parts = route.segments.map { segment -> String in
            switch segment {
            case let .literal(bytes): return literalText(bytes)
            case .placeholder(nil): return "{\(names.next()!)}"
            case let .placeholder(type?): return "<\(type.name):\(names.next()!)>"
            case .glob: return "<*\(names.next()!)>"
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The pattern in Express 4's syntax.
    static func expressPattern(_ route: InferredRoute) -> String {
        var names = route.names.makeIterator()
        let parts = route.segments.map { segment -> String in
            switch segment {
            case let .literal(bytes):
                // the raw path's text; every character with a meaning in Express's paths escaped
                return String(decoding: bytes, as: UTF8.self).reduce(into: "") { out, c in
                    if "\\.$^|?*+()[]{}:".contains(c) { out.append("\\") }
                    out.append(c)
                }
            case .placeholder(nil): return ":\(names.next()!)"
            case let .placeholder(type?): return ":\(names.next()!)(\(type.regex))"
            case .glob: return ":\(names.next()!)(.+)"
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The routes with those whose patterns differ only in letter case made one (the first, with
    /// the others' links): Express ignores case, so the first would take every link of the others.
    static func caseFolded(_ routes: [InferredRoute]) -> [InferredRoute] {
        var index: [String: Int] = [:]
        var out: [InferredRoute] = []
        for route in routes {
            let key = expressPattern(route).lowercased() + " " + route.methods.joined(separator: ",")
            if let first = index[key] {
                out[first].count += route.count
                for example in route.examples where out[first].examples.count < ObservedPaths.exampleLimit {
                    out[first].examples.append(example)
                }
            } else {
                index[key] = out.count
                out.append(route)
            }
        }
        return out
    }
}
