/// The Levenshtein distance between two byte strings (insertions, deletions and substitutions
/// of one byte each), with ASCII letters compared without regard to case. `--explain` ranks
/// near misses by it.
enum EditDistance {
    /// The distance between `a` and `b`, letter case ignored. Two rows, O(|a|·|b|) time; the
    /// callers compare a pattern's short literals, so that stays small.
    static func caseless<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Int {
        let a = a.map(ByteClass.lowercased), b = b.map(ByteClass.lowercased)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// How many bytes differ only in ASCII letter case between two strings of equal length.
    static func caseDifferences<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Int {
        zip(a, b).reduce(0) { count, pair in count + (pair.0 != pair.1 ? 1 : 0) }
    }
}
