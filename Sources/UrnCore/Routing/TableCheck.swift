/// `urnmatch --check`: what a route table's author should know without any links — duplicates,
/// routes that can never win, and overlaps decided only by table order.
@_spi(Records) public enum TableCheck {
    /// One finding about a pair of routes.
    @_spi(Records) public struct Finding: Sendable {
        /// What was found.
        @_spi(Records) public enum Kind: String, Sendable {
            /// Two routes take the same links.
            case duplicate
            /// A route can never win.
            case shadowed
            /// Table order alone decides between two routes.
            case overlap
            /// An exact dialect's later registration of the same pattern replaces this route.
            case replaced
            /// The pattern loads but does not mean what it seems to (`detail` says why).
            case pattern
            /// A line that declares no route at all (`detail` says why; `line` is its line).
            case unrouted
        }
        /// The kind.
        @_spi(Records) public let kind: Kind
        /// The route the finding is about (the later one).
        @_spi(Records) public let route: Route
        /// The route it conflicts with (the route itself for `pattern`).
        @_spi(Records) public let other: Route
        /// What a `pattern` finding says.
        @_spi(Records) public var detail: String = ""
        /// The dialect of the route's table.
        @_spi(Records) public var dialect: Dialect = .urn
        /// The line of an `unrouted` finding, which has no route of its own.
        @_spi(Records) public var line: Int?
        /// What a `pattern` or `unrouted` finding found, as its code.
        var detailCode: String?
        /// A link made for the route that another route takes: the proof of a pair finding
        /// (`ExampleMaker.proving(_:)`).
        @_spi(Records) public var example: String?

        /// The finding's stable code (urnmatch-tables(7) CHECKING A TABLE): the kind's name for a pair of routes,
        /// what was found for a `pattern` or `unrouted` finding.
        @_spi(Records) public var code: String { detailCode ?? kind.rawValue }

        /// The line the finding is about.
        @_spi(Records) public var findingLine: Int { line ?? route.line }

        /// The routes the finding is about: the route, then the one it conflicts with; none for
        /// an `unrouted` finding, whose line declares no route.
        @_spi(Records) public var routes: [Route] {
            switch kind {
            case .unrouted: return []
            case .pattern: return [route]
            default: return [route, other]
            }
        }

        /// `table:line: warning: …`, GNU style, with the example link that proves it.
        @_spi(Records) public var description: String {
            "\(route.table):\(findingLine): warning: \(message)" + (example.map { " (example: \($0))" } ?? "")
        }

        /// What was found, in a sentence that starts with the route's pattern.
        @_spi(Records) public var message: String {
            let here = "'\(route.pattern.text)'"
            let there = other.table == route.table ? "line \(other.line)" : "\(other.table):\(other.line)"
            let theirs = "'\(other.pattern.text)'"
            switch kind {
            case .duplicate where dialect == .navigator || dialect == .waap:
                return "\(here) duplicates \(there) (\(theirs)): the app's order is undefined here (a dictionary's order picks one; urn takes the earlier line)"
            case .duplicate: return "\(here) duplicates \(there) (\(theirs))"
            case .shadowed: return "\(here) can never win: \(there) (\(theirs)) takes every link it matches"
            case .overlap where dialect == .navigator || dialect == .waap:
                return "\(here) overlaps \(there) (\(theirs)) at equal precedence: the app's order is undefined here (the library picks by a dictionary's order, which changes from launch to launch; urn takes the earlier line)"
            case .overlap: return "\(here) overlaps \(there) (\(theirs)) at equal precedence: table order decides"
            case .replaced: return "\(here) is registered again at \(there), which replaces it (the library keeps the last registration)"
            case .pattern: return "\(here): \(detail)"
            case .unrouted: return detail
            }
        }
    }

    /// The findings of every table, in table and line order.
    @_spi(Records) public static func findings(_ tables: [RouteTable], caseInsensitive: Bool = false) -> [Finding] {
        tables.flatMap { findings($0, caseInsensitive: caseInsensitive) }
    }

