/// A trie over pattern segments. Lookup walks it with a link's components: literal children by
/// hash, then typed and regex placeholders (regex only where a branch has one), then plain
/// placeholders, then catch-alls. It collects every route that matches; ranking is the
/// matcher's. Its cost follows the branches a link can take, not the number of routes.
struct SegmentTrie {
    struct Node {
        var literals = LiteralMap()
        /// Typed and regex placeholders and composite segments, each tested on the component.
        var tests: [(key: String, segment: Segment, child: Int)] = []
        var plain: Int?
        /// The child after a catch-all, which takes one or more components.
        var catchAll: Int?
        var terminals: [Int] = []
        /// Routes that end here and also take longer links (URLNavigator's `<path:p>`).
        var openTerminals: [Int] = []
    }

    private(set) var nodes = [Node()]
    /// What each segment accepts (literal keys are lower case under `-i`).
    let rules: SegmentRules

    init(rules: SegmentRules) {
        self.rules = rules
    }

    /// Adds route `id` with `segments`. An `openEnded` route (URLNavigator's `<path:p>`) reads
    /// each catch-all as one component and takes any longer link too: URLMatcher.swift:115–128
    /// accepts more components and compares the pattern's by position.
    mutating func insert(_ segments: [Segment], id: Int, openEnded: Bool = false) {
        var node = 0
        for segment in segments {
            switch segment {
            case .catchAll where openEnded:
                node = plainChild(of: node)
            case let .literal(text):
                node = child(of: node, literal: rules.literalKey(text))
            case let .placeholder(placeholder) where placeholder.type.isPlain:
                node = plainChild(of: node)
            case .wildcard:
                node = plainChild(of: node)
            case let .placeholder(placeholder):
                node = testChild(of: node, key: "type:" + placeholder.type.identity, segment: segment)
            case let .composite(composite):
                node = testChild(of: node, key: "segment:" + composite.source, segment: segment)
            case .catchAll:
                node = catchAllChild(of: node)
            }
        }
        nodes[node].terminals.append(id)
        if openEnded { nodes[node].openTerminals.append(id) }
    }

    private mutating func child(of node: Int, literal key: [UInt8]) -> Int {
        if let existing = nodes[node].literals.value(for: key[...]) { return existing }
        nodes.append(Node())
        nodes[node].literals.insert(key, nodes.count - 1)
        return nodes.count - 1
    }

    private mutating func plainChild(of node: Int) -> Int {
        if let existing = nodes[node].plain { return existing }
        nodes.append(Node())
        nodes[node].plain = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func catchAllChild(of node: Int) -> Int {
        if let existing = nodes[node].catchAll { return existing }
        nodes.append(Node())
        nodes[node].catchAll = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func testChild(of node: Int, key: String, segment: Segment) -> Int {
        if let existing = nodes[node].tests.first(where: { $0.key == key }) { return existing.child }
        nodes.append(Node())
        nodes[node].tests.append((key, segment, nodes.count - 1))
        return nodes.count - 1
    }

    /// Appends to `found` every route whose segments match all of `components` (a route can
    /// appear more than once when its catch-alls split the components in several ways).
    func search(_ components: Components, into found: inout [Int]) throws(Regex.MatchError) {
        try nodes.withUnsafeBufferPointer { (nodes) throws(Regex.MatchError) in
            try walk(nodes, node: 0, index: 0, components, limit: components.count, everyPrefix: false) { _, terminals in
                found.append(contentsOf: terminals)
            }
        }
    }

    /// Appends `(length, id)` for every route whose segments match the first `length` of
    /// `components`, for each length in `1...limit`, in one walk: the paths to a prefix depend
    /// only on the components in it, so this finds what `search` finds for each truncation.
    func searchPrefixes(_ components: Components, upTo limit: Int, into found: inout [(length: Int, id: Int)]) throws(Regex.MatchError) {
        try nodes.withUnsafeBufferPointer { (nodes) throws(Regex.MatchError) in
            try walk(nodes, node: 0, index: 0, components, limit: limit, everyPrefix: true) { length, terminals in
                for id in terminals { found.append((length, id)) }
            }
        }
    }

    /// Walks from `node` along `components` up to `limit`, calling `visit` with the routes that
    /// end at each node reached after `limit` components (with `everyPrefix`, after any number
    /// from 1). The nodes are reached through a buffer pointer so that no node is copied (a copy
    /// retains every array in it).
    private func walk(
        _ nodes: UnsafeBufferPointer<Node>, node index: Int, index position: Int, _ components: Components, limit: Int,
        everyPrefix: Bool, _ visit: (_ length: Int, _ terminals: [Int]) -> Void
    ) throws(Regex.MatchError) {
        if position == limit || (everyPrefix && position > 0) { visit(position, nodes[index].terminals) }
        guard position < limit else { return }
        if !nodes[index].openTerminals.isEmpty {
            for length in (everyPrefix ? position + 1 : limit)...limit { visit(length, nodes[index].openTerminals) }
        }
        let component = components[position]
        if !nodes[index].literals.isEmpty, let next = nodes[index].literals.value(for: component) {
            try walk(nodes, node: next, index: position + 1, components, limit: limit, everyPrefix: everyPrefix, visit)
        }
        if !nodes[index].tests.isEmpty {
            for edge in nodes[index].tests where try rules.accepts(edge.segment, component) {
                try walk(nodes, node: edge.child, index: position + 1, components, limit: limit, everyPrefix: everyPrefix, visit)
            }
        }
        if let plain = nodes[index].plain, rules.acceptsPlain(component) {
            try walk(nodes, node: plain, index: position + 1, components, limit: limit, everyPrefix: everyPrefix, visit)
        }
        if let catchAll = nodes[index].catchAll {
            for next in (position + 1)...limit {
                try walk(nodes, node: catchAll, index: next, components, limit: limit, everyPrefix: everyPrefix, visit)
            }
        }
    }
}
