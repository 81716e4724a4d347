import Testing
@_spi(Records) @testable import UrnCore

/// What a urlpattern table decides beside `exec()` itself (issue 60): which of the routes that
/// take a link wins, and what a link the URL parser cannot read gives.
@Suite struct URLPatternRoutingTests {
    static let routes = """
        https://example.com/users/* Any
        https://example.com/users/:id User
        https://example.com/users/me Me
        https://*.example.com/users/me AnyHostMe
        """

    /// The target each link routes to through `table`.
    static func targets(_ table: RouteTable, _ links: [String]) throws -> [String?] {
        let router = Router(tables: [table])
        return try links.map { try router.route($0)?.route.target }
    }

    static let links = ["https://example.com/users/me", "https://example.com/users/7", "https://example.com/users/7/posts",
                        "https://eu.example.com/users/me"]

    @Test func declarationOrderByDefault() throws {
        let table = try RouteTable(parsing: "@dialect urlpattern\n" + Self.routes)
        #expect(try Self.targets(table, Self.links) == ["Any", "Any", "Any", "AnyHostMe"])
    }

    /// `@precedence specific`: compareComponent in URL order, fixed text before a segment
    /// wildcard before a full wildcard; the hostname decides before the pathname.
    @Test func specificPrecedenceRanksByCompareComponent() throws {
        let table = try RouteTable(parsing: "@dialect urlpattern\n@precedence specific\n" + Self.routes)
        #expect(try Self.targets(table, Self.links) == ["Me", "User", "Any", "AnyHostMe"])
        let hosts = try RouteTable(parsing: "@dialect urlpattern\n@precedence specific\nhttps://*.example.com/users/me A\nhttps://api.example.com/* B\n")
        #expect(try Self.targets(hosts, ["https://api.example.com/users/me"]) == ["B"])
        // equal patterns keep table order
        let twins = try RouteTable(parsing: "@dialect urlpattern\n@precedence specific\nhttps://a.example/:x First\nhttps://a.example/:y Second\n")
        #expect(try Self.targets(twins, ["https://a.example/1"]) == ["First"])
    }

    @Test func precedenceIsForURLPatternTablesOnly() {
        #expect(throws: UrnError.self) { try RouteTable(parsing: "@dialect express\n@precedence specific\n/x X\n") }
        #expect(throws: UrnError.self) { try RouteTable(parsing: "@dialect urlpattern\n@precedence sideways\nhttps://a/x X\n") }
    }

    /// urnstack's frames: each proper prefix of the pathname, without query and fragment, is
    /// matched as `exec()` matches that prefix's URL; a relative link's against the base.
    @Test func prefixesAreThePathnamesFirstSegments() throws {
        var table = try RouteTable(parsing: """
            @dialect urlpattern
            https://api.example.com/users UsersVC
            https://api.example.com/users/:id UserVC
            https://api.example.com/users/:id/posts PostsVC
            https://api.example.com/users/:id/posts/:post(\\d+) PostVC
            https://api.example.com/users/:id/posts?sort=:s Sorted
            """)
        table.baseURL = "https://api.example.com"
        let matcher = Matcher(tables: [table])
        let parser = LinkParser(readingFor: [table])
        for text in ["https://api.example.com/users/7/posts/12?sort=new#top", "/users/7/posts/12"] {
            let link = try parser.parse(Array(text.utf8))
            #expect(matcher.componentCount(link) == 4)
            let targets = try matcher.prefixMatches(link).map { $0?.route.target }
            #expect(targets == [nil, "UsersVC", "UserVC", "PostsVC"], "\(text)")
            #expect(try matcher.match(link, prefix: 2)?.args.first?.value == .string(ArraySlice("7".utf8)))
        }
    }

    /// A link the WHATWG URL parser reads no URL from is an error (`not-a-url`), not a link no
    /// route takes; one another table routes is routed.
    @Test func unreadableLinkIsAnError() throws {
        let table = try RouteTable(parsing: "@dialect urlpattern\nhttps://example.com/users/:id U\n")
        let router = Router(tables: [table])
        for link in ["/users/8", "https://exa mple.com/users/9", "http://[::1/users/1"] {
            #expect { _ = try router.route(link) } throws: { ($0 as? UrnError)?.code == "not-a-url" }
        }
        #expect(try router.route("https://example.com/nothing") == nil)
        var based = table
        based.baseURL = "https://example.com"
        #expect(try Router(tables: [based]).route("/users/8")?.route.target == "U")
        let urn = try RouteTable(parsing: "/users/:id Other\n", name: "other")
        #expect(try Router(tables: [table, urn]).route("/users/8")?.route.target == "Other")
    }
}
