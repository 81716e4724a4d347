/// A route table compiled for lookup: one segment trie per component mode its routes need, and
/// Compass's host-mode index. A class, so that matching reads it in place instead of copying it.
final class CompiledTable {
    /// One trie and the routes in it, for the routes read with `mode`.
    struct Partition {
        let mode: ComponentMode
        var trie: SegmentTrie
        var routes: [Int]
    }

    /// The table.
    let table: RouteTable
    /// Its routes (the table's, held here so that matching does not copy the table).
    let routes: [Route]
    /// The same routes unretained, in memory of the table's own (`withRoute`): reading
    /// `routes[id]` retained the array and the route, atomic counts on memory that every
    /// `--jobs` worker shares, which bounced its cache lines between the cores.
    private let routeReferences: UnsafeMutableBufferPointer<Unmanaged<Route>>
    /// The partitions' tries unretained, the same way (`withTrie`).
    private let trieReferences: UnsafeMutableBufferPointer<Unmanaged<SegmentTrie>>
    /// Its dialect.
    let dialect: Dialect
    /// Its segment delimiter.
    let delimiter: [UInt8]
    /// What its segments accept.
    let rules: SegmentRules
    /// Which of two matching routes wins.
    let ranking: DialectRules.Ranking
    /// Some route is a WAAppRouting block handler.
    let hasBlocks: Bool
    /// Express paths only their regex can match, and URLPatterns, in table order.
    let regexRoutes: [Int]
    /// The tries, in the order their modes first occur in the table.
    let partitions: [Partition]
    /// A urlpattern table's routes, found by pathname where they can be; nil in other dialects.
    let urlPatterns: URLPatternIndex?
    /// WAAppRouting routes that throw on a longer reading (`throws(_:on:)`); empty in the other
    /// dialects.
    let throwingRoutes: [Int]
    /// Compass host mode: route index by exact pattern text (the last registration); empty in
    /// the dialects without host mode, which never look a pattern's text up.
    let byText: [String: Int]
    /// WAAppRouting stacks: the first screen route of each target class, by which a route's
    /// parent is found (WAAppRouteRegistrar.m:181-195); empty in the other dialects.
    let byTarget: [String: Int]
    /// An app-link table: its routes are tried in order instead of looked up.
    var isAppLinks: Bool { table.format.isAppLinks }

    /// Compiles `table` under `options`.
    init(_ table: RouteTable, _ options: Matcher.Options) {
        let dialect = table.dialect
        let rules = SegmentRules(table, caseInsensitive: options.caseInsensitive)
        let (partitions, regexRoutes) = Self.tries(table, options, rules)
        var byText: [String: Int] = [:]
        if dialect.rules.hostMode {
            byText.reserveCapacity(table.routes.count)
            for (id, route) in table.routes.enumerated() where !table.format.isAppLinks { byText[route.pattern.text] = id }
        }
        self.table = table
        self.routes = table.routes
        routeReferences = .allocate(capacity: table.routes.count)
        _ = routeReferences.initialize(from: table.routes.lazy.map { Unmanaged.passUnretained($0) })
        trieReferences = .allocate(capacity: partitions.count)
        _ = trieReferences.initialize(from: partitions.lazy.map { Unmanaged.passUnretained($0.trie) })
        self.dialect = dialect
        self.delimiter = Array(table.delimiter.utf8)
        self.rules = rules
        self.ranking = table.ranking
        self.hasBlocks = table.routes.contains { $0.isBlock }
        self.regexRoutes = regexRoutes
        self.partitions = partitions
        urlPatterns = dialect == .urlpattern && !table.format.isAppLinks ? URLPatternIndex(table.routes) : nil
        self.throwingRoutes = dialect == .waap ? table.routes.indices.filter { Self.mayThrow(table.routes[$0].pattern) } : []
        self.byText = byText
        self.byTarget = dialect.rules.registrationChains ? table.firstScreenByClass() : [:]
    }

    deinit {
        routeReferences.deallocate()
        trieReferences.deallocate()
    }

    /// Calls `body` with the trie of partition `index`, counting no reference.
    @inline(__always)
    func withTrie<Result, Failure: Error>(_ index: Int, _ body: (SegmentTrie) throws(Failure) -> Result) throws(Failure) -> Result {
        try trieReferences[index].withGuaranteed(body)
    }

    /// The route with index `id`, unretained: `routes` holds it.
    @inline(__always)
    func routeReference(_ id: Int) -> Unmanaged<Route> {
        routeReferences[id]
    }

