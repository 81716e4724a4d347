/// A route table compiled for lookup: one segment trie per component mode its routes need, and
/// Compass's host-mode index. A class, so that matching reads it in place instead of copying it.
final class CompiledTable {
    /// One trie and the routes in it, for the routes read with `mode`.
    struct Partition {
        let mode: ComponentMode
        var trie: SegmentTrie
        var routes: [Int]
    }

    /// The table.
    let table: RouteTable
    /// Its routes (the table's, held here so that matching does not copy the table).
    let routes: [Route]
    /// Its dialect.
    let dialect: Dialect
    /// Its segment delimiter.
    let delimiter: [UInt8]
    /// What its segments accept.
    let rules: SegmentRules
    /// Some route is a WAAppRouting block handler.
    let hasBlocks: Bool
    /// The tries, in the order their modes first occur in the table.
    let partitions: [Partition]
    /// Compass host mode: route index by exact pattern text (the last registration).
    let byText: [String: Int]

    /// Compiles `table` under `options`.
    init(_ table: RouteTable, _ options: Matcher.Options) {
        let dialect = table.dialect
        let rules = SegmentRules(dialect, caseInsensitive: options.caseInsensitive)
        var partitions: [Partition] = []
        func add(_ mode: ComponentMode, _ id: Int, _ pattern: Pattern) {
            if let index = partitions.firstIndex(where: { $0.mode == mode }) {
                partitions[index].trie.insert(pattern.segments, id: id, openEnded: pattern.openEnded)
                partitions[index].routes.append(id)
            } else {
                var trie = SegmentTrie(rules: rules)
                trie.insert(pattern.segments, id: id, openEnded: pattern.openEnded)
                partitions.append(Partition(mode: mode, trie: trie, routes: [id]))
            }
        }
        var byText: [String: Int] = [:]
        for (id, route) in table.routes.enumerated() {
            byText[route.pattern.text] = id
            for mode in Self.modes(table, options) { add(mode, id, route.pattern) }
        }
        self.table = table
        self.routes = table.routes
        self.dialect = dialect
        self.delimiter = Array(table.delimiter.utf8)
        self.rules = rules
        self.hasBlocks = table.routes.contains { $0.isBlock }
        self.partitions = partitions
        self.byText = byText
    }

    /// How `table` reads links: one way, or in `waap` the whole link first and then its host
    /// and path (WAAppRouteMatcher.m:14–26), a route matching either way.
    static func modes(_ table: RouteTable, _ options: Matcher.Options) -> [ComponentMode] {
        switch table.dialect {
        case .urn: return [.urn]
        case .compass: return [.compass(cut: compassCut(table))]
        case .navigator: return [.navigator]
        case .waap: return [.waapFull, waapRoute(options)]
        }
    }

    /// How many bytes Compass cuts from a `scheme://` link: `Navigator.scheme` with its `://`
    /// (Navigator.swift:29), or nil without a table scheme.
    static func compassCut(_ table: RouteTable) -> Int? {
        table.scheme.map { $0.utf8.count + 3 }
    }

    /// The WAAppRouting reading that arguments come from (WAAppRouteMatcher.m:28–35).
    static func waapRoute(_ options: Matcher.Options) -> ComponentMode {
        .waapRoute(caseInsensitiveScheme: options.caseInsensitive)
    }
}
