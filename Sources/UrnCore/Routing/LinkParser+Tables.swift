extension LinkParser {
    /// The link parser that reads links as `tables` read them: it knows every table's Compass
    /// scheme (and `scheme`, `--scheme`). No route reads a byte of the query
    /// or fragment as syntax, so those are always repaired (`--lenient` repairs the rest too).
    /// Where every table is an AndroidManifest.xml, a link is refused for nothing, as Android's
    /// `Uri.parse` refuses nothing; where every table matches links as text (navigator), a link is
    /// never refused nor repaired; where every table is Express's, links are request targets, read
    /// as Node reads them.
    /// A `@delimiter` that every table gives is the delimiter, as `delimiter` (`--delimiter`) is.
    @_spi(Records) public init(readingFor tables: [RouteTable], scheme: String? = nil, delimiter: String = ":") {
        let schemes = Set(tables.compactMap(\.scheme) + (scheme.map { [$0] } ?? []))
        let delimiters = Set(tables.map(\.delimiter))
        let delimiter = delimiters.count == 1 ? delimiters.first! : delimiter
        self.init(compassSchemes: schemes.sorted(), delimiter: delimiter, leniency: .queryAndFragment)
        compassNames = !tables.isEmpty && tables.allSatisfy { $0.dialect == .compass && $0.format == .routes }
        // CFURL refuses a stray byte in the query or fragment too: the app gets no URL
        if compassNames { leniency = .strict }
        keepsRefusedLinks = !tables.isEmpty && tables.allSatisfy { $0.format == .android }
        keepsRefusedText = !tables.isEmpty && tables.allSatisfy { $0.dialect.rules.linksAsText }
        requestTargets = !tables.isEmpty && tables.allSatisfy { $0.dialect.rules.requestTargets }
        portsAsText = !tables.isEmpty && tables.allSatisfy { $0.dialect == .waap && $0.format == .routes }
    }
}
