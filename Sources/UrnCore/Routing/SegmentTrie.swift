/// A trie over pattern segments. Lookup walks it with a link's components: literal children by
/// hash, then typed and regex placeholders (regex only where a branch has one), then plain
/// placeholders, then catch-alls. It collects every route that matches; ranking is the
/// matcher's. Its cost follows the branches a link can take, not the number of routes.
///
/// Nodes are plain integers (children and the heads of lists kept in side arrays), so a walk
/// reads them through buffer pointers without retaining anything.
final class SegmentTrie {
    struct Node {
        /// The first of the node's tests (typed and regex placeholders, composite segments) in
        /// `tests`, each linking to the next; -1 for none.
        var firstTest: Int32 = -1
        var lastTest: Int32 = -1
        var plain: Int32 = -1
        /// The child after a catch-all, which takes one or more components.
        var catchAll: Int32 = -1
        /// The routes that end here, a list in `routeLinks`; -1 for none.
        var firstTerminal: Int32 = -1
        var lastTerminal: Int32 = -1
        /// Routes that end here and also take longer links (URLNavigator's `<path:p>`).
        var firstOpenTerminal: Int32 = -1
        var lastOpenTerminal: Int32 = -1
        var hasLiterals = false
    }

    /// A test edge: the segment that must accept a component, its child, the next test. A
    /// composite segment's regex is kept beside it, unretained (the segment keeps it alive):
    /// reading the segment out of the trie to test it copied the composite's arrays and regex,
    /// a reference count each, for every component tested.
    struct Test {
        let key: String
        let segment: Segment
        let child: Int32
        var next: Int32 = -1
        let compositeRegex: Unmanaged<Regex>?

        init(key: String, segment: Segment, child: Int32) {
            self.key = key
            self.segment = segment
            self.child = child
            if case let .composite(composite) = segment {
                compositeRegex = Unmanaged.passUnretained(composite.regex)
            } else {
                compositeRegex = nil
            }
        }
    }

    /// One route in a node's list of terminals, and the next.
    struct RouteLink {
        let id: Int32
        var next: Int32 = -1
    }

    // Written only while the table compiles, one insert at a time, then only read (by several
    // threads at once in --jobs): the runtime exclusivity checks would cost every search.
    @exclusivity(unchecked) private var nodes = ReusedStorage<Node>()
    @exclusivity(unchecked) private var literals = LiteralMap()
    @exclusivity(unchecked) private var tests: [Test] = []
    @exclusivity(unchecked) private var routeLinks: [RouteLink] = []
    /// What each segment accepts (literal keys are lower case under `-i`).
    let rules: SegmentRules
    /// Copies of the lists in memory the trie owns, made when it is complete (`freeze()`): a
    /// search reads them through pointers, where reading the arrays of a class would retain
    /// each of them (eight reference counts a search).
    private var frozen: Tables?

    /// The lists as a search sees them.
    struct Tables {
        let nodes: UnsafeBufferPointer<Node>
        let routeLinks: UnsafeBufferPointer<RouteLink>
        let tests: UnsafeBufferPointer<Test>
        let literals: LiteralMap.View
    }

    /// A trie for routes that hold about `literals` literal segments and `segments` segments in
    /// all: room is made for that many literal edges and nodes, so that a large table's lists
    /// are not moved as they grow.
    init(rules: SegmentRules, literals: Int = 0, segments: Int = 0) {
        self.rules = rules
        self.literals.reserveCapacity(literals)
        nodes.reserveCapacity(segments + 1)
        nodes.append(Node())
    }

    deinit {
        guard let frozen else { return }
        frozen.nodes.deallocateOwned()
        frozen.routeLinks.deallocateOwned()
        frozen.tests.deallocateOwned()
        frozen.literals.deallocate()
    }

    /// The number of nodes, one for each distinct path the routes' segments take.
    var nodeCount: Int { frozen?.nodes.count ?? nodes.count }

    /// Ends the building: the trie is searched from now on and takes no more routes. The nodes
    /// and literal edges are handed over to the search as they are; the smaller lists are
    /// copied and let go.
    func freeze() {
        precondition(frozen == nil, "a segment trie is frozen once")
        frozen = Tables(nodes: nodes.takeElements(), routeLinks: .owning(copyOf: routeLinks),
                        tests: .owning(copyOf: tests), literals: literals.takeView())
        routeLinks = []
        tests = []
    }

