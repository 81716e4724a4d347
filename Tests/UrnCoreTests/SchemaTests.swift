import Testing
@_spi(Records) @testable import UrnCLI
@_spi(Records) import UrnCore

/// The record schema both ways: what a tool writes, the next tool reads back.
@Suite struct SchemaTests {
    /// Runs `body` over `record` as the tools see it, its scan watching an upstream route
    /// (`UpstreamRoute.paths`, from slot 0) as urnstack's does.
    func withRecord<R>(_ record: String, _ body: (RecordView) throws -> R) throws -> R {
        let text = Array(record.utf8)
        let paths = WatchedPaths(UpstreamRoute.paths)
        return try text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner()
            try scanner.scanObject(buffer, watching: paths)
            return try withExtendedLifetime((scanner, paths)) {
                try body(RecordView(text: buffer, members: scanner.members, watched: scanner.watched, isJSON: true))
            }
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
        let routes = RouteSchema()
        let record = routeRecord(match, routes)
        #expect(record == #"{"route":{"pattern":"/list/:id","target":"Item","args":{"id":"7","tab":"info"},"table":"app.routes","line":2}}"#)
        try withRecord(record) { view in
            guard case let .matched(route, args, handler) = UpstreamRoute(matcher: matcher).value(of: view, watchedFrom: 0) else {
                Issue.record("not read back as a match")
                return
            }
            #expect(route === match.route)
            #expect(String(decoding: view.text[args], as: UTF8.self) == #"{"id":"7","tab":"info"}"#)
            #expect(handler == nil)
        }
    }

