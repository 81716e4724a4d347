/// Infers a route table from links (urnmatch `--infer`, urnmatch-tables(7) INFERRING ROUTES): feed it
/// links, one at a time, then ask for the table. A link is read as the table's dialect reads
/// it: urn's the path's components for web links, the host and path for app links, decoded,
/// a trailing slash ignored; OpenAPI's likewise, but with a trailing slash kept, as a server
/// reads it; Express's the raw path's components. Every route of the table takes the links it
/// counts.
public struct RouteInference {
    /// The dialect of the table inferred.
    public let dialect: InferredTableDialect
    private var paths = ObservedPaths()
    private var components = Components()
    /// The components of the link being added: slices of `components`, and the origin first
    /// for URLNavigator (reused, so that adding a link copies no component).
    private var linkComponents: [ArraySlice<UInt8>] = []
    private let parser: LinkParser
    /// The links' origins, which a URLPattern table writes.
    private var origins = LinkOrigins()
    /// The origin of the link just read, for a URLPattern table (`readAsURLPattern`).
    private var linkOrigin: [UInt8]?

    /// An inference whose table is written in `dialect`, and whose links are read as it reads them.
    public init(dialect: InferredTableDialect = .urn) {
        self.init(dialect: dialect, nodeBudget: Self.initialNodeBudget)
    }

    /// An inference that folds its tree past `nodeBudget` nodes (tests fold small trees).
    @_spi(Records) public init(dialect: InferredTableDialect, nodeBudget: Int) {
        self.dialect = dialect
        self.nodeBudget = nodeBudget
        parser = LinkParser().readingLinks(as: dialect)
    }

    /// How many links have been added.
    public var linkCount: Int { paths.linkCount }

    /// How a URLPattern table's WHATWG parser writes an internationalized domain in ASCII, as
    /// the table will be read (`RouteTableParser.domainToASCII`); nil: ASCII domains only, and
    /// a link with another domain is no URL. Set before the first link.
    @_spi(Records) public var domainToASCII: (@Sendable (String) -> String?)? {
        get { origins.domainToASCII }
        set { origins.domainToASCII = newValue }
    }

    /// Adds the link `link`, requested with `method` (nil when unknown; any case). Throws for
    /// text that is not a link, and for a URLPattern table one it can have no route for.
    public mutating func add(_ link: String, method: String? = nil) throws(UrnError) {
        let parsed: Link
        do throws(LinkError) { parsed = try parser.parse(Array(link.utf8)) } catch { throw UrnError(error) }
        try add(parsed, method: method?.uppercased())
    }

    /// Adds a parsed link, requested with `method` (upper case, as records give it). Throws for
    /// a link a URLPattern table can have no route for (`readComponents`).
    @_spi(Records) public mutating func add(_ link: Link, method: String?) throws(UrnError) {
        try readComponents(of: link)
        if dialect == .urlpattern { origins.add(linkOrigin?[...]) }
        paths.add(linkComponents, method: method) { String(decoding: link.text, as: UTF8.self) }
        foldWhenDue()
    }

    /// The components of `link` as this inference reads them, and its origin where the table
    /// writes one (for a thread that reads links while another adds them, in order:
    /// `add(components:origin:method:example:)`).
    @_spi(Records) public mutating func components(of link: Link) throws(UrnError) -> (components: [[UInt8]], origin: [UInt8]?) {
        try readComponents(of: link)
        return (linkComponents.map(Array.init), linkOrigin)
    }

    /// Adds a link read before (`components(of:)`), requested with `method` (upper case);
    /// `example` gives its text.
    @_spi(Records) public mutating func add(components: [[UInt8]], origin: [UInt8]?, method: String?, example: () -> String) {
        if dialect == .urlpattern { origins.add(origin?[...]) }
        paths.add(components, method: method, example: example)
        foldWhenDue()
    }

    /// Folds the tree past its node budget, and at the link counts `nextFold` names.
    private mutating func foldWhenDue() {
        if paths.nodeCount > nodeBudget || paths.linkCount == nextFold {
            compact()
            if paths.linkCount >= nextFold { nextFold *= 2 }
        }
    }

