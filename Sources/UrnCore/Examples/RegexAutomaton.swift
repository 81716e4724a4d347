/// A regex as a nondeterministic automaton over Unicode scalars (Thompson's construction over
/// the nodes `RegexExample` reads), searched as `RegExp#exec` and PCRE2 search a text: the match
/// may start and end anywhere, `^` holds only at the text's start and `$` only at its end.
/// Back-references make no automaton. Counted repeats are cut at `unrollLimit` copies and
/// look-around is left out, so the automaton may take other strings than the regex: a string
/// found with it is a candidate, which the caller routes to check.
struct RegexAutomaton {
    /// A move from one state to another.
    enum Edge {
        /// Takes one scalar of the set.
        case scalars(RegexExample.ScalarSet)
        /// Takes nothing.
        case empty
        /// Takes nothing, at the start of the text only.
        case start
        /// Takes nothing, at the end of the text only.
        case end
    }

    /// The states a state moves to, and how.
    private(set) var edges: [[(edge: Edge, to: Int)]] = []
    private(set) var initial = 0
    private(set) var final = 0
    /// Whether a scalar of another case also takes a scalar edge (Express's regexes).
    let caseless: Bool
    /// The moves made so far, kept for the next time: a search over several automata meets the
    /// same set of one automaton's states again and again. Copies share it.
    private let moves = Moves()

    /// A set of states and the scalar read there, and the states they move to.
    private final class Moves {
        struct Move: Hashable {
            let states: States
            let scalar: Unicode.Scalar
        }
        var known: [Move: States] = [:]
    }

    /// Copies a counted repeat is unrolled to at most.
    static let unrollLimit = 12

    /// The automaton of `regex`, or nil when it refers back to a group.
    init?(_ regex: RegexExample, caseless: Bool) {
        self.caseless = caseless
        initial = state()
        // any text before the match, and after it
        edges[initial].append((.scalars(.everything), initial))
        let begin = state()
        edges[initial].append((.empty, begin))
        guard let matched = build(regex.root, from: begin) else { return nil }
        final = state()
        edges[matched].append((.empty, final))
        edges[final].append((.scalars(.everything), final))
    }

    /// A set of states, one bit each.
    typealias States = [UInt64]

    /// The states before any text.
    var start: States {
        var states = States(repeating: 0, count: (edges.count + 63) / 64)
        Self.insert(initial, into: &states)
        return closure(states, atStart: true, atEnd: false)
    }

    /// The states `states` moves to on `scalar`, with what they reach taking nothing (not the
    /// start of the text, which is behind).
    func step(_ states: States, _ scalar: Unicode.Scalar) -> States {
        let move = Moves.Move(states: states, scalar: scalar)
        if let known = moves.known[move] { return known }
        var next = States(repeating: 0, count: states.count)
        let other = caseless ? Self.otherCase(scalar) : nil
        for from in Self.members(states) {
            for (edge, to) in edges[from] {
                guard case let .scalars(set) = edge else { continue }
                if set.contains(scalar) || other.map(set.contains) == true { Self.insert(to, into: &next) }
            }
        }
        next = closure(next, atStart: false, atEnd: false)
        moves.known[move] = next
        return next
    }

    /// Whether the text read to reach `states` is taken, ending there.
    func accepts(_ states: States, atStart: Bool) -> Bool {
        Self.contains(final, closure(states, atStart: atStart, atEnd: true))
    }

    /// Every scalar set an edge tests, for the alphabet of a search.
    var scalarSets: [RegexExample.ScalarSet] {
        edges.flatMap { $0.compactMap { if case let .scalars(set) = $0.edge { set } else { nil } } }
    }

    /// Whether a scalar edge takes `scalar`, under the automaton's case rule.
    func takes(_ set: RegexExample.ScalarSet, _ scalar: Unicode.Scalar) -> Bool {
        set.contains(scalar) || (caseless && Self.otherCase(scalar).map(set.contains) == true)
    }

    // MARK: Building

    private mutating func state() -> Int {
        edges.append([])
        return edges.count - 1
    }

    /// Adds the states and edges of `node` after `from`; returns where a match of it ends.
    private mutating func build(_ node: RegexExample.Node, from: Int) -> Int? {
        switch node {
        case let .text(scalar):
            let to = state()
            edges[from].append((.scalars(RegexExample.ScalarSet(ranges: [scalar.value...scalar.value])), to))
            return to
        case let .set(set):
            let to = state()
            edges[from].append((.scalars(set), to))
            return to
        case let .sequence(nodes):
            var at = from
            for node in nodes {
                guard let next = build(node, from: at) else { return nil }
                at = next
            }
            return at
        case let .alternation(branches):
            let to = state()
            for branch in branches {
                // each branch from a state of its own, so that no branch's loop reaches another
                let begin = state()
                edges[from].append((.empty, begin))
                guard let end = build(branch, from: begin) else { return nil }
                edges[end].append((.empty, to))
            }
            return to
        case let .group(inner, _):
            return build(inner, from: from)
        case let .repeated(inner, min, max):
            var at = from
            for _ in 0..<Swift.min(min, Self.unrollLimit) {
                let begin = state()
                edges[at].append((.empty, begin))
                guard let next = build(inner, from: begin) else { return nil }
                at = next
            }
            let to = state()
            edges[at].append((.empty, to))
            guard let max else {
                // a loop through a state of its own
                let loop = state()
                edges[at].append((.empty, loop))
                guard let end = build(inner, from: loop) else { return nil }
                edges[end].append((.empty, loop))
                edges[end].append((.empty, to))
                return to
            }
            for _ in 0..<Swift.min(max - Swift.min(min, max), Self.unrollLimit) {
                let begin = state()
                edges[at].append((.empty, begin))
                guard let next = build(inner, from: begin) else { return nil }
                at = next
                edges[at].append((.empty, to))
            }
            return to
        case .backReference:
            return nil
        case .start, .end:
            let to = state()
            edges[from].append((node.isStart ? .start : .end, to))
            return to
        }
    }

    // MARK: Sets of states

    /// `states` with every state they reach taking nothing; the start and end edges only where
    /// the text is at its start or end.
    private func closure(_ states: States, atStart: Bool, atEnd: Bool) -> States {
        var result = states
        var pending = Self.members(states)
        while let from = pending.popLast() {
            for (edge, to) in edges[from] where !Self.contains(to, result) {
                switch edge {
                case .empty: break
                case .start: guard atStart else { continue }
                case .end: guard atEnd else { continue }
                case .scalars: continue
                }
                Self.insert(to, into: &result)
                pending.append(to)
            }
        }
        return result
    }

    private static func insert(_ state: Int, into states: inout States) {
        states[state / 64] |= 1 << UInt64(state % 64)
    }

    private static func contains(_ state: Int, _ states: States) -> Bool {
        states[state / 64] & (1 << UInt64(state % 64)) != 0
    }

    private static func members(_ states: States) -> [Int] {
        var members: [Int] = []
        for (word, bits) in states.enumerated() where bits != 0 {
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 { members.append(word * 64 + bit) }
        }
        return members
    }

    /// The ASCII letter of the other case, or nil.
    private static func otherCase(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x41...0x5A: Unicode.Scalar(scalar.value + 0x20)
        case 0x61...0x7A: Unicode.Scalar(scalar.value - 0x20)
        default: nil
        }
    }
}

extension RegexExample.Node {
    /// Whether this is the start anchor.
    fileprivate var isStart: Bool {
        if case .start = self { true } else { false }
    }
}

extension RegexExample.ScalarSet {
    /// Every scalar.
    static let everything = RegexExample.ScalarSet(ranges: [], negated: true)
}