    private static func findings(_ table: RouteTable, caseInsensitive: Bool) -> [Finding] {
        if table.format == .openapi { return OpenAPICheck.findings(table, rules: SegmentRules(table, caseInsensitive: caseInsensitive)) }
        guard table.format == .routes else { return AppLinkCheck.findings(table) }
        var found = table.replaced.map { Finding(kind: .replaced, route: $0.earlier, other: $0.by) }
        // WAAppRouting's classes, indexed once for the table (a look-up per route, not a scan)
        let waap = table.dialect == .waap ? WAAppClasses(table) : nil
        for route in table.routes {
            for warning in route.pattern.warnings + RegexSpelling.warnings(route.pattern)
                + ForeignSyntax.warnings(route.pattern.text, dialect: table.dialect, delimiter: table.delimiter)
                + (waap?.warnings(route) ?? []) {
                found.append(Finding(kind: .pattern, route: route, other: route, detail: warning.message, detailCode: warning.code))
            }
            if table.dialect == .waap, let target = route.target, !route.isBlock, let first = target.unicodeScalars.first,
               first.properties.isLowercase {
                // Objective-C classes are capitalized; a lower-case target is most often a block
                found.append(Finding(kind: .pattern, route: route, other: route,
                                     detail: "target '\(target)' reads as a view controller class: for a block handler write ^\(target)",
                                     detailCode: "block-target"))
            }
            if let why = route.pattern.urlPattern?.cannotMatch {
                found.append(Finding(kind: .pattern, route: route, other: route, detail: why, detailCode: "cannot-match"))
            }
        }
        // a chain that registers nothing has no route to name: the table's first route stands in
        if let anchor = table.routes.first {
            for (line, chain) in table.unregistered {
                var finding = Finding(kind: .unrouted, route: anchor, other: anchor,
                                      detail: "'\(chain)' registers nothing: WAAppRouting stops a chain at an empty part, a leading '/' or a '//' (WAAppRouteRegistrar.m:76-79)",
                                      detailCode: "registers-nothing")
                finding.line = line
                found.append(finding)
            }
        }
        return (found + pairFindings(table, rules: SegmentRules(table, caseInsensitive: caseInsensitive)))
            .map { finding in
                var finding = finding
                finding.dialect = table.dialect
                return finding
            }
            .sorted { ($0.line ?? $0.route.line, $0.other.line) < ($1.line ?? $1.route.line, $1.other.line) }
    }

    /// Duplicates, routes that can never win and overlaps decided by table order, pair by pair.
    static func pairFindings(_ table: RouteTable, rules: SegmentRules) -> [Finding] {
        let routes = table.routes
        var byCount: [Int: [Int]] = [:]
        var catchAlls: [Int] = []
        for (id, route) in routes.enumerated() {
            let segments = route.pattern.segments
            if segments.contains(where: \.isCatchAll) { catchAlls.append(id) } else { byCount[segments.count, default: []].append(id) }
        }
        var found: [Finding] = []
        func consider(_ a: Int, _ b: Int) {
            // a < b: `a` is earlier in the table.
            let ra = routes[a], rb = routes[b]
            // a WAAppRouting block handler runs beside the screen route: only blocks compete with blocks
            guard ra.isBlock == rb.isBlock else { return }
            // routes for different HTTP methods never take the same request
            guard HTTPMethod.overlap(ra.methods, rb.methods) else { return }
            // a route that takes a method the other does not (HEAD beside GET) stays reachable
            let methodsAB = HTTPMethod.covers(ra.methods, rb.methods), methodsBA = HTTPMethod.covers(rb.methods, ra.methods)
            if ra.pattern.express != nil || rb.pattern.express != nil {
                // regexes are not compared; the same Express path twice is a duplicate
                if ra.pattern.text.lowercased() == rb.pattern.text.lowercased(), methodsAB {
                    found.append(Finding(kind: .duplicate, route: rb, other: ra))
                }
                return
            }
            if let pa = ra.pattern.urlPattern, let pb = rb.pattern.urlPattern {
                // URLPatterns are compared by their eight canonical pattern strings: the same
                // pattern twice is a duplicate; a route of higher precedence that covers another
                // (`URLPattern.covers`) shadows it, and its example link shows it (`ExampleMaker.proving(_:)`)
                let aFirst = Precedence.precedes(ra, a, rb, b, ranking: table.ranking)
                if URLPattern.Component.allCases.allSatisfy({ pa.pattern($0) == pb.pattern($0) }), methodsAB {
                    found.append(Finding(kind: .duplicate, route: rb, other: ra))
                } else if aFirst, methodsAB, pa.covers(pb) {
                    found.append(Finding(kind: .shadowed, route: rb, other: ra))
                } else if !aFirst, methodsBA, pb.covers(pa) {
                    found.append(Finding(kind: .shadowed, route: ra, other: rb))
                }
                return
            }
            let sa = ra.pattern.segments, sb = rb.pattern.segments
            guard schemesIntersect(ra.pattern, rb.pattern, table.dialect) else { return }
            let aCoversB = methodsAB && covers(sa, sb, rules) && schemeCovers(ra.pattern, rb.pattern)
            let bCoversA = methodsBA && covers(sb, sa, rules) && schemeCovers(rb.pattern, ra.pattern)
            let aFirst = Precedence.precedes(ra, a, rb, b, ranking: table.ranking)
            if aCoversB && bCoversA {
                found.append(Finding(kind: .duplicate, route: rb, other: ra))
            } else if aCoversB && aFirst {
                found.append(Finding(kind: .shadowed, route: rb, other: ra))
            } else if bCoversA && !aFirst {
                found.append(Finding(kind: .shadowed, route: ra, other: rb))
            } else if table.dialect != .express, intersect(sa, sb, rules), decidedByOrder(ra, a, rb, b, table.ranking) {
                // Express's rule is the first route that matches: a literal before a parameter
                // route is its idiom, so only duplicates and routes that can never win are said
                found.append(Finding(kind: .overlap, route: rb, other: ra))
            }
        }
        for ids in byCount.values {
            for (i, a) in ids.enumerated() {
                for b in ids[(i + 1)...] { consider(a, b) }
            }
        }
        for c in catchAlls {
            for other in routes.indices where other != c {
                // every pair with a catch-all once: catch-all against fixed routes, and catch-alls between them in order
                if catchAlls.contains(other) && other < c { continue }
                consider(min(c, other), max(c, other))
            }
        }
        return found
    }

