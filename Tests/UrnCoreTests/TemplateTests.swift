import Testing
@_spi(Records) @testable import UrnCore

@Suite struct TemplateTests {
    func render(_ template: String, _ record: String? = nil, link: String) throws -> String {
        let compiled = try Template(template)
        let text = Array((record ?? link).utf8)
        return try text.withUnsafeBufferPointer { buffer in
            // the record's members are a view into the scanner's storage
            var scanner = JSONScanner()
            if record != nil { try scanner.scanObject(buffer) }
            return try withExtendedLifetime(scanner) {
                var renderer = TemplateRenderer(record: RecordView(text: buffer, members: scanner.members, isJSON: record != nil))
                var out = ByteBuffer(capacity: 64)
                try renderer.render(compiled, into: &out) { $0 = try LinkParser().parse(link); return true }
                return String(decoding: out.bytes, as: UTF8.self)
            }
        }
    }

    @Test func compilesTextExpressionsAndEscapes() throws {
        let template = try Template("a\\t{host}\\n\\{x\\}\\\\{must:url:query}")
        #expect(template.pieces.count == 4)
        guard case let .expression(expression) = template.pieces[3] else { Issue.record("not an expression"); return }
        #expect(expression.source == .part(.query))
        #expect(expression.encoded && expression.must && !expression.json && !expression.defaultPort)
        #expect(template.needsLink)
        #expect(try !Template("{route.args.id}").needsLink)
    }

    @Test(arguments: [
        ("{host", "unbalanced '{'", 1), ("x}", "unbalanced '}' (write \\} for a brace)", 2), ("{}", "empty expression '{}'", 1),
        ("a\\q", "unknown escape '\\q' (use \\t \\n \\\\ \\{ \\})", 2), ("{a:b}", "unknown expression '{a:b}'", 2), ("x\\", "'\\' at the end of the template", 2),
    ])
    func reportsErrorsWithColumns(text: String, reason: String, column: Int) {
        #expect(throws: TemplateError(reason: reason, column: column)) { try Template(text) }
    }

    @Test func rendersPartsQueriesAndModifiers() throws {
        let link = "https://ex.com/a?x=1&x=2&y=%20z"
        #expect(try render("{query:x}|{query-all:x}|{url:query}|{query:y}", link: link) == "1|1 2|x=1&x=2&y=%20z| z")
        #expect(try render("{port}|{default:port}|{json:host}|{json:user}", link: "https://Ex.com/") == "|443|\"ex.com\"|null")
        #expect(try render("{path}|{:path}|{url}", link: "HTTP://h/a%20b/../c") == "/a b/../c|/a%20b/../c|http://h/c")
        // a host decoded, then lower-cased; a part whose decoding is not UTF-8 is kept as written
        #expect(try render("{host}|{path}|{:host}", link: "https://Ex%41mple.COM/a%FF") == "example.com|/a%FF|ex%41mple.com")
    }

    /// `{query:KEY}` is rendered straight into the line; it gives what the expression's value
    /// (`TemplateRenderer.value(_:link:)`) is, control characters escaped, for names and values
    /// with escapes, `+`, repeats, empty values, undecodable bytes and no query at all.
    @Test(arguments: [
        "https://h/?page=2&page=3", "https://h/?p%61ge=4&page=5", "https://h/?a+b=1&a%20b=2", "https://h/?x=%FF&x=1",
        "https://h/?page=&page=7", "https://h/?page", "https://h/?q=a%0Ab%09c", "https://h/", "urn:isbn:1?=page=9", "app:x?page=%2B+",
    ])
    func queryParameterFastPathAgreesWithItsValue(_ link: String) throws {
        for key in ["page", "a b", "x", "q", "none"] {
            for modifier in ["", "url:"] {
                let text = "{\(modifier)query:\(key)}"
                let template = try Template(text)
                guard case let .expression(expression) = template.pieces[0] else { Issue.record("not an expression"); return }
                var renderer = TemplateRenderer(record: RecordView(text: UnsafeBufferPointer(start: nil, count: 0), isJSON: false))
                var expected: [UInt8] = []
                let value = try renderer.value(expression) { $0 = try LinkParser().parse(link); return true }
                if case let .string(bytes)? = value {
                    TemplateRenderer.appendEscapingControls(bytes, to: &expected)
                }
                #expect(try render(text, link: link) == String(decoding: expected, as: UTF8.self), "\(text) of \(link)")
            }
        }
    }

