/// The links `RouteInference` has seen, as a tree of their components: one node a distinct
/// prefix, with how many links pass through it and end at it. A typed value (`InferredType`)
/// is stored as its type, so that numbers, UUIDs, dates and hashes never widen the tree.
struct ObservedPaths {
    /// What a node's child stands for: a component's decoded text, or a typed value.
    enum Token: Hashable, Comparable {
        case literal([UInt8])
        case typed(InferredType)

        static func < (a: Token, b: Token) -> Bool {
            switch (a, b) {
            case let (.literal(x), .literal(y)): return x.lexicographicallyPrecedes(y)
            case (.literal, .typed): return true
            case (.typed, .literal): return false
            case let (.typed(x), .typed(y)): return x < y
            }
        }
    }

    /// One distinct prefix of the links seen.
    struct Node {
        var children: [Token: Int32] = [:]
        /// Links whose components pass through (or end at) this node.
        var total = 0
        /// Links whose components end here.
        var ends = 0
        /// The methods of the links that end here, with their counts.
        var methods: [String: Int] = [:]
        /// Up to `exampleLimit` of the links that end here, as read.
        var examples: [String] = []
    }

    /// How many example links a node keeps.
    static let exampleLimit = 3

    private(set) var nodes: [Node] = [Node()]
    /// The index of the root (the empty prefix).
    static let root: Int32 = 0

    /// Adds one link's components; `example` gives its text, asked only while the node where
    /// it ends keeps fewer than `exampleLimit`.
    mutating func add(_ components: [[UInt8]], method: String?, example: () -> String) {
        var node = Self.root
        nodes[Int(node)].total += 1
        for component in components {
            let token: Token = InferredType.of(component).map(Token.typed) ?? .literal(component)
            if let child = nodes[Int(node)].children[token] {
                node = child
            } else {
                let child = Int32(nodes.count)
                nodes.append(Node())
                nodes[Int(node)].children[token] = child
                node = child
            }
            nodes[Int(node)].total += 1
        }
        nodes[Int(node)].ends += 1
        if let method { nodes[Int(node)].methods[method, default: 0] += 1 }
        if nodes[Int(node)].examples.count < Self.exampleLimit {
            let text = example()
            if !nodes[Int(node)].examples.contains(text) { nodes[Int(node)].examples.append(text) }
        }
    }

    subscript(_ index: Int32) -> Node { nodes[Int(index)] }

    /// The number of links seen.
    var linkCount: Int { nodes[0].total }
}