    /// Whether the pair's precedence comes down to table order (rule 4 of urn-patterns(7) PRECEDENCE).
    private static func decidedByOrder(_ a: Route, _ ia: Int, _ b: Route, _ ib: Int, _ ranking: DialectRules.Ranking) -> Bool {
        Precedence.precedes(a, ia, b, ib, ranking: ranking) && Precedence.precedes(b, ia, a, ib, ranking: ranking)
    }

    private static func schemesIntersect(_ a: Pattern, _ b: Pattern, _ dialect: Dialect) -> Bool {
        if let sa = a.scheme, let sb = b.scheme, sa != sb { return false }
        if let ha = a.host, let hb = b.host, ha != hb { return false }
        if dialect.rules.schemeTest == .exact { return (a.scheme == nil) == (b.scheme == nil) }
        return true
    }

    /// Whether every scheme and host `b` accepts, `a` accepts too.
    private static func schemeCovers(_ a: Pattern, _ b: Pattern) -> Bool {
        (a.scheme == nil || a.scheme == b.scheme) && (a.host == nil || a.host == b.host)
    }

    /// Whether every component list `b` matches, `a` matches too. A catch-all in the middle is
    /// compared with the segment in the same place (an approximation that never over-reports).
    static func covers(_ a: [Segment], _ b: [Segment], _ rules: SegmentRules) -> Bool {
        for i in a.indices {
            if case .catchAll = a[i] {
                if i == a.count - 1 { return b.count > i }
                guard i < b.count, b[i].isCatchAll else { return false }
                continue
            }
            guard i < b.count, segmentCovers(a[i], b[i], rules) else { return false }
        }
        return b.count == a.count
    }

    private static func segmentCovers(_ a: Segment, _ b: Segment, _ rules: SegmentRules) -> Bool {
        switch (a, b) {
        case let (.literal(x), .literal(y)): return rules.literal(x, equals: y)
        case (.literal, _): return false
        case (.wildcard, .catchAll), (.placeholder, .catchAll), (.composite, .catchAll): return false
        case let (.placeholder(p), _) where p.type.isPlain: return true
        case (.wildcard, _): return true
        case let (.placeholder, .literal(y)), let (.composite, .literal(y)): return accepts(a, y, rules)
        case let (.placeholder(p), .placeholder(q)): return p.type.identity == q.type.identity
        case let (.composite(c), .composite(d)): return c.source == d.source
        default: return false
        }
    }

