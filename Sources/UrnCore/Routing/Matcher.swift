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
    private let tableReferences: [Unmanaged<CompiledTable>]
    /// Every table is an app-link table (or there is none): links have no ancestry.
    private let onlyAppLinks: Bool

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
    private var throwing: [Int] = []
    /// The component texts of this call's link as a URLPattern table reads it
    /// (`readURLPatternInput`), and the base it was read against and whether it is a URL; nil
    /// until a table of this call reads it (the walk that chooses the route, then the
    /// winner's arguments).
    @exclusivity(unchecked) var urlPatternInput = URLPatternInput()
    @exclusivity(unchecked) var urlPatternReading: (base: String?, isURL: Bool)?
    /// The segments of that link's pathname, and whether they are that link's.
    @exclusivity(unchecked) var urlPatternSegments = Components()
    @exclusivity(unchecked) var urlPatternSegmentsRead = false
    /// The routes a urlpattern table's trie found by those segments.
    @exclusivity(unchecked) var urlPatternFound: [Int] = []
    /// What the link's components other than the pathname gave each shared rest of the table
    /// (`URLPatternIndex.restOf`): 0 untested, 1 taken, 2 refused.
    @exclusivity(unchecked) var urlPatternRests: [UInt8] = []
    /// The HTTP method of the request being routed (`--method`), nil for any.
    @exclusivity(unchecked) var method: String?
    /// Route ids by prefix length, for stacks.
    @exclusivity(unchecked) private var prefixFound: [(length: Int, id: Int)] = []
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
    @exclusivity(unchecked) @_spi(Records) public private(set) var refusal: UndecodableParameter?
    /// Why the last link `firstMatch` gave no route for is one the urlpattern tables cannot
    /// read: the WHATWG URL parser reads no URL from it, against any of their base URLs. Set by
    /// urlpattern tables only, for each link they read.
    @exclusivity(unchecked) @_spi(Records) public internal(set) var unreadableURL: UnreadableURL?
    /// The parameters of the last OpenAPI arguments made whose values break their schema.
    @exclusivity(unchecked) var invalidParameters: [InvalidParameter] = []
    private static let slash = [UInt8(ascii: "/")]

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

    /// Starts a call about a link: what `components` and `urlPatternInput` hold was read for
    /// another link, unless a caller holds the reading of this one.
    @inline(__always)
    func beginCall() {
        if !readingHeld {
            readMode = nil
            // cleared only when set, as storing a nil over a nil string still counts references
            if urlPatternReading != nil { urlPatternReading = nil }
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
        if urlPatternReading != nil { urlPatternReading = nil }
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

    /// The route that matches the first `count` components of `link` (for stacks by prefix).
    @_spi(Records) public func match(_ link: Link, prefix count: Int) throws(Regex.MatchError) -> Match? {
        beginCall()
        for table in tableReferences {
            if let found = try table.withGuaranteed({ (table) throws(Regex.MatchError) in try winner(link, in: table, limit: count) }) { return found }
        }
        return nil
    }

    /// The winning route for each proper prefix of `link`'s components, indexed by its length
    /// (the array has one entry per length below the full one; index 0 is nil): what
    /// `match(_:prefix:)` gives for each, found in one trie walk when there is one table read one
    /// way and no `-i`, the common case.
    @_spi(Records) public func prefixMatches(_ link: Link) throws(Regex.MatchError) -> [Match?] {
        beginCall()
        // an app-link table has no ancestry: nothing to look up
        guard !onlyAppLinks else { return [nil] }
        let count = componentCount(link)
        var matches = [Match?](repeating: nil, count: max(count, 1))
        guard count > 1 else { return matches }
        guard let table = singleWalkTable(link) else {
            for length in 1..<count { matches[length] = try match(link, prefix: length) }
            return matches
        }
        try walkPrefixes(link, in: table, upTo: count - 1)
        for length in 1..<count { matches[length] = try prefixWinner(link, in: table, length: length) }
        return matches
    }

    /// The winner for `link` (what `firstMatch` gives) and, where a single trie walk finds the
    /// routes of its proper prefixes too, their number: `forEachWalkedPrefixWinner` then
    /// gives what `prefixMatches` would, one length at a time, without a list of matches. The
    /// walk needs one table read one way, without `-i`, regex routes, block handlers or
    /// registration chains, nor Express's decoding walk (a `%` in its pathname); elsewhere the
    /// number is nil, for the caller to look the prefixes up only if it needs them.
    func firstMatchWalkingPrefixes(_ link: Link) throws(Regex.MatchError) -> (first: Match, walkedPrefixes: Int?)? {
        beginCall()
        guard let table = singleWalkTable(link), !table.hasBlocks, table.regexRoutes.isEmpty,
              !table.dialect.rules.registrationChains, !table.dialect.rules.argumentsFromRouteString,
              !(table.dialect.rules.decodesBeforeMethod && link.text[link.path].contains(UInt8(ascii: "%")))
        else {
            guard let first = try firstMatch(link) else { return nil }
            return (first, nil)
        }
        if table.dialect.rules.decodesBeforeMethod { refusal = nil }  // no `%`: nothing to refuse
        let count = componentCount(link)
        try walkPrefixes(link, in: table, upTo: count)
        guard let first = try prefixWinner(link, in: table, length: count) else { return nil }
        return (first, max(count, 1))
    }

    /// Walks the proper prefixes of `link` in one trie walk where `prefixMatches` would, and
    /// returns the number of lengths that `forEachWalkedPrefixWinner` then answers for
    /// (the lengths below it), without a list of matches; nil where it would look each up.
    func walkingPrefixes(_ link: Link) throws(Regex.MatchError) -> Int? {
        beginCall()
        guard !onlyAppLinks else { return 1 }
        // the first table borrowed once for the whole question: it is asked a few times
        return try tableReferences[0].withGuaranteed { (table) throws(Regex.MatchError) -> Int? in
            let count = componentCount(link, in: table)
            guard count > 1 else { return 1 }
            guard isSingleWalk(table, link) else { return nil }
            try walkPrefixes(link, in: table, upTo: count - 1)
            return count
        }
    }

    /// Calls `body` with each length in `1..<lengths` whose first components of `link` some
    /// route takes, shortest first, and its winner: the lengths the last call of
    /// `firstMatchWalkingPrefixes` or `walkingPrefixes` walked (`lengths` is the count it gave).
    /// One call for the lengths of a link, so that the table is borrowed once for them all.
    func forEachWalkedPrefixWinner(_ link: Link, below lengths: Int,
                                   _ body: (_ length: Int, _ match: Match) -> Void) throws(Regex.MatchError) {
        beginCall()
        guard lengths > 1 else { return }
        let table = compiled[0]
        try prefixFound.withUnsafeBufferPointer { (found) throws(Regex.MatchError) in
            for length in 1..<lengths {
                if let match = try prefixWinner(link, in: table, length: length, among: found) { body(length, match) }
            }
        }
    }

    /// The table whose routes one trie walk finds for every prefix of `link`: the only one, read
    /// one way (one partition, as components) and without `-i`; nil otherwise.
    private func singleWalkTable(_ link: Link) -> CompiledTable? {
        guard let table = compiled.first, isSingleWalk(table, link) else { return nil }
        return table
    }

    /// Whether `table`, the first, is the one table whose routes one trie walk finds for every
    /// prefix of `link` (`singleWalkTable`).
    private func isSingleWalk(_ table: CompiledTable, _ link: Link) -> Bool {
        compiled.count == 1 && !table.isAppLinks && table.urlPatterns == nil && table.partitions.count == 1
            && reading(link, in: table).isComponents && !options.caseInsensitive
    }

    /// Fills `prefixFound` with the routes of `table` that take the first `length` components of
    /// `link`, for each length in `1...limit` (and 0 when `limit` is 0).
    private func walkPrefixes(_ link: Link, in table: CompiledTable, upTo limit: Int) throws(Regex.MatchError) {
        readComponents(link, mode: table.partitions[0].mode, delimiter: table.delimiter)
        prefixFound.removeAllShort()
        try table.withTrie(0) { (trie) throws(Regex.MatchError) in try trie.searchPrefixes(&components, upTo: limit, into: &prefixFound) }
    }

    /// The winner among the routes `walkPrefixes` found for `length` components, with its arguments.
    private func prefixWinner(_ link: Link, in table: CompiledTable, length: Int) throws(Regex.MatchError) -> Match? {
        try prefixFound.withUnsafeBufferPointer { (found) throws(Regex.MatchError) in
            try prefixWinner(link, in: table, length: length, among: found)
        }
    }

    /// The winner among the routes `found` (what `walkPrefixes` found) for `length` components,
    /// with its arguments.
    private func prefixWinner(_ link: Link, in table: CompiledTable, length: Int,
                              among found: UnsafeBufferPointer<(length: Int, id: Int)>) throws(Regex.MatchError) -> Match? {
        var best: Int?
        for (foundLength, id) in found where foundLength == length && table.withRoute(id, { constraintsHold($0, link, table.dialect) }) {
            if let current = best, current == id || !table.precedes(id, current) {
                continue
            }
            best = id
        }
        guard let best else { return nil }
        return try match((best, table.partitions[0].mode), link, in: table, limit: length)
    }

    /// The number of components `link` has for the first table (the depth of its stack).
    @inline(__always)
    @_spi(Records) public func componentCount(_ link: Link) -> Int {
        beginCall()
        guard let table = compiled.first else { return 0 }
        return componentCount(link, in: table)
    }

    /// The number of components `link` has for `table`.
    @inline(__always)
    private func componentCount(_ link: Link, in table: CompiledTable) -> Int {
        if let index = table.urlPatterns { return urlPatternSegmentCount(link, index, in: table) }
        guard !table.partitions.isEmpty else { return 0 }
        readComponents(link, mode: table.partitions[0].mode, delimiter: table.delimiter)
        return components.count
    }

    /// How a table reads a link: not at all (a Compass table for another scheme), by Compass's
    /// host mode, as components, or (Express) by the regex routes alone.
    private enum Reading {
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

    private func reading(_ link: Link, in table: CompiledTable) -> Reading {
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
    private func winner(_ link: Link, in table: CompiledTable, limit: Int?) throws(Regex.MatchError) -> Match? {
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
        throwing.removeAll(keepingCapacity: true)
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
    private func match(_ candidate: (id: Int, mode: ComponentMode), _ link: Link, in table: CompiledTable,
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

    /// Compass's host mode (Navigator.swift:59–74): the URL's host names the route, which the
    /// app's `Router.routes` looks up exactly (Router.swift:45); the arguments are the query
    /// items (decoded by URLComponents, an item without `=` removing its name), replaced wholesale
    /// by the fragment's `&`/`;`-separated `k=v` pairs (String+Extensions.swift:17–33) when there
    /// is a fragment; `Location` then decodes every value once more (Location.swift:19–22).
    private func compassHostMode(_ link: Link, name: Range<Int>, in table: CompiledTable) -> Match? {
        let text = link.text
        // `url.host` is nil for an empty authority, and CFURL gives it percent-decoded (Navigator.swift:60)
        guard let authority = link.reference.authority, !authority.isEmpty else { return nil }
        var host = text[authority]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        var port: ArraySlice<UInt8> = []
        if host.first == UInt8(ascii: "[") {
            if let close = host.firstIndex(of: UInt8(ascii: "]")) { host = host[...close] }
        } else if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
            port = host[(colon + 1)...]
            host = host[..<colon]
        }
        let hostText = PercentCoding.removingPercentEncoding(host).map { String(decoding: $0, as: UTF8.self) }
            ?? String(decoding: host, as: UTF8.self)
        guard let id = table.byText[hostText] else { return nil }
        var args = ArgumentList()
        // URLComponents(url:) is nil for a port that is no number: the route, without arguments
        // (Navigator.swift:62-71)
        guard port.allSatisfy({ ByteClass.test($0, .digit) }) else {
            let route = table.routes[id]
            for (key, value) in route.defaults { args.add(Array(key.utf8), value) }
            return Match(route: route, args: args.finish())
        }
        let raw = options.raw
        func decoded(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            raw ? bytes : (PercentCoding.removingPercentEncoding(bytes).map { ArraySlice($0) } ?? bytes)
        }
        if let fragment = link.fragment {
            let whole = decoded(text[fragment])
            for pair in whole.split(whereSeparator: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ";") }) {
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                args.set(Array(pair[..<equals]), .string(ArraySlice(decoded(decoded(pair[(equals + 1)...])))))
            }
        } else if let query = link.query {
            for item in text[query].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let key = Array(decoded(item[..<(equals ?? item.endIndex)]))
                guard let equals else { args.remove(key); continue }
                args.set(key, .string(ArraySlice(decoded(decoded(item[(equals + 1)...])))))
            }
        }
        let route = table.routes[id]
        for (key, value) in route.defaults { args.add(Array(key.utf8), value) }
        return Match(route: route, args: args.finish())
    }

    /// The arguments of `route` against the current `components`.
    func arguments(_ route: Route, _ link: Link, dialect: Dialect, delimiter: [UInt8]) throws(Regex.MatchError) -> Arguments {
        if let operation = route.operation { return try operationArguments(route, operation, link) }
        guard !dialect.rules.libraryArguments else { return try exactArguments(route, link, dialect: dialect) }
        var args = ArgumentList(reusing: &argumentBuffer)
        if route.pattern.untypedPlaceholders.applies {
            let namesArePlain = route.pattern.untypedPlaceholders.namesArePlain
            let valuesArePlain = components.isPlain
            forEachPlainSlot(of: route) { _, name, value in
                args.addNew(name: name, string: value, plainName: namesArePlain, plainValue: valuesArePlain)
            }
        } else {
            guard try addSegmentArguments(of: route, delimiter: delimiter, to: &args) else {
                _ = args.finish(into: &argumentBuffer)
                return Arguments()
            }
        }
        if options.mergeQuery { addQueryParameters(of: link, to: &args) }
        if !route.defaults.isEmpty {
            for (key, value) in route.defaults { args.add(key.utf8, value) }
        }
        return args.finish(into: &argumentBuffer)
    }

    /// Calls `body` with each placeholder of `route`, whose `untypedPlaceholders` apply, in
    /// pattern order: its place among them, its name and its component's bytes, read in place
    /// through the route (lists bound to a name were copies, each retained).
    @inline(__always)
    func forEachPlainSlot<E: Error>(of route: Route, _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        try route.pattern.untypedPlaceholders.names.withUnsafeBufferPointer { (names) throws(E) in
            try route.pattern.untypedPlaceholders.slots.withUnsafeBufferPointer { (slots) throws(E) in
                try components.withUnsafeParts { (bytes, ranges) throws(E) in
                    for (k, slot) in slots.enumerated() where slot.index < ranges.count {
                        try body(k, UnsafeBufferPointer(rebasing: names[slot.name]), UnsafeBufferPointer(rebasing: bytes[ranges[slot.index]]))
                    }
                }
            }
        }
    }

    /// Adds the arguments that `route`'s segments take from the current `components` (typed,
    /// composite and catch-all ones included); false when its catch-alls cannot take them.
    private func addSegmentArguments(of route: Route, delimiter: [UInt8], to args: inout ArgumentList) throws(Regex.MatchError) -> Bool {
        // Without catch-alls segment i takes component i; with them, find the split.
        let aligned = route.pattern.catchAllCount > 0
        if aligned {
            let rules = SegmentRules(.urn, caseInsensitive: options.caseInsensitive)
            guard try Alignment.align(route.pattern.segments, components, rules: rules, into: &alignment) else { return false }
        }
        for (index, segment) in route.pattern.segments.enumerated() {
            let range = aligned ? alignment[index] : index..<(index + 1)
            switch segment {
            case .literal, .wildcard:
                continue
            case let .placeholder(placeholder):
                if let typed = try placeholder.type.value(components[range.lowerBound]) {
                    args.addNew(placeholder.nameBytes, typed)
                }
            case let .composite(composite):
                let segmentBytes = Array(components[range.lowerBound])
                guard let groups = try composite.regex.captures(segmentBytes) else { continue }
                for (k, placeholder) in composite.placeholders.enumerated() {
                    guard let group = groups[composite.groups[k]] else { continue }
                    if let typed = try placeholder.type.value(segmentBytes[group]) {
                        args.addNew(placeholder.nameBytes, typed)
                    }
                }
            case let .catchAll(name):
                guard var name else { continue }
                let separator = route.pattern.slashSeparated ? Self.slash : delimiter
                // the components joined straight into the arguments' buffer
                name.withUTF8 { name in
                    components.withUnsafeParts { bytes, ranges in
                        separator.withUnsafeBufferPointer { separator in
                            args.addNew(name: name, joining: UnsafeBufferPointer(rebasing: ranges[range]), of: bytes, separator: separator)
                        }
                    }
                }
            }
        }
        return true
    }

    /// Adds `link`'s query parameters (`--merge-query`), decoded unless `--raw`; a name already
    /// there keeps its value.
    func addQueryParameters(of link: Link, to args: inout ArgumentList) {
        let decode = !options.raw
        link.forEachParameter { key, valueRange in
            let name = decode ? (PercentCoding.decodedUTF8(link.text[key], plusAsSpace: true) ?? Array(link.text[key])) : Array(link.text[key])
            let raw = link.text[valueRange]
            let value = decode ? (PercentCoding.decodedUTF8(raw, plusAsSpace: true) ?? Array(raw)) : Array(raw)
            args.add(name, .string(value[...]))
        }
    }
}
