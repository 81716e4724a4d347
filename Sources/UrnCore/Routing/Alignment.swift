/// Which components each segment of a matching pattern takes: one each, and for a catch-all
/// one or more, chosen greedily (the longest that lets the rest match), as Rails globs are.
enum Alignment {
    /// Whether the segments match the components; if they do, `ranges` holds the component
    /// range of every segment. `ranges` is emptied first and its storage kept, so that a caller
    /// that keeps it from call to call aligns without allocating.
    static func align(
        _ segments: [Segment], _ components: Components, rules: SegmentRules, into ranges: inout [Range<Int>]
    ) throws(Regex.MatchError) -> Bool {
        ranges.removeAll(keepingCapacity: true)
        func walk(_ s: Int, _ c: Int) throws(Regex.MatchError) -> Bool {
            guard s < segments.count else { return c == components.count }
            if case .catchAll = segments[s] {
                let longest = components.count - (segments.count - s - 1)
                guard longest > c else { return false }
                for end in stride(from: longest, to: c, by: -1) {
                    ranges.append(c..<end)
                    if try walk(s + 1, end) { return true }
                    ranges.removeLast()
                }
                return false
            }
            guard c < components.count, try rules.accepts(segments[s], components[c]) else { return false }
            ranges.append(c..<(c + 1))
            if try walk(s + 1, c + 1) { return true }
            ranges.removeLast()
            return false
        }
        return try walk(0, 0)
    }
}
