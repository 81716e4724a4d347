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
    /// Compass's app scheme, lower case.
    let compassScheme: [UInt8]?
    /// The tries, in the order their modes first occur in the table.
    let partitions: [Partition]
    /// Compass host mode: route index by exact pattern text.
    let byText: [String: Int]

    /// Compiles `table` under `options`.
    init(_ table: RouteTable, _ options: Matcher.Options) {
        let dialect = table.dialect
        var partitions: [Partition] = []
        func add(_ mode: ComponentMode, _ id: Int, _ segments: [Segment]) {
            if let index = partitions.firstIndex(where: { $0.mode == mode }) {
                partitions[index].trie.insert(segments, id: id)
                partitions[index].routes.append(id)
            } else {
                var trie = SegmentTrie(caseInsensitive: options.caseInsensitive, allowsEmpty: dialect.allowsEmptyValues,
                                       singlePrecision: dialect == .navigator)
                trie.insert(segments, id: id)
                partitions.append(Partition(mode: mode, trie: trie, routes: [id]))
            }
        }
        var byText: [String: Int] = [:]
        for (id, route) in table.routes.enumerated() {
            let pattern = route.pattern
            if byText[pattern.text] == nil { byText[pattern.text] = id }
            switch dialect {
            case .urn: add(.urn, id, pattern.segments)
            case .compass: add(.compass, id, pattern.segments)
            case .navigator: add(.navigator, id, pattern.segments)
            case .waap:
                let segments = pattern.leadingSlash ? [.literal([UInt8(ascii: "/")])] + pattern.segments : pattern.segments
                add(pattern.scheme == nil ? .waapRoute : .waapFull, id, segments)
            }
        }
        self.table = table
        self.routes = table.routes
        self.dialect = dialect
        self.delimiter = Array(table.delimiter.utf8)
        self.compassScheme = table.scheme.map { Array($0.lowercased().utf8) }
        self.partitions = partitions
        self.byText = byText
    }
}