    /// urnmatch writes `"route":{` in one go and the route's members after it (`writeOpened`),
    /// and the route's encoded members open its `args`: the same text as a key and a route
    /// object, commas included, with arguments, without any, and with a block handler.
    @Test func aRouteWrittenOpenedIsTheSameAsAKeyAndAnObject() throws {
        let urn = try table("/list List\n/list/:id Item tab=info\n")
        let waap = try table("* ^log\nlist List\n", dialect: .waap)
        for (matcher, link) in [(urn, "app://list"), (urn, "app://list/7"), (waap, "app://list")] {
            let routes = RouteSchema()
            let match = try #require(try matcher.firstMatch(try LinkParser().parse(link)))
            func record(_ write: (inout JSONWriter) -> Void) -> String {
                var json = JSONWriter(capacity: 256)
                json.beginObject()
                json.key("link")
                json.string(link)
                write(&json)
                json.endObject()
                return String(decoding: json.bytes, as: UTF8.self)
            }
            let opened = record { json in
                json.rawMembersAndKey(#""route":{"#)
                routes.writeOpened(match, into: &json)
            }
            let keyed = record { json in
                json.key("route")
                routes.write(match, into: &json)
            }
            #expect(opened == keyed)
            #expect(opened.hasPrefix(#"{"link":""# + link + #"","route":{"pattern":"#))
        }
    }

    @Test func aNullRouteIsUnmatchedAndAForeignOneIsAbsent() throws {
        let matcher = try table("/list List\n")
        let upstream = UpstreamRoute(matcher: matcher)
        try withRecord(#"{"route":null}"#) { view in
            guard case .unmatched = upstream.value(of: view, watchedFrom: 0) else { Issue.record("not unmatched"); return }
        }
        try withRecord(#"{"route":{"pattern":"/list","table":"other.routes","line":1,"args":{}}}"#) { view in
            guard case .absent = upstream.value(of: view, watchedFrom: 0) else { Issue.record("not absent"); return }
        }
        try withRecord(#"{"link":"/list"}"#) { view in
            guard case .absent = upstream.value(of: view, watchedFrom: 0) else { Issue.record("not absent"); return }
        }
    }

    /// Routes of two tables on the same line are told apart by table name and pattern, each
    /// read from the one buffer of names: the second table's, an escaped pattern, and none.
    @Test func routesOnOneLineOfTwoTablesAreToldApart() throws {
        let parser = RouteTableParser(dialect: .urn, scheme: nil)
        let matcher = Matcher(tables: [try parser.parse("/a A\n", name: "one.routes"), try parser.parse("/a/:id B\n", name: "two.routes")])
        let upstream = UpstreamRoute(matcher: matcher)
        let second = matcher.tables[1].routes[0]
        try withRecord(#"{"route":{"pattern":"\/a\/:id","table":"two.routes","line":1,"args":{}}}"#) { view in
            guard case let .matched(route, _, _) = upstream.value(of: view, watchedFrom: 0) else { Issue.record("no match"); return }
            #expect(route === second)
        }
        try withRecord(#"{"route":{"pattern":"/a","table":"two.routes","line":1,"args":{}}}"#) { view in
            guard case .absent = upstream.value(of: view, watchedFrom: 0) else { Issue.record("not absent"); return }
        }
        try withRecord(#"{"route":{"pattern":"/a","table":"one.routes","line":1,"args":{}}}"#) { view in
            guard case let .matched(route, _, _) = upstream.value(of: view, watchedFrom: 0) else { Issue.record("no match"); return }
            #expect(route === matcher.tables[0].routes[0])
        }
    }

    /// A watched string is compared with a name as it decodes, its escapes known from the scan:
    /// written, escaped, empty, a prefix either way, and a backslash that is written the same
    /// as the name but decodes to another.
    @Test(arguments: [(#""/a/:id""#, "/a/:id"), (#""\/a\/:id""#, "/a/:id"), (#""""#, ""), (#""/a""#, "/a/:id"),
                      (#""/a/:id""#, "/a"), (#""\\""#, "\\"), (#""\\""#, "\\\\")])
    func aWatchedStringComparesAsItDecodes(token: String, name: String) throws {
        try withRecord(#"{"route":{"pattern":"# + token + "}}") { view in
            // slot 1: `route.pattern` (`UpstreamRoute.paths`)
            let value = try #require(view.watched.noted(1))
            let bytes = Array(name.utf8)
            bytes.withUnsafeBufferPointer { name in
                #expect(value.isString(name, in: view.text) == (JSONString.decoded(value.range, in: view.text) == bytes))
            }
        }
    }

    @Test func aBlockHandlerIsWrittenAndReadBack() throws {
        let matcher = try table("* ^log\nlist List\n", dialect: .waap)
        let match = try #require(try matcher.firstMatch(try LinkParser().parse("app://list")))
        let routes = RouteSchema()
        let record = routeRecord(match, routes)
        #expect(record.contains(#""handler":{"pattern":"*","target":"log","table":"app.routes","line":1}"#))
        try withRecord(record) { view in
            guard case let .matched(_, _, handler) = UpstreamRoute(matcher: matcher).value(of: view, watchedFrom: 0) else { Issue.record("no match"); return }
            #expect(handler === match.handler)
        }
    }

    /// A route is encoded the first time it is written, whatever matcher's tables hold it.
    @Test func anyRouteIsEncodedWhenFirstWritten() throws {
        let other = try table("/b B\n")
        let frames = StackSchema(routes: RouteSchema())
        var json = JSONWriter(capacity: 64)
        frames.write(Frame(route: other.tables[0].routes[0], link: ArraySlice("/b".utf8), args: .values(Arguments())), into: &json)
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"pattern":"/b","target":"B","link":"/b","args":{},"modal":false}"#)
    }

    /// More routes than the encodings first have slots for: the slots grow, and every route
    /// finds its own encoding, before and after.
    @Test func manyRoutesEachFindTheirOwnEncoding() throws {
        let text = (0..<10_000).map { "/r\($0)/:id T\($0)" }.joined(separator: "\n")
        let matcher = try table(text)
        let frames = StackSchema(routes: RouteSchema())
        for (index, route) in (matcher.tables[0].routes + matcher.tables[0].routes).enumerated().map({ ($0.offset % 10_000, $0.element) }) {
            var json = JSONWriter(capacity: 64)
            frames.write(Frame(route: route, link: ArraySlice("/r\(index)/1".utf8), args: .values(Arguments([(Array("id".utf8), .int(1))]))), into: &json)
            #expect(String(decoding: json.bytes, as: UTF8.self)
                == #"{"pattern":"/r\#(index)/:id","target":"T\#(index)","link":"/r\#(index)/1","args":{"id":1},"modal":false}"#)
        }
    }

    /// A large table's routes are encoded when first written, in blocks that do not move: a route written first
    /// reads the same after many more blocks were filled, and a thread's copy, which encodes
    /// again, writes the same bytes.
    @Test func encodingsMadeAsRoutesAreWrittenStayTheSame() throws {
        let text = (0..<5000).map { "/resource\($0)/:id/items Target\($0) tab=t\($0)" }.joined(separator: "\n")
        let matcher = try table(text)
        let routes = RouteSchema()
        let copy = routes.copyForThread()
        func record(_ index: Int, _ schema: RouteSchema) throws -> String {
            let match = try #require(try matcher.firstMatch(try LinkParser().parse("app://resource\(index)/7/items")))
            return routeRecord(match, schema)
        }
        let first = try record(0, routes)
        #expect(first == #"{"route":{"pattern":"/resource0/:id/items","target":"Target0","args":{"id":"7","tab":"t0"},"table":"app.routes","line":1}}"#)
        for index in 1..<5000 { _ = try record(index, routes) }
        #expect(try record(0, routes) == first)
        #expect(try record(0, copy) == first)
        #expect(try record(4999, copy) == (try record(4999, routes)))
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

    /// The fields every tool reads (`ReaderField`) are noted by the scan of a record the parser
    /// reads; each answer must be the one a walk through the members gives, for duplicate keys,
    /// nulls, escaped keys, nested and missing fields, and a `--field` with an index written `01`
    /// (which the scan leaves to the walk).
    @Test func theFieldsTheScanNotesAreTheOnesTheMembersGive() throws {
        let records = [
            #"{"link":"a://b","kind":"opaque","parts":{"scheme":"a"},"error":null}"#,
            #"{"kind":"url","kind":"opaque","parts":{"scheme":"x"},"parts":{"path":"p"}}"#,
            #"{"parts":{"scheme":"x","scheme":"y"},"\u006bind":"opaque","error":{"code":"c"}}"#,
            #"{"link":1,"error":"text","error":{"x":[1,{"y":2}]},"kind":null}"#,
            #"{"parts":[{"scheme":"x"}],"kind":"opaque","link":{"url":["u","v"]}}"#,
            #"{"links":["x"],"lin":"y","errors":{},"scheme":"s"}"#,
            #"{"link":"a:\/\/b","kind":"opa\u0071ue","parts":{"scheme":"\u0061"},"link":"a://\"c\""}"#,
            "{}",
        ]
        let fields = ["link", "link.url", "link.url.1", "link.url.01", "error", "parts.scheme"].map { JSONPath($0)! }
        for record in records {
            let text = Array(record.utf8)
            try text.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner()
                try scanner.scanObject(buffer)
                let walked = RecordView(text: buffer, members: scanner.members, isJSON: true)
                for field in fields {
                    var parser = RecordParser(field: field, fieldName: "f", maxLine: 1 << 20, stagePaths: [JSONPath("kind")!])
                    let line = InputLine(bytes: buffer, number: 1, source: "-", tooLong: false)
                    let watched = try #require(try parser.record(line, separatorIsNUL: false))
                    #expect(watched.readerWatched.count == ReaderField.allCases.count && watched.watched.count == 1)
                    for reader in ReaderField.allCases {
                        let expected = walked.jsonToken(at: reader == .link ? field : reader.path)
                        let found = watched.token(of: reader, link: field)
                        #expect(found?.range == expected?.range && found?.kind == expected?.kind,
                                "\(record) \(reader) (link at \(field.steps.count) steps)")
                        if let found, let escaped = found.escaped {
                            let content = UnsafeBufferPointer(rebasing: buffer[found.range])
                            #expect(escaped == (found.kind == .string && JSONString.hasEscape(content)), "\(record) \(reader)")
                        }
                    }
                    #expect(ErrorSchema.isErrorRecord(watched) == ErrorSchema.isErrorRecord(walked))
                    #expect(LinkSchema.isParsed(watched) == LinkSchema.isParsed(walked))
                    let link = Array("a://b".utf8)
                    #expect(LinkSchema.compassScheme(of: watched, link: link.span) == LinkSchema.compassScheme(of: walked, link: link.span))
                }
            }
        }
    }

    /// A non-finite `Float` (URLNavigator's `<float:>` of `nan`, `inf`) has no JSON number: it is
    /// written as the string Swift prints.
    @Test func nonFiniteFloatsAreTheStringsSwiftPrints() {
        var json = JSONWriter(capacity: 64)
        ArgumentsSchema.write(Arguments([(Array("a".utf8), .float(.nan)), (Array("b".utf8), .float(-.infinity)),
                                         (Array("c".utf8), .float(1.5))]), into: &json)
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"a":"nan","b":"-inf","c":1.5}"#)
    }
}
