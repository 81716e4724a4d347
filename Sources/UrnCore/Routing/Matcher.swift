/// Routes links through one or more route tables (urn-patterns(7), urnmatch(1)). Each table is compiled once into
/// segment tries; several tables act as Compass's composite router, the first that matches
/// taking the link.
@_spi(Records) public final class Matcher {
    /// How matching reads links and fills arguments.
    @_spi(Records) public struct Options: Sendable {
        /// Keep argument values as written (`--raw`).
        @_spi(Records) public var raw = false
        /// Add query parameters to the arguments (`--merge-query`).
        @_spi(Records) public var mergeQuery = false
        /// Compare literals without regard to case (`-i`).
        @_spi(Records) public var caseInsensitive = false

        /// The default options.
        @_spi(Records) public init(raw: Bool = false, mergeQuery: Bool = false, caseInsensitive: Bool = false) {
            self.raw = raw
            self.mergeQuery = mergeQuery
            self.caseInsensitive = caseInsensitive
        }
    }

    /// The tables, in the order they were given.
    @_spi(Records) public let tables: [RouteTable]
    /// The options.
    @_spi(Records) public let options: Options
    let compiled: [CompiledTable]
    /// `compiled` unretained, in an array of this matcher's own: the tables are shared by
    /// `--jobs` workers, and a retain of a shared object or array on every link bounced its
    /// cache line between the cores.
    let tableReferences: [Unmanaged<CompiledTable>]
    /// Every table is an app-link table (or there is none): links have no ancestry.
    let onlyAppLinks: Bool

    // Scratch state, reused for every link. Only this matcher's own methods touch it, one call
    // at a time (a Matcher is not Sendable), so the runtime exclusivity checks, which every
    // link would pay, are turned off for it.

    /// The components of the link being matched.
    @exclusivity(unchecked) var components = Components()
    /// What `components` holds: the mode and delimiter it was read for (no mode: nothing read
    /// for the link of this call), and its full ranges (a prefix match truncates them). Every
    /// call about a link reads it afresh, once for each way its tables read it; urnstack, which
    /// asks about every prefix of one link, holds one reading across its calls
    /// (`startHolding`).
    @exclusivity(unchecked) private var readMode: ComponentMode?
    @exclusivity(unchecked) private var readDelimiter: [UInt8] = []
    /// Whether a caller holds one link's reading across its calls.
    @exclusivity(unchecked) private var readingHeld = false
    /// Lower-cased components (`-i`).
    @exclusivity(unchecked) private var lookup = Components()
    /// Route ids a trie search found, and the candidates collected from them.
    @exclusivity(unchecked) private var found: [Int] = []
    @exclusivity(unchecked) var ranked: [(id: Int, mode: ComponentMode)] = []
    /// The WAAppRouting routes that throw on the link's whole reading, out of the running.
    @exclusivity(unchecked) private var throwing: [Int] = []
    /// What the urlpattern tables read of this call's link (`URLPatternScratch`).
    @exclusivity(unchecked) var urlPattern = URLPatternScratch()
    /// The HTTP method of the request being routed (`--method`), nil for any.
    @exclusivity(unchecked) var method: String?
    /// Route ids by prefix length, for stacks.
    @exclusivity(unchecked) var prefixFound: [(length: Int, id: Int)] = []
    /// The buffer of the last match's arguments, appended to while a match holds it and reused
    /// once none does.
    @exclusivity(unchecked) var argumentBuffer: ArgumentBuffer?
    /// The component range of each segment of the last pattern aligned with the components
    /// (`Alignment`), its storage kept from link to link.
    @exclusivity(unchecked) var alignment: [Range<Int>] = []
    /// The first Express parameter of the last arguments made that could not be decoded.
    @exclusivity(unchecked) var undecodable: UndecodableParameter?
    /// Why the last link `firstMatch` gave no route for was refused, where Express answers 400
    /// rather than 404: a route whose path takes the link has a parameter `decodeURIComponent`
    /// refuses (lib/router/layer.js:166-181). Set only by Express tables.
    @exclusivity(unchecked) @_spi(Records) public internal(set) var refusal: UndecodableParameter?
    /// Why the last link `firstMatch` gave no route for is one the urlpattern tables cannot
    /// read: the WHATWG URL parser reads no URL from it, against any of their base URLs. Set by
    /// urlpattern tables only, for each link they read.
    @exclusivity(unchecked) @_spi(Records) public internal(set) var unreadableURL: UnreadableURL?
    /// The parameters of the last OpenAPI arguments made whose values break their schema.
    @exclusivity(unchecked) var invalidParameters: [InvalidParameter] = []

