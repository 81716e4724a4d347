@_spi(Records) import UrnCore

/// `urnmatch --examples`: writes, for every route of the tables, the record `urnmatch -a`
/// prints for each example link made for it, with `example` added (urnmatch-tables(7) EXAMPLE LINKS):
/// `{"for":{"table","line","pattern","target"},"landed","kind"}`, `miss` for a near miss, `none` where no
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

    /// The input records of `--examples --against`: each example link of this maker's tables
    /// that has one, as `{"link","method","example":{"for","side","kind","miss"}}`, for the
    /// comparison to route through both sides. `seen` holds the links written already (the
    /// other side's), each written once.
    func inputRecords(side: String, seen: inout Set<String>) -> [String] {
        maker.examples().compactMap { example in
            guard let link = example.link, seen.insert(link + " " + (example.method ?? "")).inserted else { return nil }
            var json = JSONWriter(capacity: 256)
            json.beginObject()
            json.key("link")
            json.string(link)
            if let method = example.method {
                json.key("method")
                json.string(method)
            }
            json.key("example")
            json.beginObject()
            writeFor(example.route, into: &json)
            json.key("side")
            json.string(side)
            writeKind(example.kind, into: &json)
            json.endObject()
            json.endObject()
            return json.withSpan { span in span.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }
        }
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
        writeFor(example.route, into: &json)
        json.key("landed")
        json.bool(example.landed)
        writeKind(example.kind, into: &json)
        if let none = example.none {
            json.key("none")
            json.string(none)
        }
        json.endObject()
        json.endObject()
    }

    /// `"for":{"table","line","pattern","target"}`: the route an example was made for.
    private func writeFor(_ route: Route, into json: inout JSONWriter) {
        json.key("for")
        RouteSchema.writeDeclaration(of: route, target: true, into: &json)
    }

    /// `"kind"`, and `"miss"` for a near miss.
    private func writeKind(_ kind: RouteExample.Kind, into json: inout JSONWriter) {
        json.key("kind")
        switch kind {
        case .hit:
            json.string("hit")
        case let .nearMiss(miss):
            json.string("near-miss")
            json.key("miss")
            json.string(miss.rawValue)
        }
    }

    /// The match `urnmatch -a` gives for the example's link, with its arguments.
    private func match(_ example: RouteExample) -> Match? {
        guard let text = example.link, let link = try? maker.parser.parse(text) else { return nil }
        return (try? maker.matcher.firstMatch(link, method: example.method)) ?? nil
    }
}
