import Testing
@_spi(Records) @testable import UrnCore

@Suite struct RouteTableParserTests {
    /// A table read from a file's bytes is the table read from them made text: in place when they
    /// are valid UTF-8, with U+FFFD for each invalid sequence when not.
    @Test func readsBytesAsTheirText() throws {
        let files: [[UInt8]] = [
            Array("/a/:id  A\n/b/c  B\n".utf8),
            [0x2F, 0x61, 0x2F, 0xFF, 0x2F, 0x3A, 0x69, 0x64, 0x20, 0x58, 0x0A, 0x2F, 0x62, 0xC3, 0x28, 0x20, 0x59, 0x0A],
            Array("\u{FEFF}/caf\u{E9}/:x  C".utf8),
        ]
        for bytes in files {
            let read = try RouteTableParser().parse(bytes, name: "t")
            let text = try RouteTableParser().parse(String(decoding: bytes, as: UTF8.self), name: "t")
            #expect(read.routes.map(\.pattern.text) == text.routes.map(\.pattern.text))
            #expect(read.routes.map(\.target) == text.routes.map(\.target))
            #expect(read.routes.map(\.line) == text.routes.map(\.line))
        }
        let repaired = try RouteTableParser().parse(files[1], name: "t")
        #expect(repaired.routes.map(\.pattern.text) == ["/a/\u{FFFD}/:id", "/b\u{FFFD}("])
    }

    @Test func readsTextAndJSONRoutesWithDirectives() throws {
        let table = try RouteTableParser().parse("""
            # comment
            @dialect compass
            @scheme photofeed
            @type hex [0-9a-f]+
            user:{id}  UserRoute  tab=info
            {"pattern":"c:<hex:sha>","target":null,"defaults":{"n":2,"ok":true,"s":"x"}}
            """, name: "t")
        #expect(table.dialect == .compass)
        #expect(table.scheme == "photofeed")
        #expect(table.routes.map(\.pattern.text) == ["user:{id}", "c:<hex:sha>"])
        #expect(table.routes.map(\.line) == [5, 6])
        #expect(table.routes[0].target == "UserRoute")
        #expect(table.routes[0].defaults.map(\.value) == [.string(ArraySlice("info".utf8))])
        // JSON defaults keep their JSON type
        #expect(table.routes[1].defaults.map(\.value) == [.json(Array("2".utf8)), .json(Array("true".utf8)), .string(ArraySlice("x".utf8))])
    }

    @Test func expandsWAAppRoutingChains() throws {
        let table = try RouteTableParser(dialect: .waap).parse("list{L}/:id{D}/extra{E}\nlist/:id/share{S}!", name: "t")
        #expect(table.routes.map(\.pattern.text) == ["list", "list/:id", "list/:id/extra", "list/:id/share"])
        #expect(table.routes.map(\.target) == ["L", "D", "E", "S"])
        #expect(table.routes.map(\.modal) == [false, false, false, true])
    }

    /// Issue 12 item 6: WAAppRouting block handlers, `^name` or `"block":true`, only in `waap`.
    /// WAAppRouting takes the text before `{`, the class between the braces and ignores the rest
    /// of the part, which is modal when it ends in `!` (WAAppRouteRegistrar.m:87-91).
    @Test func chainPartsIgnoreTextAfterTheirClass() throws {
        let table = try RouteTableParser(dialect: .waap).parse(":id{DetailVC}x\nlist{L}y!/:n{N}", name: "t")
        #expect(table.routes.map(\.pattern.text) == [":id", "list", "list/:n"])
        #expect(table.routes.map(\.target) == ["DetailVC", "L", "N"])
        #expect(table.routes.map(\.modal) == [false, true, false])
        #expect(table.routes.map(\.parentClass) == [nil, nil, "L"])
    }

    @Test func readsWAAppRoutingBlockHandlers() throws {
        let table = try RouteTableParser(dialect: .waap).parse("* ^logAll\n{\"pattern\":\"p/:c\",\"target\":\"promo\",\"block\":true}\nhome{H}", name: "t")
        #expect(table.routes.map(\.isBlock) == [true, true, false])
        #expect(table.routes.map(\.target) == ["logAll", "promo", "H"])
        #expect(throws: TableError(table: "t", line: 1, column: nil, reason: "a block handler ('^name') is WAAppRouting's: give the table @dialect waap")) {
            try RouteTableParser(dialect: .urn).parse("/a ^x", name: "t")
        }
        #expect(throws: TableError(table: "t", line: 1, column: nil, reason: "a block handler takes a pattern, not a {Class} chain")) {
            try RouteTableParser(dialect: .waap).parse("a{A}/b{B} ^x", name: "t")
        }
    }

    /// Issue 14: a method column, in text and JSON routes; an upper-case word that nothing follows
    /// is still a pattern, and a lower-case one always is.
    @Test func readsMethodColumns() throws {
        let table = try RouteTableParser().parse("GET,HEAD /p/:id P\nDELETE /p/:id D\nget /x\nGET\n{\"pattern\":\"/l\",\"methods\":[\"POST\"]}", name: "t")
        #expect(table.routes.map(\.pattern.text) == ["/p/:id", "/p/:id", "get", "GET", "/l"])
        #expect(table.routes.map(\.methods) == [["GET", "HEAD"], ["DELETE"], nil, nil, ["POST"]])
        #expect(HTTPMethod.accepts(["GET"], "HEAD") && !HTTPMethod.accepts(["POST"], "GET") && HTTPMethod.accepts(nil, "PUT"))
        #expect(!HTTPMethod.overlap(["GET"], ["DELETE"]) && HTTPMethod.overlap(["GET"], ["HEAD"]))
    }

    @Test func reportsErrorsWithLineAndColumn() {
        #expect(throws: TableError(table: "t", line: 2, column: 4, reason: "unbalanced '{'")) {
            try RouteTableParser().parse("/ok\n/a/{id", name: "t")
        }
        #expect(throws: TableError(table: "t", line: 2, column: 1, reason: "@dialect must come before the first route")) {
            try RouteTableParser().parse("/ok\n@dialect waap", name: "t")
        }
    }
}
