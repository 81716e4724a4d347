@_spi(Records) import UrnCore

@_spi(Fuzzing) extension FuzzProperty {
    /// The first line is a route table line, the second a link: the table is compiled in every
    /// dialect and the link matched, stacked and explained, and every route's example links made;
    /// nothing may crash.
    public static func matcher(_ input: [UInt8]) {
        let lines = input.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.count == 2 else { return }
        let routeLine = String(decoding: lines[0], as: UTF8.self)
        for dialect in Dialect.allCases {
            guard let table = try? RouteTableParser(dialect: dialect, scheme: "app").parse(routeLine + "\n/fixed/{x}", name: "fuzz"),
                  let link = try? LinkParser(compassScheme: "app").parse(Array(lines[1])) else { continue }
            let matcher = Matcher(tables: [table], options: Matcher.Options(mergeQuery: true))
            guard let matches = try? matcher.match(link, all: true) else { continue }
            requireValidJSON(matches)
            _ = try? StackBuilder(matcher: matcher).stack(for: link)
            if matches.isEmpty { _ = try? matcher.explain(link) }
            requireExamplesLand([table])
            for route in table.routes {
                _ = try? LinkBuilder(route.pattern.text, parser: PatternParser(dialect: dialect)).build { _ in "v" }
            }
        }
    }
}