    /// Calls `body` with the route with index `id`, counting no reference.
    @inline(__always)
    func withRoute<Result>(_ id: Int, _ body: (Route) -> Result) -> Result {
        routeReferences[id]._withUnsafeGuaranteedRef(body)
    }

    /// Whether the route with index `a` comes before the one with index `b` (urn-patterns(7)
    /// PRECEDENCE), counting no reference.
    @inline(__always)
    func precedes(_ a: Int, _ b: Int) -> Bool {
        withRoute(a) { routeA in withRoute(b) { routeB in Precedence.precedes(routeA, a, routeB, b, ranking: ranking) } }
    }

    /// The tries of `table`'s routes under `options`, one a component mode, frozen, and the
    /// Express paths only their regex can match, kept out of the tries, in table order. An
    /// app-link table's routes test links themselves, in table order (Matcher+AppLinks): its
    /// tries stay empty.
    private static func tries(_ table: RouteTable, _ options: Matcher.Options, _ rules: SegmentRules)
        -> (partitions: [Partition], regexRoutes: [Int]) {
        let routes = table.format.isAppLinks ? [] : table.routes
        // at most one literal edge and one node a segment: the room each trie makes at once
        var literals = 0, segments = 0
        for route in routes {
            literals += route.pattern.literalCount
            segments += route.pattern.segments.count
        }
        var partitions = modes(table, options).map {
            Partition(mode: $0, trie: SegmentTrie(rules: rules, literals: literals, segments: segments), routes: [])
        }
        var regexRoutes: [Int] = []
        for (id, route) in routes.enumerated() {
            if route.pattern.express != nil || route.pattern.urlPattern != nil {
                regexRoutes.append(id)
                continue
            }
            for index in partitions.indices {
                let trie = partitions[index].trie
                route.pattern.forEachVariant { variant in
                    trie.insert(variant, id: id, openEnded: route.pattern.openEnded)
                    return true
                }
                partitions[index].routes.append(id)
            }
        }
        for partition in partitions { partition.trie.freeze() }
        return (partitions, regexRoutes)
    }

    /// How `table` reads links: one way, or in `waap` the whole link first and then its host
    /// and path (WAAppRouteMatcher.m:14–26), a route matching either way.
    static func modes(_ table: RouteTable, _ options: Matcher.Options) -> [ComponentMode] {
        if table.format == .openapi { return [.openapi] }
        switch table.dialect {
        case .urn: return [.urn]
        case .compass: return [.compass(cut: compassCut(table))]
        case .navigator: return [.navigator]
        case .waap: return [.waapFull, waapRoute(options)]
        case .express: return [.express]
        // a URLPattern's routes are tried by `exec()`, in no trie
        case .urlpattern: return [.urn]
        }
    }

    /// Whether WAAppRouting's walk over a pattern can run past its components: the pattern has a
    /// `*`, so a longer reading is walked, and its last component is not `*`, the one test that
    /// ends the walk there (WARoutePattern.m:49-71).
    static func mayThrow(_ pattern: Pattern) -> Bool {
        guard let last = pattern.segments.last, !last.isCatchAll else { return false }
        return pattern.segments.contains { if case .wildcard = $0 { true } else { false } }
    }

    /// Whether WAAppRouting throws when it reads `components` with `pattern`, a pattern
    /// `mayThrow` names: the reading is longer than the pattern and each of the pattern's
    /// components takes its own (a literal equal as written, a `:name` or `*` anything), so the
    /// walk indexes past the pattern's end (WARoutePattern.m:64-71, NSRangeException).
    static func throwsReading(_ pattern: Pattern, _ components: Components) -> Bool {
        guard components.count > pattern.segments.count else { return false }
        for (index, segment) in pattern.segments.enumerated() {
            if case let .literal(text) = segment, !components[index].elementsEqual(text) { return false }
        }
        return true
    }

    /// How many bytes Compass cuts from a `scheme://` link: `Navigator.scheme` with its `://`
    /// (Navigator.swift:29), or nil without a table scheme.
    static func compassCut(_ table: RouteTable) -> Int? {
        table.scheme.map { $0.utf8.count + 3 }
    }

    /// The WAAppRouting reading that arguments come from (WAAppRouteMatcher.m:28–35).
    static func waapRoute(_ options: Matcher.Options) -> ComponentMode {
        .waapRoute(caseInsensitiveScheme: options.caseInsensitive)
    }
}
