/// The links `RouteInference` has seen, as a tree of their components: one node a distinct
/// prefix, with how many links pass through it and end at it. A typed value (`InferredType`)
/// is stored as its type, so that numbers, UUIDs, dates and hashes never widen the tree.
struct ObservedPaths {
    /// What a node's child stands for: a component's text, a typed value, (once `compact`
    /// has decided it) a placeholder that takes every value (nil) or those of one type, or
    /// (in a tree `RunAlignment` made) a run of one or more components, a catch-all.
    enum Token: Hashable, Comparable {
        case literal([UInt8])
        case typed(InferredType)
        case placeholder(InferredType?)
        case run

        static func < (a: Token, b: Token) -> Bool {
            switch (a, b) {
            case let (.literal(x), .literal(y)): return x.lexicographicallyPrecedes(y)
            case let (.typed(x), .typed(y)): return x < y
            case let (.placeholder(x), .placeholder(y)): return (x?.rawValue ?? 255) < (y?.rawValue ?? 255)
            default: return a.order < b.order
            }
        }

        /// Hashes a literal's bytes in one call rather than byte by byte: every component of
        /// every link is looked up by its token.
        func hash(into hasher: inout Hasher) {
            switch self {
            case let .literal(bytes):
                hasher.combine(bytes.count)
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            case let .typed(type):
                hasher.combine(-1)
                hasher.combine(type)
            case let .placeholder(type):
                hasher.combine(-2)
                hasher.combine(type)
            case .run:
                hasher.combine(-3)
            }
        }

        private var order: Int {
            switch self {
            case .literal: return 0
            case .typed: return 1
            case .placeholder: return 2
            case .run: return 3
            }
        }
    }

    /// One distinct prefix of the links seen. Its children are a list threaded through the
    /// nodes (`firstChild`, `nextSibling`) and found by the tree's one edge table, so that a
    /// node holds no collection of its own to retain on every lookup.
    struct Node {
        /// The number of the interned token that leads here from the parent (`tokens`).
        var token: Int32 = -1
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// Whether a child stands for a component's text: where none does, a text can only go to
        /// a placeholder child, and is not looked up.
        var hasLiteralChild = false
        /// The child that stands for a placeholder of any text, if `compact` made one: the child
        /// most components go to once the tree is folded, found without a look-up.
        var valueChild: Int32 = -1
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
    /// Each distinct token once, by the number the edges name it by.
    private var tokens: [Token] = []
    private var tokenNumbers: [Token: Int32] = [:]
    /// The numbers of the typed tokens and of the typed placeholders, by type, -1 where none
    /// is interned yet: every typed component looks one of them up, and an array needs no
    /// hashing (a placeholder of any text is each node's `valueChild`).
    private var typedNumbers = [Int32](repeating: -1, count: InferredType.allCases.count)
    private var placeholderNumbers = [Int32](repeating: -1, count: InferredType.allCases.count)
    /// The child of a node for a token other than a text: parent index in the high half, token
    /// number in the low.
    private var edges: [UInt64: Int32] = [:]
    /// The children that stand for a text, by their parent and the text's bytes.
    private var literalChildren = ChildTextIndex()
    /// The index of the root (the empty prefix).
    static let root: Int32 = 0

    /// Adds one link's components; `example` gives its text, asked only while the node where
    /// it ends keeps fewer than `exampleLimit`.
    mutating func add<Component: Collection<UInt8>>(_ components: some Collection<Component>, method: String?, example: () -> String) {
        var node = Self.root
        nodes[Int(node)].total += 1
        for component in components {
            let type = InferredType.of(component)
            if let type {
                let number = typedNumbers[Int(type.rawValue)]
                if number >= 0, let child = edges[Self.edge(node, number)] {
                    node = child
                } else if let child = placeholderChild(of: node, type: type) {
                    node = child
                } else {
                    node = addChild(.typed(type), under: node)
                }
            } else if nodes[Int(node)].hasLiteralChild, let child = literalChildren.child(of: node, text: component) {
                node = child
            } else if !component.isEmpty, let child = placeholderChild(of: node, type: nil) {
                // a placeholder `compact` decided on takes the values that come after (an empty
                // component is none: it stays a literal, as `SlotDecision` keeps it)
                node = child
            } else {
                node = addChild(.literal(Array(component)), under: node)
            }
            nodes[Int(node)].total += 1
        }
        nodes[Int(node)].ends += 1
        if let method { nodes[Int(node)].methods[method, default: 0] += 1 }
        if nodes[Int(node)].examples.count < Self.exampleLimit { Self.keep(example(), in: &nodes[Int(node)].examples) }
    }