    /// Adds route `id` with `segments`. An `openEnded` route (URLNavigator's `<path:p>`) reads
    /// each catch-all as one component and takes any longer link too: URLMatcher.swift:115–128
    /// accepts more components and compares the pattern's by position.
    func insert(_ segments: [Segment], id: Int, openEnded: Bool = false) {
        precondition(frozen == nil, "a frozen segment trie takes no more routes")
        var node = 0
        // a node this insert made has no literal children yet: there is nothing to look up
        let firstNew = nodes.count
        // The segments are read in place, and a literal is filed under its own bytes where keys
        // are as written, so that no segment is copied out and no key made for it.
        segments.withUnsafeBufferPointer { segments in
            for index in segments.indices {
                node = child(of: node, along: segments[index], openEnded: openEnded, isNew: node >= firstNew)
            }
        }
        var end = nodes[node]
        append(id, to: &end.firstTerminal, &end.lastTerminal)
        if openEnded { append(id, to: &end.firstOpenTerminal, &end.lastOpenTerminal) }
        nodes[node] = end
    }

    /// The child of `node` that `segment` of an inserted route leads to, made if need be;
    /// `isNew`: `node` was made by this insert.
    @inline(__always)
    private func child(of node: Int, along segment: Segment, openEnded: Bool, isNew: Bool) -> Int {
        switch segment {
        case .catchAll where openEnded:
            return untypedChild(of: node)
        case let .literal(text):
            guard rules.keysAreAsWritten else { return child(of: node, literal: rules.literalKey(text), isNew: isNew) }
            return child(of: node, literal: text, isNew: isNew)
        case let .placeholder(placeholder) where placeholder.type.isPlain:
            return untypedChild(of: node)
        case .wildcard:
            return untypedChild(of: node)
        case let .placeholder(placeholder):
            return testChild(of: node, key: "type:" + placeholder.type.identity, segment: segment)
        case let .composite(composite):
            return testChild(of: node, key: "segment:" + composite.source, segment: segment)
        case .catchAll:
            return catchAllChild(of: node)
        }
    }

    /// Appends route `id` to the list from `first` to `last`.
    private func append(_ id: Int, to first: inout Int32, _ last: inout Int32) {
        routeLinks.append(RouteLink(id: Int32(id)))
        let index = Int32(routeLinks.count - 1)
        if last >= 0 { routeLinks[Int(last)].next = index } else { first = index }
        last = index
    }

    private func newNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    private func child(of node: Int, literal key: [UInt8], isNew: Bool) -> Int {
        let next = nodes.count
        let child = key.withUnsafeBufferPointer { literals.child(of: node, for: $0, orAdding: next, parentIsNew: isNew) }
        guard child == next else { return child }
        nodes[node].hasLiterals = true
        return newNode()
    }

    private func untypedChild(of node: Int) -> Int {
        if nodes[node].plain >= 0 { return Int(nodes[node].plain) }
        let child = newNode()
        nodes[node].plain = Int32(child)
        return child
    }

    private func catchAllChild(of node: Int) -> Int {
        if nodes[node].catchAll >= 0 { return Int(nodes[node].catchAll) }
        let child = newNode()
        nodes[node].catchAll = Int32(child)
        return child
    }

    private func testChild(of node: Int, key: String, segment: Segment) -> Int {
        var index = nodes[node].firstTest
        while index >= 0 {
            if tests[Int(index)].key == key { return Int(tests[Int(index)].child) }
            index = tests[Int(index)].next
        }
        let child = newNode()
        tests.append(Test(key: key, segment: segment, child: Int32(child)))
        let added = Int32(tests.count - 1)
        if nodes[node].lastTest >= 0 { tests[Int(nodes[node].lastTest)].next = added } else { nodes[node].firstTest = added }
        nodes[node].lastTest = added
        return child
    }

    /// Appends to `found` every route whose segments match all of `components` (a route can
    /// appear more than once when its catch-alls split the components in several ways).
    func search(_ components: inout Components, into found: inout [Int]) throws(Regex.MatchError) {
        let count = components.count
        try withWalk(&components) { (walk) throws(Regex.MatchError) in
            try walk.run(limit: count, everyPrefix: false) { _, id in found.append(id) }
        }
    }

    /// Appends `(length, id)` for every route whose segments match the first `length` of
    /// `components`, for each length in `1...limit`, in one walk: the paths to a prefix depend
    /// only on the components in it, so this finds what `search` finds for each truncation.
    func searchPrefixes(_ components: inout Components, upTo limit: Int, into found: inout [(length: Int, id: Int)]) throws(Regex.MatchError) {
        try withWalk(&components) { (walk) throws(Regex.MatchError) in
            try walk.run(limit: limit, everyPrefix: true) { length, id in found.append((length, id)) }
        }
    }

