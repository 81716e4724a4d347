/// The links `RouteInference` has seen, as a tree of their components: one node a distinct
/// prefix, with how many links pass through it and end at it. A typed value (`InferredType`)
/// is stored as its type, so that numbers, UUIDs, dates and hashes never widen the tree.
struct ObservedPaths {
    /// What a node's child stands for: a component's text, a typed value, or (once `compact`
    /// has decided it) a placeholder that takes every value (nil) or those of one type.
    enum Token: Hashable, Comparable {
        case literal([UInt8])
        case typed(InferredType)
        case placeholder(InferredType?)

        static func < (a: Token, b: Token) -> Bool {
            switch (a, b) {
            case let (.literal(x), .literal(y)): return x.lexicographicallyPrecedes(y)
            case let (.typed(x), .typed(y)): return x < y
            case let (.placeholder(x), .placeholder(y)): return (x?.rawValue ?? 255) < (y?.rawValue ?? 255)
            default: return a.order < b.order
            }
        }

        private var order: Int {
            switch self {
            case .literal: return 0
            case .typed: return 1
            case .placeholder: return 2
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

    private var nodes: [Node] = [Node()]
    /// The index of the root (the empty prefix).
    static let root: Int32 = 0

    /// Adds one link's components; `example` gives its text, asked only while the node where
    /// it ends keeps fewer than `exampleLimit`.
    mutating func add(_ components: [[UInt8]], method: String?, example: () -> String) {
        var node = Self.root
        nodes[Int(node)].total += 1
        for component in components {
            let type = InferredType.of(component)
            let token: Token = type.map(Token.typed) ?? .literal(component)
            if let child = nodes[Int(node)].children[token] {
                node = child
            } else if let child = nodes[Int(node)].children[.placeholder(type)] ?? nodes[Int(node)].children[.placeholder(nil)] {
                // a placeholder `compact` decided on takes the values that come after
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

    /// The number of nodes: what the memory held grows with.
    var nodeCount: Int { nodes.count }

    /// Adds an empty node for `token` under `parent` and returns its index.
    mutating func addChild(_ token: Token, under parent: Int32) -> Int32 {
        let child = Int32(nodes.count)
        nodes.append(Node())
        nodes[Int(parent)].children[token] = child
        return child
    }

    /// Adds to node `index` the counts, methods and examples of `node`.
    mutating func absorb(_ node: Node, into index: Int32) {
        nodes[Int(index)].total += node.total
        nodes[Int(index)].ends += node.ends
        nodes[Int(index)].methods.merge(node.methods, uniquingKeysWith: +)
        for example in node.examples where nodes[Int(index)].examples.count < Self.exampleLimit && !nodes[Int(index)].examples.contains(example) {
            nodes[Int(index)].examples.append(example)
        }
    }

    /// The number of links seen.
    var linkCount: Int { nodes[0].total }
}
