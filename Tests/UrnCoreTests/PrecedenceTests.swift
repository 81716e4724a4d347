import Testing
@_spi(Records) @testable import UrnCore

/// §5.2: each precedence rule of the urn dialect decides a pair on its own.
@Suite struct PrecedenceTests {
    func winner(_ patterns: [String], _ link: String, dialect: Dialect = .urn) throws -> String? {
        let parser = PatternParser(dialect: dialect)
        let routes = try patterns.enumerated().map { Route(pattern: try parser.parse($0.element), target: nil, table: "t", line: $0.offset + 1) }
        let table = RouteTable(name: "t", dialect: dialect, scheme: nil, delimiter: ":", routes: routes)
        return try Matcher(tables: [table]).match(try LinkParser().parse(link)).first?.route.pattern.text
    }

    @Test func rule1MoreLiteralSegmentsWin() throws {
        // the placeholder comes first, but the route with two literals wins
        #expect(try winner(["/a/{x}/{y}", "/{y}/b/c"], "/a/b/c") == "/{y}/b/c")
        #expect(try winner(["/{y}/b/c", "/a/{x}/{y}"], "/a/b/c") == "/{y}/b/c")
    }

    @Test func rule2FirstDifferingSegmentLiteralBeatsTyped() throws {
        #expect(try winner(["/{x}/b", "/a/{y}"], "/a/b") == "/a/{y}")
        #expect(try winner(["/a/{y}", "/{x}/b"], "/a/b") == "/a/{y}")
    }

    @Test func rule2TypedBeatsPlain() throws {
        #expect(try winner(["/u/{name}", "/u/<int:id>"], "/u/42") == "/u/<int:id>")
        #expect(try winner(["/u/{name}", "/u/{id:[0-9]+}"], "/u/42") == "/u/{id:[0-9]+}")
        #expect(try winner(["/u/{name}", "/u/<int:id>"], "/u/bob") == "/u/{name}")
    }

    @Test func rule2PlainBeatsCatchAll() throws {
        #expect(try winner(["/f/*rest", "/f/{name}"], "/f/x") == "/f/{name}")
        #expect(try winner(["/f/*rest", "/f/{name}"], "/f/x/y") == "/f/*rest")
    }

    @Test func rule3FewerCatchAllsWin() throws {
        // A catch-all always ends its pattern and ranks last, so rule 2 already separates these
        // two; the outcome is the one rule 3 demands, whatever the table order.
        #expect(try winner(["/a/*", "/a/{x}"], "/a/b") == "/a/{x}")
        #expect(try winner(["/a/{x}", "/a/*"], "/a/b") == "/a/{x}")
    }

    @Test func rule4EarlierInTheTableWins() throws {
        #expect(try winner(["/a/{x}", "/a/{y}"], "/a/b") == "/a/{x}")
        #expect(try winner(["/a/{y}", "/a/{x}"], "/a/b") == "/a/{y}")
    }

    @Test func compassMostLiteralsThenTableOrder() throws {
        #expect(try winner(["profile:{user}", "profile:admin"], "profile:admin", dialect: .compass) == "profile:admin")
        #expect(try winner(["{a}:x", "y:{b}"], "y:x", dialect: .compass) == "{a}:x")
    }

    @Test func waapFirstRegisteredWins() throws {
        #expect(try winner(["single/*", "single/:id"], "app://single/5", dialect: .waap) == "single/*")
    }
    /// URLNavigator ranks the plain components of the pattern as registered, query and fragment
    /// included (URLMatcher.swift:63–65, 170–175 at b881f23): `<y>?p`, `q` and `r` are three.
    @Test func navigatorRanksTheRawPattern() throws {
        #expect(try winner(["myapp://a/b", "myapp://<x>/<y>?p/q/r"], "myapp://a/b", dialect: .navigator) == "myapp://<x>/<y>?p/q/r")
        #expect(try winner(["myapp://a/b#f", "myapp://a/<y>#x/y"], "myapp://a/b", dialect: .navigator) == "myapp://a/<y>#x/y")
        #expect(try winner(["myapp://a/<y>", "myapp://a/b"], "myapp://a/b", dialect: .navigator) == "myapp://a/b")
    }
}

@Suite struct CatchAllTests {
    @Test func middleGlobsTakeOneOrMoreSegmentsGreedily() throws {
        let parser = PatternParser()
        let route = Route(pattern: try parser.parse("/-/jira/<*namespace_id>/<project_id>/commit/<id>.<format>"), target: nil, table: "t", line: 1)
        let table = RouteTable(name: "t", dialect: .urn, scheme: nil, delimiter: ":", routes: [route])
        let match = try #require(try Matcher(tables: [table]).match(try LinkParser().parse("/-/jira/a/b/c/commit/5.json")).first)
        let args = match.args.map { arg -> String in
            guard case let .string(value) = arg.value else { return "\(arg.value)" }
            return String(decoding: arg.name, as: UTF8.self) + "=" + String(decoding: value, as: UTF8.self)
        }
        #expect(args == ["namespace_id=a/b", "project_id=c", "id=5", "format=json"])
        #expect(try Matcher(tables: [table]).match(try LinkParser().parse("/-/jira/c/commit/5.json")).isEmpty)
    }

}