    /// Compiles `tables`.
    @_spi(Records) public init(tables: [RouteTable], options: Options = Options()) {
        self.tables = tables
        self.options = options
        compiled = tables.map { CompiledTable($0, options) }
        tableReferences = compiled.map { .passUnretained($0) }
        onlyAppLinks = compiled.allSatisfy(\.isAppLinks)
    }

    /// A matcher over `other`'s compiled tables, not compiled again, with scratch state of its
    /// own: one per thread, since matching writes the scratch and only reads the tables.
    @_spi(Records) public init(sharingTablesOf other: Matcher) {
        tables = other.tables
        options = other.options
        compiled = other.compiled
        tableReferences = compiled.map { .passUnretained($0) }
        onlyAppLinks = compiled.allSatisfy(\.isAppLinks)
    }

    /// Throws why the last link `firstMatch` gave no route for is an error rather than a miss:
    /// Express's 400 (`refusal`), or a link no urlpattern table reads a URL from
    /// (`unreadableURL`). Read here, where the properties are declared, so that their accesses
    /// are not checked at run time in the tools.
    @_spi(Records) public func throwRefusal() throws {
        if let refusal { throw refusal }
        if let unreadableURL { throw unreadableURL }
    }

    /// Fills `components` with `link` read for `mode`, reusing what this call (or the reading a
    /// caller holds) has read that way. Inlined, as the reading it calls is, so that the link is
    /// not copied into a call. One delimiter, the table's, is not stored again.
    @inline(__always)
    func readComponents(_ link: Link, mode: ComponentMode, delimiter: [UInt8]) {
        if let readMode, readMode == mode, Self.same(readDelimiter, delimiter) {
            components.showAll()
            return
        }
        components.read(link, mode: mode, delimiter: delimiter, raw: options.raw)
        readMode = mode
        if !Self.same(readDelimiter, delimiter) { readDelimiter = delimiter }
    }

    /// Starts a call about a link: what `components` and `urlPattern.input` hold was read for
    /// another link, unless a caller holds the reading of this one.
    @inline(__always)
    func beginCall() {
        if !readingHeld {
            readMode = nil
            // cleared only when set, as storing a nil over a nil string still counts references
            if urlPattern.reading != nil { urlPattern.reading = nil }
        }
    }

    /// Holds one link's reading across the calls that follow, until `endHolding`: every one of
    /// them is about that link, which is read once for them all rather than once a call (a
    /// stack asks about each prefix of its link). Returns whether this started the holding (a
    /// caller already holding it keeps it), for `endHolding`. A pair of calls rather than a
    /// closure, which would capture the caller's state.
    @inline(__always)
    func startHolding() -> Bool {
        guard !readingHeld else { return false }
        readMode = nil
        if urlPattern.reading != nil { urlPattern.reading = nil }
        readingHeld = true
        return true
    }

    /// Ends the holding that `startHolding` started, when it did (`started`).
    @inline(__always)
    func endHolding(_ started: Bool) {
        if started { readingHeld = false }
    }

