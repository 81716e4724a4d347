import UrnCLI
@_spi(Records) import UrnCore

/// The properties the fuzz targets of `Tests/Fuzz` check, one a target: each takes any bytes and
/// traps when the property fails. They live in this package so that they can reach the record
/// machinery, which is `package` in UrnCore and UrnCLI; the fuzz package only feeds them bytes.
@_spi(Fuzzing) public enum FuzzProperty {
    /// Traps when `bytes`, which a JSONWriter wrote, is not exactly one valid JSON value.
    static func requireValidJSON(_ bytes: UnsafeRawBufferPointer) {
        precondition((try? JSONScanner.validateValue(bytes.bindMemory(to: UInt8.self))) != nil,
                     "invalid JSON written: \(String(decoding: bytes, as: UTF8.self))")
    }

    /// Traps when `matches`, written as the array `--all-matches` writes, is not valid JSON.
    static func requireValidJSON(_ matches: [Match]) {
        var json = JSONWriter(capacity: 256)
        json.beginArray()
        let routes = RouteSchema()
        for match in matches { routes.write(match, into: &json) }
        json.endArray()
        json.withSpan { $0.withUnsafeBytes { requireValidJSON($0) } }
    }
}

extension FuzzProperty {
    /// Makes the example links and near misses of every route of `tables` and proves the
    /// tables' findings with them: nothing may crash, and an example said to land must be
    /// taken by its route when routed again.
    static func requireExamplesLand(_ tables: [RouteTable]) {
        let matcher = Matcher(tables: tables)
        let parser = LinkParser(readingFor: tables)
        let maker = ExampleMaker(matcher: matcher, parser: parser, settings: ExampleMaker.Settings(perRoute: 2, nearMisses: true))
        for example in maker.examples() where example.kind == .hit && example.winner === example.route {
            guard let text = example.link, let link = try? parser.parse(text),
                  let found = try? Matcher(tables: tables).firstMatch(link, method: example.method) else { continue }
            precondition(found.route === example.route, "the example \(text) of '\(example.route.pattern.text)' lands elsewhere")
        }
        _ = maker.proving(TableCheck.findings(tables))
    }
}
