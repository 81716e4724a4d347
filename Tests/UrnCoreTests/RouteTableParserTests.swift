import Testing
@testable import UrnCore

@Suite struct RouteTableParserTests {
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
        #expect(table.routes[0].defaults.map(\.value) == [.string(Array("info".utf8))])
        // JSON defaults keep their JSON type
        #expect(table.routes[1].defaults.map(\.value) == [.json(Array("2".utf8)), .json(Array("true".utf8)), .string(Array("x".utf8))])
    }

    @Test func expandsWAAppRoutingChains() throws {
        let table = try RouteTableParser(dialect: .waap).parse("list{L}/:id{D}/extra{E}\nlist/:id/share{S}!", name: "t")
        #expect(table.routes.map(\.pattern.text) == ["list", "list/:id", "list/:id/extra", "list/:id/share"])
        #expect(table.routes.map(\.target) == ["L", "D", "E", "S"])
        #expect(table.routes.map(\.modal) == [false, false, false, true])
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