    /// Reads `link`'s components into `linkComponents`, and for a URLPattern table its origin
    /// into `linkOrigin` (`readAsURLPattern`).
    private mutating func readComponents(of link: Link) throws(UrnError) {
        // the last link's slices let go first, so that the list reads into its storage in place
        linkComponents.removeAll(keepingCapacity: true)
        let mode: ComponentMode
        switch dialect {
        case .urn: mode = .urn
        case .express: mode = .express
        case .openapi: mode = .openapi
        case .navigator: mode = .navigator
        case .waap: mode = .waapRoute(caseInsensitiveScheme: false)
        case .urlpattern: return try readAsURLPattern(link)
        }
        components.read(link, mode: mode, delimiter: [UInt8(ascii: ":")], raw: false)
        if dialect.readsOrigin {
            // URLNavigator compares schemes: the scheme (`https:`) is the first component, and a
            // link without one (a path) has an empty one
            linkComponents.append((link.scheme.map { Array(link.text[$0]) + [UInt8(ascii: ":")] } ?? [])[...])
        }
        for index in 0..<components.count { linkComponents.append(components[index]) }
    }

    /// The base URL a URLPattern table reads its links against (`@base`): the inference reads
    /// them against it too, since the WHATWG parser reads `http:/x` against a base of the same
    /// scheme as a path.
    static let urlPatternBase = "http://localhost"
    /// `urlPatternBase` parsed, once: each link is read against it.
    private static let urlPatternBaseURL = WebURL(urlPatternBase)

    /// Reads `link` as a URLPattern table does: the WHATWG URL parser's path segments, undecoded,
    /// a trailing empty one kept; and its origin, for a link with a scheme and a host. Throws for
    /// a link the parser reads no URL from, and for one whose path does not start with `/` (an
    /// opaque `mailto:a@b`, an app link's empty one), which no pattern of paths takes.
    private mutating func readAsURLPattern(_ link: Link) throws(UrnError) {
        let text = String(decoding: link.text, as: UTF8.self)
        guard let url = WebURL(text, base: Self.urlPatternBaseURL, domainToASCII: domainToASCII) else {
            throw UrnError(UnreadableURL(link.text, baseURL: nil))
        }
        // an opaque path (`mailto:a@b`), or the empty one of `myapp://host`, is no path a
        // pattern of paths takes (its pathname does not start with `/`)
        guard case let .segments(segments) = url.path, !segments.isEmpty else {
            throw UrnError(code: "opaque-path", message: "the link's path ('\(url.pathname)') does not start with '/': a URLPattern table of paths has no route for it")
        }
        for segment in segments { linkComponents.append(Array(segment.utf8)[...]) }
        linkOrigin = link.scheme != nil && url.host != nil ? Array((url.scheme + "://" + url.hostWithPort).utf8) : nil
    }

    /// The number of links at which the tree is next folded, doubling each time: a position is
    /// decided while its values are still being met for the first time. A set of values that the
    /// links have all been seen (300 repositories in a million links) looks closed, as a set of
    /// literals does; seen early, it is open.
    private var nextFold = RouteInference.firstFold
    /// The first fold's number of links.
    static let firstFold = 16_384

    /// The texts each placeholder of any text took when a fold made it, by the route segments
    /// before it, with their links then (`placeholderTexts`).
    private var foldedTexts: [[InferredRoute.Segment]: [[UInt8]: Int]] = [:]

    /// The texts of the positions folds made placeholders, with their links then.
    private var foldedSets = ValueSetPositions()

    /// How many nodes the tree may hold before `compact` folds it.
    private var nodeBudget: Int
    /// The first budget: enough that a sample of tens of thousands of links is decided whole.
    @_spi(Records) public static let initialNodeBudget = 400_000

