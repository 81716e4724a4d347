/// How a urlpattern table finds the routes that take a link. A route whose pathname is whole
/// segments (`URLPattern.wholeSegments`) is filed in a segment trie, which finds it by the
/// link's pathname without running its expression; only its other components are tested then.
/// The other routes run their expressions in table order. Both ways give the routes `exec()`
/// gives (issue 60: a table of API paths would otherwise run every route's expression). A
/// class, so that the matcher reads it in place.
final class URLPatternIndex {
    /// The routes with whole-segment pathnames, by those segments.
    let trie: SegmentTrie
    /// The other routes, in table order.
    let others: [Int]
    /// Each route's pattern, by route id.
    let patterns: ContiguousArray<URLPattern>
    /// UTS #46 ToASCII for the links' hosts (the table's patterns share it).
    let domainToASCII: (@Sendable (String) -> String?)?

    /// The index of `routes`, a urlpattern table's; nil when none of them is a URLPattern.
    init?(_ routes: [Route]) {
        let patterns = routes.compactMap(\.pattern.urlPattern)
        guard patterns.count == routes.count, let first = patterns.first else { return nil }
        let trie = SegmentTrie(rules: SegmentRules(.urlpattern, caseInsensitive: false))
        var others: [Int] = []
        for (id, pattern) in patterns.enumerated() {
            if let segments = pattern.pathnameSegments {
                trie.insert(segments, id: id)
            } else {
                others.append(id)
            }
        }
        trie.freeze()
        self.trie = trie
        self.others = others
        self.patterns = ContiguousArray(patterns)
        domainToASCII = first.domainToASCII
    }
}