    @Test func rendersRecordPaths() throws {
        let record = #"{"link":"user:1","route":{"target":"U","args":{"id":7,"n":null}},"stack":[{"target":"A"},{"target":"B"}]}"#
        #expect(try render("{route.target} {route.args.id} {stack.1.target} [{route.args.n}] {json:route.args}", record, link: "user:1")
            == #"U 7 B [] {"id":7,"n":null}"#)
        #expect(try render("{link}", link: "user:2") == "user:2")
    }

    @Test func mustFailsOnMissingValues() {
        #expect(throws: TemplateRenderer.MissingValue.self) { try render("{must:fragment}", link: "https://h/") }
    }

    @Test func tableEscaping() {
        func escaped(_ format: TableFormat, _ value: String) -> String {
            var out = ByteBuffer(capacity: 64)
            Array(value.utf8).withUnsafeBufferPointer { format.append($0, to: &out) }
            return String(decoding: out.bytes, as: UTF8.self)
        }
        #expect(escaped(.tsv, "a\tb\nc\\d") == "a\\tb\\nc\\\\d")
        #expect(escaped(.csv, "say \"hi\", ok") == "\"say \"\"hi\"\", ok\"")
        #expect(escaped(.csv, "plain") == "plain")
    }

    /// A record path is read from the values the record's scan watched when it watched the
    /// template's paths (as urnfmt scans records) and through its members otherwise; both give
    /// the same text, for strings with escapes, numbers, objects, nulls, arrays, missing keys
    /// and duplicate keys (the last wins).
    @Test(arguments: ["{a}", "{a.b}", "{a.c}", "{n}", "{z}", "{arr.1}", "{arr.1.x}", "{o}", "{d}", "{a.b.c}", "{link}", "{esc}",
                      "{a.c}-{d}-{a.b}", "{json:a}"])
    func recordPathsRenderTheSameWatchedOrNot(_ template: String) throws {
        let record = #"{"link":"x:1","a":{"b":"t\u00e9\nx","c":3},"n":null,"arr":[1,{"x":"y"}],"o":{"k":[true]},"d":1,"d":2,"e\u0073c":"ok"}"#
        let compiled = try Template(template)
        var outputs: [String] = []
        for watching in [false, true] {
            let text = Array(record.utf8)
            outputs.append(try text.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner()
                try scanner.scanObject(buffer, watching: watching ? WatchedPaths(compiled.paths) : nil)
                return try withExtendedLifetime(scanner) {
                    var renderer = TemplateRenderer(record: RecordView(text: buffer, members: scanner.members, watched: scanner.watched, isJSON: true))
                    var out = ByteBuffer(capacity: 64)
                    try renderer.render(compiled, into: &out) { $0 = try LinkParser().parse("x:1"); return true }
                    return String(decoding: out.bytes, as: UTF8.self)
                }
            })
        }
        #expect(outputs[0] == outputs[1], "\(template)")
    }

    /// A raw link line answers `{link}` alone, with its text as it is.
    @Test func rawLinkRecordAnswersLinkOnly() throws {
        #expect(try render("[{link}][{a}][{link.x}]", link: "user:2") == "[user:2][][]")
    }
}

@Suite struct LinkBuilderTests {
    func build(_ pattern: String, _ values: [String: String], delimiter: String = ":") throws -> String {
        let builder = try LinkBuilder(pattern, parser: PatternParser(delimiter: delimiter))
        return String(decoding: try builder.build { values[$0] }, as: UTF8.self)
    }

    @Test func encodesEachValueForItsPlace() throws {
        #expect(try build("post:{postId}", ["postId": "a b"]) == "post:a%20b")
        #expect(try build("post:{postId}", ["postId": "a:b/c"]) == "post:a%3Ab/c")
        #expect(try build("/user/{id}", ["id": "a/b?c#d%"]) == "/user/a%2Fb%3Fc%23d%25")
        #expect(try build("/user/{id}", ["id": "x:y@z"]) == "/user/x:y@z")
        #expect(try build("/search?q={q}&page=1", ["q": "a&b=c d+e"]) == "/search?q=a%26b%3Dc%20d%2Be&page=1")
        #expect(try build("myapp://user/<int:id>", ["id": "42"]) == "myapp://user/42")
        #expect(try build("https://Example.com/files/{name}.{ext:png|jpg}", ["name": "my cat", "ext": "png"]) == "https://Example.com/files/my%20cat.png")  // the host as written (issue 13)
        #expect(try build("/p/*rest", ["rest": "a b/c"]) == "/p/a%20b/c")
    }

