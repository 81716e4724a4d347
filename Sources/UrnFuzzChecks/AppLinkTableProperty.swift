@_spi(Records) import UrnCore
import UrnAppLinks

@_spi(Fuzzing) extension FuzzProperty {
    /// The last line is a link, the lines before it an app-link table (an apple-app-site-association
    /// file or an AndroidManifest.xml, forced by its first byte): the table is read, checked, and the
    /// link matched, explained and stacked; nothing may crash and the route JSON must be valid. In
    /// an apple-app-site-association file a trailing `/` on the link's path changes no answer, as
    /// Apple's `swcd` reads it (urn-routes(5)).
    public static func appLinkTable(_ input: [UInt8]) {
        guard let cut = input.lastIndex(of: UInt8(ascii: "\n")) else { return }
        let text = String(decoding: input[..<cut], as: UTF8.self)
        let format: RouteFileFormat = input.first == UInt8(ascii: "<") ? .android : .aasa
        guard let table = try? RouteTableParser(format: format, hosts: [HostPattern("*.example.com")!], manifests: ManifestTables()).parse(text, name: "fuzz") else { return }
        requireExamplesLand([table])
        guard let link = try? LinkParser().parse(Array(input[(cut + 1)...])) else { return }
        let matcher = Matcher(tables: [table], options: Matcher.Options(mergeQuery: true))
        guard let matches = try? matcher.match(link, all: true) else { return }
        requireValidJSON(matches)
        if format == .aasa, !link.path.isEmpty {
            var slashed = Array(link.text[..<link.path.upperBound])
            slashed.append(UInt8(ascii: "/"))
            slashed += link.text[link.path.upperBound...]
            if let other = try? LinkParser().parse(slashed), let otherMatches = try? matcher.match(other, all: true),
               otherMatches.map(\.route.line) != matches.map(\.route.line) {
                fatalError("a trailing '/' changed the answer for \(String(decoding: link.text, as: UTF8.self))")
            }
        }
        if matches.isEmpty { _ = try? matcher.explain(link) }
        _ = try? StackBuilder(matcher: matcher).stack(for: link)
    }
}