    /// Folds the tree into the routes decided so far: each placeholder's values become one node
    /// that takes the values of later links too. Memory then grows with the routes, not the
    /// links; a position decided here stays decided. The budget doubles when folding frees
    /// less than half of it.
    private mutating func compact() {
        var folded = ObservedPaths()
        let decision = SlotDecision(paths: paths, keepsSiblingsApart: true)
        var pending: [(nodes: [Int32], into: Int32, segments: [InferredRoute.Segment], afterTypedValue: Bool)] =
            [([ObservedPaths.root], ObservedPaths.root, [], false)]
        while let (nodes, into, segments, afterTypedValue) = pending.popLast() {
            for node in nodes { folded.absorb(paths[node], into: into) }
            let below = outcomes(below: nodes, in: paths, atRoot: into == ObservedPaths.root, afterTypedValue: afterTypedValue,
                                 position: segments, decision)
            for outcome in below {
                switch outcome {
                case let .literal(bytes, next):
                    pending.append((next, folded.addChild(.literal(bytes), under: into), segments + [.literal(bytes)], false))
                case let .placeholder(type, next):
                    // the texts a placeholder folds are kept: where the same set shows elsewhere
                    // later, they are its evidence (`ValueSetPositions`)
                    if below.count == 1 || type == nil { foldedSets.note(Self.literalChildren(of: nodes, in: paths), at: segments) }
                    if type == nil { foldedTexts[segments] = placeholderTexts(next, at: segments, in: paths) }
                    pending.append((next, folded.addChild(.placeholder(type), under: into), segments + [.placeholder(type)],
                                    Self.followsTypedValues(type, next, in: paths)))
                case let .run(next): pending.append((next, folded.addChild(.run, under: into), segments + [.glob], false))
                }
            }
        }
        paths = folded
        if paths.nodeCount * 2 > nodeBudget { nodeBudget *= 2 }
    }

    /// The table inferred from the links added so far; `leftOut` counts the records its
    /// reader did not add, which the table's first lines say.
    public func table(leftOut: InferredTable.LeftOut = .init()) -> InferredTable {
        let (routes, closeSets) = inferred()
        var table = InferredTable(routes: routes, linkCount: linkCount, dialect: dialect, leftOut: leftOut, origins: origins)
        table.closeSets = closeSets
        return table
    }

    /// The routes inferred from the links added so far, most specific first (urn's precedence).
    /// Where they have a catch-all of varying depth before a literal, the links are lined up on
    /// it and the routes decided again (`RunAlignment`).
    public func routes() -> [InferredRoute] {
        inferred().routes
    }

    /// The routes (`routes()`), and the placeholders whose few texts made a close call
    /// (`InferredTable.CloseSet`).
    private func inferred() -> (routes: [InferredRoute], closeSets: [InferredTable.CloseSet]) {
        let first = routes(in: paths, runLengths: [:], runShares: [:], runTexts: [:])
        let anchors = RunAlignment.anchors(in: first.routes)
        guard !anchors.isEmpty, let aligned = RunAlignment.aligned(paths, at: anchors, decided: first.decided) else {
            return (first.routes, first.closeSets)
        }
        let found = routes(in: aligned.paths, runLengths: aligned.lengths, runShares: aligned.shares, runTexts: aligned.runTexts)
        return (found.routes, found.closeSets)
    }

