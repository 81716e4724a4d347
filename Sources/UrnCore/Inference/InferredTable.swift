/// The dialects `urnmatch --infer` writes its table in (`--infer-dialect`).
public enum InferredTableDialect: String, CaseIterable, Sendable {
    /// urn's own route file: `{name}`, `<int:name>`, `<*name>`, `@type` lines for `hex` and `date`.
    case urn
    /// An Express 4 route file: `:name`, `:name(regex)` for a type, `:name(.+)` for a catch-all.
    case express
    /// An OpenAPI 3.1 document in YAML: paths, methods and typed path parameters.
    case openapi
    /// A URLNavigator table: `scheme://host/path` patterns, `<name>`, `<int:name>`, `<uuid:name>`,
    /// `@type` lines for `hex` and `date`, `<path:name>` for a final catch-all.
    case navigator
    /// A WAAppRouting table: `path/:name`, names only, a catch-all written once for each length.
    case waap
    /// A URLPattern table: constructor strings of the links' path (`/p/:slug`, `:id(\\d+)` for a
    /// type, `:rest(.+)` for a catch-all), in first-match order, with `@base` the links' origin
    /// where they share one and a wildcard origin (`*://*:*`) where they do not.
    case urlpattern

    /// Whether a link's first component is its origin (URLNavigator compares schemes and hosts).
    var readsOrigin: Bool { self == .navigator }

    /// Where a route that has a catch-all may take a second (`GlobMerge`).
    var secondCatchAll: GlobMerge.SecondCatchAll {
        switch self {
        case .urn, .express, .urlpattern: .anywhere
        case .navigator: .final
        case .waap, .openapi: .none
        }
    }

    /// The dialect urnmatch reads the table in (an OpenAPI document's paths are urn patterns).
    package var tableDialect: Dialect {
        switch self {
        case .urn, .openapi: .urn
        case .express: .express
        case .navigator: .navigator
        case .waap: .waap
        case .urlpattern: .urlpattern
        }
    }
}

