/// How a urlpattern table finds the routes that take a link. A route whose pathname is whole
/// segments (`URLPattern.wholeSegments`) is filed in a segment trie, which finds it by the
/// link's pathname without running its expression; only its other components are tested then.
/// The other routes run their expressions in table order. Both ways give the routes `exec()`
/// gives (a table of API paths would otherwise run every route's expression). A
/// class, so that the matcher reads it in place.
final class URLPatternIndex {
    /// The routes with whole-segment pathnames, by those segments.
    let trie: SegmentTrie
    /// The other routes, in table order.
    let others: [Int]
    /// Each route's pattern, by route id.
    let patterns: ContiguousArray<URLPattern>
    /// For each route filed in the trie, the number of its rest (`URLPattern.rest`): routes
    /// whose components other than the pathname are the same fixed texts and wildcards share
    /// one, so a link's rest is tested once for all of them (an API table's routes share their
    /// origin); -1 for a rest with an expression, tested route by route.
    let restOf: [Int]
    /// The number of distinct rests.
    let restCount: Int
    /// UTS #46 ToASCII for the links' hosts (the table's patterns share it).
    let domainToASCII: (@Sendable (String) -> String?)?

    /// The index of `routes`, a urlpattern table's; nil when none of them is a URLPattern.
    init?(_ routes: [Route]) {
        let patterns = routes.compactMap(\.pattern.urlPattern)
        guard patterns.count == routes.count, let first = patterns.first else { return nil }
        let trie = SegmentTrie(rules: SegmentRules(.urlpattern, caseInsensitive: false))
        var others: [Int] = []
        var rests: [[[UInt8]?]: Int] = [:]
        var restOf = [Int](repeating: -1, count: patterns.count)
        for (id, pattern) in patterns.enumerated() {
            if let segments = pattern.pathnameSegments {
                trie.insert(segments, id: id)
                if let rest = pattern.rest {
                    restOf[id] = rests[rest] ?? rests.count
                    rests[rest] = restOf[id]
                }
            } else {
                others.append(id)
            }
        }
        self.restOf = restOf
        restCount = rests.count
        trie.freeze()
        self.trie = trie
        self.others = others
        self.patterns = ContiguousArray(patterns)
        domainToASCII = first.domainToASCII
    }
}
