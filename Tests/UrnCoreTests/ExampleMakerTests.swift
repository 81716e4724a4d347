import Foundation
import Testing
@_spi(Records) @testable import UrnCore

@Suite struct ExampleMakerTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples").standardized

    /// The examples of every route of `tables`, made and routed as urnmatch makes them.
    func examples(_ tables: [RouteTable], perRoute: Int = 1, nearMisses: Bool = false, host: String? = nil) -> ExampleMaker {
        ExampleMaker(matcher: Matcher(tables: tables), parser: LinkParser(readingFor: tables),
                     settings: ExampleMaker.Settings(perRoute: perRoute, nearMisses: nearMisses, host: host))
    }

    /// Whether the arguments urn gives for `example`'s link are the values it was built from.
    func argumentsAreTheValues(_ example: RouteExample, _ maker: ExampleMaker) throws -> Bool {
        let link = try maker.parser.parse(try #require(example.link))
        let match = try #require(try maker.matcher.firstMatch(link, method: example.method))
        let args = Dictionary(match.args.map { arg -> (String, String) in
            let value: String = switch arg.value {
            case let .string(bytes): String(decoding: bytes, as: UTF8.self)
            case let .int(int): String(int)
            case let .double(double): String(double)
            case let .float(float): String(float)
            case let .json(bytes): String(decoding: bytes, as: UTF8.self)
            }
            return (String(decoding: arg.name, as: UTF8.self), value)
        }, uniquingKeysWith: { first, _ in first })
        return example.values.allSatisfy { name, value in
            guard let given = args[name] else { return false }
            // a number compares by value, and URLNavigator gives a UUID in upper case (`uuidString`)
            return given.lowercased() == value.lowercased() || Double(given).map { $0 == Double(value) } == true
        }
    }

    /// In every dialect, each route's example lands on it, with the arguments it was built from.
    @Test(arguments: [
        (Dialect.urn, "/user/{id}\n/user/{id}/posts/{slug}\nmyapp://item/<uuid:item>\n/files/{name}.{ext:png|jpg}\n/c/{code:[A-Z]{3}-\\d{2}}\n/docs/*path\npost:{postId:[A-Za-z0-9_-]{11}}"),
        (.compass, "@scheme photofeed\nuser:{userId}\npost:{postId}:comments\nlogout"),
        (.navigator, "myapp://user/<int:id>\nmyapp://price/<float:value>\nmyapp://doc/<path:rest>\nmyapp://thing/<uuid:id>\n/plain/<name>"),
        (.waap, "list{ListVC}/:itemID{DetailVC}/extra{ExtraVC}\nfiles/*"),
        (.express, "GET /topic/:id/:slug?\nPOST /repos/:owner/:repo/issues\n/files/:name.:ext\n/n/:num(\\d+)\n/x/*\n/ab?cd"),
    ])
    func everyRouteLandsWithItsValues(dialect: Dialect, text: String) throws {
        let table = try RouteTable(parsing: text, name: "t", dialect: dialect)
        let maker = examples([table], perRoute: 3)
        let made = maker.examples()
        #expect(made.count >= table.routes.count)
        for example in made {
            #expect(example.landed, "\(example.route.pattern.text): \(example.link ?? example.none ?? "")")
            if example.landed { #expect(try argumentsAreTheValues(example, maker), "\(example.link!)") }
        }
    }

    /// Routes that can win, but not with their first link (found by Tests/Examples/survey.py):
    /// another method, a word where a typed sibling takes numbers, a one-segment `<path:>`
    /// before more components, a literal URLNavigator compares as written, a WAAppRouting
    /// literal with a `%` that the decoded path must hold.
    @Test(arguments: [
        (Dialect.express, "GET /a A\n/a B"),
        (.navigator, "myapp://item/<int:id> I\nmyapp://item/<id> S"),
        (.navigator, "myapp://a/<path:p>/b P"),
        (.navigator, "myapp://a/{id} L"),
        (.waap, "%6Cist{ListVC}"),
        (.urn, "/c/{id:[0-9]+}\n/c/<int:n>"),
        (.navigator, "/a/<int:q>/<uuid:q> Q"),
        // an optional segment left out: `/` is the one link the second route wins
        (.express, "GET /:x Any\nGET /:name? Opt"),
        (.express, "/:x/:y Two\n/:x?/:owner? Opt"),
        // a one-character value: the regex sibling takes every word of two letters or more
        (.urn, "/blog/{x:[a-z]{2,}} Long\n/blog/{repo} Repo"),
        (.urn, "/v/{x:[a-z]+} Letters\n/v/{id} Id"),
        // a value that starts with a digit, where a regex sibling takes every one of letters
        (.express, "/:a([a-z][a-z0-9-]*)/repos/issues A\n/:file/repos/issues F"),
        (.express, "/:a([a-z][a-z0-9-]*)|/x Ax\n/:slug|/posts S"),
        // a `*` value of two segments, where a one-segment route comes first
        (.express, "/files/:name F1\n/files/* Star"),
        (.express, "/img/:a/:b?/:c? Three\n/img/* Star"),
    ])
    func routesThatCanWinGetALinkThatLands(dialect: Dialect, text: String) throws {
        let table = try RouteTable(parsing: text, name: "t", dialect: dialect)
        let made = examples([table]).examples()
        #expect(made.allSatisfy { $0.landed }, "\(made.map { "\($0.route.pattern.text): \($0.link ?? "-") \($0.method ?? "")" })")
    }

    /// A route another route shadows gets a link that the other route takes: the proof.
    @Test func shadowedRoutesNameTheRouteThatTakesTheirLink() throws {
        let table = try RouteTable(parsing: "/user/{id}\n/user/{name}\n/about", name: "t")
        let made = examples([table]).examples()
        #expect(made.map(\.landed) == [true, false, true])
        #expect(made[1].winner === table.routes[0])
        #expect(made[1].link == "https://example.com/user/alice")
    }

    /// An Express route that earlier routes shadow for the links its values make still gets one
    /// it wins, found by searching its regex against theirs: the Express oracle's route sets
    /// where the values alone found none (a one-character value, a value of digits, a `*` of
    /// two segments, an empty segment, another method, a top-level `|`).
    @Test(arguments: [
        ("express-0093", [10]), ("express-0144", [8]), ("express-0154", [4, 7, 9]), ("express-0166", [4]),
        ("express-0199", [6]), ("express-0200", [5]), ("express-0202", [5]), ("express-0203", [2, 3]),
        ("express-0214", [4, 5]), ("express-0215", [7]), ("express-0237", [5]), ("express-0256", [6]),
        ("express-0259", [9, 10, 13]), ("express-0269", [7]), ("express-0271", [11]),
    ])
    func shadowedExpressRoutesGetALinkTheyWin(id: String, lines: [Int]) throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/oracle/express/cases.jsonl")
        let line = try #require(try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").first { $0.contains("\"id\":\"\(id)\"") })
        let group = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let routes = try #require(group["routes"] as? [[String: Any]])
        let text = try routes.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n")
        let table = try RouteTableParser(dialect: .express, scheme: nil).parse(text, name: "t")
        let maker = examples([table])
        for example in maker.examples() where lines.contains(example.route.line) {
            #expect(example.landed, "\(id):\(example.route.line) \(example.link ?? "none") \(example.winner?.pattern.text ?? "")")
            // the link, routed again, takes the route
            let link = try maker.parser.parse(try #require(example.link))
            #expect(try maker.matcher.firstMatch(link, method: example.method)?.route === example.route)
        }
    }

    /// `--per-route` gives distinct links, the same for the same seed, and one for a route
    /// without placeholders.
    @Test func perRouteLinksAreDistinctAndRepeatable() throws {
        let table = try RouteTable(parsing: "/user/{id}\n/about", name: "t")
        let first = examples([table], perRoute: 4).examples().compactMap(\.link)
        let again = examples([table], perRoute: 4).examples().compactMap(\.link)
        #expect(first == again)
        #expect(first.filter { $0.contains("/user/") }.count == 4)
        #expect(Set(first).count == first.count)
        #expect(first.filter { $0.hasSuffix("/about") }.count == 1)
    }

    /// Near misses change one thing each, and each says where it landed.
    @Test func nearMissesChangeOneThingEach() throws {
        let table = try RouteTable(parsing: "GET /user/<int:id>/posts", name: "t", dialect: .urn)
        let made = examples([table], nearMisses: true).examples()
        let misses = Dictionary(made.compactMap { example -> (RouteExample.NearMiss, RouteExample)? in
            guard case let .nearMiss(kind) = example.kind else { return nil }
            return (kind, example)
        }, uniquingKeysWith: { first, _ in first })
        #expect(misses[.segmentMissing]?.link == "https://example.com/user/42")
        #expect(misses[.segmentExtra]?.link == "https://example.com/user/42/posts/extra")
        #expect(misses[.wrongType]?.link == "https://example.com/user/abc/posts")
        #expect(misses[.trailingSlash]?.link == "https://example.com/user/42/posts/")
        #expect(misses[.trailingSlash]?.landed == true)  // urn ignores a trailing slash
        #expect(misses[.changedCase]?.link == "https://example.com/USER/42/posts")
        #expect(misses[.method]?.method == "DELETE" && misses[.method]?.landed == false)
        #expect(misses[.segmentMissing]?.landed == false && misses[.wrongType]?.landed == false)
    }

    /// A regex no string can satisfy gets no link, and says why.
    @Test func aRouteWithoutALinkSaysWhy() throws {
        let table = try RouteTable(parsing: "/x/{v:a(?=b)c}", name: "t")
        let made = examples([table]).examples()
        #expect(made.count == 1 && made[0].link == nil && !made[0].landed)
        #expect(made[0].none?.contains("regex") == true)
    }

    /// An apple-app-site-association file and an OpenAPI document: every example lands but
    /// the AASA file's own mistake, '/photos/[0-9]*', which '/$(section)/*' before it shadows.
    /// (An AndroidManifest.xml and a YAML document need the UrnAppLinks and UrnOpenAPI
    /// products; their golden cases run them.)
    @Test func appLinkAndOpenAPIExamplesLand() throws {
        var aasa = try RouteTable(contentsOfFile: Self.examples.appendingPathComponent("applinks/apple-app-site-association").path)
        aasa.hosts = [try #require(HostPattern("example.com"))]
        let made = examples([aasa], perRoute: 2).examples()
        #expect(Set(made.filter { !$0.landed }.map(\.route.pattern.text)) == ["/photos/[0-9]*"])
        let document = """
            {"openapi": "3.0.3", "servers": [{"url": "https://api.example.com/v1"}], "paths": {
              "/pets/{petId}": {"get": {"operationId": "showPet", "parameters": [{"name": "petId", "in": "path", "required": true,
                "schema": {"type": "integer", "minimum": 100, "maximum": 200}}]}},
              "/pets/{petId}/tags/{tag}": {"get": {"operationId": "tag", "parameters": [
                {"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}},
                {"name": "tag", "in": "path", "required": true, "schema": {"type": "string", "enum": ["red", "blue"]}}]}},
              "/labels/{id}": {"get": {"operationId": "label", "parameters": [{"name": "id", "in": "path", "required": true,
                "style": "label", "schema": {"type": "string", "pattern": "^[a-z]{2}[0-9]$"}}]}}}}
            """
        let openapi = try RouteTable(parsing: document, name: "api.json")
        let maker = examples([openapi], perRoute: 2)
        let links = maker.examples()
        #expect(links.allSatisfy { $0.landed }, "\(links.map { $0.link ?? $0.none ?? "" })")
        #expect(links.first?.link == "https://api.example.com/v1/pets/101" || links.first?.link == "https://api.example.com/v1/pets/100")
        #expect(links.contains { $0.link == "https://api.example.com/v1/pets/42/tags/blue" })
        #expect(links.contains { $0.link?.hasPrefix("https://api.example.com/v1/labels/.") == true })
    }

    /// The library's API gives what urnmatch gives.
    @Test func theTableAPIGivesTheSameLinks() throws {
        let table = try RouteTable(parsing: "/user/<int:id>\n/user/{name}", name: "t")
        let links = table.exampleLinks(for: table.declarations[0], count: 2)
        #expect(links.map(\.link) == examples([table], perRoute: 2).examples().prefix(2).map(\.link))
        #expect(links.allSatisfy { $0.landed } && links[0].arguments == ["id"])
        #expect(table.exampleLinks(for: table.declarations[1]).first?.takenBy == nil || table.exampleLinks(for: table.declarations[1]).first?.landed == true)
    }
}