/// A table of inferred routes and the text of it in each dialect (urnmatch-tables(7) INFERRING ROUTES):
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
    /// The records read but not inferred from.
    public let leftOut: LeftOut
    /// The origins of the links (read for a URLPattern table, which writes them).
    let origins: LinkOrigins

    /// The records an inference read but did not infer from, counted on the table's first lines.
    public struct LeftOut: Sendable {
        /// Records whose link is null: an access-log line with no request (`"-"`, another
        /// protocol's bytes).
        public var withoutLink = 0
        /// Requests the server refused (a `status` of 400 or more), left out unless asked for.
        public var refused = 0

        /// No record left out.
        public init() {}

        /// Adds the counts of `other`.
        public mutating func add(_ other: LeftOut) {
            withoutLink += other.withoutLink
            refused += other.refused
        }

        /// The comment lines that say what was left out; none when nothing was.
        var comments: String {
            var out = ""
            if withoutLink > 0 {
                out += "# left out: \(grouped(withoutLink)) \(withoutLink == 1 ? "record" : "records") without a link (a log line with no request)\n"
            }
            if refused > 0 {
                out += "# left out: \(grouped(refused)) refused \(refused == 1 ? "request" : "requests") (status 400 or more; --infer-status all keeps them)\n"
            }
            return out
        }
    }

    /// A placeholder that took few texts, each seen often: a set that small may as well be
    /// read as literals (urnmatch-tables(7), A closed set), which the table's first lines say.
    public struct CloseSet: Sendable {
        /// The route segments up to the placeholder.
        let segments: [InferredRoute.Segment]
        /// How many texts it took.
        let texts: Int

        /// How many texts make a close call: fewer than `SlotDecision.closedSetSize`, and
        /// more than the few literal pages a site puts side by side.
        static let range = 8..<SlotDecision.closedSetSize

        /// How many links a text has, on average, for its few texts to be a set seen whole
        /// rather than the first values of an open one.
        static let linksPerText = 10

        /// The close call of a placeholder after `segments` that took `texts` (with their links),
        /// if their number is in `range` and they were seen `linksPerText` times each on average.
        init?(segments: [InferredRoute.Segment], texts: [[UInt8]: Int]) {
            guard Self.range.contains(texts.count), texts.values.reduce(0, +) >= Self.linksPerText * texts.count else { return nil }
            self.segments = segments
            self.texts = texts.count
        }

        /// Its comment line.
        var comment: String {
            let position = InferredTable.urnPattern(InferredRoute(segments: segments, count: 0, examples: [], methods: []))
            return "# close: \(position) took \(texts) texts only (\(Self.linksPerText) links a text or more): one placeholder, though so few may be literals\n"
        }
    }

    /// The placeholders that made a close call, which the table's first lines name.
    public internal(set) var closeSets: [CloseSet] = []

    /// A table of `routes` (most specific first), inferred from `linkCount` links read in
    /// `dialect`, with `leftOut` the records its reader did not add.
    public init(routes: [InferredRoute], linkCount: Int, dialect: InferredTableDialect, leftOut: LeftOut = .init()) {
        self.init(routes: routes, linkCount: linkCount, dialect: dialect, leftOut: leftOut, origins: LinkOrigins())
    }

    /// A table, with the origins of its links.
    init(routes: [InferredRoute], linkCount: Int, dialect: InferredTableDialect, leftOut: LeftOut, origins: LinkOrigins) {
        self.routes = routes
        self.linkCount = linkCount
        self.dialect = dialect
        self.leftOut = leftOut
        self.origins = origins
    }

    /// The table's text.
    public func text() -> String {
        switch dialect {
        case .urn:
            return routeFile(routes, pattern: Self.urnPattern)
        case .express:
            // Express ignores case: of routes alike but for it, the first would take every link
            return routeFile(Self.merged(routes, by: { Self.expressPattern($0).lowercased() }), pattern: Self.expressPattern)
        case .navigator:
            // routes of equal literal counts that share a link are one (URLNavigator's tie is a
            // dictionary's order)
            let expanded = Self.merged(routes.flatMap { $0.wholeComponents.withGlobsExpanded(keepingFinal: true) }, by: Self.navigatorPattern)
            return routeFile(UnrankedOverlaps.merged(expanded, ranking: .literalCount), pattern: Self.navigatorPattern)
        case .waap:
            // no types, and a `*` would share its links with the routes beside it, which
            // WAAppRouting's dictionary orders at random: each length is a route, and routes that
            // share a link are one
            let expanded = Self.merged(routes.flatMap { $0.withGlobsExpanded(keepingFinal: false) }.map(\.untyped), by: Self.waapPattern)
            return routeFile(UnrankedOverlaps.merged(expanded, ranking: .none), pattern: Self.waapPattern)
        case .urlpattern:
            // first match, as the routes are ranked; two alike but for the case of a literal are
            // kept apart, as URLPattern compares case
            let prefix = origins.urlPatternPrefix
            return routeFile(Self.merged(routes, by: Self.urlPatternPath), pattern: { prefix + Self.urlPatternPath($0) })
        case .openapi:
            // no catch-all: each length is a path; templated paths are ranked by how many
            // template expressions they have, and two with as many that share a link are left
            // to the tool, so they are one
            let expanded = routes.flatMap { $0.withGlobsExpanded(keepingFinal: false) }
            return InferredOpenAPI(routes: UnrankedOverlaps.merged(expanded, ranking: .templateExpressions), header: header(routes:)).text()
        }
    }

    /// The first lines of a table: what made it, from how much, and what it left out.
    func header(routes: Int) -> String {
        "# urnmatch --infer: \(routes) \(routes == 1 ? "route" : "routes") from \(Self.grouped(linkCount)) \(linkCount == 1 ? "link" : "links")\n"
            + leftOut.comments + closeSets.map(\.comment).joined()
    }

    /// A route file: the header, the `@dialect` and `@type` lines it needs, then each route
    /// under its comment, written by `pattern`, with a method column where the dialect has one.
    private func routeFile(_ routes: [InferredRoute], pattern: (InferredRoute) -> String) -> String {
        // WAAppRouting routes by host and path, and some components are no literal it can
        // register (`waapWritable`): a link with neither a host nor a path (a relative or opaque
        // one), or with such a component, has no route, so its group is said in a comment
        let unroutable = dialect == .waap ? routes.filter(Self.waapCannotRegister) : []
        let routes = unroutable.isEmpty ? routes : routes.filter { !Self.waapCannotRegister($0) }
        var out = header(routes: routes.count)
        if dialect != .urn { out += "@dialect \(dialect.rawValue)\n" }
        if dialect == .urlpattern { out += origins.urlPatternBase }
        if dialect == .urn || dialect == .navigator {
            let types = Set(routes.flatMap(\.segments).compactMap { segment -> InferredType? in
                if case let .placeholder(type?) = segment, type == .hex || type == .date { return type }
                return nil
            })
            for type in types.sorted() { out += "@type \(type.name) \(type.regex)\n" }
        }
        let methodColumn = dialect == .urn || dialect == .express || dialect == .urlpattern
        for route in routes {
            out += Self.comment(route)
            if methodColumn, !route.methods.isEmpty { out += route.methods.joined(separator: ",") + " " }
            out += Self.routeLine(pattern(route)) + "\n"
        }
        for route in unroutable {
            out += Self.comment(route) + (route.segments.isEmpty
                ? "# (no route: WAAppRouting reads neither a host nor a path in these links)\n"
                : "# (no route: a component of these links is no literal WAAppRouting can register)\n")
        }
        return out
    }

    /// `pattern` as a line of a route file: as it is, or as a JSON route (`{"pattern":"…"}`)
    /// where a line starting so would be read as a comment (`#`), a directive (`@`) or a JSON
    /// route. Only a WAAppRouting pattern, which has no leading slash, can start so.
    static func routeLine(_ pattern: String) -> String {
        guard let first = pattern.utf8.first, first == UInt8(ascii: "#") || first == UInt8(ascii: "@") || first == UInt8(ascii: "{")
        else { return pattern }
        var json = JSONWriter(capacity: pattern.utf8.count + 16)
        json.beginObject()
        json.key("pattern")
        json.string(pattern)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Whether WAAppRouting can register no route for `route`'s links: they have no component,
    /// or one no literal of its can be written as (`waapWritable`).
    private static func waapCannotRegister(_ route: InferredRoute) -> Bool {
        route.segments.isEmpty || route.segments.contains { if case let .literal(bytes) = $0 { !waapWritable(bytes) } else { false } }
    }

    /// Whether a WAAppRouting literal can be `text` (decoded, as it is compared): not empty (a
    /// `//` ends a chain), not read as a placeholder (`:` first) or a wildcard (`*`), without
    /// a chain's `{` `}`, a `/`, or a blank that ends the route, and UTF-8. It has no escape,
    /// and it is compared as written, so an encoded byte would not match.
    package static func waapWritable(_ text: [UInt8]) -> Bool {
        guard let first = text.first, first != UInt8(ascii: ":"), text != [UInt8(ascii: "*")] else { return false }
        return !text.contains { "{}/ \t\n\r".utf8.contains($0) } && String(validating: text, as: UTF8.self) != nil
    }

    /// `# N links: A, B, C`; for a length of a catch-all that no link of its route had
    /// (`InferredRoute.withGlobsExpanded`), `# 0 links` and why the route is written.
    static func comment(_ route: InferredRoute) -> String {
        guard route.count > 0 else { return "# 0 links: a length the catch-all takes, which no link of this route had\n" }
        return "# \(grouped(route.count)) \(route.count == 1 ? "link" : "links"): \(route.examples.joined(separator: ", "))\n"
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
            case let .stemmed(stem): return literalText(stem) + "{\(names.next()!)}"
            }
        }
        return "/" + parts.joined(separator: "/") + keptEmptyLast(route)
    }

    /// The pattern in Express 4's syntax.
    static func expressPattern(_ route: InferredRoute) -> String {
        colonPattern(route, literal: expressLiteral) + keptEmptyLast(route)
    }

    /// The path in a `:name` syntax (Express's, URLPattern's): literals as `literal` writes
    /// them, `:name` for a value, `:name(regex)` for a typed one, `:name(.+)` for a catch-all.
    static func colonPattern(_ route: InferredRoute, literal: ([UInt8]) -> String) -> String {
        var names = route.names.makeIterator()
        let parts = route.segments.map { segment -> String in
            switch segment {
            case let .literal(bytes): return literal(bytes)
            case .placeholder(nil): return ":\(names.next()!)"
            case let .placeholder(type?): return ":\(names.next()!)(\(type.regex))"
            case .glob: return ":\(names.next()!)(.+)"
            case let .stemmed(stem): return literal(stem) + ":\(names.next()!)"
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// A literal as Express reads it: the raw path's text, every character with a meaning in
    /// Express's paths escaped.
    private static func expressLiteral(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).reduce(into: "") { out, c in
            if "\\.$^|?*+()[]{}:".contains(c) { out.append("\\") }
            out.append(c)
        }
    }

    /// URLNavigator's pattern: the origin the links share (`https://example.com`, `myapp:` for an
    /// app link, whose host is the first component, nothing for a path), then the components as
    /// written (URLNavigator compares the link's text, undecoded).
    static func navigatorPattern(_ route: InferredRoute) -> String {
        var names = route.names.makeIterator()
        var segments = route.segments[...]
        var origin = ""
        if case let .literal(first)? = segments.first {
            segments = segments.dropFirst()
            origin = String(decoding: first, as: UTF8.self)
        }
        let parts = segments.map { segment -> String in
            switch segment {
            case let .literal(bytes): return String(decoding: bytes, as: UTF8.self)
            case .placeholder(nil), .stemmed: return "<\(names.next()!)>"
            case let .placeholder(type?): return "<\(type.name):\(names.next()!)>"
            case .glob: return "<path:\(names.next()!)>"
            }
        }
        return origin.isEmpty ? "/" + parts.joined(separator: "/") : origin + "//" + parts.joined(separator: "/")
    }

    /// The slash that keeps an empty last component: urn, and Express (path-to-regexp 0.1,
    /// non-strict), ignore one trailing slash of a pattern as of a link, so `/x//` is written for
    /// the links `/x//`, whose last component is empty; nothing otherwise.
    private static func keptEmptyLast(_ route: InferredRoute) -> String {
        if case .literal([]) = route.segments.last { "/" } else { "" }
    }

    /// WAAppRouting's pattern: names only (it has no types).
    static func waapPattern(_ route: InferredRoute) -> String {
        var names = route.names.makeIterator()
        let parts = route.segments.map { segment -> String in
            switch segment {
            // WAAppRouting compares a literal, as written, with the decoded path: the text as
            // decoded (`waapCannotRegister` leaves out what it cannot write)
            case let .literal(bytes):
                return String(decoding: bytes, as: UTF8.self)
            case .placeholder, .stemmed: return ":\(names.next()!)"
            case .glob: _ = names.next(); return "*"
            }
        }
        return parts.joined(separator: "/")
    }

    /// The routes with those whose patterns `key` makes alike made one: the first, with the
    /// others' links, since it would take every link of the others.
    static func merged(_ routes: [InferredRoute], by key: (InferredRoute) -> String) -> [InferredRoute] {
        var index: [String: Int] = [:]
        var out: [InferredRoute] = []
        for route in routes {
            let key = key(route) + " " + route.methods.joined(separator: ",")
            if let first = index[key] {
                out[first].addLinks(of: route)
            } else {
                index[key] = out.count
                out.append(route)
            }
        }
        return out
    }
}
