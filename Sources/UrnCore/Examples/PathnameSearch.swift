/// The shortest pathname one regex takes and others refuse, found breadth first over the
/// product of their automata (urnmatch --examples, for an Express route that earlier routes
/// shadow for every link its first values make: `/:file*` after routes that take `/a` and
/// `/a/b` still wins `/a//`). The pathname starts with `/` and holds printable ASCII other than
/// `?`, `#` and `%`, so that a link holds it as written; of two pathnames of one length, the one
/// whose characters come first in `preferred` is found.
struct PathnameSearch {
    let target: RegexAutomaton
    var blockers: [RegexAutomaton]
    /// The longest pathname tried.
    var maxLength = 48
    /// Whether the pathname may hold an empty segment (`//`): a link a person would write has
    /// none, so a search without them comes first.
    var emptySegments = false

    /// Characters in the order a person would pick them; the rest of printable ASCII follows.
    private static let preferred = Array("abcdefghijklmnopqrstuvwxyz0123456789/-_.~".unicodeScalars)

    /// The pathname, or nil when none was found before `budget` (sets of states a search may
    /// visit, shared by the searches for one route) ran out.
    func pathname(budget: inout Int) -> String? {
        let alphabet = representatives()
        let automata = [target] + blockers
        let slash: Unicode.Scalar = "/"
        var first = automata.map { $0.step($0.start, slash) }
        var queue: [(states: [RegexAutomaton.States], text: [Unicode.Scalar])] = [(first, [slash])]
        // a set of states is visited once a kind of last character: after a `/` or not
        var visited: Set<[UInt64]> = [Array(first.joined()) + [1]]
        var head = 0
        while head < queue.count {
            let (states, text) = queue[head]
            head += 1
            if accepts(states) { return String(String.UnicodeScalarView(text)) }
            guard text.count < maxLength else { continue }
            for scalar in alphabet where emptySegments || scalar != slash || text.last != slash {
                first = zip(automata, states).map { $0.step($1, scalar) }
                guard visited.insert(Array(first.joined()) + [scalar == slash ? 1 : 0]).inserted else { continue }
                budget -= 1
                guard budget > 0 else { return nil }
                queue.append((first, text + [scalar]))
            }
        }
        return nil
    }

    /// Whether the target takes the text that reached `states` and no blocker does.
    private func accepts(_ states: [RegexAutomaton.States]) -> Bool {
        guard target.accepts(states[0], atStart: false) else { return false }
        return !zip(blockers, states.dropFirst()).contains { $0.accepts($1, atStart: false) }
    }

    /// One character of each class that the automata's edges cannot tell apart, in the
    /// preferred order.
    private func representatives() -> [Unicode.Scalar] {
        let automata = [target] + blockers
        let sets = automata.map(\.scalarSets)
        let printable = (0x21...0x7E).compactMap(Unicode.Scalar.init).filter { !"?#%".unicodeScalars.contains($0) }
        let ordered = Self.preferred + printable.filter { !Self.preferred.contains($0) }
        var seen: Set<[Bool]> = []
        return ordered.filter { scalar in
            let signature = zip(automata, sets).flatMap { automaton, sets in sets.map { automaton.takes($0, scalar) } }
            return seen.insert(signature).inserted
        }
    }
}