    /// Calls `body` with a walk over the frozen trie and `components`, both seen through
    /// buffer pointers (`components` in place, not copied: it is not changed).
    private func withWalk(_ components: inout Components, _ body: (Walk) throws(Regex.MatchError) -> Void) throws(Regex.MatchError) {
        guard let frozen else { preconditionFailure("a segment trie is searched once frozen") }
        try components.withUnsafeParts { (bytes, ranges) throws(Regex.MatchError) in
            try body(Walk(rules: rules, tables: frozen, bytes: bytes, ranges: ranges))
        }
    }

    /// One search: the trie and the link's components as buffer pointers.
    private struct Walk {
        let rules: SegmentRules
        let tables: Tables
        let bytes: UnsafeBufferPointer<UInt8>
        let ranges: UnsafeBufferPointer<Range<Int>>

        /// Whether `regex` (which the trie keeps alive) matches `component`, as
        /// `SegmentRules.accepts` tests a composite segment, without retaining it.
        private static func matches(_ regex: Unmanaged<Regex>, _ component: UnsafeBufferPointer<UInt8>) throws(Regex.MatchError) -> Bool {
            var failure: Regex.MatchError?
            let matched = regex._withUnsafeGuaranteedRef { regex in
                do throws(Regex.MatchError) { return try regex.matches(component) } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
            return matched
        }

        /// The literal child of node `index` for `component` compared by canonical equivalence
        /// (`SegmentRules.canonical`): a non-ASCII component is looked up in NFC, as its literal is filed.
        private func canonicalLiteralChild(of index: Int, for component: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let key = SegmentRules.canonicalForm(component) else { return tables.literals.child(of: index, for: component) }
            return key.withUnsafeBufferPointer { tables.literals.child(of: index, for: $0) }
        }

        /// Walks from the root up to `limit` components.
        func run(limit: Int, everyPrefix: Bool, _ visit: (_ length: Int, _ id: Int) -> Void) throws(Regex.MatchError) {
            try walk(node: 0, position: 0, limit: limit, everyPrefix: everyPrefix, visit)
        }

        /// Calls `visit` for each route of the list that starts at `first`.
        @inline(__always)
        private func visitRoutes(from first: Int32, length: Int, _ visit: (_ length: Int, _ id: Int) -> Void) {
            var index = first
            while index >= 0 {
                visit(length, Int(tables.routeLinks[Int(index)].id))
                index = tables.routeLinks[Int(index)].next
            }
        }

        /// Walks from `node` along the components up to `limit`, calling `visit` with the routes
        /// that end at each node reached after `limit` components (with `everyPrefix`, after any
        /// number from 1).
        private func walk(node index: Int, position: Int, limit: Int, everyPrefix: Bool,
                          _ visit: (_ length: Int, _ id: Int) -> Void) throws(Regex.MatchError) {
            let node = tables.nodes[index]
            if position == limit || (everyPrefix && position > 0) { visitRoutes(from: node.firstTerminal, length: position, visit) }
            guard position < limit else { return }
            if node.firstOpenTerminal >= 0 {
                for length in (everyPrefix ? position + 1 : limit)...limit { visitRoutes(from: node.firstOpenTerminal, length: length, visit) }
            }
            let component = UnsafeBufferPointer(rebasing: bytes[ranges[position]])
            if node.hasLiterals,
               let next = rules.canonical ? canonicalLiteralChild(of: index, for: component) : tables.literals.child(of: index, for: component) {
                try walk(node: next, position: position + 1, limit: limit, everyPrefix: everyPrefix, visit)
            }
            var test = node.firstTest
            while test >= 0 {
                let tests = tables.tests
                let accepted = if let regex = tests[Int(test)].compositeRegex {
                    try Self.matches(regex, component)
                } else {
                    try rules.accepts(tests[Int(test)].segment, component)
                }
                if accepted {
                    try walk(node: Int(tests[Int(test)].child), position: position + 1, limit: limit, everyPrefix: everyPrefix, visit)
                }
                test = tables.tests[Int(test)].next
            }
            if node.plain >= 0, rules.acceptsPlain(length: component.count) {
                try walk(node: Int(node.plain), position: position + 1, limit: limit, everyPrefix: everyPrefix, visit)
            }
            if node.catchAll >= 0 {
                for next in (position + 1)...limit {
                    try walk(node: Int(node.catchAll), position: next, limit: limit, everyPrefix: everyPrefix, visit)
                }
            }
        }
    }
}