    /// The routes of the links in `paths`, where each run node takes a catch-all of the lengths
    /// `runLengths` gives it, and for each node where links end the segments decided for them.
    /// `runShares` gives the links that end at a node below a run by the length of their run,
    /// and `runTexts` the texts that runs took (`SlotDecision.runTexts`).
    private func routes(in paths: ObservedPaths, runLengths: [Int32: ClosedRange<Int>], runShares: [Int32: [InferredRoute.GlobShare]],
                        runTexts: [[UInt8]: Int])
        -> (routes: [InferredRoute], decided: [Int32: [InferredRoute.Segment]], closeSets: [InferredTable.CloseSet]) {
        var found: [InferredRoute] = []
        var closeSets: [InferredTable.CloseSet] = []
        var decided: [Int32: [InferredRoute.Segment]] = [:]
        // routes whose last component is a literal that had no other text beside it
        var lone: Set<[InferredRoute.Segment]> = []
        let (knownLiterals, valueSets) = literalTexts(in: paths, runTexts: runTexts)
        let decision = SlotDecision(paths: paths, knownLiterals: knownLiterals, runTexts: runTexts, valueSets: valueSets)
        // depth first, on a stack of its own: a link may have thousands of components
        var pending: [(nodes: [Int32], segments: [InferredRoute.Segment], globs: [ClosedRange<Int>])] = [([ObservedPaths.root], [], [])]
        while let (nodes, segments, globs) = pending.popLast() {
            if var route = endingRoute(nodes, segments, in: paths) {
                route.globLengths = globs
                for node in nodes { for share in runShares[node] ?? [] { route.globShares.add(share) } }
                found.append(route)
                for node in nodes where paths[node].ends > 0 { decided[node] = segments }
            }
            let afterTypedValue = if case let .placeholder(type)? = segments.last { Self.followsTypedValues(type, nodes, in: paths) } else { false }
            let below = outcomes(below: nodes, in: paths, atRoot: segments.isEmpty, afterTypedValue: afterTypedValue, position: segments,
                                 decision)
            for outcome in below.reversed() {
                switch outcome {
                case let .literal(bytes, next):
                    let child = segments + [.literal(bytes)]
                    pending.append((next, child, globs))
                    if below.count == 1 { lone.insert(child) }
                case let .placeholder(type, next):
                    if type == nil, let close = InferredTable.CloseSet(segments: segments + [.placeholder(nil)],
                                                                          texts: placeholderTexts(next, at: segments, in: paths)) {
                        closeSets.append(close)
                    }
                    pending.append((next, segments + [.placeholder(type)], globs))
                case let .run(next):
                    let lengths = next.compactMap { runLengths[$0] }
                    let range = (lengths.map(\.lowerBound).min() ?? 1)...(lengths.map(\.upperBound).max() ?? 1)
                    pending.append((next, segments + [.glob], globs + [range]))
                }
            }
        }
        return (StrayLinks.absorb(GlobMerge.merge(FormatStems.merge(found), secondCatchAll: dialect.secondCatchAll), lone: lone).sorted { $0.precedes($1) }, decided,
                closeSets.reversed())
    }

    /// The texts decided literals beside other texts anywhere in `paths`, on a first walk that
    /// knows none: the vocabulary of the site's fixed words (`SlotDecision.knownLiterals`); and
    /// the positions that hold many texts, with their links (`ValueSetPositions`), where a
    /// closed set's values show. Only the final walk asks for them: at a fold it would cost a
    /// walk as long as the fold's own, and the words of the first links decide there (a position
    /// decided at a fold stays so).
    private func literalTexts(in paths: ObservedPaths, runTexts: [[UInt8]: Int]) -> ([[UInt8]: Set<[InferredRoute.Segment]>], ValueSetPositions) {
        var found: [[UInt8]: Set<[InferredRoute.Segment]>] = [:]
        var valueSets = foldedSets
        let decision = SlotDecision(paths: paths, runTexts: runTexts)
        var pending: [(nodes: [Int32], segments: [InferredRoute.Segment], afterTypedValue: Bool)] = [([ObservedPaths.root], [], false)]
        while let (nodes, segments, afterTypedValue) = pending.popLast() {
            valueSets.note(Self.literalChildren(of: nodes, in: paths), at: segments)
            let below = outcomes(below: nodes, in: paths, atRoot: segments.isEmpty, afterTypedValue: afterTypedValue, position: segments,
                                 decision)
            for outcome in below {
                switch outcome {
                case let .literal(bytes, next):
                    if below.count > 1 { found[bytes, default: []].insert(segments) }
                    pending.append((next, segments + [.literal(bytes)], false))
                case let .placeholder(type, next):
                    pending.append((next, segments + [.placeholder(type)], Self.followsTypedValues(type, next, in: paths)))
                case let .run(next): pending.append((next, segments + [.glob], false))
                }
            }
        }
        return (found, valueSets)
    }

