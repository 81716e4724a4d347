@_spi(Records) import UrnCore

/// `urnmatch --examples`: writes, for every route of the tables, the record `urnmatch -a`
/// prints for each example link made for it, with `example` added (urnmatch(1) EXAMPLE LINKS):
/// `{"for":{"table","line","pattern"},"landed","kind"}`, `miss` for a near miss, `none` where no
/// link could be made. 0 when every route's first example lands on it, 1 when some route's
/// lands elsewhere or none could be made.
struct ExampleLister {
    let maker: ExampleMaker
    let routes = RouteSchema()

    func run(diagnostics: Diagnostics) -> ExitStatus {
        let examples = maker.examples()
        let writer = RecordWriter(separator: UInt8(ascii: "\n"), lineBuffered: false)
        do throws(WriteFailure) {
            for example in examples {
                write(example, into: &writer.json)
                try writer.endText()
            }
            try writer.flush()
        } catch {
            // a reader that goes away (`| head -1`) ends the listing quietly
            guard case .brokenPipe = error else {
                diagnostics.error(error.message)
                return .failure
            }
        }
        let missed = examples.contains { $0.kind == .hit && !$0.landed }
        return missed ? .nothingSelected : .success
    }

    /// The record of `example`.
    private func write(_ example: RouteExample, into json: inout JSONWriter) {
        json.beginObject()
        json.key("link")
        if let link = example.link { json.string(link) } else { json.null() }
        if let method = example.method {
            json.key("method")
            json.string(method)
        }
        json.key("route")
        if let match = match(example) { routes.write(match, into: &json) } else { json.null() }
        json.key("example")
        json.beginObject()
        json.key("for")
        json.beginObject()
        json.key("table")
        json.string(example.route.table)
        json.key("line")
        json.int(example.route.line)
        json.key("pattern")
        json.string(example.route.pattern.text)
        json.endObject()
        json.key("landed")
        json.bool(example.landed)
        json.key("kind")
        switch example.kind {
        case .hit:
            json.string("hit")
        case let .nearMiss(miss):
            json.string("near-miss")
            json.key("miss")
            json.string(miss.rawValue)
        }
        if let none = example.none {
            json.key("none")
            json.string(none)
        }
        json.endObject()
        json.endObject()
    }

    /// The match `urnmatch -a` gives for the example's link, with its arguments.
    private func match(_ example: RouteExample) -> Match? {
        guard let text = example.link, let link = try? maker.parser.parse(text) else { return nil }
        return (try? maker.matcher.firstMatch(link, method: example.method)) ?? nil
    }
}
