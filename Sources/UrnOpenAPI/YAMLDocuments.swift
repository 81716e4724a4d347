@_spi(Records) import UrnCore

/// The reader of OpenAPI documents written in YAML, through libyaml's events (urn-routes(5)
/// OPENAPI TABLES): give it to a table parser, or read a document with
/// `RouteTable(parsingOpenAPI:)`. JSON documents need only the engine.
public struct YAMLDocuments: YAMLReading {
    /// The reader.
    public init() {}

    package func document(table: String, bytes: [UInt8], start: Int, position: TextPosition,
                          limits: DocumentLimits, outline: OpenAPIOutline) throws(TableError) -> JSONDocument.Node {
        try YAMLEventReader(table: table, bytes: bytes, start: start, position: position).document(limits: limits, outline: outline)
    }
}

extension RouteTable {
    /// Reads an OpenAPI 3.0/3.1 or Swagger 2.0 document, YAML or JSON, as a route table: one
    /// route a path and method, the `operationId` its target, path parameters typed by their
    /// schemas. `hosts` narrow the hosts its servers take (`api.example.com`, `*.example.com`).
    public init(parsingOpenAPI text: String, name: String = "openapi", hosts: [String] = []) throws(UrnError) {
        let patterns = try HostPattern.patterns(hosts)
        let parser = RouteTableParser(format: .openapi, hosts: patterns, yaml: YAMLDocuments())
        do throws(TableError) { self = try parser.parse(text, name: name) } catch { throw UrnError(error) }
    }
}
