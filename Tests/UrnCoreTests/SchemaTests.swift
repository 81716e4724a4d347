import Testing
import UrnCLI
import UrnCore

/// The record schema both ways: what a tool writes, the next tool reads back.
@Suite struct SchemaTests {
    /// Runs `body` over `record` as the tools see it.
    func withRecord<R>(_ record: String, _ body: (RecordView) throws -> R) throws -> R {
        let text = Array(record.utf8)
        return try text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner()
            try scanner.scanObject(buffer)
            return try withExtendedLifetime(scanner) { try body(RecordView(text: buffer, members: scanner.members, isJSON: true)) }
        }
    }

    /// `{"route":…}` for `match`.
    func routeRecord(_ match: Match, _ routes: RouteSchema) -> String {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.key("route")
        routes.write(match, into: &json)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    func table(_ text: String, dialect: Dialect = .urn) throws -> Matcher {
        Matcher(tables: [try RouteTableParser(dialect: dialect, scheme: nil).parse(text, name: "app.routes")])
    }

    @Test func aMatchReadsBackAsItsRouteAndArguments() throws {
        let matcher = try table("/list List\n/list/:id Item tab=info\n")
        let match = try #require(try matcher.firstMatch(try LinkParser().parse("app://list/7")))
        let routes = RouteSchema(matcher: matcher)
        let record = routeRecord(match, routes)
        #expect(record == #"{"route":{"pattern":"/list/:id","target":"Item","args":{"id":"7","tab":"info"},"table":"app.routes","line":2}}"#)
        try withRecord(record) { view in
            guard case let .matched(route, args, handler) = routes.upstream(of: view, matcher: matcher) else {
                Issue.record("not read back as a match")
                return
            }
            #expect(route === match.route)
            #expect(String(decoding: args, as: UTF8.self) == #"{"id":"7","tab":"info"}"#)
            #expect(handler == nil)
        }
    }

    @Test func aNullRouteIsUnmatchedAndAForeignOneIsAbsent() throws {
        let matcher = try table("/list List\n")
        let routes = RouteSchema(matcher: matcher)
        try withRecord(#"{"route":null}"#) { view in
            guard case .unmatched = routes.upstream(of: view, matcher: matcher) else { Issue.record("not unmatched"); return }
        }
        try withRecord(#"{"route":{"pattern":"/list","table":"other.routes","line":1,"args":{}}}"#) { view in
            guard case .absent = routes.upstream(of: view, matcher: matcher) else { Issue.record("not absent"); return }
        }
        try withRecord(#"{"link":"/list"}"#) { view in
            guard case .absent = routes.upstream(of: view, matcher: matcher) else { Issue.record("not absent"); return }
        }
    }

    @Test func aBlockHandlerIsWrittenAndReadBack() throws {
        let matcher = try table("* ^log\nlist List\n", dialect: .waap)
        let match = try #require(try matcher.firstMatch(try LinkParser().parse("app://list")))
        let routes = RouteSchema(matcher: matcher)
        let record = routeRecord(match, routes)
        #expect(record.contains(#""handler":{"pattern":"*","target":"log","table":"app.routes","line":1}"#))
        try withRecord(record) { view in
            guard case let .matched(_, _, handler) = routes.upstream(of: view, matcher: matcher) else { Issue.record("no match"); return }
            #expect(handler === match.handler)
        }
    }

    @Test func routesOutsideTheTablesAreEncodedOnTheFly() throws {
        let matcher = try table("/a A\n")
        let other = try table("/b B\n")
        let frames = StackSchema(routes: RouteSchema(matcher: matcher))
        var json = JSONWriter(capacity: 64)
        frames.write(Frame(route: other.tables[0].routes[0], link: ArraySlice("/b".utf8), args: .values(Arguments())), into: &json)
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"pattern":"/b","target":"B","link":"/b","args":{},"modal":false}"#)
    }

    @Test func manyRoutesEachFindTheirOwnEncoding() throws {
        let text = (0..<1000).map { "/r\($0)/:id T\($0)" }.joined(separator: "\n")
        let matcher = try table(text)
        let frames = StackSchema(routes: RouteSchema(matcher: matcher))
        for (index, route) in matcher.tables[0].routes.enumerated() {
            var json = JSONWriter(capacity: 64)
            frames.write(Frame(route: route, link: ArraySlice("/r\(index)/1".utf8), args: .values(Arguments([(Array("id".utf8), .int(1))]))), into: &json)
            #expect(String(decoding: json.bytes, as: UTF8.self)
                == #"{"pattern":"/r\#(index)/:id","target":"T\#(index)","link":"/r\#(index)/1","args":{"id":1},"modal":false}"#)
        }
    }

    @Test func aCompassNameIsReadBackFromItsParts() throws {
        let link = Array("photofeed://user:self".utf8)
        try withRecord(#"{"link":"photofeed://user:self","kind":"opaque","parts":{"scheme":"photofeed","path":"user:self"}}"#) { view in
            #expect(LinkSchema.isParsed(view))
            let scheme = LinkSchema.compassScheme(of: view, link: link.span)
            #expect(scheme == Array("photofeed".utf8))
        }
        try withRecord(#"{"link":"photofeed://user:self","kind":"url"}"#) { view in
            let scheme = LinkSchema.compassScheme(of: view, link: link.span)
            #expect(scheme == nil)
        }
    }

    @Test func anErrorRecordIsRecognised() throws {
        var json = JSONWriter(capacity: 128)
        json.beginObject()
        ErrorSchema.write(LinkError.invalidPort("x", at: 19, compassScheme: nil), into: &json)
        json.endObject()
        let record = String(decoding: json.bytes, as: UTF8.self)
        #expect(record.hasPrefix(#"{"error":{"code":"invalid-port","message":"#) && record.hasSuffix(#","offset":19}}"#))
        try withRecord(record) { view in
            #expect(ErrorSchema.isErrorRecord(view))
        }
        try withRecord(#"{"error":"text"}"#) { view in #expect(!ErrorSchema.isErrorRecord(view)) }
    }
}