    /// Whether two delimiters are the same, a lone byte (nearly every delimiter) compared
    /// inline rather than through the arrays' `==`, a call.
    @inline(__always)
    private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.count == 1 ? a[0] == b[0] : a == b
    }

    /// The routes that match `link`: the winner, or with `all` every match in precedence order.
    /// With `method`, only routes whose method column takes it (a route without one takes any).
    @_spi(Records) public func match(_ link: Link, all: Bool = false, method: String? = nil) throws(Regex.MatchError) -> [Match] {
        beginCall()
        guard all else { return try firstMatch(link, method: method).map { [$0] } ?? [] }
        self.method = method
        defer { self.method = nil }
        var matches: [Match] = []
        for table in compiled {
            if table.isAppLinks {
                matches += try appLinkMatches(link, in: table, all: true)
                continue
            }
            switch reading(link, in: table) {
            case .none:
                continue
            case let .hostMode(name):
                if let match = compassHostMode(link, name: name, in: table) { matches.append(match) }
                continue
            case .components, .pathname:
                try collect(link, in: table, limit: nil)
            case .pathnameRegexes:
                try collect(link, in: table, limit: nil, walkingTries: false)
            }
            let routes = table.routes
            let ranking = table.ranking
            ranked.sort { a, b in Precedence.precedes(routes[a.id], a.id, routes[b.id], b.id, ranking: ranking) }
            for candidate in ranked { matches.append(try match(candidate, link, in: table, limit: nil)) }
        }
        return matches
    }

    /// The route that wins for `link` (a request of `method`), if any: the first table with a
    /// match decides.
    @_spi(Records) public func firstMatch(_ link: Link, method: String? = nil) throws(Regex.MatchError) -> Match? {
        beginCall()
        // set only when there is one, as storing and clearing a nil string counts references
        if method != nil { self.method = method }
        defer { if self.method != nil { self.method = nil } }
        for table in tableReferences {
            if let found = try table.withGuaranteed({ (table) throws(Regex.MatchError) in try winner(link, in: table, limit: nil) }) { return found }
        }
        return nil
    }

    /// How a table reads a link: not at all (a Compass table for another scheme), by Compass's
    /// host mode, as components, or (Express) by the regex routes alone.
    enum Reading {
        case none
        case hostMode(name: Range<Int>)
        case components
        /// An Express pathname, read as components; Express decodes a route's parameters as it
        /// matches, before the method is checked (`decodingWalk`).
        case pathname
        /// An Express pathname that does not start with `/` (the asterisk-form target `*` of
        /// `OPTIONS *`): only a path that is not whole segments, such as `*`, can take it
        /// (lib/router/layer.js:48,122-126), so the tries are not walked.
        case pathnameRegexes

        /// Whether the link is read as components (by a trie walk).
        var isComponents: Bool {
            switch self {
            case .components, .pathname: return true
            case .none, .hostMode, .pathnameRegexes: return false
            }
        }
    }

    func reading(_ link: Link, in table: CompiledTable) -> Reading {
        if table.dialect.rules.pathnameOnly {
            return link.path.isEmpty || link.text[link.path.lowerBound] == UInt8(ascii: "/") ? .pathname : .pathnameRegexes
        }
        guard table.dialect.rules.hostMode, Components.isCompassURL(link) else { return .components }
        let name = Components.compassName(link, cut: CompiledTable.compassCut(table.table))
        // Navigator.swift:31: a `?` or `#` after the scheme sends Compass into host mode
        if link.text[name].contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            return .hostMode(name: name)
        }
        return .components
    }

    /// The winning route of `table` for `link` (its first `limit` components), with its arguments.
    func winner(_ link: Link, in table: CompiledTable, limit: Int?) throws(Regex.MatchError) -> Match? {
        if table.isAppLinks { return limit == nil ? try appLinkMatches(link, in: table, all: false).first : nil }
        switch reading(link, in: table) {
        case .none: return nil
        case let .hostMode(name): return limit == nil ? compassHostMode(link, name: name, in: table) : nil
        case .components: try collect(link, in: table, limit: limit)
        case .pathname:
            if table.dialect.rules.decodesBeforeMethod, limit == nil {
                refusal = nil
                if link.text[link.path].contains(UInt8(ascii: "%")) { return try decodingWalk(link, in: table) }
            }
            try collect(link, in: table, limit: limit)
        case .pathnameRegexes: try collect(link, in: table, limit: limit, walkingTries: false)
        }
        guard table.hasBlocks else {
            guard let best = best(in: table) else { return nil }
            return try match(best, link, in: table, limit: limit)
        }
        // WAAppRouting looks up a screen route and a block handler apart (WAAppRouteRegistrar.m:129–176),
        // runs the block and presents the screen, both with the screen's arguments (WAAppRouter.m:48–78)
        let routes = table.routes
        if let screen = best(in: table, where: { !routes[$0].isBlock }) {
            var found = try match(screen, link, in: table, limit: limit)
            found.handlerReference = best(in: table, where: { routes[$0].isBlock }).map { table.routeReference($0.id) }
            return found
        }
        guard let block = best(in: table) else { return nil }
        return try match(block, link, in: table, limit: limit)
    }

    /// Express's walk over a pathname with a `%` (lib/router/index.js:224-261): the routes whose
    /// path takes it, in table order and whatever their method, each decoding its parameters
    /// as it matches (layer.js:166-181). One that cannot decode a value ends the walk with 400,
    /// even when its method is not the request's (no route, and `refusal` says why); else the
    /// first whose method takes the request wins.
    private func decodingWalk(_ link: Link, in table: CompiledTable) throws(Regex.MatchError) -> Match? {
        let requested = method
        method = nil
        defer { method = requested }
        try collect(link, in: table, limit: nil)
        let routes = table.routes
        let ranking = table.ranking
        ranked.sort { a, b in Precedence.precedes(routes[a.id], a.id, routes[b.id], b.id, ranking: ranking) }
        for candidate in ranked {
            undecodable = nil
            let found = try match(candidate, link, in: table, limit: nil)
            if let undecodable {
                refusal = undecodable
                return nil
            }
            if requested.map({ HTTPMethod.accepts(routes[candidate.id].methods, $0) }) ?? true { return found }
        }
        return nil
    }

    /// The collected route of highest precedence among those `include` accepts.
    private func best(in table: CompiledTable, where include: (Int) -> Bool = { _ in true }) -> (id: Int, mode: ComponentMode)? {
        var best: (id: Int, mode: ComponentMode)?
        for candidate in ranked where include(candidate.id) {
            if let current = best, !table.precedes(candidate.id, current.id) {
                continue
            }
            best = candidate
        }
        return best
    }

    /// Fills `ranked` with the routes of `table` that match `link` (its first `limit`
    /// components), each once, in the order the tries found them, then the regex routes.
    private func collect(_ link: Link, in table: CompiledTable, limit: Int?, walkingTries: Bool = true) throws(Regex.MatchError) {
        ranked.removeAllShort()
        throwing.removeAllShort()
        // a urlpattern table's routes are found by the WHATWG reading of the link, in no partition
        for index in table.partitions.indices where walkingTries && table.urlPatterns == nil {
            let mode = table.partitions[index].mode
            readComponents(link, mode: mode, delimiter: table.delimiter)
            if let limit { components.truncate(to: limit) }
            // WAAppRouting reads the whole link first (WAAppRouteMatcher.m:14-19): a route that
            // throws there never reaches the host-and-path reading; in every dictionary order the
            // app crashes on it or another route answers first (urn-patterns(7) waap)
            if mode == .waapFull, limit == nil {
                for id in table.throwingRoutes where CompiledTable.throwsReading(table.routes[id].pattern, components) {
                    throwing.append(id)
                }
            }
            found.removeAllShort()
            if table.rules.caseInsensitive {
                lookup.setLowercased(&components)
                try table.withTrie(index) { (trie) throws(Regex.MatchError) in try trie.search(&lookup, into: &found) }
            } else {
                try table.withTrie(index) { (trie) throws(Regex.MatchError) in try trie.search(&components, into: &found) }
            }
            let dialect = table.dialect
            for k in 0..<found.count {
                let id = found[k]
                let takes = table.withRoute(id) { route in
                    constraintsHold(route, link, dialect) && (method == nil || HTTPMethod.accepts(route.methods, method.unsafelyUnwrapped))
                }
                if takes, !ranked.contains(where: { $0.id == id }), throwing.isEmpty || !throwing.contains(id) {
                    ranked.append((id, mode))
                }
            }
        }
        guard let mode = table.partitions.first?.mode else { return }
        // a urlpattern table's prefix is one of the pathname's (urnstack's frames)
        if let index = table.urlPatterns {
            return try collectURLPatterns(link, index, in: table, mode: mode, limit: limit)
        }
        if limit == nil, !table.regexRoutes.isEmpty {
            let pathname = Self.pathname(link)
            for id in table.regexRoutes where method.map({ HTTPMethod.accepts(table.routes[id].methods, $0) }) ?? true {
                guard try table.routes[id].pattern.express!.regex.matches(pathname) else { continue }
                ranked.append((id, mode))
            }
        }
    }

    /// What Express matches: the raw pathname, `/` for an empty one.
    static func pathname(_ link: Link) -> [UInt8] {
        link.path.isEmpty ? [UInt8(ascii: "/")] : Array(link.text[link.path])
    }

    /// The match of a collected route, its arguments read from the components of its mode.
    func match(_ candidate: (id: Int, mode: ComponentMode), _ link: Link, in table: CompiledTable,
                       limit: Int?) throws(Regex.MatchError) -> Match {
        // WAAppRouting takes arguments from host and path whichever reading matched (WAAppRouteMatcher.m:32)
        // a URLPattern's arguments come from the link's WHATWG reading
        if table.urlPatterns == nil {
            readComponents(link, mode: table.dialect.rules.argumentsFromRouteString ? CompiledTable.waapRoute(options) : candidate.mode,
                           delimiter: table.delimiter)
            if let limit { components.truncate(to: limit) }
        }
        let route = table.routeReference(candidate.id)
        let args = try route.withGuaranteed { (route) throws(Regex.MatchError) in
            if let index = table.urlPatterns {
                return try urlPatternArguments(route, candidate.id, index, link, base: table.table.baseURL, limit: limit)
            }
            return try arguments(route, link, dialect: table.dialect, delimiter: table.delimiter)
        }
        var found = Match(routeReference: route, args: args)
        if !invalidParameters.isEmpty, route.withGuaranteed({ $0.operation != nil }) { found.invalid = invalidParameters }
        return found
    }

    /// Whether the scheme and host a pattern requires are the link's (urn-patterns(7) DIALECTS). URLNavigator compares
    /// schemes exactly (URLMatcher.swift:57), `-i` without regard to case; Compass and
    /// WAAppRouting have no scheme test of their own (a waap `app:` is a component).
    func constraintsHold(_ route: Route, _ link: Link, _ dialect: Dialect) -> Bool {
        // an OpenAPI operation's servers say which links it takes
        if let operation = route.operation { return operation.origins.accept(link) }
        let text = link.text
        switch dialect.rules.schemeTest {
        case .caseless:
            if let scheme = route.pattern.scheme {
                guard let linkScheme = link.scheme, text[linkScheme].lazy.map(ByteClass.lowercased).elementsEqual(scheme) else { return false }
            }
            if let host = route.pattern.host {
                guard let linkHost = link.host, text[linkHost].lazy.map(ByteClass.lowercased).elementsEqual(host) else { return false }
            }
            return true
        case .exact:
            guard let scheme = route.pattern.schemeAsWritten else { return link.scheme == nil }
            guard let linkScheme = link.scheme else { return false }
            return options.caseInsensitive ? text[linkScheme].lazy.map(ByteClass.lowercased).elementsEqual(scheme.lazy.map(ByteClass.lowercased))
                : text[linkScheme].elementsEqual(scheme)
        case .none:
            return true
        }
    }
}
