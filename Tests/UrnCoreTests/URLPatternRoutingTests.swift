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
