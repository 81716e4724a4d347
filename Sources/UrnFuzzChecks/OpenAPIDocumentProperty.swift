import UrnCLI
@_spi(Records) import UrnCore
import UrnOpenAPI

@_spi(Fuzzing) extension FuzzProperty {
    /// The last line is a request (`METHOD link`, or a link for any method), the lines before it
    /// an OpenAPI or Swagger document (JSON when it starts with `{`, else YAML): the document is
    /// read twice, to the same routes, checked, and the request matched, explained and stacked;
    /// nothing may crash and the route JSON must be valid.
    public static func openAPIDocument(_ input: [UInt8]) {
        guard let cut = input.lastIndex(of: UInt8(ascii: "\n")) else { return }
        let document = Array(input[..<cut])
        let parser = RouteTableParser(format: .openapi, hosts: [HostPattern("*.example.com")!], yaml: YAMLDocuments())
        guard let table = try? parser.parse(document, name: "fuzz") else { return }
        // the reader keeps no state between documents: a second reading gives the same routes
        let again = try? parser.parse(document, name: "fuzz")
        precondition(again?.routes.map(\.pattern.text) == table.routes.map(\.pattern.text)
                     && again?.routes.map(\.target) == table.routes.map(\.target),
                     "a second reading of the document gave other routes")
        requireExamplesLand([table])
        var request = input[(cut + 1)...]
        var method: String?
        if let space = request.firstIndex(of: UInt8(ascii: " ")) {
            method = String(decoding: request[..<space], as: UTF8.self)
            request = request[(space + 1)...]
        }
        guard let link = try? LinkParser().parse(Array(request)) else { return }
        let matcher = Matcher(tables: [table], options: Matcher.Options(mergeQuery: true))
        guard let matches = try? matcher.match(link, all: true, method: method) else { return }
        var json = JSONWriter(capacity: 256)
        json.beginArray()
        let routes = RouteSchema()
        for match in matches {
            routes.write(match, into: &json)
            if !match.invalid.isEmpty { _ = matcher.explain(invalid: match) }
        }
        json.endArray()
        json.withSpan { $0.withUnsafeBytes { requireValidJSON($0) } }
        if matches.isEmpty { _ = try? matcher.explain(link) }
        _ = try? StackBuilder(matcher: matcher).stack(for: link)
    }
}