    /// The texts a placeholder of any text after the route segments `position` takes, the
    /// children `next` of `paths`, each with its links: those of its literal children, and
    /// where a fold made it, those it took then (`foldedTexts`).
    private func placeholderTexts(_ next: [Int32], at position: [InferredRoute.Segment], in paths: ObservedPaths) -> [[UInt8]: Int] {
        var texts: [[UInt8]: Int] = [:]
        for node in next {
            switch paths.token(of: node) {
            case let .literal(bytes): texts[bytes, default: 0] += paths[node].total
            case .placeholder(nil): texts.merge(foldedTexts[position] ?? [:], uniquingKeysWith: max)
            case .typed, .placeholder, .run: break
            }
        }
        return texts
    }

    /// The texts after `nodes` of `paths`, each with its links.
    private static func literalChildren(of nodes: [Int32], in paths: ObservedPaths) -> [[UInt8]: Int] {
        var texts: [[UInt8]: Int] = [:]
        for node in nodes {
            for (token, child) in paths.children(of: node) {
                if case let .literal(bytes) = token { texts[bytes, default: 0] += paths[child].total }
            }
        }
        return texts
    }

    /// Whether a placeholder of `type` whose values lead to `nodes` of `paths` is an id's, after
    /// which routes put actions and sub-resources (`SlotDecision.decide(_:afterTypedValue:)`):
    /// one of a type, or one whose values are typed in four links of five, beside a few texts
    /// it takes as values the type misses (GitLab's `merge_requests/<id>` beside `export_csv`
    /// and `new`, each seen once).
    private static func followsTypedValues(_ type: InferredType?, _ nodes: [Int32], in paths: ObservedPaths) -> Bool {
        if type != nil { return true }
        var typed = 0, all = 0
        for node in nodes {
            all += paths[node].total
            switch paths.token(of: node) {
            case .typed, .placeholder(_?): typed += paths[node].total
            case .literal, .placeholder(nil), .run: break
            }
        }
        return all > 0 && 5 * typed >= 4 * all
    }

    /// What the components after `nodes` become (`afterTypedValue`: they follow an id's
    /// placeholder, `followsTypedValues`): `decision`'s outcomes, except that a URLNavigator
    /// link's scheme (the first component) is always a literal. Both the fold and the final
    /// walk ask here, so that they decide alike (the final walk's decision knows the table's
    /// literals too: `literalTexts`).
    private func outcomes(below nodes: [Int32], in paths: ObservedPaths, atRoot: Bool, afterTypedValue: Bool,
                          position: [InferredRoute.Segment],
                          _ decision: SlotDecision) -> [SlotDecision.Outcome] {
        var children: [ObservedPaths.Token: [Int32]] = [:]
        for node in nodes {
            for (token, child) in paths.children(of: node) { children[token, default: []].append(child) }
        }
        guard !children.isEmpty else { return [] }
        guard atRoot, dialect.readsOrigin else { return decision.decide(children, afterTypedValue: afterTypedValue, position: position) }
        return children.sorted { $0.key < $1.key }.map { token, nodes in
            switch token {
            case let .literal(bytes): return .literal(bytes, nodes)
            case .run: return .run(nodes)
            case .typed, .placeholder: return .placeholder(nil, nodes)
            }
        }
    }

    /// The route of the links that end at `nodes` of `paths`, if any do.
    private func endingRoute(_ nodes: [Int32], _ segments: [InferredRoute.Segment], in paths: ObservedPaths) -> InferredRoute? {
        var count = 0
        var examples: [String] = []
        var methods: [String: Int] = [:]
        for node in nodes where paths[node].ends > 0 {
            count += paths[node].ends
            for example in paths[node].examples { ObservedPaths.keep(example, in: &examples) }
            methods.merge(paths[node].methods, uniquingKeysWith: +)
        }
        guard count > 0 else { return nil }
        return InferredRoute(segments: segments, count: count, examples: examples, methods: HTTPMethod.ordered(methods.keys))
    }
}

extension LinkParser {
    /// This parser, reading links as a table inferred in `dialect` reads them: Express's router
    /// reads request targets (`//b/` is a path, not the host `b`), the others read links.
    @_spi(Records) public func readingLinks(as dialect: InferredTableDialect) -> LinkParser {
        var parser = self
        parser.requestTargets = dialect.tableDialect.rules.requestTargets
        return parser
    }
}
