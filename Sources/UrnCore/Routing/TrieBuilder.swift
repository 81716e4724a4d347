/// The tries of one table's routes as they are built, one a component mode, route by route in
/// table order. `CompiledTable` builds them; so does the reader of a large table while its
/// other thread still reads the rest of the lines (`RouteTable.earlyTries`), which
/// `CompiledTable` then takes instead of building them again.
final class TrieBuilder: @unchecked Sendable {  // built by one thread, then only read
    /// The dialect and the `-i` the tries were built for.
    let dialect: Dialect
    let caseInsensitive: Bool
    // Written by one thread, one route at a time: the runtime's exclusivity checks of these
    // properties cost a tenth of adding a route.
    /// One trie for each mode the table reads links in, with the routes it holds.
    @exclusivity(unchecked) private(set) var partitions: [CompiledTable.Partition]
    /// Express paths only their regex can match, kept out of the tries, in table order.
    @exclusivity(unchecked) private(set) var regexRoutes: [Int] = []
    /// How many routes were added: the next one's index.
    @exclusivity(unchecked) private(set) var count = 0

    /// Empty tries for the routes of `table` under `options`, with room made for about
    /// `literals` literal segments and `segments` segments in all.
    init(for table: RouteTable, _ options: Matcher.Options, literals: Int, segments: Int) {
        dialect = table.dialect
        caseInsensitive = options.caseInsensitive
        let rules = SegmentRules(table, caseInsensitive: options.caseInsensitive)
        partitions = CompiledTable.modes(table, options).map {
            CompiledTable.Partition(mode: $0, trie: SegmentTrie(rules: rules, literals: literals, segments: segments), routes: [])
        }
    }

    /// The literal segments and segments of `routes`: at most one literal edge and one node
    /// each in a trie, the room to make for them.
    static func room(for routes: some Sequence<Route>) -> (literals: Int, segments: Int) {
        var literals = 0, segments = 0
        for route in routes {
            literals += route.pattern.literalCount
            segments += route.pattern.segments.count
        }
        return (literals, segments)
    }

    /// Adds `route`, the table's route with index `count`.
    func add(_ route: Route) {
        let id = count
        count += 1
        // an Express path only its regex can match stays out of the tries
        if route.pattern.express != nil { return regexRoutes.append(id) }
        for index in partitions.indices {
            let trie = partitions[index].trie
            route.pattern.forEachVariant { variant in
                trie.insert(variant, id: id, openEnded: route.pattern.openEnded)
                return true
            }
            partitions[index].routes.append(id)
        }
    }

    /// Ends the building: the tries are searched from now on.
    func freeze() {
        for partition in partitions { partition.trie.freeze() }
    }

    /// Whether these tries, frozen, are those `CompiledTable` would build for `table` under
    /// `options`.
    func fit(_ table: RouteTable, _ options: Matcher.Options) -> Bool {
        count == table.routes.count && dialect == table.dialect && caseInsensitive == options.caseInsensitive
            && !table.format.isAppLinks && partitions.map(\.mode) == CompiledTable.modes(table, options)
            && partitions.allSatisfy(\.trie.isFrozen)
    }
}