    /// Adds `example` to `examples` unless they hold it or `exampleLimit` of them already.
    static func keep(_ example: String, in examples: inout [String]) {
        if examples.count < exampleLimit, !examples.contains(example) { examples.append(example) }
    }

    /// The child of `node` for a placeholder of `type`, else for one of any text, if `compact`
    /// made either.
    private func placeholderChild(of node: Int32, type: InferredType?) -> Int32? {
        if let type {
            let typed = placeholderNumbers[Int(type.rawValue)]
            if typed >= 0, let child = edges[Self.edge(node, typed)] { return child }
        }
        let any = nodes[Int(node)].valueChild
        return any >= 0 ? any : nil
    }

    /// The child of `node` for `token`, if there is one.
    private func child(of node: Int32, for token: Token) -> Int32? {
        if case let .literal(text) = token { return literalChildren.child(of: node, text: text) }
        guard let number = tokenNumbers[token] else { return nil }
        return edges[Self.edge(node, number)]
    }

    private static func edge(_ parent: Int32, _ token: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: token))
    }

    subscript(_ index: Int32) -> Node { nodes[Int(index)] }

    /// The token that leads to `node` from its parent.
    func token(of node: Int32) -> Token { tokens[Int(nodes[Int(node)].token)] }

    /// The children of `node` with their tokens.
    func children(of node: Int32) -> [(token: Token, node: Int32)] {
        var found: [(token: Token, node: Int32)] = []
        var child = nodes[Int(node)].firstChild
        while child >= 0 {
            found.append((tokens[Int(nodes[Int(child)].token)], child))
            child = nodes[Int(child)].nextSibling
        }
        return found
    }

    /// The number of nodes: what the memory held grows with.
    var nodeCount: Int { nodes.count }

    /// Adds an empty node for `token` under `parent` and returns its index.
    mutating func addChild(_ token: Token, under parent: Int32) -> Int32 {
        let number: Int32
        if let known = tokenNumbers[token] {
            number = known
        } else {
            number = Int32(tokens.count)
            tokens.append(token)
            tokenNumbers[token] = number
            switch token {
            case let .typed(type): typedNumbers[Int(type.rawValue)] = number
            case let .placeholder(type?): placeholderNumbers[Int(type.rawValue)] = number
            case .literal, .placeholder(nil), .run: break
            }
        }
        let child = Int32(nodes.count)
        nodes.append(Node(token: number, nextSibling: nodes[Int(parent)].firstChild))
        nodes[Int(parent)].firstChild = child
        if token == .placeholder(nil) { nodes[Int(parent)].valueChild = child }
        if case let .literal(text) = token {
            nodes[Int(parent)].hasLiteralChild = true
            literalChildren.insert(child, of: parent, text: text)
        } else {
            edges[Self.edge(parent, number)] = child
        }
        return child
    }

    /// Adds to node `index` the counts, methods and examples of `node`.
    mutating func absorb(_ node: Node, into index: Int32) {
        nodes[Int(index)].total += node.total
        addEnds(of: node, to: index)
    }

    /// Adds the links that end at `node` (of another tree) as links that end at `index`: their
    /// count, methods and examples.
    private mutating func addEnds(of node: Node, to index: Int32) {
        nodes[Int(index)].ends += node.ends
        nodes[Int(index)].methods.merge(node.methods, uniquingKeysWith: +)
        for example in node.examples { Self.keep(example, in: &nodes[Int(index)].examples) }
    }

    /// The number of links seen.
    var linkCount: Int { nodes[0].total }

    /// Each node where links end, with the tokens that lead to it from the root.
    func endingPaths() -> [(tokens: [Token], node: Int32)] {
        var found: [(tokens: [Token], node: Int32)] = []
        // depth first, on a stack of its own: a link may have thousands of components
        var pending: [(tokens: [Token], node: Int32)] = [([], Self.root)]
        while let (path, node) = pending.popLast() {
            if nodes[Int(node)].ends > 0 { found.append((path, node)) }
            for (token, child) in children(of: node) { pending.append((path + [token], child)) }
        }
        return found
    }

    /// Adds the links that end at `node` (of another tree) as links whose components read `tokens`,
    /// and returns the nodes along them (the root left out).
    @discardableResult
    mutating func add(_ tokens: [Token], endingAs node: Node) -> [Int32] {
        var at = Self.root
        var path: [Int32] = []
        nodes[Int(at)].total += node.ends
        for token in tokens {
            at = child(of: at, for: token) ?? addChild(token, under: at)
            nodes[Int(at)].total += node.ends
            path.append(at)
        }
        addEnds(of: node, to: at)
        return path
    }
}