    /// Whether some component matches both segments (regexes are assumed to overlap).
    private static func segmentsIntersect(_ a: Segment, _ b: Segment, _ rules: SegmentRules) -> Bool {
        switch (a, b) {
        case let (.literal(x), .literal(y)): return rules.literal(x, equals: y)
        case let (.literal(x), _): return accepts(b, x, rules)
        case let (_, .literal(y)): return accepts(a, y, rules)
        case let (.placeholder(p), .placeholder(q)):
            switch (p.type, q.type) {
            case (.uuid, .int), (.int, .uuid), (.uuid, .float), (.float, .uuid): return false
            default: return true
            }
        case let (.composite(c), .composite(d)):
            return endsAgree(c.literalStart, d.literalStart, rules, atEnd: false)
                && endsAgree(c.literalEnd, d.literalEnd, rules, atEnd: true)
        default: return true
        }
    }

    /// Whether one literal start (or end) of a composite segment can be the start (or end) of
    /// a component that begins (or ends) with the other: one of them begins (ends) the other.
    private static func endsAgree(_ a: [UInt8], _ b: [UInt8], _ rules: SegmentRules, atEnd: Bool) -> Bool {
        let n = min(a.count, b.count)
        let x = atEnd ? Array(a.suffix(n)) : Array(a.prefix(n))
        let y = atEnd ? b.suffix(n) : b.prefix(n)
        return rules.literal(x, equals: y)
    }

    /// Whether some link matches both: the fixed segments before the first catch-all and after
    /// the last one must be able to agree, and the counts must allow it.
    private static func intersect(_ a: [Segment], _ b: [Segment], _ rules: SegmentRules) -> Bool {
        let aOpen = a.contains(where: \.isCatchAll), bOpen = b.contains(where: \.isCatchAll)
        let fixedA = a.count - a.filter(\.isCatchAll).count, fixedB = b.count - b.filter(\.isCatchAll).count
        if !aOpen && !bOpen && a.count != b.count { return false }
        if !aOpen && bOpen && a.count <= fixedB { return false }
        if aOpen && !bOpen && b.count <= fixedA { return false }
        let head = min(a.firstIndex(where: \.isCatchAll) ?? a.count, b.firstIndex(where: \.isCatchAll) ?? b.count)
        for i in 0..<head where !segmentsIntersect(a[i], b[i], rules) { return false }
        let tailA = a.count - 1 - (a.lastIndex(where: \.isCatchAll) ?? -1)
        let tailB = b.count - 1 - (b.lastIndex(where: \.isCatchAll) ?? -1)
        for k in 0..<min(tailA, tailB) where !segmentsIntersect(a[a.count - 1 - k], b[b.count - 1 - k], rules) {
            return false
        }
        return true
    }

    /// Whether `segment` takes the literal as a component (a regex that cannot decide does not).
    private static func accepts(_ segment: Segment, _ literal: [UInt8], _ rules: SegmentRules) -> Bool {
        (try? rules.accepts(segment, literal[...])) == true
    }
}

/// What `--check` needs of a WAAppRouting table's classes, indexed once: each class's screen
/// (the parent a stack walk finds), the parents each class is registered under, the last route
/// of each line and the chain parts written without a class.
private struct WAAppClasses {
    let routes: [Route]
    let screens: [String: Int]
    let parents: [String: Set<String>]
    let lastOfLine: [Int: Int]
    let bareParts: [Int: [String]]
    /// The screen routes by the shape of their patterns (`Self.shape`), for finding a route's
    /// prefixes.
    let screensByShape: [[String]: Route]

    init(_ table: RouteTable) {
        routes = table.routes
        screens = table.firstScreenByClass()
        var parents: [String: Set<String>] = [:]
        var lastOfLine: [Int: Int] = [:]
        for (id, route) in table.routes.enumerated() {
            lastOfLine[route.line] = id
            if !route.isBlock, let target = route.target { parents[target, default: []].insert(route.parentClass ?? "") }
        }
        self.parents = parents
        self.lastOfLine = lastOfLine
        bareParts = Dictionary(grouping: table.bareChainParts, by: \.line).mapValues { $0.map(\.part) }
        var screensByShape: [[String]: Route] = [:]
        for route in table.routes where !route.isBlock && route.target != nil {
            let shape = Self.shape(route.pattern)
            if screensByShape[shape] == nil { screensByShape[shape] = route }
        }
        self.screensByShape = screensByShape
    }