    @Test func checksTypedAndRegexPlaceholders() {
        #expect(throws: LinkBuilder.BuildError.invalid("id", value: "abc", wanted: "an int")) { try build("/user/<int:id>", ["id": "abc"]) }
        #expect(throws: LinkBuilder.BuildError.invalid("ext", value: "gif", wanted: "a value matching /png|jpg/")) {
            try build("/f/{name}.{ext:png|jpg}", ["name": "a", "ext": "gif"])
        }
        #expect(throws: LinkBuilder.BuildError.missing("id")) { try build("/user/{id}", [:]) }
        #expect(throws: LinkBuilder.BuildError.unbuildable("'*': it has no name to take a value from")) { try build("/a/*/b", [:]) }
    }

    @Test func roundTripsThroughTheMatcher() throws {
        let pattern = "/repos/:owner/:repo/issues/<int:number>"
        let link = try build(pattern, ["owner": "a b", "repo": "r/x", "number": "7"])
        let route = Route(pattern: try PatternParser().parse(pattern), target: nil, table: "t", line: 1)
        let table = RouteTable(name: "t", dialect: .urn, scheme: nil, delimiter: ":", routes: [route])
        let match = try #require(try Matcher(tables: [table]).match(try LinkParser().parse(link)).first)
        #expect(match.args.map { String(decoding: $0.name, as: UTF8.self) } == ["owner", "repo", "number"])
        #expect(match.args[1].value == .string(ArraySlice("r/x".utf8)))
        #expect(match.args[2].value == .int(7))
    }
}

@Suite struct LinkEditorTests {
    func edit(_ link: String, _ configure: (inout LinkEditor) throws -> Void) throws -> String {
        var editor = LinkEditor()
        try configure(&editor)
        return String(decoding: try editor.edit(Array(link.utf8)), as: UTF8.self)
    }

    @Test func setsAndClearsComponents() throws {
        #expect(try edit("https://h/a") { try $0.set("host=example.com"); try $0.set("port=8080"); try $0.set("fragment=a b") }
            == "https://example.com:8080/a#a%20b")
        #expect(try edit("https://u:p@h:1/a?q#f") { try $0.set("user="); try $0.set("port="); try $0.set("query="); try $0.set("fragment=") }
            == "https://h/a")
        #expect(try edit("https://h/") { try $0.set("query:=a=%20") } == "https://h/?a=%20")
        #expect(try edit("https://h:1/") { try $0.set("port?=2") } == "https://h:1/")
        #expect(throws: LinkEditor.EditError.self) { try edit("https://h/") { try $0.set("port=x") } }
        #expect(throws: LinkEditor.EditError.self) { try edit("https://h/") { try $0.set("nope=x") } }
    }

    @Test func appendsTrimsAndSorts() throws {
        #expect(try edit("https://h/a?b=1&utm_x=2&a=3") { try $0.append("path=c d"); try $0.append("query=z=1"); $0.trims = ["utm_*"]; $0.sortQuery = true }
            == "https://h/a/c%20d?a=3&b=1&z=1")
        #expect(try edit("https://h/?utm=1") { $0.trims = ["utm"] } == "https://h/")
    }

    @Test func redirectsAsRFC3986Resolves() throws {
        #expect(try edit("http://a/b/c/d;p?q") { $0.redirects = ["../g"] } == "http://a/b/g")
    }
}

@Suite struct TemplateSlipTests {
    /// A path step past 32 bits is a key, never an array index (it trapped).
    @Test func aHugeStepIsAKey() {
        let path = JSONPath("a.6666666666")!
        #expect(path.places[1].index == -1)
        _ = WatchedPaths([path])
    }

    /// Setting the host of a link without an authority would make another link.
    @Test func settingTheHostOfAURNIsAnError() throws {
        var editor = LinkEditor()
        try editor.set("host=b.example")
        #expect(throws: LinkEditor.EditError.self) { _ = try editor.edit(Array("urn:isbn:123".utf8)) }
        #expect(try editor.edit(Array("https://a.example/x".utf8)) == Array("https://b.example/x".utf8))
    }
}

extension TemplateTests {
    /// `{query:}` is the parameter whose name is empty, as trurl reads it (its test 110).
    @Test func anEmptyQueryKeyIsTheParameterWithoutAName() throws {
        #expect(try render("{query:}|{query-all:}", link: "http://localhost/?=bar&x=1&=baz") == "bar|bar baz")
        #expect(try render("{query:}", link: "http://localhost/?x=1") == "")
    }
}
