import Testing
@_spi(Records) @testable import UrnCore

/// The matcher's walks that no other file covers (issue 37: Express's own walk).
@Suite struct MatcherTests {
    /// An Express table of `(methods, path)` routes, targets R0, R1, … in order.
    func expressMatcher(_ routes: [(methods: [String]?, path: String)]) throws -> Matcher {
        let parser = PatternParser(dialect: .express)
        let list = try routes.enumerated().map {
            Route(pattern: try parser.parse($0.element.path), target: "R\($0.offset)", table: "t", line: $0.offset + 1, methods: $0.element.methods)
        }
        return Matcher(tables: [RouteTable(name: "t", dialect: .express, scheme: nil, delimiter: ":", routes: list)])
    }

    func target(_ matcher: Matcher, _ link: String, method: String = "GET") throws -> String? {
        var parser = LinkParser()
        parser.requestTargets = true
        return try matcher.firstMatch(try parser.parse(link), method: method)?.route.target
    }

    /// A match refers to its table's route (and block handler) without retaining it, and reads
    /// it the same either way.
    @Test func aMatchRefersToItsTablesRoutes() throws {
        let table = try RouteTableParser(dialect: .waap, scheme: nil).parse("* ^log\nlist List\n", name: "t")
        let matcher = Matcher(tables: [table])
        let match = try #require(try matcher.firstMatch(try LinkParser().parse("app://list")))
        #expect(match.route === matcher.tables[0].routes[1])
        #expect(match.withRoute { $0 === matcher.tables[0].routes[1] })
        #expect(match.handler === matcher.tables[0].routes[0])
    }

    /// WARoutePattern.m:64-71 (Wasappli/WAAppRouting 57eb35e): a pattern with a `*` and a last component that is not `*` throws
    /// on a longer reading whose first components it takes, and WAAppRouteMatcher.m:14-26 reads
    /// the whole link first, so the route never reaches the host-and-path reading: in every
    /// dictionary order the app either crashes on it or answers with another route. urn leaves
    /// the route out, so that its answer is one the library gives.
    @Test func waapRouteWhoseWholeLinkReadingThrowsIsOutOfTheRunning() throws {
        let table = try RouteTableParser(dialect: .waap, scheme: nil)
            .parse("*/:itemID UserVC\n*{ExtraVC}\n", name: "t")
        let matcher = Matcher(tables: [table])
        func target(_ link: String) throws -> String? { try matcher.firstMatch(try LinkParser().parse(link))?.route.target }
        // the whole link (https:, example.com, any, 42) is longer than the pattern and its first two parts fit
        #expect(try target("https://example.com/any/42") == "ExtraVC")
        #expect(try target("app://any/42/more") == "ExtraVC")
        // app://any/42 is read whole as app:, any, 42: it throws too
        #expect(try target("app://any/42") == "ExtraVC")
        // a literal the whole reading does not take stops the walk before it throws
        let literal = Matcher(tables: [try RouteTableParser(dialect: .waap, scheme: nil).parse("*/x/:id XVC\n", name: "t")])
        #expect(try literal.firstMatch(try LinkParser().parse("app://a/x/5"))?.route.target == "XVC")
    }

    /// `withGuaranteed` gives the instance and passes a typed error through.
    @Test func withGuaranteedPassesTheTypedErrorThrough() throws {
        struct Failure: Error, Equatable {}
        let route = Route(pattern: try PatternParser().parse("/a"), target: "A", table: "t", line: 1)
        let reference = Unmanaged.passUnretained(route)
        #expect(reference.withGuaranteed { $0.target } == "A")
        #expect(throws: Failure()) { try reference.withGuaranteed { (_) throws(Failure) -> Int in throw Failure() } }
        withExtendedLifetime(route) {}
    }

    /// lib/router/layer.js:166-181: a captured value `decodeURIComponent` refuses answers 400,
    /// so no route runs, and `refusal` names the parameter.
    @Test func undecodableParameterRefusesTheRequest() throws {
        let matcher = try expressMatcher([(nil, "/d/:v"), (nil, "/d/*"), (nil, "/r/:x+")])
        for link in ["/d/%E0", "/d/%zz", "/d/%", "/d/%C0%AF", "/d/%ED%A0%80", "/r/%zz/a%2"] {
            #expect(try target(matcher, link) == nil, "\(link)")
            #expect(matcher.refusal != nil, "\(link)")
        }
        #expect(matcher.refusal == UndecodableParameter(name: "x", value: "a%2"))
        #expect(try target(matcher, "/d/%C3%A9") == "R0")
        #expect(matcher.refusal == nil)
        // a group that took nothing decodes nothing; a later group of the same name is still decoded first
        #expect(try target(matcher, "/r/%zz/b") == "R2")
    }

    /// lib/router/index.js:224-261: params are decoded as a route matches (:226), before its
    /// method is checked (:250), so a POST route whose value cannot be decoded makes GET answer 400.
    @Test func parametersAreDecodedBeforeTheMethodIsChecked() throws {
        let matcher = try expressMatcher([(["POST"], "/v/:x"), (["GET"], "/v/%E0")])
        #expect(try target(matcher, "/v/%E0") == nil)
        #expect(matcher.refusal == UndecodableParameter(name: "x", value: "%E0"))
        // a route before it that the request's method takes wins first
        let first = try expressMatcher([(["GET"], "/v/%E0"), (["POST"], "/v/:x")])
        #expect(try target(first, "/v/%E0") == "R0")
    }
}