    /// A pattern's segments as the links they take: literals as written, any placeholder as
    /// `:`, `*` as itself.
    private static func shape(_ pattern: Pattern) -> [String] {
        zip(pattern.segments, written(pattern)).map { segment, text in
            if case .placeholder = segment { return ":" }
            return text
        }
    }

    /// A pattern's segments as written.
    private static func written(_ pattern: Pattern) -> [String] {
        let text = Array(pattern.text.utf8)
        return pattern.sourceRanges.map { String(decoding: text[$0], as: UTF8.self) }
    }

    /// A screen registered alone (a flat line, no chain) although routes of the table are
    /// prefixes of it: WAAppRouting builds a stack from chains only (WAAppRouteHandler.m:145-160),
    /// so the app opens the screen with nothing beneath it. Says how to write the chain.
    private func flatPrefixWarning(_ route: Route) -> PatternWarning? {
        guard route.parentClass == nil, lastOfLine[route.line].map({ routes[$0] === route }) == true,
              let target = route.target else { return nil }
        let shape = Self.shape(route.pattern)
        let written = Self.written(route.pattern)
        var prefixes: [Route] = []
        for count in stride(from: 1, to: shape.count, by: 1) {
            if let prefix = screensByShape[Array(shape.prefix(count))], prefix.line != route.line { prefixes.append(prefix) }
        }
        guard let nearest = prefixes.last else { return nil }
        let parts = written.indices.map { index -> String in
            let screen = index == written.count - 1 ? target : screensByShape[Array(shape.prefix(index + 1))]?.target
            return written[index] + (screen.map { "{\($0)}" } ?? "")
        }
        let chain = parts.count == prefixes.count + 1 ? "register the chain '\(parts.joined(separator: "/"))'"
            : "register it as a chain whose every part names its {Class} (urn-patterns(7))"
        return PatternWarning("flat-prefix", "\(target) is registered alone, so WAAppRouting opens it with no screen beneath it, although '\(nearest.pattern.text)' (line \(nearest.line)) is a prefix of it: the library builds stacks from chains only (WAAppRouteHandler.m:145-160); to stack it, \(chain)")
    }

    /// What WAAppRouting 0.0.5 does with `route` that the table's author should know: a part
    /// without a `{Class}` (the library asserts at registration), a class that is its own
    /// ancestor (the app builds its stack for ever), a class registered under two parents (the
    /// stack depends on a dictionary's order).
    func warnings(_ route: Route) -> [PatternWarning] {
        guard !route.isBlock else { return [] }
        var warnings: [PatternWarning] = flatPrefixWarning(route).map { [$0] } ?? []
        if let last = lastOfLine[route.line], routes[last] === route {
            // said once, on the line's last route, for each part of its chain without a class
            for part in bareParts[route.line] ?? [] {
                warnings.append(PatternWarning("part-without-class", "chain part '\(part)' has no {Class}: WAAppRouting 0.0.5 asserts when it registers one (WAAppRouteRegistrar.m:84-88), so the app stops at launch; urn reads it as the screen declared before, if any"))
            }
        }
        guard let target = route.target else { return warnings }
        var seen: Set<String> = [target]
        var parent = route.parentClass
        while let current = parent {
            if seen.contains(current) {
                warnings.append(PatternWarning("own-ancestor", "class \(current) is its own ancestor: WAAppRouting builds the stack by class for ever (WAAppRouteHandler.m:149-154); urn stops at the repeat"))
                break
            }
            seen.insert(current)
            parent = screens[current].map { routes[$0].parentClass } ?? nil
        }
        if let registered = parents[target], registered.count > 1, let first = screens[target], routes[first] !== route {
            warnings.append(PatternWarning("two-parents", "class \(target) is registered under \(registered.count) parents: WAAppRouting finds a parent by class in a dictionary's order (WAAppRouteRegistrar.m:181-195), so the stack can differ from launch to launch"))
        }
        return warnings
    }
}
